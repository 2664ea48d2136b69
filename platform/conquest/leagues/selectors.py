"""Reads on leagues, entries, standings and rating histories."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import redis
from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from conquest.bots.models import BotVersion
from conquest.leagues.models import Entry, League
from conquest.matches import selectors as match_selectors
from conquest.matches.models import EntrySeatTally, Match
from conquest.ratings.models import RatingChange
from conquest.relay import presence


def league_list() -> QuerySet[League]:
    """Every league by name."""
    return League.objects.order_by("name")


def league_get(league_id: int) -> League | None:
    """The league ``league_id``, or None."""
    return League.objects.filter(pk=league_id).first()


def entry_get(entry_id: int) -> Entry | None:
    """The entry ``entry_id`` with its league, version, bot and owner, or None."""
    return Entry.objects.select_related("league", "version__bot__owner").filter(pk=entry_id).first()


def entry_waiting(entry: Entry) -> str | None:
    """Why ``entry`` cannot play now (None: it can): withdrawn, its bot disabled, or a remote
    bot with no gateway on this platform or not connected to one."""
    if not entry.active:
        return "withdrawn: it plays no more matches"
    return version_waiting(entry.version)


def version_waiting(version: BotVersion) -> str | None:
    """Why ``version`` cannot play now, wherever it is entered (None: it can): its bot
    disabled, or a remote bot with no gateway on this platform or not connected to one."""
    if not version.bot.enabled:
        return "its bot is disabled"
    if version.kind != BotVersion.Kind.REMOTE:
        return None
    if not presence.enabled():
        return (
            "a remote bot, and this platform runs no gateway (ARENA_GATEWAY_REDIS_URL is not "
            "set): its matches are never scheduled"
        )
    try:
        connected = presence.connected(version.bot_id)
    except redis.RedisError as error:
        return f"a remote bot whose connection cannot be told now (Redis: {error})"
    if not connected:
        return (
            "a remote bot not connected to the gateway: matches are scheduled only while it "
            "is (run it with the SDK and a token of its bot)"
        )
    return None


class ReplayRefusal(NamedTuple):
    """Why a match's full replay is not handed to a viewer: ``later`` when it may be once the
    match, or the matches sharing its seed, are played; else not to this viewer."""

    reason: str
    later: bool = False


def full_replay_refusal(*, match: Match, participant: bool, staff: bool) -> ReplayRefusal | None:
    """Why the viewer may not download ``match``'s full replay, seed included (None: they
    may). Staff may once it is finished; the owner of one of its seats' bots
    (``participant``) too when its league hands them out (``League.replays_downloadable``)
    and no match still to be played shares its seed (``matches.selectors.seed_in_play``)."""
    if match.status != Match.Status.FINISHED:
        return ReplayRefusal(f"match {match.pk} is {match.status}: it has no replay yet", True)
    if staff:
        return None
    if not participant:
        return ReplayRefusal(
            f"only the owners of match {match.pk}'s bots and staff may download its full replay"
        )
    if not match.league.replays_downloadable:
        return ReplayRefusal(
            f"league {match.league.name} does not hand out its matches' full replays"
        )
    if match_selectors.seed_in_play(match):
        return ReplayRefusal(
            f"match {match.pk}'s seed is still in play: a match to be played (or that may be "
            "re-run) has it, and the full replay would tell its deck order; download it once "
            "that match has been played",
            True,
        )
    return None


def standings(league: League) -> QuerySet[Entry]:
    """The entries of ``league`` in standings order, each annotated with its ``rank`` (1 first)."""
    return (
        Entry.objects.standings()
        .filter(league=league)
        .select_related("league")
        .annotate(
            rank=Window(RowNumber(), order_by=[F("ordinal").desc(), F("elo").desc(), F("pk").asc()])
        )
    )


def entry_history(entry: Entry) -> QuerySet[RatingChange]:
    """The rating changes of ``entry`` in the league's sequence order."""
    return RatingChange.objects.filter(entry=entry).order_by("seq", "pk")


def entries_by_id(entry_ids: list[int]) -> dict[int, Entry]:
    """The entries among ``entry_ids`` that exist, by id, with their versions and bots."""
    return Entry.objects.select_related("league", "version__bot__owner").in_bulk(entry_ids)


def entry_list(
    *, owner=None, bot_id: int | None = None, league: League | None = None, playable: bool = False
) -> QuerySet[Entry]:
    """Entries with their league, version, bot and owner, by league then bot and version: only
    those of ``owner``'s bots, of bot ``bot_id``, of ``league``, or playable ones (active, the
    bot enabled)."""
    entries = Entry.objects.select_related("league", "version__bot__owner")
    if owner is not None:
        entries = entries.filter(version__bot__owner=owner)
    if bot_id is not None:
        entries = entries.filter(version__bot_id=bot_id)
    if league is not None:
        entries = entries.filter(league=league)
    if playable:
        entries = entries.playable()
    return entries.order_by("league__name", "version__bot__name", "version__number", "pk")


# --- The website: leaderboards, recent matches, the home page's leagues ---------------------

LEADERBOARD_PAGE_SIZE = 100
"""Entries per page of a league's leaderboard on the website."""


