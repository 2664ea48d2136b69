"""The seat interface: how the match runner asks one seat for a decision.

Every kind of player sits behind :class:`Seat`: house bots in the worker's process now, remote
bots through the gateway later. A seat raises :class:`SeatFault` when it fails to decide; the
runner then plays the default action and counts a fault (see ``runner.py``).
"""

from __future__ import annotations

import signal
from abc import ABC, abstractmethod
from typing import Any

from engines.core import Action, Result


class SeatFault(Exception):
    """A seat failed to decide; ``code`` is a MatchSeat code (timeout, crash, disconnect)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class Seat(ABC):
    """One seat's decision maker, as the runner sees it."""

    @abstractmethod
    def decide(self, observation: Any, legal_actions: tuple[Action, ...], seconds: float) -> Action:
        """An action within ``seconds``, or SeatFault."""

    def close(self, result: Result | None) -> None:  # noqa: B027 - optional hook
        """The match is over (``result`` is None when it stopped on an error)."""


class _Overtime(BaseException):
    """Raised inside a house player when its time is up (BaseException: bots can't catch it
    with ``except Exception``)."""


def _overtime(signum, frame):
    raise _Overtime


class HouseSeat(Seat):
    """A house player (``act(observation, legal_actions)``) run in this process.

    The time limit is a real-time interval timer, so the runner must be the main thread of
    its process (the match sandbox is).
    """

    def __init__(self, player: Any) -> None:
        self.player = player

    def decide(self, observation: Any, legal_actions: tuple[Action, ...], seconds: float) -> Action:
        previous = signal.signal(signal.SIGALRM, _overtime)
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
        try:
            return self.player.act(observation, legal_actions)
        except _Overtime:
            raise SeatFault("timeout", f"no decision within {seconds:.3f} s") from None
        except Exception as error:
            raise SeatFault("crash", f"{type(error).__name__}: {error}") from error
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
