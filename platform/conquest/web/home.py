"""The home page: what the platform is, its games, leagues, matches and tournaments."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from conquest.leagues import selectors as leagues
from conquest.tournaments import selectors as tournaments
from engines.registry import games

LISTED = 10
"""Matches per list (being played, recent results) and tournaments shown."""


def home(request: HttpRequest) -> HttpResponse:
    """The platform in a few words, its games, active leagues, matches being played, recent
    results and tournaments."""
    return render(
        request,
        "web/home.html",
        {
            "games": games(),
            "leagues": leagues.league_active_list(),
            "running": leagues.matches_running(limit=LISTED),
            "results": leagues.results_recent(limit=LISTED),
            "tournaments": tournaments.tournament_public_list(staff=request.user.is_staff)[:LISTED],
        },
    )
