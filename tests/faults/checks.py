"""What the fault-injection suite checks and measures in the private database (Django set up
on it): matches lost, counted twice or stuck, the ratings against their recomputation, and
when matches were recorded. Every query is retried while the database restarts
(:func:`with_database`)."""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from conquest.leagues.models import League
from conquest.matches.codes import SeatCode
from conquest.matches.managers import PENDING
from conquest.matches.models import EntrySeatTally, Match, MatchSeat
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import Count, F, Q

T = TypeVar("T")
LOG_LINES = 6
"""Lines of a match's log shown with a problem."""
DATABASE_WAIT_SECONDS = 120.0


def with_database(query: Callable[[], T], seconds: float = DATABASE_WAIT_SECONDS) -> T:
    """``query()``, asked again while the database does not answer (up to ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return query()
        except (OperationalError, InterfaceError):  # the server went away, or is starting
            with contextlib.suppress(Exception):
                connection.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@dataclass(frozen=True)
class Problem:
    """A broken invariant: the match (0: the league as a whole), its status, what is wrong
    and the end of the match's log."""

    match_id: int
    status: str
    what: str
    log_tail: str = ""

    def __str__(self) -> str:
        where = f"match {self.match_id} ({self.status})" if self.match_id else "league"
        return f"{where}: {self.what}"


@dataclass(frozen=True)
class Excuse:
    """Seat codes that are a bot's own fault: the bot ``bot_id`` was killed past its grace
    or hung between ``since`` and ``until``, so its seats in the matches running meanwhile
    may end with one of ``codes``."""

    bot_id: int
    codes: frozenset[str]
    since: datetime
    until: datetime

    def covers(self, seat: MatchSeat) -> bool:
        """Is ``seat``'s code this bot's own fault?"""
        match = seat.match
        return (
            seat.entry.version.bot_id == self.bot_id
            and seat.code in self.codes
            and match.started_at is not None
            and match.started_at <= self.until
            and (match.finished_at is None or match.finished_at >= self.since)
        )


def _problem(match: Match, what: str) -> Problem:
    tail = "\n".join(match.log.splitlines()[-LOG_LINES:])
    return Problem(match.pk, match.status, what, tail)


def pending_ids(league_id: int) -> set[int]:
    """The league's matches scheduled, queued or running now."""
    return with_database(
        lambda: set(
            Match.objects.filter(league_id=league_id, status__in=PENDING).values_list(
                "pk", flat=True
            )
        )
    )


def ended_ids(league_id: int, since: datetime, until: datetime) -> set[int]:
    """The league's matches that ended (any way) after ``since``, up to ``until``."""
    return with_database(
        lambda: set(
            Match.objects.filter(
                league_id=league_id, finished_at__gt=since, finished_at__lte=until
            ).values_list("pk", flat=True)
        )
    )


def still_pending(match_ids: Iterable[int]) -> set[int]:
    """Those of ``match_ids`` not ended yet."""
    ids = list(match_ids)
    return with_database(
        lambda: set(
            Match.objects.filter(pk__in=ids, status__in=PENDING).values_list("pk", flat=True)
        )
    )


def lost(match_ids: Iterable[int], excuses: list[Excuse]) -> list[Problem]:
    """Of ``match_ids``, those lost to an infrastructure fault: ended in error or cancelled,
    or finished with a seat forfeited on a code that no excuse makes the bot's own."""
    ids = sorted(match_ids)
    return with_database(lambda: _lost(ids, excuses))


