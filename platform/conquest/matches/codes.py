"""The codes a match's seats and ends are told by, defined once (no Django here).

The runner, the seats, the selectors and the models' choices all use these: a seat's code
(:class:`SeatCode`), how a seat is played (:class:`SeatKind`) and the end reason the platform
itself gives a match (:class:`PlatformEnd`); the games declare their own end reasons
(``GameInfo.end_reasons``).

>>> SeatCode.TIMEOUT == "timeout", SeatCode.TIMEOUT.label
(True, 'timeout: forfeited after too many late decisions')
"""

from __future__ import annotations

from enum import StrEnum


class SeatCode(StrEnum):
    """How a seat ended: played to the end, or the fault it forfeited on."""

    NORMAL = "normal"
    TIMEOUT = "timeout"
    CRASH = "crash"
    ILLEGAL = "illegal"
    DISCONNECT = "disconnect"
    FORFEIT = "forfeit"

    @property
    def label(self) -> str:
        """The code and what it means (the model's choice label)."""
        return f"{self.value}: {_MEANINGS[self]}"

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        """(value, label) pairs for a model field's ``choices``."""
        return [(code.value, code.label) for code in cls]


class SeatKind(StrEnum):
    """How a seat is played: a house player in the worker, a remote bot through a gateway, or
    nobody (the bot was withdrawn before the match: the seat forfeits)."""

    HOUSE = "house"
    REMOTE = "remote"
    ABSENT = "forfeit"


class PlatformEnd(StrEnum):
    """End reasons the platform gives a match where the game gave none."""

    ERROR = "error"
    """The match stopped on an infrastructure error (told to the bots in MatchEnded)."""


class Refusal(StrEnum):
    """Why an action of a remote bot was refused (``ActionResult.code``)."""

    ILLEGAL = "illegal"
    MALFORMED = "malformed"


_MEANINGS: dict[SeatCode, str] = {
    SeatCode.NORMAL: "played to the end",
    SeatCode.TIMEOUT: "forfeited after too many late decisions",
    SeatCode.CRASH: "forfeited after the bot failed too often",
    SeatCode.ILLEGAL: "forfeited after too many illegal actions",
    SeatCode.DISCONNECT: "forfeited after losing its connection",
    SeatCode.FORFEIT: "withdrawn (e.g. bot disabled) before or during the match",
}
