"""The plain data a match is played from and ends in, shared by the runner and the seats.

It crosses process boundaries (the worker's sandbox), so it is plain dataclasses; no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conquest.matches.codes import SeatCode, SeatKind
from engines.core import Result


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat: a display name, the version's kind, its house player (house)
    or its bot (remote)."""

    name: str
    kind: SeatKind
    player: str = ""
    bot_id: int = 0


@dataclass(frozen=True)
class MatchSpec:
    """Everything needed to play a match, as plain data (it crosses process boundaries)."""

    game: str
    variant: str
    options: dict[str, Any]
    seed: int
    engine_version: str
    seats: tuple[SeatSpec, ...]
    decision_seconds: float = 1.0
    time_bank_seconds: float = 10.0
    max_faults: int = 3
    pace_seconds: float = 0.0
    """House-only matches: the least time between two actions, so spectators can follow."""

    @property
    def remote(self) -> bool:
        """Does a remote bot sit in one of the seats?"""
        return any(s.kind == SeatKind.REMOTE for s in self.seats)


FAULT_KINDS: dict[SeatCode, str] = {
    SeatCode.TIMEOUT: "timeouts",
    SeatCode.CRASH: "crashes",
    SeatCode.ILLEGAL: "illegal_actions",
    SeatCode.DISCONNECT: "disconnects",
}
"""The fault codes counted one by one: the SeatOutcome (and MatchSeat) field of each."""


@dataclass
class SeatOutcome:
    """How one seat ended: its MatchSeat code, placement, score, faults (the total, and each
    kind of :data:`FAULT_KINDS`) and time spent."""

    code: SeatCode = SeatCode.NORMAL
    placement: int = 0
    score: float = 0.0
    faults: int = 0
    time_used: float = 0.0
    timeouts: int = 0
    crashes: int = 0
    illegal_actions: int = 0
    disconnects: int = 0

    def count_fault(self, code: SeatCode) -> None:
        """One more fault: in the total, and in its kind's count if it has one.

        >>> out = SeatOutcome()
        >>> out.count_fault(SeatCode.TIMEOUT); out.count_fault(SeatCode.ILLEGAL)
        >>> out.faults, out.timeouts, out.illegal_actions, out.crashes
        (2, 1, 1, 0)
        """
        self.faults += 1
        kind = FAULT_KINDS.get(code)
        if kind is not None:
            setattr(self, kind, getattr(self, kind) + 1)


@dataclass
class Outcome:
    """A played match: the engine's result, each seat's outcome, the replay and the log."""

    result: Result
    seats: list[SeatOutcome]
    replay_json: str
    steps: int
    log: list[str] = field(default_factory=list)
    seconds: float = 0.0
    decisions: list[float] = field(default_factory=list)
    """The time charged to its seat for each decision, in order (the workers' metrics)."""