def _lost(ids: list[int], excuses: list[Excuse]) -> list[Problem]:
    problems = []
    matches = Match.objects.filter(pk__in=ids).prefetch_related("seats__entry__version__bot")
    for match in matches.order_by("pk"):
        if match.status in (Match.Status.ERROR, Match.Status.CANCELLED):
            problems.append(_problem(match, f"ended {match.status}: {match.end_reason}"))
            continue
        if match.status != Match.Status.FINISHED:
            continue  # still pending: stuck() says whether it should have ended
        for seat in match.seats.all():
            seat.match = match
            if seat.code == SeatCode.NORMAL or any(e.covers(seat) for e in excuses):
                continue
            bot = seat.entry.version.bot
            problems.append(
                _problem(
                    match,
                    f"seat {seat.seat} ({bot.name}, {seat.entry.version.kind}) forfeited: "
                    f"{seat.code} (faults {seat.faults}: timeouts {seat.timeouts}, "
                    f"disconnects {seat.disconnects}, crashes {seat.crashes}, illegal "
                    f"{seat.illegal_actions})",
                )
            )
    return problems


def stuck(match_ids: Iterable[int]) -> list[Problem]:
    """Of ``match_ids``, those still scheduled, queued or running."""
    ids = sorted(match_ids)

    def query() -> list[Problem]:
        waiting = Match.objects.filter(pk__in=ids, status__in=PENDING).order_by("pk")
        return [_problem(m, f"still {m.status} after {m.attempts} attempts") for m in waiting]

    return with_database(query)


def double_counted(league_id: int) -> list[Problem]:
    """Results counted other than once: a rated match without exactly one rating change per
    seat, a rating change of a match that is not a rated result, sequence numbers that are
    not 1..n (or not the league's count), tallies that are not the sum of the results."""
    return with_database(lambda: _double_counted(league_id))


def _double_counted(league_id: int) -> list[Problem]:
    with transaction.atomic():
        with connection.cursor() as cursor:  # every query below sees the same moment
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return _counting_problems(League.objects.get(pk=league_id))


def _counting_problems(league: League) -> list[Problem]:
    rated = Match.objects.filter(league=league, status=Match.Status.FINISHED, rated=True)
    problems = [
        _problem(m, f"{m.changes} rating changes for {m.seat_count} seats")
        for m in rated.annotate(
            changes=Count("rating_changes", distinct=True),
            seat_count=Count("seats", distinct=True),
        ).exclude(changes=F("seat_count"))
    ]
    changes = RatingChange.objects.filter(entry__league=league)
    for change in changes.exclude(match__status=Match.Status.FINISHED, match__rated=True):
        problems.append(_problem(change.match, f"a rating change of entry {change.entry_id}"))
    for change in changes.exclude(seq=F("match__rated_seq")).select_related("match"):
        problems.append(
            _problem(change.match, f"rating change seq {change.seq} != {change.match.rated_seq}")
        )
    problems += _sequence_problems(league, rated)
    problems += _tally_problems(league)
    return problems


def _sequence_problems(league: League, rated) -> list[Problem]:
    seqs = sorted(rated.values_list("rated_seq", "pk"), key=lambda s: (s[0] is None, s[0] or 0))
    numbers = [seq for seq, _ in seqs]
    problems = []
    if numbers != list(range(1, len(numbers) + 1)):
        repeated = [n for n, count in Counter(numbers).items() if count > 1 or n is None]
        problems.append(
            Problem(0, "-", f"rated sequence is not 1..{len(numbers)}: repeated/None {repeated}")
        )
    if league.rated_count != len(numbers):
        problems.append(
            Problem(0, "-", f"league rated_count {league.rated_count} for {len(numbers)} results")
        )
    return problems


def _tally_problems(league: League) -> list[Problem]:
    rated_seats = MatchSeat.objects.filter(match__league=league, match__rated_seq__isnull=False)
    expected = {
        (row["entry_id"], row["seat"]): (row["games"], row["wins"], row["forfeits"])
        for row in rated_seats.values("entry_id", "seat").annotate(
            games=Count("id"),
            wins=Count("id", filter=Q(placement=1)),
            forfeits=Count("id", filter=~Q(code=SeatCode.NORMAL)),
        )
    }
    stored = {
        (t.entry_id, t.seat): (t.games, t.wins, t.forfeits)
        for t in EntrySeatTally.objects.filter(entry__league=league)
    }
    return [
        Problem(0, "-", f"tally of entry {key[0]} seat {key[1]}: {stored.get(key)} != {value}")
        for key, value in expected.items()
        if stored.get(key) != value
    ] + [
        Problem(0, "-", f"tally of entry {key[0]} seat {key[1]} without results: {value}")
        for key, value in stored.items()
        if key not in expected and value != (0, 0, 0)
    ]


