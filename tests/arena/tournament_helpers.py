"""Builders for the tournament tests: a league with entries, a tournament, decided games."""

from __future__ import annotations

from collections.abc import Sequence

from arena_fixtures import entry, league, user
from conquest.leagues.models import Entry
from conquest.matches.models import Match
from conquest.tournaments import services
from conquest.tournaments.models import Tournament, TournamentGame
from django.utils import timezone


def field(seats: int, n: int, *, player: str = "random", **league_fields) -> list[Entry]:
    """``n`` entries (each of its own owner) of a new league with ``seats`` seats, rated so
    that the first is the best (seed 1)."""
    fields = {"game": "conquetes", "variant": "standard", "ladder": "off", **league_fields}
    lg = league(name=f"league-{seats}-{n}", seats=seats, **fields)
    made = [entry(lg, user(f"p{seats}-{n}-{i}"), player) for i in range(n)]
    for i, e in enumerate(made):
        Entry.objects.filter(pk=e.pk).update(ordinal=100 - i)
    return made


def tournament(entries: Sequence[Entry], format: str, *, start: bool = True, **settings):
    """A tournament of ``entries``' league with them registered (and started)."""
    made = services.tournament_create(
        league=entries[0].league, name=f"cup-{format}-{len(entries)}", format=format, **settings
    )
    services.tournament_registration_open(tournament=made)
    for e in entries:
        services.tournament_entry_add(tournament=made, entry=e)
    return services.tournament_start(tournament=made) if start else made


def decide(match: Match, placements: Sequence[int]) -> None:
    """Record ``match`` as finished with ``placements`` in seat order (no engine)."""
    now = timezone.now()
    for seat in match.seats.all():
        seat.placement = placements[seat.seat]
        seat.score = float(len(placements) - placements[seat.seat])
        seat.code = seat.code or "normal"
        seat.save()
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, started_at=now, finished_at=now
    )


def games_of(t: Tournament, round_: int | None = None):
    """The tournament's games (of one round), in order, with their matches."""
    games = TournamentGame.objects.filter(tournament=t).select_related("match")
    if round_ is not None:
        games = games.filter(round=round_)
    return list(games.order_by("round", "table", "number"))


def seated(match: Match) -> list[int]:
    """League entry ids of ``match`` in seat order."""
    return list(match.seats.order_by("seat").values_list("entry_id", flat=True))


def decide_round(t: Tournament, round_: int, winner=min) -> None:
    """Finish every game of a round: the seat holding ``winner`` of the entry ids first, the
    others placed in entry-id order after it."""
    for game in games_of(t, round_):
        ids = seated(game.match)
        order = sorted(ids, key=lambda e: (e != winner(ids), e))
        decide(game.match, [order.index(e) + 1 for e in ids])
