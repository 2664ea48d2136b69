"""The bot's side of the protocol: one gRPC stream to the platform, every match on it.

:class:`Client` connects with the bot's token, says Hello and plays each match it is seated in
with a new instance of the bot's class (``act(observation, legal_actions)``, constructed with
``seed=``), several matches at once: each ``act`` runs in a thread, so the other matches and
the pings go on meanwhile. A dropped connection is opened again with exponential backoff
and jitter, capped well inside the grace period the platform announced (a sixth of it), so
that a bot whose gateway comes back reconnects before its matches forfeit it; the platform
then resumes the running matches (MatchStarted with ``resumed``), which keep their
instances. A connection on which the platform has said nothing for three ping intervals
counts as dropped (a stream closed while the network was cut is never reported to the bot).
A refusal (a wrong token) ends it with :class:`PlatformRefused`. Both ways, messages that
are ready while the stream is still writing go together in one batch (``ServerBatch``,
``BotBatch``: Hello and Welcome say each side reads them).
"""

from __future__ import annotations

import asyncio
import contextvars
import random
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import grpc
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type

from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.streams import OWN_SUBCHANNEL, STREAM_ENDED, Outbox, batcher
from bots.protocol.wire import GameCodec, WireError, codec
from bots.sdk.matchlog import LOGGER, deciding_in
from engines.core import EngineError
from engines.play import Player
from engines.registry import games

SDK_NAME = "conquest-arena-python"
REFUSALS = frozenset(
    {
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.UNIMPLEMENTED,
    }
)
"""Call statuses that retrying cannot cure: a wrong token, a Hello or an address refused."""
FIRST_BACKOFF_SECONDS = 0.1
"""The wait after a first failed connection attempt; it doubles with each failure after."""
DEFAULT_MAX_BACKOFF_SECONDS = 5.0
"""The longest wait between connection attempts before a Welcome announced the grace period."""
GRACE_FRACTION = 6
"""The longest wait between connection attempts is this fraction of the grace period."""
SILENT_PINGS = 3
"""A connection is given up when the platform, which pings every ``ping_interval_seconds`` its
Welcome announced, has said nothing for this many intervals: a stream the platform closed while
the network was cut sends the bot nothing, ever."""


def backoff_seconds(failures: int, cap: float, rng: random.Random | None = None) -> float:
    """The wait after ``failures`` failed connection attempts in a row (1, 2, ...): the
    exponential ``FIRST_BACKOFF_SECONDS`` × 2^(failures − 1), at most ``cap``, of which a
    random part between half and all (so that bots dropped together do not come back
    together). Never more than ``cap``."""
    ceiling = min(cap, FIRST_BACKOFF_SECONDS * 2.0 ** min(failures - 1, 60))
    return (rng or random).uniform(ceiling / 2, ceiling)


def sdk_version() -> str:
    """The installed version of this SDK (the ``conquest-arena`` distribution)."""
    try:
        return metadata.version("conquest-arena")
    except metadata.PackageNotFoundError:
        return "0+unknown"


_CONNECT = f"/{pb.DESCRIPTOR.services_by_name['BotService'].full_name}/Connect"
"""The stream's method: its messages are written as bytes (``Outbox``)."""


class PlatformRefused(Exception):
    """The platform refused the bot (wrong or revoked token, another protocol version):
    connecting again would not help."""


class ConnectionLost(Exception):
    """The stream failed before the platform welcomed the bot; retried with backoff."""


