"""Admin of tournaments: every write goes through ``conquest.tournaments.services``; progress,
standings and seat win rates are shown read-only; results export as CSV and JSON."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpResponse
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join

from conquest.admin_readonly import (
    EMPTY,
    ReadOnlyInline,
    choice,
    number,
    public_link,
    public_url,
)
from conquest.bots.admin import become
from conquest.leagues.models import Entry
from conquest.matches.models import Match
from conquest.tournaments import selectors, services
from conquest.tournaments.forms import TournamentForm, points_text
from conquest.tournaments.models import Tournament, TournamentEntry, TournamentGame

SETTINGS = ("name", "league", "format", "games", "rounds", "advance", "points", "rated")
# Once started the settings are read-only: the points show as the form writes them.
SETTINGS_SHOWN = tuple("points_shown" if name == "points" else name for name in SETTINGS)
TIMES = ("state", "current_round", "created_at", "started_at", "finished_at")
SHOWN = ("progress_display", "standings_display", "seat_rates_display")
OPEN = (Tournament.State.DRAFT, Tournament.State.REGISTRATION)
PROGRESS = {
    "round": "round",
    "done": "done",
    "running": "running",
    "left": "left",
    "error": "in error",
    "expected_end": "expected end",
}


def _message(error: ValidationError) -> str:
    return "; ".join(error.messages)


class FieldFormSet(BaseInlineFormSet):
    """The registered entries: a deleted row is removed by ``services.tournament_entry_remove``."""

    def delete_existing(self, obj, commit=True):
        if commit:
            services.tournament_entry_remove(registered=obj)


class FieldInline(admin.TabularInline):
    """The field: seeds and disqualifications (read-only); removable during registration."""

    model = TournamentEntry
    formset = FieldFormSet
    fields = ("entry", "seed", "disqualified_at", "voided")
    readonly_fields = fields
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return obj is not None and obj.state == Tournament.State.REGISTRATION

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entry__version__bot", "entry__league")


class NewEntryFormSet(BaseInlineFormSet):
    """New entries of the field, registered by ``services.tournament_entry_add``."""

    def save_new(self, form, commit=True):
        return services.tournament_entry_add(
            tournament=self.instance, entry=form.cleaned_data["entry"]
        )


class NewEntryInline(admin.TabularInline):
    """Register league entries (during registration)."""

    model = TournamentEntry
    formset = NewEntryFormSet
    fields = ("entry",)
    extra = 1
    verbose_name = "new entry"
    verbose_name_plural = "register league entries"

    def get_queryset(self, request):
        return super().get_queryset(request).none()

    def has_add_permission(self, request, obj=None) -> bool:
        return obj is not None and obj.state == Tournament.State.REGISTRATION

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "entry":
            kwargs["queryset"] = Entry.objects.select_related("version__bot", "league")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class GameInline(ReadOnlyInline):
    """The tournament's games and how their matches stand."""

    model = TournamentGame
    fields = ("round", "table", "number", "match_link", "status", "public_page")
    public_page = public_link("web-match", "match_id")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("match__league")

    @admin.display(description="match")
    def match_link(self, game: TournamentGame) -> str:
        url = reverse("admin:matches_match_change", args=[game.match_id])
        return format_html('<a href="{}">{}</a>', url, game.match)

    @admin.display(description="status")
    def status(self, game: TournamentGame) -> str:
        return game.match.status


def _number(value) -> str:
    """A standings figure: points and tie-breaks to 2 decimals, counts as they are."""
    if value is None:
        return EMPTY
    return number(value, 2) if isinstance(value, float) else str(value)


def _when(moment) -> str:
    return EMPTY if moment is None else formats.localize(timezone.localtime(moment))


