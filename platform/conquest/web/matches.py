"""The match pages: the list of matches with its filters, one match with its viewer, and its
full replay for the owners of its bots."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from conquest.bots import selectors as bot_selectors
from conquest.leagues import selectors as league_selectors
from conquest.matches import selectors as match_selectors
from conquest.matches.models import Match
from conquest.ratings.selectors import match_rating_changes
from engines import registry

LABEL_ROOM = 50
"""Drawing units left around a board for the names under the places at its edges."""
MATCHES_PER_PAGE = 25
"""Matches per page of the match list."""

_ID = {"required": False, "min_value": 1, "max_value": 2**63 - 1, "widget": forms.HiddenInput}


class MatchFilterForm(forms.Form):
    """The match list's query parameters: what to show, and where to page from."""

    league = forms.ModelChoiceField(
        queryset=league_selectors.league_list(), required=False, empty_label="every league"
    )
    bot = forms.CharField(
        required=False, max_length=64, help_text="A bot's name or id.", label="Bot"
    )
    status = forms.ChoiceField(
        required=False, choices=[("", "any status"), *((s, s) for s in Match.Status.values)]
    )
    origin = forms.ChoiceField(
        required=False, choices=[("", "any origin"), *((o, o) for o in Match.Origin.values)]
    )
    before = forms.IntegerField(**_ID)
    after = forms.IntegerField(**_ID)

    def clean_bot(self):
        """The bot named (or numbered) so, or None when the field is empty."""
        key = self.cleaned_data["bot"].strip()
        if not key:
            return None
        bot = bot_selectors.bot_find(key)
        if bot is None:
            raise forms.ValidationError(f"No bot is named “{key}” or has that id.")
        return bot


def match_list_page(request: HttpRequest) -> HttpResponse:
    """Every match, newest first, filtered by league, bot, status and origin, paged by match
    id (``?before=`` / ``?after=``); an unknown filter value is shown as the form's error
    (status 400)."""
    form = MatchFilterForm(request.GET)
    if not form.is_valid():
        return render(request, "web/match_list.html", {"form": form, "page": None}, status=400)
    wanted = form.cleaned_data
    bot = wanted["bot"]
    entry_ids = None  # a bot's matches are those of its entries (every version, every league)
    if bot is not None:
        entry_ids = league_selectors.entry_list(bot_id=bot.pk).values_list("pk", flat=True)
    page = match_selectors.match_keyset(
        league_id=wanted["league"].pk if wanted["league"] else None,
        entry_ids=entry_ids,
        status=wanted["status"],
        origin=wanted["origin"],
        before=wanted["before"],
        after=wanted["after"],
        size=MATCHES_PER_PAGE,
    )
    return render(request, "web/match_list.html", {"form": form, "page": page, "bot": bot})


# --- the match page and its viewer's data (below) ---


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A match: its seats, placements, scores, rating changes and faults, and its replay on the
    board (a finished match) or its live feed (a running one)."""
    match = match_selectors.match_get(pk)
    if match is None:
        raise Http404(f"no match {pk}")
    game = registry.get_game(match.league.game)
    mine = _own_seats(request, match)
    full_replay = None  # for the owners of its bots and staff: the download, or why not
    if mine or request.user.is_staff:
        full_replay = {
            "refusal": league_selectors.full_replay_refusal(
                match=match, participant=bool(mine), staff=request.user.is_staff
            ),
            "seat": mine[0] if mine else 0,
        }
    changes = match_rating_changes(match.pk)
    seats = [(seat, changes.get(seat.entry_id)) for seat in match.seats.all()]
    watch = {
        Match.Status.FINISHED: "replay",
        Match.Status.SCHEDULED: "live",
        Match.Status.QUEUED: "live",
        Match.Status.RUNNING: "live",
    }.get(match.status, "")
    return render(
        request,
        "web/match.html",
        {
            "match": match,
            "game": game,
            "seats": seats,
            "watch": watch,
            "layout": game.layout.to_plain(),
            # Room around the map for the names of the places at its edges.
            "view_box": f"{-LABEL_ROOM} {-LABEL_ROOM / 2} "
            f"{game.layout.width + 2 * LABEL_ROOM} {game.layout.height + LABEL_ROOM}",
            "players": [str(seat.entry.version) for seat, _ in seats],
            "full_replay": full_replay,
        },
    )


def _own_seats(request: HttpRequest, match: Match) -> list[int]:
    """The seats of ``match`` whose bot the user owns."""
    user_id = request.user.pk if request.user.is_authenticated else None
    return [s.seat for s in match.seats.all() if s.entry.version.bot.owner_id == user_id]


@login_required
def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished match's full replay (JSON, with the seed: what ``python -m engines replay``
    re-runs) for the owners of its bots and staff; 403 or 409 saying why it is refused
    (``leagues.selectors.full_replay_refusal``)."""
    match = match_selectors.match_get(pk)
    if match is None or match.status != Match.Status.FINISHED:
        raise Http404(f"match {pk} has no replay")
    refusal = league_selectors.full_replay_refusal(
        match=match, participant=bool(_own_seats(request, match)), staff=request.user.is_staff
    )
    if refusal is not None:
        status = 409 if refusal.later else 403
        return HttpResponse(refusal.reason, status=status, content_type="text/plain")
    response = HttpResponse(match_selectors.full_replay(match), content_type="application/json")
    response["Content-Disposition"] = f"attachment; filename=match-{match.pk}.json"
    return response


def match_frames(request: HttpRequest, pk: int) -> JsonResponse:
    """A finished match's frames for the viewer (public facts only: see
    ``matches.match_selectors.match_frames``)."""
    match = match_selectors.match_get(pk)
    if match is None or match.status != Match.Status.FINISHED or match.replay is None:
        raise Http404(f"match {pk} has no replay")
    if match_selectors.seed_in_play(match):
        raise Http404(f"match {pk} shares its seed with a match still to be played")
    return JsonResponse(match_selectors.match_frames(match))
