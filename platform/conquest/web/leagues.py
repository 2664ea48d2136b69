"""A league's public page: its leaderboard, settings and recent matches."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from conquest.leagues import selectors

RECENT_MATCHES = 20
"""Matches listed under the leaderboard."""


def _page_number(request: HttpRequest) -> int:
    """The ``page`` query parameter (1 when absent or not a number)."""
    try:
        return int(request.GET.get("page", 1))
    except ValueError:
        return 1


def league_page(request: HttpRequest, pk: int) -> HttpResponse:
    """League ``pk``: a page of its leaderboard (active entries; withdrawn ones with
    ``?entries=withdrawn``), its settings and its newest matches."""
    league = selectors.league_get(pk)
    if league is None:
        raise Http404("No such league.")
    board = selectors.leaderboard(
        league=league,
        withdrawn=request.GET.get("entries") == "withdrawn",
        page=_page_number(request),
    )
    return render(
        request,
        "web/league.html",
        {
            "league": league,
            "board": board,
            "seat_numbers": range(league.seats),
            "matches": selectors.league_recent_matches(league=league, limit=RECENT_MATCHES),
        },
    )
