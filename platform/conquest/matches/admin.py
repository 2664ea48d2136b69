"""Admin of matches: read-only records, cancelled and re-run through
``conquest.matches.services``, with the full replay downloadable by staff."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.http import Http404, HttpResponse
from django.urls import path, reverse
from django.utils.html import format_html

from conquest.admin_readonly import ReadOnlyInline, choice, public_link, public_url, rounded
from conquest.matches import selectors, services
from conquest.matches.models import Match, MatchSeat

LOG_STYLE = "white-space: pre-wrap; font-family: monospace; max-height: 40em; overflow: auto"


def _bare(queryset):
    """The selected matches, loading nothing but their ids (the services lock and reload)."""
    return Match.objects.filter(pk__in=queryset.values("pk")).only("pk").order_by("pk")


class MatchSeatInline(ReadOnlyInline):
    """The match's seats and how each ended (read-only)."""

    model = MatchSeat
    fields = (
        "seat",
        "entry",
        "placement",
        "score_rounded",
        "code",
        "faults",
        "timeouts",
        "crashes",
        "illegal_actions",
        "disconnects",
        "time_used_rounded",
    )
    score_rounded = rounded("score", 2, "score")
    time_used_rounded = rounded("time_used", 2, "time used (s)")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entry__league", "entry__version__bot")


MAIN_FIELDS = (
    "league", "status", "origin", "requested_by", "rated", "seed", "end_reason", "steps",
    "rated_seq", "replay_link",
)  # fmt: skip
LIFECYCLE_FIELDS = (
    "attempts", "last_failure", "lease_owner", "lease_expires_at", "created_at", "queued_at",
    "started_at", "finished_at",
)  # fmt: skip


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Matches: shown read-only; cancelled and re-run by the services, never edited."""

    list_display = (
        "number",
        "league",
        "status_short",
        "origin_short",
        "rated",
        "attempts",
        "created_at",
        "finished_at",
        "end_reason",
        "public_page",
    )
    list_filter = ("status", "league", "origin", "rated")
    list_select_related = ("league",)
    search_fields = ("=id", "end_reason", "lease_owner")
    date_hierarchy = "created_at"
    fieldsets = (
        (None, {"fields": MAIN_FIELDS}),
        ("Lifecycle", {"fields": LIFECYCLE_FIELDS}),
        ("Log", {"fields": ("log_display",)}),
    )
    readonly_fields = (*MAIN_FIELDS, *LIFECYCLE_FIELDS, "log_display")
    inlines = (MatchSeatInline,)
    actions = ("cancel_matches", "rerun_matches")
    status_short = choice("status", "status")
    origin_short = choice("origin", "origin")
    public_page = public_link("web-match")
    view_on_site = public_url("web-match")

    def get_queryset(self, request):
        # The replay can be large: only whether there is one is read here.
        return (
            super()
            .get_queryset(request)
            .select_related("league", "requested_by")
            .defer("replay")
            .annotate(
                has_replay=ExpressionWrapper(Q(replay__isnull=False), output_field=BooleanField())
            )
        )

    def has_add_permission(self, request) -> bool:
        return False  # matches come from matchmaking and challenges

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the history ratings are computed from: cancel instead

    @admin.display(description="match", ordering="pk")
    def number(self, match: Match) -> str:
        return f"#{match.pk}"

    @admin.display(description="log")
    def log_display(self, match: Match) -> str:
        return format_html('<pre style="{}">{}</pre>', LOG_STYLE, match.log)

    @admin.display(description="replay")
    def replay_link(self, match: Match) -> str:
        if not match.has_replay:
            return "—"
        url = reverse(f"{self.admin_site.name}:matches_match_replay", args=[match.pk])
        return format_html('<a href="{}">Download the full replay (JSON, with seed)</a>', url)

    def get_urls(self):
        replay = path(
            "<path:object_id>/replay/",
            self.admin_site.admin_view(self.replay_view),
            name="matches_match_replay",
        )
        return [replay, *super().get_urls()]

    def replay_view(self, request, object_id: str) -> HttpResponse:
        """The stored engine replay of one match, as a JSON attachment (staff only)."""
        match = self.get_object(request, unquote(object_id))
        if match is None:
            raise Http404(f"no match {object_id}")
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        replay = selectors.full_replay(match)
        if replay is None:
            raise Http404(f"match {match.pk} has no replay")
        response = HttpResponse(replay, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-replay.json"'
        return response

    @admin.action(description="Cancel the selected matches", permissions=["change"])
    def cancel_matches(self, request, queryset) -> None:
        done = refused = 0
        for match in _bare(queryset):
            if services.match_cancel(match=match):
                done += 1
            else:
                refused += 1
        self._report(request, f"Cancelled {done} match(es)", refused, "had already ended")

    @admin.action(description="Re-run the selected matches", permissions=["change"])
    def rerun_matches(self, request, queryset) -> None:
        done = refused = 0
        for match in _bare(queryset).exclude(origin=Match.Origin.TOURNAMENT):
            if services.match_rerun(match=match):
                done += 1
            else:
                refused += 1
        text = f"Re-ran {done} match(es)"
        games = queryset.filter(origin=Match.Origin.TOURNAMENT).count()
        if games:
            text += f"; {games} tournament game(s) are re-run from their tournament"
        self._report(request, text, refused, "are neither in error nor cancelled")

    def _report(self, request, text: str, refused: int, why: str) -> None:
        if refused:
            text += f"; refused {refused} that {why}"
            self.message_user(request, text + ".", messages.WARNING)
        else:
            self.message_user(request, text + ".", messages.SUCCESS)
