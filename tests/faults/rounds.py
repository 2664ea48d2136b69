"""One round of the suite: a fault injected into the running ladder, then every check and
measurement of what followed (``checks``); and the warm-up that comes before the first."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import checks
from checks import Excuse, Problem
from django.utils import timezone
from injections import Fault, Injected, Stage

THROUGHPUT_WINDOW = 10.0
"""Throughput is counted over windows of this many seconds."""
THROUGHPUT_SHARE = 0.5
"""Throughput is back once a window holds this share of the warm-up's."""
WARM_UP_SECONDS = 180.0
"""How long every process of the set may take to play its first match."""


@dataclass
class Round:
    """A round's figures and broken invariants (a warm-up or between-faults window too)."""

    kind: str
    number: int
    at: datetime
    matches: int = 0
    lost: list[Problem] = field(default_factory=list)
    double: list[Problem] = field(default_factory=list)
    stuck: list[Problem] = field(default_factory=list)
    ratings: list[str] | None = None
    """The ratings' differences from their recomputation (None: not checked)."""
    unrecovered: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    evidence: dict[int, list[str]] = field(default_factory=dict)
    """The processes' log lines naming each lost or stuck match."""
    last_words: list[str] = field(default_factory=list)
    """The last error lines of the processes that exited by themselves."""
    recovery: float | None = None
    throughput_back: float | None = None
    bot_back: float | None = None
    settled: float | None = None
    """Seconds from the fault until every match pending at it had ended."""
    all_back: float | None = None
    """Seconds from the fault until every process was back at work."""

    def failures(self) -> list[str]:
        """Every broken invariant, one line each (empty: the round passed)."""
        return [
            *(f"lost: {p}" for p in self.lost),
            *(f"double-counted: {p}" for p in self.double),
            *(f"stuck: {p}" for p in self.stuck),
            *(f"ratings: {d}" for d in self.ratings or []),
            *(f"not recovered: {u}" for u in self.unrecovered),
            *(f"suite: {m}" for m in self.missed),
        ]


class Clock:
    """A deadline, ``seconds`` from now."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds before the deadline (0 past it)."""
        return max(0.0, self.end - time.monotonic())


def wait_for(value, clock: Clock, done=bool):
    """``value()`` once ``done`` with it (by default: once it is truthy), polling until the
    deadline; its last value."""
    while True:
        found = value()
        if done(found) or not clock.left():
            return found
        time.sleep(0.25)


def _seconds(later: datetime | None, earlier: datetime) -> float | None:
    return None if later is None else (later - earlier).total_seconds()