@dataclass
class SeatPlay:
    """The bot in one seat of one match: its own player instance and the match's setup."""

    started: pb.MatchStarted
    player: Player
    codec: GameCodec
    setup: dict[str, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    latest: int = 0  # the newest request id received: older ones are not answered any more
    reply: pb.ActionReply | None = None  # the last reply, sent again if its request is
    reply_connection: int = 0  # the connection it was sent on


class Client:
    """Plays the matches of the bot whose ``token`` it holds, at ``address`` (host:port)."""

    def __init__(
        self,
        player_class: type,
        token: str,
        address: str,
        *,
        max_matches: int = 1,
        secure: bool = False,
        inline: bool = False,
        max_backoff_seconds: float | None = None,
    ) -> None:
        self.player_class = player_class
        self.token = token
        self.address = address
        self.max_matches = max_matches
        self.secure = secure
        self.inline = inline
        """Call ``act`` on the event loop instead of a thread: less latency for bots that
        decide in microseconds, but pings and other matches wait while one decides."""
        self.max_backoff_seconds = max_backoff_seconds
        """The longest wait between connection attempts; None: :attr:`backoff_cap`'s
        default."""
        self.matches: dict[tuple[int, int], SeatPlay] = {}
        """The seats being played, by (match id, seat)."""
        self.welcome: pb.Welcome | None = None
        self.connections = 0
        """Connections the platform welcomed so far."""
        self._call: Any = None
        self._outbox: Outbox | None = None
        """The current connection's writes (None between connections)."""
        self._stopping = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._executor = ThreadPoolExecutor(max_matches, thread_name_prefix="bot-act")

    async def run(self) -> None:
        """Play until :meth:`stop` is called; raises PlatformRefused on a refusal.

        Every registered game's codec is built first, before connecting: importing the games'
        engines takes 0.15 s on a quiet machine and several times that on a busy one, which in
        a first match would count against that match's first decision (the platform's clock
        runs from writing the request)."""
        for game in games():
            codec(game.name)
        stopping = asyncio.create_task(self._stopping.wait())
        playing = asyncio.create_task(self._reconnecting())
        try:
            done, _ = await asyncio.wait({stopping, playing}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (stopping, playing, *self._tasks):
                task.cancel()
            await asyncio.gather(stopping, playing, *self._tasks, return_exceptions=True)
            self._executor.shutdown(wait=False, cancel_futures=True)
        if playing in done:
            playing.result()  # it ends only by raising: PlatformRefused

    def stop(self) -> None:
        """Close the stream and end :meth:`run` (fine from a signal handler)."""
        self._stopping.set()

    # -- connection ------------------------------------------------------------------

    @property
    def backoff_cap(self) -> float:
        """The longest wait between connection attempts: ``max_backoff_seconds`` if given,
        else a sixth of the grace period the last Welcome announced (5 s before one)."""
        if self.max_backoff_seconds is not None:
            return self.max_backoff_seconds
        grace = self.welcome.limits.reconnect_grace_seconds if self.welcome else 0.0
        return grace / GRACE_FRACTION if grace > 0 else DEFAULT_MAX_BACKOFF_SECONDS

    def _backoff(self, state: RetryCallState) -> float:
        return backoff_seconds(state.attempt_number, self.backoff_cap)

    def _waiting(self, state: RetryCallState) -> None:
        """Say why the bot is not connected, and, until a first Welcome, what to check."""
        error = state.outcome.exception() if state.outcome else None
        wait = state.next_action.sleep if state.next_action else 0.0
        hint = (
            ""
            if self.connections
            else f" (is a gateway serving at {self.address}? Check --address; ./scripts/demo "
            "serves one at 127.0.0.1:50051)"
        )
        LOGGER.warning(
            "not connected to %s: %s%s; trying again in %.3f s", self.address, error, hint, wait
        )

    async def _reconnecting(self) -> None:
        while True:  # a fresh backoff after every connection the platform welcomed
            retrying = AsyncRetrying(
                retry=retry_if_exception_type(ConnectionLost),
                wait=self._backoff,
                before_sleep=self._waiting,
            )
            await retrying(self._connection)

    async def _connection(self) -> None:
        """One connection: Hello, Welcome, then every message until the stream ends."""
        metadata = (("authorization", f"Bot {self.token}"),)
        async with self._channel() as channel:
            connect: Any = channel.stream_stream(
                _CONNECT, response_deserializer=pb.ServerMessage.FromString
            )
            call = connect(metadata=metadata)
            try:
                await call.write(pb.BotMessage(hello=self._hello()).SerializeToString())
                first = await call.read()
                if first is grpc.aio.EOF:
                    raise ConnectionLost("the platform closed the stream before its Welcome")
                self._welcomed(first, call)
                await self._listen(call)
            except grpc.aio.AioRpcError as error:
                status = f"{error.code().name}: {error.details()}"
                if error.code() in REFUSALS:
                    raise PlatformRefused(f"the platform refused the bot ({status})") from None
                if self._call is not call:
                    raise ConnectionLost(status) from None
                LOGGER.warning("connection lost (%s); connecting again", status)
            finally:
                self._call = self._outbox = None

    async def _listen(self, call: Any) -> None:
        """Handle every message until the stream ends or the platform falls silent for
        ``SILENT_PINGS`` ping intervals (no limit when the Welcome announced no pings)."""
        assert self.welcome is not None
        silence = SILENT_PINGS * self.welcome.limits.ping_interval_seconds
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(None) as deadline:
                while True:
                    if silence > 0:
                        deadline.reschedule(loop.time() + silence)
                    message = await call.read()
                    if message is grpc.aio.EOF:
                        break
                    self._handle(message)
        except TimeoutError:
            call.cancel()
            LOGGER.warning("no word from the platform for %.1f s; connecting again", silence)
            return
        LOGGER.warning("the platform closed the stream; connecting again")

    def _channel(self) -> grpc.aio.Channel:
        """A fresh channel for one connection attempt, on a subchannel of its own."""
        if self.secure:
            return grpc.aio.secure_channel(
                self.address, grpc.ssl_channel_credentials(), options=OWN_SUBCHANNEL
            )
        return grpc.aio.insecure_channel(self.address, options=OWN_SUBCHANNEL)

    def _hello(self) -> pb.Hello:
        return pb.Hello(
            protocol_version=PROTOCOL_VERSION,
            sdk_name=SDK_NAME,
            sdk_version=sdk_version(),
            max_matches=self.max_matches,
            batches=True,
        )

    def _welcomed(self, message: pb.ServerMessage, call: Any) -> None:
        if message.WhichOneof("message") != "welcome":
            raise PlatformRefused(f"expected a Welcome, got {message.WhichOneof('message')}")
        welcome = message.welcome
        if welcome.protocol_version != PROTOCOL_VERSION:
            raise PlatformRefused(
                f"the platform speaks protocol {welcome.protocol_version}, this SDK "
                f"{PROTOCOL_VERSION}: upgrade the SDK"
            )
        self.welcome, self._call = welcome, call
        self._outbox = Outbox(
            call.write,
            batcher(pb.BotMessage) if welcome.batches else None,
            welcome.limits.max_message_bytes,
        )
        self.connections += 1
        LOGGER.info(
            "connected to %s as %s (bot %d), up to %d matches at once",
            self.address,
            welcome.bot_name,
            welcome.bot_id,
            welcome.limits.max_matches,
        )

    async def _send(self, message: pb.BotMessage) -> None:
        """Write ``message``; with others ready at once, in one BotBatch if the platform
        reads them."""
        outbox = self._outbox
        if outbox is None:  # between connections: the platform asks again for what it needs
            return
        try:
            await outbox.send(message.SerializeToString())
        except STREAM_ENDED as error:
            LOGGER.debug("not sent, the connection is closing: %s", error)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- messages --------------------------------------------------------------------

    def _handle(self, message: pb.ServerMessage) -> None:
        kind = message.WhichOneof("message")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:  # a message of a newer protocol revision
            LOGGER.debug("ignored a message this SDK does not know")
        else:
            handler(message)

    def _on_batch(self, message: pb.ServerMessage) -> None:
        for item in message.batch.messages:
            self._handle(item)

    def _on_welcome(self, message: pb.ServerMessage) -> None:
        LOGGER.warning("ignored a second Welcome")

    def _on_ping(self, message: pb.ServerMessage) -> None:
        self._spawn(self._send(pb.BotMessage(pong=pb.Pong(ping_id=message.ping.ping_id))))

    def _on_match_started(self, message: pb.ServerMessage) -> None:
        started = message.match_started
        key = (started.match_id, started.seat)
        known = self.matches.get(key)
        if started.resumed and known is not None:
            known.started = started  # same player instance: it keeps what it learned
            LOGGER.info("match %d resumed", started.match_id)
            return
        try:
            game = codec(started.game)
            setup = game.decode_setup(started.setup)
        except (EngineError, WireError) as error:
            LOGGER.error("match %d: cannot play it: %s", started.match_id, error)
            return
        try:
            player = self.player_class(seed=started.match_id * 1000 + started.seat)
        except Exception:  # the bot's own code: its other matches go on
            LOGGER.exception("match %d: the bot could not be created", started.match_id)
            return
        self.matches[key] = SeatPlay(started, player, game, setup)
        LOGGER.info(
            "match %d: %s/%s, seat %d of %d",
            started.match_id,
            started.game,
            started.variant,
            started.seat,
            len(started.players),
        )

    def _on_decision(self, message: pb.ServerMessage) -> None:
        for result in message.decision.results:
            self._result(result)
        self._spawn(self._decide(message.decision))

    def _on_action_result(self, message: pb.ServerMessage) -> None:
        self._result(message.action_result)

    def _result(self, result: pb.ActionResult) -> None:
        if not result.accepted:
            LOGGER.warning(
                "match %d: action refused (%s): %s", result.match_id, result.code, result.reason
            )

    def _on_match_ended(self, message: pb.ServerMessage) -> None:
        ended = message.match_ended
        placements = {result.seat: result.placement for result in ended.results}
        for key in [key for key in self.matches if key[0] == ended.match_id]:
            del self.matches[key]  # every seat of the match, results or not (an error)
            LOGGER.info(
                "match %d over (%s): seat %d placed %s",
                ended.match_id,
                ended.reason,
                key[1],
                placements.get(key[1], "-"),
            )

    def _on_error(self, message: pb.ServerMessage) -> None:
        error = message.error
        LOGGER.warning(
            "platform error %s (match %d): %s", error.code, error.match_id, error.message
        )

    # -- decisions -------------------------------------------------------------------

    async def _decide(self, request: pb.DecisionRequest) -> None:
        seat = self.matches.get((request.match_id, request.seat))
        if seat is None:
            LOGGER.warning("decision for match %d, which this bot does not play", request.match_id)
            return
        seat.latest = max(seat.latest, request.request_id)
        async with seat.lock:  # one decision of a seat at a time, in order
            if request.request_id != seat.latest:
                return  # a newer decision superseded it while it waited
            if seat.reply is None or seat.reply.request_id != request.request_id:
                action = await self._act(seat, request)
                if action is None or request.request_id != seat.latest:
                    return
                seat.reply = pb.ActionReply(
                    match_id=request.match_id, request_id=request.request_id, action=action
                )
            elif seat.reply_connection == self.connections:
                return  # asked again on the connection that already has the answer
            seat.reply_connection = self.connections
            await self._send(pb.BotMessage(action=seat.reply))

    async def _act(self, seat: SeatPlay, request: pb.DecisionRequest) -> pb.Action | None:
        """The bot's action, encoded; None (and a log line) if the bot failed."""
        try:
            observation = seat.codec.decode_observation(request.observation, seat.setup)
            legal = seat.codec.decode_legal_actions(request.legal_actions)
        except WireError as error:
            LOGGER.error("match %d: unreadable decision request: %s", request.match_id, error)
            return None
        context = contextvars.copy_context()
        context.run(deciding_in, self._log_sink(request.match_id))
        loop = asyncio.get_running_loop()
        try:
            if self.inline:
                action = context.run(seat.player.act, observation, legal)
            else:
                action = await loop.run_in_executor(
                    self._executor, context.run, seat.player.act, observation, legal
                )
            return seat.codec.encode_action(action)
        except Exception as error:
            LOGGER.exception("match %d: the bot failed", request.match_id)
            self._log_line(request.match_id, f"the bot failed: {type(error).__name__}: {error}")
            return None

    def _log_sink(self, match_id: int) -> Callable[[str], None]:
        loop = asyncio.get_running_loop()

        def sink(text: str) -> None:
            loop.call_soon_threadsafe(self._log_line, match_id, text)

        return sink

    def _log_line(self, match_id: int, text: str) -> None:
        self._spawn(self._send(pb.BotMessage(log=pb.LogLine(match_id=match_id, text=text))))
