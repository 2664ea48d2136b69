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

    @property
    def remote(self) -> bool:
        """Does a remote bot sit in one of the seats?"""
        return any(s.kind == SeatKind.REMOTE for s in self.seats)


@dataclass
class SeatOutcome:
    """How one seat ended: its MatchSeat code, placement, score, faults and time spent."""

    code: SeatCode = SeatCode.NORMAL
    placement: int = 0
    score: float = 0.0
    faults: int = 0
    time_used: float = 0.0


@dataclass
class Outcome:
    """A played match: the engine's result, each seat's outcome, the replay and the log."""

    result: Result
    seats: list[SeatOutcome]
    replay_json: str
    steps: int
    log: list[str] = field(default_factory=list)
    seconds: float = 0.0