class Runner:
    """Plays rounds on ``stage``, keeping what spans them: the excuses of bot faults, the
    problems already reported, the last window checked and the warm-up's throughput."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.excuses: list[Excuse] = []
        self.reported: set[str] = set()
        self.stuck: set[int] = set()
        """Matches reported stuck: a later round does not wait for them again."""
        self.checked_until = timezone.now()
        self.rate = 0.0

    @property
    def league(self) -> int:
        return self.stage.league_id

    def warm_up(self, seconds: float) -> Round:
        """Wait until every process plays, then measure the throughput for ``seconds``;
        the warm-up's round (kind "warm-up")."""
        started = self.checked_until
        result = Round("warm-up", 0, started)
        wait_for(lambda: not self.unrecovered(started), Clock(WARM_UP_SECONDS))
        result.unrecovered = self.unrecovered(started)
        begin = timezone.now()
        time.sleep(seconds)  # a measurement, not an assertion
        recorded = checks.recorded_times(self.league, begin)
        self.rate = len(recorded) / seconds
        result.notes.append(f"throughput {self.rate:.2f} matches/s over {seconds:g} s")
        self._check_window(result, started, set())
        return result

    def between(self, until: datetime) -> Round:
        """The window since the last check, up to a fault (kind "between faults")."""
        result = Round("between faults", 0, self.checked_until)
        ended = checks.ended_ids(self.league, self.checked_until, until)
        result.matches = len(ended)
        result.lost = self._new(checks.lost(ended, self.excuses))
        for problem in result.lost:
            result.evidence[problem.match_id] = self.stage.fleet.mentions(problem.match_id)
        return result

    def play(self, fault: Fault, number: int) -> tuple[Round, Round]:
        """Inject ``fault`` (round ``number``); the window before it and the fault's round."""
        target = fault.aim(self.stage, number)
        at_risk = checks.pending_ids(self.league) - self.stuck
        injected = fault.strike(self.stage, target)
        before = self.between(injected.at)
        self.checked_until = injected.at
        self.excuses += injected.excuses
        result = Round(fault.name, number + 1, injected.at, missed=injected.missed)
        result.notes += injected.notes
        self._follow(result, injected, at_risk)
        if result.unrecovered:
            self.stage.fleet.restart_all()  # so that the next round starts whole
            result.notes.append("the process set was restarted after this round")
        return before, result

    def _follow(self, result: Round, injected: Injected, at_risk: set[int]) -> None:
        """Wait for the recovery (up to the timers' bound), measure it, then check."""
        clock = Clock(self.stage.timers.bound)
        recorded = wait_for(lambda: checks.first_recorded_after(self.league, injected.at), clock)
        result.recovery = _seconds(recorded, injected.at)
        if wait_for(lambda: not checks.still_pending(at_risk), clock):
            result.settled = _seconds(timezone.now(), injected.at)
        self._wait_processes(result, injected, clock)
        if injected.bot is not None:
            result.bot_back = self._bot_back(injected, clock)
        result.throughput_back = wait_for(
            lambda: self._throughput_back(injected.at), clock, lambda back: back is not None
        )
        if injected.reconnections is not None:
            result.notes += injected.reconnections.notes()
        self._check_window(result, injected.at, at_risk)

    def _wait_processes(self, result: Round, injected: Injected, clock: Clock) -> None:
        """Wait until every process is back at work; say which are not, and the last words
        of those that exited."""
        if wait_for(lambda: not self.unrecovered(injected.restored), clock):
            result.all_back = _seconds(timezone.now(), injected.at)
        result.unrecovered = self.unrecovered(injected.restored)
        for role in self.stage.fleet.roles:
            if not role.alive():
                result.last_words += role.last_words()

    def _bot_back(self, injected: Injected, clock: Clock) -> float | None:
        """Seconds from the fault to the end of the struck bot's first match played to the
        end after it was back."""
        entry = injected.bot.entry_id
        played = wait_for(
            lambda: checks.played_normally_after(entry, injected.restored, started=False), clock
        )
        return _seconds(played, injected.at)

    def _check_window(self, result: Round, since: datetime, at_risk: set[int]) -> None:
        """Check the matches pending at ``since`` or ended after it, and the league."""
        until = timezone.now()
        window = at_risk | checks.ended_ids(self.league, since, until)
        result.matches = len(window)
        result.lost = self._new(checks.lost(window, self.excuses))
        result.stuck = checks.stuck(at_risk)
        self.stuck.update(p.match_id for p in result.stuck)
        result.double = self._new(checks.double_counted(self.league))
        result.ratings = checks.rating_differences(self.league)
        for problem in [*result.lost, *result.stuck]:
            result.evidence[problem.match_id] = self.stage.fleet.mentions(problem.match_id)
        self.checked_until = until

    def _new(self, problems: list[Problem]) -> list[Problem]:
        """Those of ``problems`` not reported by an earlier round."""
        fresh = [p for p in problems if str(p) not in self.reported]
        self.reported.update(str(p) for p in fresh)
        return fresh

    def unrecovered(self, since: datetime) -> list[str]:
        """The processes not back at work since ``since``: dead, or a worker that recorded
        no match it claimed since, a bot that played none to the end, a scheduler that
        scheduled none."""
        stage, fleet = self.stage, self.stage.fleet
        missing = [f"{role.name} exited" for role in fleet.roles if not role.alive()]
        for role in [*fleet.workers, fleet.remote]:
            if not checks.worker_recorded_since(role.pid, since):
                missing.append(f"{role.name} recorded no match claimed since")
        for bot in stage.bots:
            if not checks.played_normally_after(bot.entry_id, since, started=True):
                missing.append(f"{bot.name} played no match to the end since")
        if not checks.scheduled_since(self.league, since):
            missing.append("beat: no match scheduled since")
        return missing

    def _throughput_back(self, since: datetime) -> float | None:
        """Seconds from ``since`` to the first window holding the warm-up's share of
        matches, or None (no such window yet)."""
        times = checks.recorded_times(self.league, since)
        needed = max(1, round(self.rate * THROUGHPUT_WINDOW * THROUGHPUT_SHARE))
        window = timedelta(seconds=THROUGHPUT_WINDOW)
        for first in range(len(times) - needed + 1):
            start = max(since, times[first + needed - 1] - window)
            if times[first] >= start:
                return (start - since).total_seconds()
        return None
