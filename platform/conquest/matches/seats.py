"""The seat interface: how the match runner asks one seat for a decision.

Every kind of player sits behind :class:`Seat`: house bots in the worker's process
(:class:`HouseSeat`), remote bots through the gateway (:class:`RemoteSeat`). A seat raises
:class:`SeatFault` when it fails to decide; the runner then plays the default action and
counts a fault (see ``runner.py``).
"""

from __future__ import annotations

# The C functions behind the signal module: its ``signal()`` converts the handlers to and from
# enums, raising and catching an error for a function handler, ten times the cost of the call
# (twice per house decision: docs/benchmarks.md, "Issue 19 (session 14)").
import _signal
import json
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import WireError, codec
from conquest.matches.codes import PlatformEnd, Refusal, SeatCode
from conquest.matches.spec import MatchSpec, SeatOutcome
from conquest.relay.links import Link, Unreachable
from engines.core import Action, Result


class SeatFault(Exception):
    """A seat failed to decide, with the code it forfeits on if it must. With ``forfeit``
    the seat forfeits at once, whatever its fault count."""

    def __init__(self, code: SeatCode, reason: str, *, forfeit: bool = False) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.forfeit = forfeit


class Seat(ABC):
    """One seat's decision maker, as the runner sees it."""

    @abstractmethod
    async def decide(
        self, observation: Any, legal_actions: tuple[Action, ...], seconds: float
    ) -> Action:
        """An action within ``seconds``, or SeatFault. A coroutine: a remote seat awaits its
        bot on the event loop of remote matches; without a loop, a house seat never
        suspends."""

    def spent(self, wall_seconds: float) -> float:
        """The time to charge for the last decision, which took ``wall_seconds`` here."""
        return wall_seconds

    def judged(self, code: Refusal | str, reason: str) -> None:  # noqa: B027 - optional hook
        """What became of the action :meth:`decide` returned: played when ``code`` is
        empty, else refused for ``reason``."""

    def forfeited(self, code: SeatCode, message: str) -> None:  # noqa: B027 - optional hook
        """The seat forfeited on ``code`` (``message`` says why, for the bot): every later
        decision of it is the default action."""

    def notes(self) -> list[str]:
        """Lines the player wrote for the match log since the last call."""
        return []

    def close(self, result: Result | None, outcomes: Sequence[SeatOutcome]) -> None:  # noqa: B027
        """The match is over (``result`` is None when it stopped on an error)."""


class _Overtime(BaseException):
    """Raised inside a house player when its time is up (BaseException: bots can't catch it
    with ``except Exception``)."""


def _overtime(signum, frame):
    raise _Overtime