_BOARD_ENTRY_FIELDS = (
    "league",
    "active",
    "elo",
    "mu",
    "sigma",
    "ordinal",
    "games",
    "version__number",
    "version__bot__name",
    "version__bot__owner__username",
)
"""What a leaderboard loads of each entry."""


def league_active_list() -> QuerySet[League]:
    """Leagues with their ladder on or with active entries, by name, each annotated with
    ``active_entries``."""
    return (
        League.objects.annotate(active_entries=Count("entries", filter=Q(entries__active=True)))
        .filter(Q(ladder=League.Ladder.ACTIVE) | Q(active_entries__gt=0))
        .order_by("name")
    )


@dataclass(frozen=True)
class SeatRecord:
    """An entry's finished rated matches from one seat: games and wins (first places)."""

    seat: int
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float | None:
        """Wins per game, None before the first game.

        >>> SeatRecord(0, 4, 1).rate, SeatRecord(1).rate
        (0.25, None)
        """
        return self.wins / self.games if self.games else None


@dataclass(frozen=True)
class EntryRecord:
    """An entry's finished rated matches: per seat, and the faults and forfeits in them."""

    seats: tuple[SeatRecord, ...]
    faults: int = 0
    forfeits: int = 0


def entry_records(*, league: League, entry_ids: Sequence[int]) -> dict[int, EntryRecord]:
    """Per entry of ``entry_ids`` (of ``league``), its rated results in each seat (games and
    wins: first places) and its faults and forfeits in them, read from the tallies that
    recording keeps (``matches.EntrySeatTally``): one row per entry and seat."""
    tallies: dict[int, list[SeatRecord]] = {
        e: [SeatRecord(seat) for seat in range(league.seats)] for e in entry_ids
    }
    faults = dict.fromkeys(entry_ids, 0)
    forfeits = dict.fromkeys(entry_ids, 0)
    rows = EntrySeatTally.objects.filter(entry_id__in=list(entry_ids)).values_list(
        "entry_id", "seat", "games", "wins", "faults", "forfeits"
    )
    for e, seat, games, wins, seat_faults, seat_forfeits in rows:
        if seat < league.seats:
            tallies[e][seat] = SeatRecord(seat, games, wins)
        faults[e] += seat_faults
        forfeits[e] += seat_forfeits
    return {e: EntryRecord(tuple(tallies[e]), faults[e], forfeits[e]) for e in entry_ids}


@dataclass(frozen=True)
class LeaderboardRow:
    """One entry on a leaderboard page: its rank (None when withdrawn) and record."""

    rank: int | None
    entry: Entry
    record: EntryRecord

    @property
    def spread(self) -> float:
        """3σ: the half-width of the rating's uncertainty shown beside μ."""
        return 3 * self.entry.sigma


@dataclass(frozen=True)
class Leaderboard:
    """One page of a league's active (ranked) or withdrawn entries."""

    rows: list[LeaderboardRow]
    withdrawn: bool
    number: int
    pages: int
    active_count: int
    withdrawn_count: int

    @property
    def previous(self) -> int | None:
        """The previous page's number, if any."""
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        """The next page's number, if any."""
        return self.number + 1 if self.number < self.pages else None


def leaderboard(
    *, league: League, withdrawn: bool = False, page: int = 1, per_page: int | None = None
) -> Leaderboard:
    """Page ``page`` (clamped to the pages there are) of ``league``'s active entries ranked
    by μ − 3σ then Elo, or of its withdrawn ones in the same order, unranked; each with its
    per-seat record. ``per_page`` defaults to :data:`LEADERBOARD_PAGE_SIZE`. Three queries
    whatever the league's size."""
    per_page = per_page or LEADERBOARD_PAGE_SIZE
    counts = Entry.objects.filter(league=league).aggregate(
        playing=Count("pk", filter=Q(active=True)), gone=Count("pk", filter=Q(active=False))
    )
    total = counts["gone" if withdrawn else "playing"]
    pages = max(1, -(-total // per_page))
    number = min(max(1, page), pages)
    start = (number - 1) * per_page
    entries = list(
        Entry.objects.standings()
        .filter(league=league, active=not withdrawn)
        .only(*_BOARD_ENTRY_FIELDS)[start : start + per_page]
    )
    records = entry_records(league=league, entry_ids=[e.pk for e in entries])
    rows = [
        LeaderboardRow(None if withdrawn else start + i, e, records[e.pk])
        for i, e in enumerate(entries, start=1)
    ]
    return Leaderboard(rows, withdrawn, number, pages, counts["playing"], counts["gone"])


def _match_listing() -> QuerySet[Match]:
    """Public match listings (no seed, replay or log), newest first (by id: creation order)."""
    return match_selectors.match_listing().order_by("-pk")


def league_recent_matches(*, league: League, limit: int = 20) -> list[Match]:
    """The ``limit`` newest matches of ``league``, any status, with their seats."""
    return list(_match_listing().filter(league=league)[:limit])


def matches_running(*, limit: int = 10) -> list[Match]:
    """The ``limit`` newest matches being played now, of every league, with their seats."""
    return list(_match_listing().filter(status=Match.Status.RUNNING)[:limit])


def results_recent(*, limit: int = 10) -> list[Match]:
    """The ``limit`` newest finished matches, of every league, with their seats (placements
    tell the winners)."""
    return list(_match_listing().filter(status=Match.Status.FINISHED)[:limit])
