"""Reads on matches: the spec a worker plays, and replays as each viewer may see them."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from django.db.models import Count, Prefetch, QuerySet

from conquest import refs, sql
from conquest.bots.models import Bot, BotVersion
from conquest.matches.codes import SeatCode, SeatKind
from conquest.matches.managers import PENDING
from conquest.matches.models import Match, MatchSeat
from conquest.matches.spec import MatchSpec, SeatSpec
from engines.core import visible_events
from engines.core.codec import to_plain
from engines.replay import Replay, start

if TYPE_CHECKING:
    from conquest.leagues.models import Entry, League


class _SpecSeat(NamedTuple):
    """One seat of a match, with its league's settings (the columns of ``_SPEC``)."""

    game: str
    variant: str
    options: Any  # JSON: text on SQLite, decoded on PostgreSQL
    seed: int
    engine_version: str
    decision_seconds: float
    time_bank_seconds: float
    max_faults: int
    bot_id: int
    bot_name: str
    number: int
    kind: str
    player: str
    enabled: bool
    code: str


_SPEC = sql.Statement(
    "SELECT l.game, l.variant, l.options, m.seed, l.engine_version, l.decision_seconds,"
    " l.time_bank_seconds, l.max_faults, b.id AS bot_id, b.name AS bot_name, v.number, v.kind,"
    " v.player, b.enabled, s.code"
    " FROM {seat} s JOIN {match} m ON m.id = s.match_id JOIN {league} l ON l.id = m.league_id"
    " JOIN {entry} e ON e.id = s.entry_id JOIN {version} v ON v.id = e.version_id"
    " JOIN {bot} b ON b.id = v.bot_id"
    " WHERE s.match_id = %s ORDER BY s.seat",
    seat=MatchSeat,
    match=Match,
    league=refs.LEAGUE,
    entry=refs.ENTRY,
    version=BotVersion,
    bot=Bot,
)


def match_spec(match_id: int) -> MatchSpec:
    """What the runner needs to play match ``match_id``; the seat of a disabled bot, or one
    marked ``forfeit`` before the match (e.g. a disqualified tournament entry), forfeits."""
    seats = sql.rows(_SpecSeat, _SPEC.text, [match_id])
    first = seats[0]
    return MatchSpec(
        game=first.game,
        variant=first.variant,
        options=json.loads(first.options) if isinstance(first.options, str) else first.options,
        seed=first.seed,
        engine_version=first.engine_version,
        seats=tuple(
            SeatSpec(
                name=f"{seat.bot_name} v{seat.number}",  # as BotVersion.__str__
                kind=SeatKind(seat.kind)
                if seat.enabled and seat.code != SeatCode.FORFEIT
                else SeatKind.ABSENT,
                player=seat.player,
                bot_id=seat.bot_id,
            )
            for seat in seats
        ),
        decision_seconds=first.decision_seconds,
        time_bank_seconds=first.time_bank_seconds,
        max_faults=first.max_faults,
    )


def pending_per_bot(bot_ids: list[int]) -> dict[int, int]:
    """How many scheduled, queued or running matches each of ``bot_ids`` sits in (any
    league, any version); bots with none are left out."""
    return dict(
        MatchSeat.objects.filter(match__status__in=PENDING, entry__version__bot_id__in=bot_ids)
        .values_list("entry__version__bot_id")
        .annotate(matches=Count("match", distinct=True))
        .order_by()
    )


def full_replay(match: Match) -> str | None:
    """The stored engine replay (JSON), seed included: for admins and verification only."""
    return None if match.replay is None else zlib.decompress(bytes(match.replay)).decode()


def replay_view(match: Match, seat: int | None) -> dict[str, Any]:
    """The match as one seat (or, with None, a spectator) may see it: no seed, no actions,
    every event redacted to what that viewer may know, and the result."""
    replay = Replay.from_json(full_replay(match))
    recorder = start(replay.game, replay.variant, replay.seats, replay.seed, options=replay.options)
    events = visible_events(recorder.match.setup_events, seat)
    for acting, action in replay.actions:
        events.extend(visible_events(recorder.apply(acting, action), seat))
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


_BOT_LOG_LINE = re.compile(
    r"^\[(?P<at>[^\]]+)\] step (?P<step>\d+): seat (?P<seat>\d+) bot log: (?P<text>.*)$",
    re.MULTILINE,
)
"""A line a bot sent to its match's log, as the runner writes it (``runner._notes``)."""


def match_bot_log(match: Match, seats: Iterable[int]) -> list[dict[str, Any]]:
    r"""The lines the bots of ``seats`` sent to ``match``'s log with ``log()``, in order: when
    (UTC), at which step, from which seat, and the text. Nothing else of the log (claims,
    faults, other seats' lines).

    >>> m = Match(log="[2026-11-24 10:00:00] step 3: seat 1 bot log: hello\n")
    >>> match_bot_log(m, [1])
    [{'at': '2026-11-24 10:00:00', 'step': 3, 'seat': 1, 'text': 'hello'}]
    >>> match_bot_log(m, [0])
    []
    """
    wanted = set(seats)
    return [
        {"at": m["at"], "step": int(m["step"]), "seat": int(m["seat"]), "text": m["text"]}
        for m in _BOT_LOG_LINE.finditer(match.log)
        if int(m["seat"]) in wanted
    ]


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
