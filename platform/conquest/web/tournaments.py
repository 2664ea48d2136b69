"""Public tournament pages (read-only): the list, and each one's standings and bracket."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from conquest.tournaments import selectors


def tournament_list_page(request: HttpRequest) -> HttpResponse:
    """Every tournament but drafts (staff see those too), newest first."""
    return render(
        request,
        "web/tournament_list.html",
        {"tournaments": selectors.tournament_public_list(staff=request.user.is_staff)},
    )


def tournament_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Tournament ``pk``: progress, standings with their tie-breaks, seat win rates, the
    bracket of a knockout and the games by round."""
    tournament = selectors.tournament_public_get(tournament_id=pk, staff=request.user.is_staff)
    if tournament is None:
        raise Http404("No such tournament.")
    return render(
        request,
        "web/tournament.html",
        {"tournament": tournament, **selectors.tournament_page(tournament)},
    )