def rating_differences(league_id: int) -> list[str]:
    """Where the stored ratings differ from their recomputation (the function of
    ``manage.py recompute_ratings``, without writing)."""
    return with_database(
        lambda: [
            str(d) for d in rating_recompute(league=League.objects.get(pk=league_id), write=False)
        ]
    )


def first_recorded_after(league_id: int, moment: datetime) -> datetime | None:
    """When the league's first match recorded after ``moment`` was recorded."""
    return with_database(
        lambda: (
            Match.objects.filter(
                league_id=league_id, status=Match.Status.FINISHED, finished_at__gt=moment
            )
            .order_by("finished_at")
            .values_list("finished_at", flat=True)
            .first()
        )
    )


def recorded_times(league_id: int, since: datetime) -> list[datetime]:
    """When each match recorded after ``since`` was recorded, in order."""
    return with_database(
        lambda: list(
            Match.objects.filter(
                league_id=league_id, status=Match.Status.FINISHED, finished_at__gt=since
            )
            .order_by("finished_at")
            .values_list("finished_at", flat=True)
        )
    )


def worker_recorded_since(pid: int, moment: datetime) -> bool:
    """Has the worker process ``pid`` claimed after ``moment`` a match now recorded?"""
    return with_database(
        lambda: Match.objects.filter(
            status=Match.Status.FINISHED, started_at__gt=moment, lease_owner__contains=f":{pid}:"
        ).exists()
    )


def running_with_worker(pid: int) -> bool:
    """Is the worker process ``pid`` holding a running match?"""
    return with_database(
        lambda: Match.objects.filter(
            status=Match.Status.RUNNING, lease_owner__contains=f":{pid}:"
        ).exists()
    )


def running_with_entry(entry_id: int) -> bool:
    """Is the entry seated in a running match?"""
    return with_database(
        lambda: MatchSeat.objects.filter(entry_id=entry_id, match__status="running").exists()
    )


def running_kinds(league_id: int) -> set[str]:
    """The kinds of the running matches: "house" (no remote seat) and "remote"."""

    def query() -> set[str]:
        running = Match.objects.filter(league_id=league_id, status=Match.Status.RUNNING)
        remote = running.filter(seats__entry__version__kind="remote").distinct()
        kinds = {"remote"} if remote.exists() else set()
        return kinds | ({"house"} if running.exclude(pk__in=remote).exists() else set())

    return with_database(query)


def played_normally_after(entry_id: int, moment: datetime, *, started: bool) -> datetime | None:
    """When the entry's first match recorded after ``moment`` in which its seat played to
    the end (code normal) was recorded; with ``started``, a match also claimed after it."""

    def query() -> datetime | None:
        seats = MatchSeat.objects.filter(
            entry_id=entry_id,
            code=SeatCode.NORMAL,
            match__status=Match.Status.FINISHED,
            match__finished_at__gt=moment,
        )
        if started:
            seats = seats.filter(match__started_at__gt=moment)
        return (
            seats.order_by("match__finished_at")
            .values_list("match__finished_at", flat=True)
            .first()
        )

    return with_database(query)


def scheduled_since(league_id: int, moment: datetime) -> bool:
    """Has matchmaking scheduled a match of the league after ``moment``?"""
    return with_database(
        lambda: Match.objects.filter(league_id=league_id, created_at__gt=moment).exists()
    )


def match_summary(league_id: int) -> dict[str, int]:
    """How many of the league's matches are in each status."""
    return with_database(
        lambda: dict(
            Match.objects.filter(league_id=league_id)
            .values_list("status")
            .annotate(n=Count("id"))
            .values_list("status", "n")
        )
    )
