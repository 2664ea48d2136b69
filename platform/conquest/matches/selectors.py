"""Reads on matches: the spec a worker plays, and replays as each viewer may see them."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from django.db.models import Count, F, Prefetch, Q, QuerySet, Sum, Window
from django.db.models.functions import Mod, RowNumber

from conquest import refs, sql
from conquest.bots.models import Bot, BotVersion
from conquest.matches.codes import SeatCode, SeatKind
from conquest.matches.managers import PENDING
from conquest.matches.models import Match, MatchSeat
from conquest.matches.spec import FAULT_KINDS, MatchSpec, SeatSpec
from conquest.ratings.models import RatingChange
from engines.core import visible_events
from engines.core.codec import to_plain
from engines.replay import Replay, simulate
from engines.spectate import replay_frames, result_plain

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
    pace_seconds: float
    bot_id: int
    bot_name: str
    number: int
    kind: str
    player: str
    enabled: bool
    code: str


_SPEC = sql.Statement(
    "SELECT l.game, l.variant, l.options, m.seed, l.engine_version, l.decision_seconds,"
    " l.time_bank_seconds, l.max_faults, l.pace_seconds, b.id AS bot_id, b.name AS bot_name,"
    " v.number, v.kind,"
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
        pace_seconds=first.pace_seconds,
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


def queued_count() -> int:
    """How many matches wait in the queue."""
    return Match.objects.filter(status=Match.Status.QUEUED).count()


def full_replay(match: Match) -> str | None:
    """The stored engine replay (JSON), seed included: for admins and verification only."""
    return None if match.replay is None else zlib.decompress(bytes(match.replay)).decode()


def seed_in_play(match: Match) -> bool:
    """Is another match on ``match``'s seed one that may still be played, in any league or
    game (``to_be_played``: pending, or in error or cancelled, which an admin may re-run)?
    Then neither its full replay (the seed: the deck order, dice and draws) nor even a
    redacted view of ``match`` may be shown: either would tell a bot what chance holds in a
    match it will meet. Fresh seeds are never reused (``services.match_schedule``); matches
    share one on purpose only (a version test's paired games, a re-run)."""
    return Match.objects.to_be_played().filter(seed=match.seed).exclude(pk=match.pk).exists()


def replay_view(match: Match, seat: int | None) -> dict[str, Any]:
    """The match as one seat (or, with None, a spectator) may see it: no seed, no actions,
    every event redacted to what that viewer may know, and the result."""
    replay = Replay.from_json(full_replay(match))
    recorder = simulate(replay, steps=0)
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


def match_frames(match: Match) -> dict[str, Any]:
    """A finished match as spectators watch it again: its frames (public events in words and
    the board after them, :mod:`engines.spectate`) and the result; no seed, no action."""
    replay = Replay.from_json(full_replay(match))
    names = list(replay.players) or [f"seat {seat}" for seat in range(replay.seats)]
    return {
        "match": match.pk,
        "game": replay.game,
        "players": names,
        "frames": replay_frames(replay, names),
        "result": result_plain(replay.result, names),
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


# --- The website: a bot's records and rating histories, match lists by keyset (web) ---------

_PUBLIC_MATCH_FIELDS = (
    "id",
    "league__name",
    "league__game",
    "league__variant",
    "status",
    "origin",
    "rated",
    "created_at",
    "started_at",
    "finished_at",
    "end_reason",
    "steps",
)
"""What match listings load: never the seed, the replay (it holds the seed) or the log."""
_PUBLIC_SEAT_FIELDS = (
    "match",
    "seat",
    "placement",
    "score",
    "code",
    "entry__version__number",
    "entry__version__bot__name",
)
"""What match listings load of each seat: its result, and who sat there."""


def match_listing() -> QuerySet[Match]:
    """Matches with their league and their seats (prefetched in seat order, with entry,
    version and bot), loading only public facts: no seed, replay or log."""
    seats = (
        MatchSeat.objects.select_related("entry__version__bot")
        .only(*_PUBLIC_SEAT_FIELDS)
        .order_by("seat")
    )
    return (
        Match.objects.select_related("league")
        .only(*_PUBLIC_MATCH_FIELDS)
        .prefetch_related(Prefetch("seats", queryset=seats))
    )


class MatchPage(NamedTuple):
    """One page of a match list, newest first, and the ids to page on from: ``before=older``
    for the older page, ``after=newer`` for the newer one (None: there is none)."""

    matches: list[Match]
    older: int | None
    newer: int | None


def match_keyset(
    *,
    league_id: int | None = None,
    entry_ids: Iterable[int] | None = None,
    status: str = "",
    origin: str = "",
    before: int | None = None,
    after: int | None = None,
    size: int = 25,
) -> MatchPage:
    """A page of ``size`` matches by id, newest first, with their league and seats, filtered
    by league, entries (one of them has a seat), status and origin: those just older than
    ``before``, else just newer than ``after`` (the newest page when fewer are left), else
    the newest.

    Keyset pagination: no COUNT, no OFFSET, a few indexed queries however many matches there
    are. Public fields only: no seed, replay or log.
    """
    matches = match_listing()
    if league_id is not None:
        matches = matches.filter(league_id=league_id)
    if entry_ids is not None:
        seats = MatchSeat.objects.filter(entry_id__in=list(entry_ids))
        matches = matches.filter(pk__in=seats.values("match_id"))
    if status:
        matches = matches.filter(status=status)
    if origin:
        matches = matches.filter(origin=origin)
    listing = matches
    if after is not None and before is None:
        found = list(listing.filter(pk__gt=after).order_by("pk")[: size + 1])
        if len(found) > size:
            page = found[:size][::-1]
            older = page[-1].pk if matches.filter(pk__lte=after).exists() else None
            return MatchPage(page, older, page[0].pk)
    if before is not None:
        listing = listing.filter(pk__lt=before)
    found = list(listing.order_by("-pk")[: size + 1])
    page = found[:size]
    older = page[-1].pk if len(found) > size else None
    newer = None
    if before is not None and matches.filter(pk__gte=before).exists():
        newer = page[0].pk if page else before - 1
    return MatchPage(page, older, newer)


@dataclass
class SeatResults:
    """Results from one seat number: games, wins (placement 1) and the placements' sum."""

    seat: int
    games: int = 0
    wins: int = 0
    placements: int = 0

    @property
    def average_placement(self) -> float | None:
        """The mean placement, None before the first game.

        >>> SeatResults(0, 4, 1, 7).average_placement, SeatResults(1).average_placement
        (1.75, None)
        """
        return self.placements / self.games if self.games else None


@dataclass
class BotRecord:
    """Results of some entries: per seat number, the faults committed by kind and the
    forfeits by code."""

    seats: dict[int, SeatResults] = field(default_factory=dict)
    games: int = 0
    faults: int = 0
    timeouts: int = 0
    crashes: int = 0
    illegal_actions: int = 0
    disconnects: int = 0
    forfeits: dict[str, int] = field(default_factory=dict)

    @property
    def seat_list(self) -> list[SeatResults]:
        """The seats' results by seat number."""
        return [self.seats[seat] for seat in sorted(self.seats)]

    @property
    def forfeit_list(self) -> list[tuple[str, int]]:
        """(code, forfeits) for every code but ``normal``, in SeatCode's order."""
        return [(c.value, self.forfeits.get(c, 0)) for c in SeatCode if c != SeatCode.NORMAL]


def bot_records(*, entry_ids: Iterable[int], group: dict[int, Any]) -> dict[Any, BotRecord]:
    """The results of ``entry_ids`` in their matches with a recorded result (any status
    that has placements: rated or not), summed per ``group[entry_id]`` (e.g. the league).

    One query grouped by entry, seat number and code over the seats of these entries only
    (index ``seat_entry_match``), never over all matches.
    """
    rows = (
        MatchSeat.objects.filter(entry_id__in=list(entry_ids), placement__isnull=False)
        .values_list("entry_id", "seat", "code")
        .annotate(
            games=Count("pk"),
            wins=Count("pk", filter=Q(placement=1)),
            placements=Sum("placement"),
            faults=Sum("faults"),
            timeouts=Sum("timeouts"),
            crashes=Sum("crashes"),
            illegal_actions=Sum("illegal_actions"),
            disconnects=Sum("disconnects"),
        )
        .order_by()
    )
    records: dict[Any, BotRecord] = {}
    for entry_id, seat, code, games, wins, placements, *faults in rows:
        record = records.setdefault(group[entry_id], BotRecord())
        results = record.seats.setdefault(seat, SeatResults(seat))
        results.games += games
        results.wins += wins
        results.placements += placements
        record.games += games
        for name, count in zip(_FAULT_FIELDS, faults, strict=True):
            setattr(record, name, getattr(record, name) + count)
        if code and code != SeatCode.NORMAL:
            record.forfeits[code] = record.forfeits.get(code, 0) + games
    return records


_FAULT_FIELDS = ("faults", *FAULT_KINDS.values())


class RatingPoint(NamedTuple):
    """An entry's ratings after its ``games``-th rated match (0: before the first)."""

    games: int
    elo: float
    mu: float
    sigma: float


def rating_histories(*, entry_ids: Iterable[int], most: int = 400) -> dict[int, list[RatingPoint]]:
    """Each entry's rating history in the league's sequence order, its ratings before the
    first match first; a long one thinned to about ``most`` points, evenly by match count
    (the first and the last kept).

    One query: the thinning happens in the database (window functions), so a history of
    100,000 matches sends about ``most`` rows.
    """
    numbered = RatingChange.objects.filter(entry_id__in=list(entry_ids)).annotate(
        n=Window(Count("pk"), partition_by=[F("entry_id")]),
        number=Window(RowNumber(), partition_by=[F("entry_id")], order_by=[F("seq"), F("pk")]),
    )
    step = (F("n") + (most - 1)) / most  # integer division: ceil(n / most)
    kept = (
        numbered.annotate(offset=Mod(F("number") - 1, step))
        .filter(Q(offset=0) | Q(number=F("n")))
        .order_by("entry_id", "seq", "pk")
        .values_list(
            "entry_id",
            "number",
            "elo_before",
            "mu_before",
            "sigma_before",
            "elo_after",
            "mu_after",
            "sigma_after",
        )
    )
    histories: dict[int, list[RatingPoint]] = {}
    for entry_id, number, elo0, mu0, sigma0, elo, mu, sigma in kept:
        points = histories.setdefault(entry_id, [])
        if number == 1:
            points.append(RatingPoint(0, elo0, mu0, sigma0))
        points.append(RatingPoint(number, elo, mu, sigma))
    return histories