def _table(head, rows) -> str:
    """An HTML table of ``rows`` under ``head``."""
    return format_html(
        "<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>",
        format_html_join("", "<th>{}</th>", ((h,) for h in head)),
        format_html_join(
            "",
            "<tr>{}</tr>",
            ((format_html_join("", "<td>{}</td>", ((c,) for c in r)),) for r in rows),
        ),
    )


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments: created, started, paused, resumed and corrected through the services."""

    form = TournamentForm
    list_display = (
        "name",
        "league",
        "format_short",
        "state_short",
        "current_round",
        "rated",
        "created_at",
        "public_page",
    )
    list_filter = ("state", "format", "league")
    list_select_related = ("league",)
    search_fields = ("name", "league__name")
    inlines = (FieldInline, NewEntryInline, GameInline)
    actions = (
        "open_registration",
        "start",
        "pause",
        "resume",
        "cancel",
        "rerun_errors",
        "export_csv",
        "export_games_csv",
        "export_json",
    )
    format_short = choice("format", "format")
    state_short = choice("state", "state")
    public_page = public_link("web-tournament")
    view_on_site = public_url("web-tournament")

    def _settings(self, obj) -> tuple[str, ...]:
        return SETTINGS if obj is None or obj.state in OPEN else SETTINGS_SHOWN

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            return ((None, {"fields": SETTINGS}),)
        return (
            (None, {"fields": self._settings(obj)}),
            ("State", {"fields": TIMES}),
            ("Results", {"fields": SHOWN}),
        )

    def get_inlines(self, request, obj=None):
        return () if obj is None else self.inlines  # entries are registered once it exists

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        if obj.state in OPEN:
            return (*TIMES, *SHOWN)
        # "points" too: the form's own points field goes (see ModelAdmin.get_form).
        return (*SETTINGS, "points_shown", *TIMES, *SHOWN)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # cancel instead: the games are the league's history

    def save_model(self, request, obj: Tournament, form, change: bool) -> None:
        settings = {name: form.cleaned_data[name] for name in SETTINGS if name in form.cleaned_data}
        if not change:
            become(obj, services.tournament_create(**settings))
            return
        changed = {name: settings[name] for name in form.changed_data if name in settings}
        if not changed:  # e.g. saving the entries, or a started tournament's read-only page
            return
        try:
            become(
                obj,
                services.tournament_update(tournament=Tournament.objects.get(pk=obj.pk), **changed),
            )
        except ValidationError as error:  # it started since the page was loaded
            self.message_user(request, _message(error), messages.ERROR)

    def save_formset(self, request, form, formset, change: bool) -> None:
        try:
            super().save_formset(request, form, formset, change)
        except ValidationError as error:
            self.message_user(request, _message(error), messages.ERROR)

    @admin.display(description="points per placement")
    def points_shown(self, tournament: Tournament) -> str:
        return points_text(selectors.points(tournament))

    @admin.display(description="progress")
    def progress_display(self, tournament: Tournament) -> str:
        done = selectors.progress(tournament)
        done["expected_end"] = _when(done["expected_end"])
        return _table([PROGRESS.get(k, k) for k in done], [list(done.values())])

    @admin.display(description="standings")
    def standings_display(self, tournament: Tournament) -> str:
        names = selectors.tiebreak_columns(tournament)
        rows = selectors.standings_table(tournament)
        head = [
            "rank",
            "bot",
            "seed",
            "points",
            "games",
            "byes",
            *(selectors.TIEBREAKS[n][0] for n in names),
            "games per seat",
            "out",
        ]
        return _table(
            head,
            [
                [r["rank"], f"{r['bot']} v{r['version']}", _number(r["seed"]),
                 _number(r["points"]), r["games"], r["byes"],
                 *(_number(r["tiebreaks"][n]) for n in names),
                 " / ".join(str(n) for n in r["seats"]),
                 "void" if r["voided"] else "disqualified" if r["disqualified"] else ""]
                for r in rows
            ],
        )  # fmt: skip

    @admin.display(description="seat win rates")
    def seat_rates_display(self, tournament: Tournament) -> str:
        rates = selectors.seat_win_rates(tournament)
        return _table(
            ["seat", "games", "wins", "win rate"],
            [[r["seat"], r["games"], r["wins"],
              EMPTY if r["rate"] is None else number(100 * r["rate"], 1, " %")] for r in rates],
        )  # fmt: skip

    def _each(self, request, queryset, service, verb: str) -> None:
        done, refused = 0, []
        for tournament in queryset:
            try:
                service(tournament=tournament)
                done += 1
            except ValidationError as error:
                refused.append(_message(error))
        self.message_user(request, f"{verb} {done} tournament(s).", messages.SUCCESS)
        for why in refused:
            self.message_user(request, why, messages.ERROR)

    @admin.action(description="Open registration", permissions=["change"])
    def open_registration(self, request, queryset) -> None:
        self._each(
            request, queryset, services.tournament_registration_open, "Opened the registration of"
        )

    @admin.action(description="Start", permissions=["change"])
    def start(self, request, queryset) -> None:
        self._each(request, queryset, services.tournament_start, "Started")

    @admin.action(description="Pause", permissions=["change"])
    def pause(self, request, queryset) -> None:
        self._each(request, queryset, services.tournament_pause, "Paused")

    @admin.action(description="Resume", permissions=["change"])
    def resume(self, request, queryset) -> None:
        self._each(request, queryset, services.tournament_resume, "Resumed")

    @admin.action(description="Cancel", permissions=["change"])
    def cancel(self, request, queryset) -> None:
        self._each(request, queryset, services.tournament_cancel, "Cancelled")

    @admin.action(description="Re-run the matches that ended in error", permissions=["change"])
    def rerun_errors(self, request, queryset) -> None:
        def rerun(*, tournament: Tournament) -> None:
            errors = Match.objects.filter(
                tournament_game__tournament=tournament, status=Match.Status.ERROR
            )
            for match in errors.only("pk"):
                services.tournament_match_rerun(tournament=tournament, match=match)

        self._each(request, queryset, rerun, "Re-ran the matches in error of")

    def _export(self, request, queryset, kind: str, table: str = "standings"):
        if queryset.count() != 1:
            self.message_user(request, "Select one tournament to export.", messages.WARNING)
            return None
        export = selectors.export_file(queryset.select_related("league").get(), kind, table)
        response = HttpResponse(export.body, content_type=export.content_type)
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response

    @admin.action(description="Export the standings (CSV)", permissions=["view"])
    def export_csv(self, request, queryset):
        return self._export(request, queryset, "csv")

    @admin.action(description="Export the games (CSV)", permissions=["view"])
    def export_games_csv(self, request, queryset):
        return self._export(request, queryset, "csv", "games")

    @admin.action(description="Export the results (JSON)", permissions=["view"])
    def export_json(self, request, queryset):
        return self._export(request, queryset, "json")


@admin.register(TournamentEntry)
class TournamentEntryAdmin(admin.ModelAdmin):
    """Tournament entries (read-only); disqualified by ``services.tournament_entry_disqualify``."""

    list_display = ("tournament", "entry", "seed", "disqualified_at", "voided")
    list_filter = ("tournament", "voided")
    list_select_related = ("tournament", "entry__version__bot", "entry__league")
    fields = ("tournament", "entry", "seed", "disqualified_at", "voided", "created_at")
    readonly_fields = fields
    actions = ("disqualify", "disqualify_void")

    def has_add_permission(self, request) -> bool:
        return False  # registered on the tournament's page

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def _disqualify(self, request, queryset, void: bool) -> None:
        done = 0
        for registered in queryset:
            try:
                services.tournament_entry_disqualify(registered=registered, void=void)
                done += 1
            except ValidationError as error:
                self.message_user(request, _message(error), messages.ERROR)
        self.message_user(request, f"Disqualified {done} entr(y/ies).", messages.SUCCESS)

    @admin.action(
        description="Disqualify (remaining games forfeited, past games stand)",
        permissions=["change"],
    )
    def disqualify(self, request, queryset) -> None:
        self._disqualify(request, queryset, void=False)

    @admin.action(
        description="Disqualify and void its games (they count for nobody)",
        permissions=["change"],
    )
    def disqualify_void(self, request, queryset) -> None:
        self._disqualify(request, queryset, void=True)
