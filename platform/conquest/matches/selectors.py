"""Reads on matches: the spec a worker plays, and replays as each viewer may see them."""

from __future__ import annotations

import zlib
from typing import Any

from django.db.models import Prefetch, QuerySet

from conquest.leagues.models import Entry, League
from conquest.matches.models import Match, MatchSeat
from conquest.matches.runner import MatchSpec, SeatSpec
from engines.core import visible_event
from engines.core.codec import to_plain
from engines.replay import Replay, start


def match_spec(match: Match) -> MatchSpec:
    """What the runner needs to play ``match``; a disabled bot's seat forfeits."""
    league = match.league
    seats = []
    for seat in match.seats.select_related("entry__version__bot").order_by("seat"):
        version = seat.entry.version
        kind = "forfeit" if not version.bot.enabled else version.kind
        seats.append(SeatSpec(name=str(version), kind=kind, player=version.player))
    return MatchSpec(
        game=league.game,
        variant=league.variant,
        options=dict(league.options),
        seed=match.seed,
        engine_version=league.engine_version,
        seats=tuple(seats),
        decision_seconds=league.decision_seconds,
        time_bank_seconds=league.time_bank_seconds,
        max_faults=league.max_faults,
    )


def full_replay(match: Match) -> str | None:
    """The stored engine replay (JSON), seed included: for admins and verification only."""
    return None if match.replay is None else zlib.decompress(bytes(match.replay)).decode()


def replay_view(match: Match, seat: int | None) -> dict[str, Any]:
    """The match as one seat (or, with None, a spectator) may see it: no seed, no actions,
    every event redacted to what that viewer may know, and the result."""
    replay = Replay.from_json(full_replay(match))
    recorder = start(replay.game, replay.variant, replay.seats, replay.seed, options=replay.options)
    events = [visible_event(e, seat) for e in recorder.match.setup_events]
    for acting, action in replay.actions:
        events.extend(visible_event(e, seat) for e in recorder.apply(acting, action))
    return {
        "match": match.pk,
        "game": replay.game,
        "variant": replay.variant,
        "engine_version": replay.engine_version,
        "seats": replay.seats,
        "players": list(replay.players),
        "viewer_seat": seat,
        "events": [to_plain(e) for e in events],
        "result": to_plain(replay.result),
    }


def seats_of_user(match: Match, user) -> list[int]:
    """The seats of ``match`` played by bots ``user`` owns."""
    return list(match.seats.filter(entry__version__bot__owner=user).values_list("seat", flat=True))


def match_list(
    *, league: League | int | None = None, entry: Entry | int | None = None, status: str = ""
) -> QuerySet[Match]:
    """Matches newest first with their seats, filtered by league, entry (a seat) and status."""
    matches = (
        Match.objects.select_related("league", "requested_by").defer("replay", "log")
    ).prefetch_related(
        Prefetch(
            "seats",
            queryset=MatchSeat.objects.select_related("entry__version__bot__owner").order_by(
                "seat"
            ),
        )
    )
    if league is not None:
        matches = matches.filter(league=league)
    if entry is not None:
        matches = matches.filter(seats__entry=entry)
    if status:
        matches = matches.filter(status=status)
    return matches.order_by("-created_at", "-pk")


def match_get(match_id: int) -> Match | None:
    """The match ``match_id`` with its seats, or None."""
    return match_list().filter(pk=match_id).first()