class _Alarm:
    """Interrupts its block after ``seconds`` with _Overtime (main thread only, else nothing).
    A class rather than a generator: every house decision enters one."""

    __slots__ = ("armed", "previous", "seconds")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False
        self.previous: Any = None

    def __enter__(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self.previous = _signal.signal(signal.SIGALRM, _overtime)
            self.armed = True
            signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 1e-6))

    def __exit__(self, *exc_info: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _signal.signal(signal.SIGALRM, self.previous)


class HouseSeat(Seat):
    """A house player (``act(observation, legal_actions)``) run in this process.

    It decides at once, in the caller's thread (on the loop of remote matches, its other
    matches wait meanwhile: a house decision takes microseconds to milliseconds, a hop to a
    thread cost more). In the main thread a real-time interval timer interrupts a player that
    overruns its time; elsewhere, where no signal reaches, the decision is measured after the
    fact: late is a timeout all the same.
    """

    def __init__(self, player: Any) -> None:
        self.player = player

    async def decide(
        self, observation: Any, legal_actions: tuple[Action, ...], seconds: float
    ) -> Action:
        return self.act(observation, legal_actions, seconds)

    def act(self, observation: Any, legal_actions: tuple[Action, ...], seconds: float) -> Action:
        """:meth:`decide`, called directly: the player's action, or SeatFault."""
        began = time.perf_counter()
        try:
            with _Alarm(seconds):
                action = self.player.act(observation, legal_actions)
        except _Overtime:
            raise SeatFault(SeatCode.TIMEOUT, f"no decision within {seconds:.3f} s") from None
        except Exception as error:
            raise SeatFault(SeatCode.CRASH, f"{type(error).__name__}: {error}") from error
        if time.perf_counter() - began > seconds:
            raise SeatFault(SeatCode.TIMEOUT, f"no decision within {seconds:.3f} s")
        return action


class RemoteSeat(Seat):
    """A remote bot, through the gateway holding its stream (``conquest/relay/links.py``).

    The bot is charged the think time the gateway measured (its network's round trip
    excluded), not the time the request took here. A late, oversized or malformed answer is
    a fault (``timeout``, ``illegal``, ``illegal``); a bot not connected for the whole grace
    period forfeits at once (``disconnect``). ``requests`` numbers the match's decisions
    (shared by its remote seats). It decides on the event loop of remote matches.
    """

    def __init__(self, link: Link, spec: MatchSpec, seat: int, requests: Iterator[int]) -> None:
        self.link = link
        self.spec = spec
        self.seat = seat
        self.requests = requests
        self.codec = codec(spec.game)
        self.request_id = 0
        self.charged = 0.0

    def _started(self, observation: Any) -> pb.MatchStarted:
        spec = self.spec
        return pb.MatchStarted(
            match_id=self.link.match_id,
            game=spec.game,
            variant=spec.variant,
            seat=self.seat,
            players=[pb.Player(seat=i, name=s.name) for i, s in enumerate(spec.seats)],
            time_control=pb.TimeControl(
                decision_seconds=spec.decision_seconds,
                time_bank_seconds=spec.time_bank_seconds,
                max_faults=spec.max_faults,
            ),
            setup=self.codec.encode_setup(observation),
            options_json=json.dumps(self.codec.game.resolve_options(spec.options)),
        )

    async def decide(
        self, observation: Any, legal_actions: tuple[Action, ...], seconds: float
    ) -> Action:
        if self.link.started is None:
            self.link.started = self._started(observation)
        self.request_id = next(self.requests)
        decision = pb.DecisionRequest(
            match_id=self.link.match_id,
            request_id=self.request_id,
            seat=self.seat,
            decision_seconds=self.spec.decision_seconds,
            time_bank_seconds=max(0.0, seconds - self.spec.decision_seconds),
        )
        body = self.codec.decision_body(observation, legal_actions)
        self.charged = 0.0
        try:
            reply = await self.link.ask(decision, seconds, body)
        except Unreachable as error:
            raise SeatFault(SeatCode.DISCONNECT, str(error), forfeit=True) from None
        self.charged = reply.think_seconds
        if reply.status == gw.DeliverReply.TIMEOUT:
            raise SeatFault(SeatCode.TIMEOUT, f"no action within {seconds:.3f} s")
        if reply.status == gw.DeliverReply.OVERSIZED:
            raise SeatFault(SeatCode.ILLEGAL, "an oversized answer")
        try:
            return self.codec.decode_action(reply.action)
        except WireError as error:
            self.judged(Refusal.MALFORMED, str(error))
            raise SeatFault(SeatCode.ILLEGAL, f"malformed action: {error}") from None

    def spent(self, wall_seconds: float) -> float:
        return self.charged

    def judged(self, code: Refusal | str, reason: str) -> None:
        result = pb.ActionResult(
            match_id=self.link.match_id,
            request_id=self.request_id,
            accepted=not code,
            code=code,
            reason=reason,
        )
        self.link.tell(result)

    def forfeited(self, code: SeatCode, message: str) -> None:
        """Tell the bot at once, on its stream, if it is connected (``Error`` ``forfeited``)."""
        notice = pb.Error(code="forfeited", message=message, match_id=self.link.match_id)
        self.link.notify(pb.ServerMessage(error=notice))

    def notes(self) -> list[str]:
        return [f"seat {self.seat} bot log: {line}" for line in self.link.take_logs()]

    def close(self, result: Result | None, outcomes: Sequence[SeatOutcome]) -> None:
        ended = pb.MatchEnded(match_id=self.link.match_id)
        if result is None:
            ended.reason, ended.detail = (
                PlatformEnd.ERROR,
                "the match stopped on an infrastructure error",
            )
        else:
            ended.reason, ended.detail = result.reason, result.detail
            ended.results.extend(
                pb.SeatResult(seat=i, placement=o.placement, score=o.score, code=o.code)
                for i, o in enumerate(outcomes)
            )
        self.link.finish(ended)
