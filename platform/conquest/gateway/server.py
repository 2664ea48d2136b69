"""The gateway: the gRPC server remote bots connect to, and the server workers deliver through.

Two ports, one process (``manage.py run_gateway``):

- **public** (gRPC): ``BotService.Connect``, each bot's one stream; ``SpectatorService.Watch``;
  the standard health service and server reflection;
- **internal** (workers only, never exposed to bots; bound to loopback unless configured
  otherwise): protobuf frames on TCP (``proto/arena/internal/v1/gateway.proto``,
  ``conquest.relay.frames``), one connection per worker process, on which each
  DeliverRequest has a match's messages written on its bot's stream and, for a decision
  (its bytes written as they came, unparsed), waits for the action (concurrently). A
  connection whose Hello lacks the platform's shared secret is refused
  (``conquest.relay.auth``); a malformed frame closes it.

**Health.** ``SERVING`` while Redis answers (checked every ``ARENA_GATEWAY_HEALTH_SECONDS``:
without it no worker finds the bots here), ``NOT_SERVING`` while it does not: the public
port's standard gRPC health service, for the overall status ("") and each service; on the
internal port, the Welcome's ``serving`` (a Hello without a secret asks for it alone:
``manage.py gateway_health``).

The gateway registers each bot stream it holds under its internal address in the Redis
presences (``conquest/relay/presence.py``), where the workers find it, and registers it
again if Redis lost it (a restart).

**Attempts.** A match may be played again after its worker lost the lease (attempt 2, 3...),
while the older attempt still runs. Each delivery names its attempt: per connection and
match the gateway keeps the newest one seen, answers an older one STALE without writing
anything, and ends the older attempt's pending decisions STALE when a newer one arrives.

What the gateway enforces on a stream: the token (``authorization: Bot <token>``: a live token
of an enabled bot, else UNAUTHENTICATED; UNAVAILABLE, which a bot retries, when the database
cannot be reached); Hello first; an answer only to a request pending on
this connection (else an Error ``unknown_match``, ``late`` or ``not_pending``, with no
effect); the size limit (``BOT_MAX_MESSAGE_BYTES``: a larger message gets an Error
``oversized``, and an oversized answer to a pending request is a fault); bytes that are no
BotMessage get an Error ``malformed``. Nothing a bot sends ends the gateway or another stream.
The clock: a decision's think time is measured here, from writing the request (once it is
written, not while it waits behind the stream's other messages) to reading the answer, less
the connection's round trip (the smallest of the last ``RTT_SAMPLES`` pings, at most
``RTT_CREDIT_CAP`` seconds).

**Batches.** A bot's messages may come several in one ``BotBatch`` (the Welcome says the
gateway reads them), each handled as if it came alone. To a bot whose Hello asked for them,
the messages that become ready while the stream is still writing go together in one
``ServerBatch`` (``bots.protocol.streams.Outbox``): a bot playing hundreds of matches costs
both ends a gRPC message per batch rather than per decision, and a lone decision is written at
once. A decision's clock starts when the batch holding it is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
import uuid
from collections import deque
from dataclasses import dataclass, field

import grpc
import redis
import redis.asyncio
from django.conf import settings
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.streams import STREAM_ENDED, Outbox, batcher
from bots.protocol.wire import length_delimited
from conquest import metrics
from conquest.bots.services import token_authenticate
from conquest.events import log_event
from conquest.gateway import database, spectators
from conquest.relay import frames
from conquest.relay.auth import REVISION, authorized
from conquest.relay.presence import Presence, Presences

logger = logging.getLogger(__name__)

BOT_SERVICE = pb.DESCRIPTOR.services_by_name["BotService"].full_name
SPECTATOR_SERVICE = pb.DESCRIPTOR.services_by_name["SpectatorService"].full_name
HELLO_SECONDS = 10.0
"""How long a new stream, or a worker's new connection, may take to send its Hello."""
SUPERSEDE_SECONDS = 1.0
"""How long telling a replaced stream why may take."""
RTT_SAMPLES = 5
RTT_CREDIT_CAP = 0.5
"""The round trip credited to a bot: the smallest of its last pings', at most this (s)."""
LOG_LINE_CHARS = 500
LOG_LINES_PER_SECOND = 20.0
LOG_LINES_BURST = 100
"""A bot's log lines: each cut to LOG_LINE_CHARS; a stream may send LOG_LINES_PER_SECOND
on average, LOG_LINES_BURST at once; the others are dropped (and counted in the log)."""
ATTEMPTS_KEPT = 1000
"""The matches per connection whose newest attempt is remembered (the oldest are forgotten)."""
REDIS_CHECK_SECONDS = 2.0
"""How long the health check waits for Redis's answer to a PING."""
_DECISIONS = {
    result: metrics.GATEWAY_DECISIONS.labels(result=result)
    for result in ("answered", "timeout", "other")
}
"""The decisions' counters by result (a label's lookup costs more than the count)."""
_SERVER_BATCH = batcher(pb.ServerMessage)
_DECISION_FIELD = pb.ServerMessage.DECISION_FIELD_NUMBER


@dataclass
class Answer:
    """How a pending decision ended: a status, the action if any, and when."""

    status: int
    action: pb.Action | None = None
    at: float = field(default_factory=time.perf_counter)


class Bucket:
    """A token bucket: ``take()`` is True at most ``rate`` times a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        """Spend a token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _count(status: int, seconds: float) -> None:
    """Count a decision in the metrics by how its wait ended, with its ``seconds`` if the bot
    answered it."""
    if status == gw.DeliverReply.DELIVERED:
        _DECISIONS["answered"].inc()
        metrics.GATEWAY_DECISION_SECONDS.observe(seconds)
    else:
        _DECISIONS["timeout" if status == gw.DeliverReply.TIMEOUT else "other"].inc()


class Connection:
    """One bot's open stream on this gateway, and what is pending on it."""

    def __init__(self, bot_id: int, context, *, batches: bool, max_bytes: int) -> None:
        self.id = uuid.uuid4().hex
        self.bot_id = bot_id
        self.context = context
        self.closed = asyncio.Event()
        self.pending: dict[tuple[int, int], asyncio.Future[Answer]] = {}
        self.matches: set[int] = set()
        """The bot's running matches on this connection (a worker delivered for them)."""
        self.expired: set[tuple[int, int]] = set()
        """Requests whose time ran out: an answer to them is ``late``."""
        self.attempts: dict[int, int] = {}
        """The newest attempt that delivered for each match (see the module's docstring)."""
        self.logs: dict[int, list[str]] = {}
        self.dropped: dict[int, int] = {}
        self.bucket = Bucket(LOG_LINES_PER_SECOND, LOG_LINES_BURST)
        self.rtts: deque[float] = deque(maxlen=RTT_SAMPLES)
        self.pings: dict[int, float] = {}
        self._outbox = Outbox(context.write, _SERVER_BATCH if batches else None, max_bytes)

    @property
    def rtt(self) -> float:
        """The round trip credited to the bot's answers, in seconds."""
        return min(min(self.rtts, default=0.0), RTT_CREDIT_CAP)

    async def send(self, message: pb.ServerMessage) -> None:
        """Write ``message`` on the stream after the messages before it; those that come
        while a write is in flight go together in a ServerBatch to a bot that reads them."""
        await self._outbox.send(message.SerializeToString())

    async def send_serialized(self, data: bytes) -> None:
        """:meth:`send` for a ServerMessage serialized in ``data``."""
        await self._outbox.send(data)

    async def error(self, code: str, text: str, match_id: int = 0, request_id: int = 0) -> None:
        """Tell the bot that something it sent was wrong."""
        error = pb.Error(code=code, message=text, match_id=match_id, request_id=request_id)
        await self.send(pb.ServerMessage(error=error))

    def log(self, match_id: int, text: str) -> None:
        """Keep a log line for the match's next delivery (one line: line breaks become
        spaces, so that no bot can write a line in another seat's name; cut, rate-limited)."""
        if self.bucket.take():
            line = " ".join(text.splitlines())[:LOG_LINE_CHARS]
            self.logs.setdefault(match_id, []).append(line)
        else:
            self.dropped[match_id] = self.dropped.get(match_id, 0) + 1

    def take_logs(self, match_id: int) -> list[str]:
        """The match's log lines since the last delivery."""
        lines = self.logs.pop(match_id, [])
        dropped = self.dropped.pop(match_id, 0)
        if dropped:
            lines.append(f"({dropped} lines dropped: more than {LOG_LINES_PER_SECOND:g}/s)")
        return lines

    def admit(self, match_id: int, attempt: int) -> bool:
        """May ``attempt`` of the match deliver here? False when a newer one did; a newer one
        than any before ends the older attempts' pending decisions STALE. Attempt 0 (none
        known) is always admitted and fences nothing."""
        newest = self.attempts.get(match_id, 0)
        if attempt == 0:
            return True
        if attempt < newest:
            return False
        if attempt > newest:
            for key, future in list(self.pending.items()):
                if key[0] == match_id:
                    del self.pending[key]
                    if not future.done():
                        future.set_result(Answer(gw.DeliverReply.STALE))
            self.expired = {key for key in self.expired if key[0] != match_id}
            self.attempts.pop(match_id, None)  # to the end: the newest are kept
            self.attempts[match_id] = attempt
            if len(self.attempts) > ATTEMPTS_KEPT:
                del self.attempts[next(iter(self.attempts))]
        return True

    def expire(self, key: tuple[int, int], future: asyncio.Future[Answer]) -> None:
        """The time to answer request ``key`` ran out: its wait ends TIMEOUT, and an answer to
        it is ``late``."""
        if not future.done():
            self.expired.add(key)
            future.set_result(Answer(gw.DeliverReply.TIMEOUT))

    def forget(self, match_id: int) -> None:
        """The match is over: stop accepting its messages."""
        self.matches.discard(match_id)
        self.expired = {key for key in self.expired if key[0] != match_id}

    def close(self) -> None:
        """End the stream; its pending decisions end NOT_CONNECTED."""
        self.closed.set()
        for future in self.pending.values():
            if not future.done():
                future.set_result(Answer(gw.DeliverReply.NOT_CONNECTED))
        self.pending.clear()


class Gateway:
    """The services of one gateway process; ``address`` is its internal address."""

    def __init__(self, address: str, presences: Presences, spectating: redis.asyncio.Redis) -> None:
        self.address = address
        self.presences = presences
        self.spectating = spectating
        self.connections: dict[int, Connection] = {}
        limits = settings.ARENA
        self.limits = pb.Limits(
            max_matches=limits.bot_max_matches,
            max_message_bytes=limits.bot_max_message_bytes,
            reconnect_grace_seconds=limits.reconnect_grace_seconds,
            ping_interval_seconds=limits.ping_interval_seconds,
        )
        self.refresh_seconds = limits.gateway_ttl_seconds / 3
        self.health: list[tuple[health.aio.HealthServicer, list[str]]] = []
        """Each server's health service and the names it reports."""
        self.serving: bool | None = None
        """What the health services report: Redis answered the last check (None: no check)."""
        self._checking: asyncio.Task | None = None
        self._workers: dict[asyncio.Task, asyncio.StreamWriter] = {}
        """The handlers of the connections to the internal port, and their streams."""

    # -- Health ------------------------------------------------------------------------

    async def check_redis(self) -> bool:
        """PING Redis; the health services report ``SERVING`` if it answered within
        :data:`REDIS_CHECK_SECONDS`, ``NOT_SERVING`` if not. Whether it answered."""
        try:
            async with asyncio.timeout(REDIS_CHECK_SECONDS):
                await self.spectating.ping()
            up = True
        except (redis.RedisError, OSError, TimeoutError):
            up = False
        if up != self.serving:
            if not up:
                logger.warning("Redis does not answer: the gateway reports NOT_SERVING")
            elif self.serving is not None:
                logger.warning("Redis answers again: the gateway reports SERVING")
            self.serving = up
            status = health_pb2.HealthCheckResponse.NOT_SERVING
            if up:
                status = health_pb2.HealthCheckResponse.SERVING
            for servicer, names in self.health:
                for name in names:
                    await servicer.set(name, status)
        return up

    async def _check_redis_forever(self) -> None:
        while True:
            await asyncio.sleep(settings.ARENA.gateway_health_seconds)
            await self.check_redis()

    def start_checks(self) -> None:
        """Check Redis every ``ARENA_GATEWAY_HEALTH_SECONDS`` in this event loop."""
        self._checking = asyncio.create_task(self._check_redis_forever())

    def stop_checks(self) -> None:
        """Stop the periodic check of :meth:`start_checks`."""
        if self._checking is not None:
            self._checking.cancel()

    # -- BotService ------------------------------------------------------------------

    async def connect(self, requests, context) -> None:
        """``BotService.Connect``: authenticate, Hello and Welcome, then read until the end.

        Messages are read as bytes (``context.read()``; no deserializer), so that a malformed
        one is answered with an Error instead of failing the call.
        """
        token = await self._authenticate(context)
        hello = await self._hello(context)
        max_matches = max(1, min(hello.max_matches, self.limits.max_matches))
        connection = Connection(
            token.bot.pk,
            context,
            batches=hello.batches,
            max_bytes=self.limits.max_message_bytes,
        )
        limits = pb.Limits()
        limits.CopyFrom(self.limits)
        limits.max_matches = max_matches
        welcome = pb.Welcome(
            protocol_version=PROTOCOL_VERSION,
            bot_id=token.bot.pk,
            bot_name=token.bot.name,
            limits=limits,
            batches=True,
        )
        previous = self.connections.get(connection.bot_id)
        # Registered before its Welcome is written: a bot that holds its Welcome is reachable
        # at once, and what is delivered meanwhile is written after the Welcome (the Outbox
        # keeps the order), however late this handler goes on after the write.
        self.connections[connection.bot_id] = connection
        presence = Presence(connection.bot_id, self.address, connection.id, max_matches)
        logger.info("bot %s connected (%s)", token.bot.name, connection.id)
        self._event("bot_connected", connection, max_matches=max_matches)
        tasks: list[asyncio.Task] = []
        try:
            await connection.send(pb.ServerMessage(welcome=welcome))
            if previous is not None:
                await self._supersede(previous)
            try:
                await asyncio.to_thread(self.presences.connect, presence)
            except redis.RedisError:  # Redis away: the refreshes register it once it is back
                logger.warning("could not record bot %s in the presences", presence.bot_id)
            tasks = [
                asyncio.create_task(self._read(connection)),
                asyncio.create_task(self._ping(connection)),
                asyncio.create_task(self._refresh(connection, presence)),
                asyncio.create_task(connection.closed.wait()),
            ]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            connection.close()
            if self.connections.get(connection.bot_id) is connection:
                del self.connections[connection.bot_id]
            # The bot may cancel its call while this cleans up (gRPC then cancels this
            # handler again): what follows the awaits is said whatever happens to them.
            try:
                # A write on a broken stream ends the reader or the pinger: that is the end.
                await asyncio.gather(*tasks, return_exceptions=True)
                await asyncio.to_thread(self.presences.disconnect, presence)
            except redis.RedisError:  # Redis away: the entry lapses by itself
                logger.warning("could not remove bot %s from the presences", presence.bot_id)
            finally:
                logger.info("bot %s disconnected (%s)", token.bot.name, connection.id)
                self._event("bot_disconnected", connection)

    async def _authenticate(self, context):
        scheme, _, token = (
            dict(context.invocation_metadata()).get("authorization", "").partition(" ")
        )
        record = None
        if scheme == "Bot":
            try:
                record = await database.run(lambda: token_authenticate(token=token))
            except database.DatabaseUnavailable:
                logger.exception("could not check a bot's token")
                await context.abort(
                    grpc.StatusCode.UNAVAILABLE, "the platform cannot check tokens now; retry"
                )
        if record is None:
            await context.abort(
                grpc.StatusCode.UNAUTHENTICATED,
                "missing, unknown or revoked bot token (metadata authorization: Bot <token>)",
            )
        return record

    async def _hello(self, context) -> pb.Hello:
        try:
            first = await asyncio.wait_for(context.read(), HELLO_SECONDS)
            message = pb.BotMessage.FromString(first)
        except (TimeoutError, DecodeError, TypeError):
            message = pb.BotMessage()
        if message.WhichOneof("message") != "hello":
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "the first message must be Hello")
        if message.hello.protocol_version != PROTOCOL_VERSION:
            await context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"this gateway speaks protocol {PROTOCOL_VERSION}, "
                f"not {message.hello.protocol_version}",
            )
        return message.hello

    async def _supersede(self, connection: Connection) -> None:
        """Close an older stream of the same bot: the newest connection plays. The old stream
        is told why if it can be within SUPERSEDE_SECONDS: its bot may have left it already,
        or stopped reading it."""
        with contextlib.suppress(TimeoutError, *STREAM_ENDED):
            async with asyncio.timeout(SUPERSEDE_SECONDS):
                await connection.error(
                    "superseded", "another connection of this bot replaced this one"
                )
        connection.close()
        self._event("bot_superseded", connection)

    def _event(self, event: str, connection: Connection, **fields: object) -> None:
        """Log a connection's significant ``event`` (one JSON line: ``conquest.events``)."""
        log_event(
            event,
            bot_id=connection.bot_id,
            connection=connection.id,
            gateway=self.address,
            **fields,
        )

    async def _read(self, connection: Connection) -> None:
        while (data := await connection.context.read()) is not grpc.aio.EOF:
            await self._receive(connection, data)

    async def _receive(self, connection: Connection, data: bytes) -> None:
        try:
            message = pb.BotMessage.FromString(data)
        except DecodeError as error:
            await connection.error("malformed", f"not a BotMessage: {error}")
            return
        if len(data) > self.limits.max_message_bytes:
            await self._oversized(connection, message, len(data))
        elif message.WhichOneof("message") == "batch":
            for item in message.batch.messages:
                await self._handle(connection, item)
        else:
            await self._handle(connection, message)

    async def _handle(self, connection: Connection, message: pb.BotMessage) -> None:
        """One message of the bot's (alone, or one of a batch's)."""
        kind = message.WhichOneof("message")
        if kind == "action":
            await self._answer(connection, message.action)
        elif kind == "pong":
            sent = connection.pings.pop(message.pong.ping_id, None)
            if sent is not None:
                connection.rtts.append(time.perf_counter() - sent)
        elif kind == "log":
            if message.log.match_id in connection.matches:
                connection.log(message.log.match_id, message.log.text)
            else:
                await self._unknown_match(connection, message.log.match_id)
        elif kind == "hello":
            await connection.error("protocol", "Hello comes once, first")
        elif kind == "batch":
            await connection.error("protocol", "a BotBatch holds no BotBatch")
        else:
            await connection.error("malformed", "an empty BotMessage")

    async def _oversized(self, connection: Connection, message: pb.BotMessage, size: int) -> None:
        """Drop an oversized message: each answer in it to a pending request ends that wait
        OVERSIZED, and gets an Error (a message answering nothing gets one Error)."""
        items = message.batch.messages if message.WhichOneof("message") == "batch" else [message]
        keys = [
            (item.action.match_id, item.action.request_id)
            for item in items
            if item.WhichOneof("message") == "action"
        ]
        for key in keys or [(0, 0)]:
            future = connection.pending.pop(key, None)
            if future is not None and not future.done():
                future.set_result(Answer(gw.DeliverReply.OVERSIZED))
            await connection.error(
                "oversized",
                f"a message of {size} bytes; the limit is {self.limits.max_message_bytes}",
                *key,
            )

    async def _answer(self, connection: Connection, action: pb.ActionReply) -> None:
        key = (action.match_id, action.request_id)
        future = connection.pending.pop(key, None)
        if future is not None and not future.done():
            future.set_result(Answer(gw.DeliverReply.DELIVERED, action.action))
        elif action.match_id not in connection.matches:
            await self._unknown_match(connection, action.match_id)
        elif key in connection.expired:
            connection.expired.discard(key)
            await connection.error(
                "late",
                "the answer came after the time allowed; the default action was played",
                *key,
            )
        else:
            await connection.error(
                "not_pending", "no decision of this bot waits for that request id", *key
            )

    async def _unknown_match(self, connection: Connection, match_id: int) -> None:
        await connection.error(
            "unknown_match", f"match {match_id} is not a running match of this bot", match_id
        )

    async def _ping(self, connection: Connection) -> None:
        for ping_id in itertools.count(1):
            connection.pings = {i: t for i, t in connection.pings.items() if i > ping_id - 4}
            connection.pings[ping_id] = time.perf_counter()
            await connection.send(pb.ServerMessage(ping=pb.Ping(ping_id=ping_id)))
            await asyncio.sleep(self.limits.ping_interval_seconds)

    async def _refresh(self, connection: Connection, presence: Presence) -> None:
        while True:
            await asyncio.sleep(self.refresh_seconds)
            try:
                ours = await asyncio.to_thread(self.presences.refresh, presence)
            except redis.RedisError:
                # Redis away: the stream stays, and a later refresh registers it again.
                logger.warning("could not refresh bot %s in the presences", presence.bot_id)
                continue
            if not ours:
                await self._supersede(connection)
                return

    # -- Gateway (internal) ------------------------------------------------------------

    async def serve_worker(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """A connection to the internal port: its Hello, then, for a worker presenting the
        shared secret, its DeliverRequests, each handled concurrently and answered with its
        ticket when done; until it closes, or sends a malformed frame (logged, closed)."""
        handler = asyncio.current_task()
        assert handler is not None  # asyncio runs each handler in a task of its own
        self._workers[handler] = writer
        peer = writer.get_extra_info("peername")
        tasks: set[asyncio.Task] = set()
        replies = frames.Writer(writer)  # the replies of a turn of the loop in one system call

        async def answer(request: gw.DeliverRequest) -> None:
            try:
                reply = await self._deliver(request)
            except Exception:  # a bug here must not leave the worker waiting
                logger.exception("delivery to bot %s failed", request.bot_id)
                reply = gw.DeliverReply(status=gw.DeliverReply.NOT_CONNECTED)
            reply.ticket = request.ticket
            if not writer.is_closing():  # unless the worker is gone
                replies.write(frames.frame(reply))
                with contextlib.suppress(ConnectionError):
                    await writer.drain()

        try:
            if await self._welcome(reader, writer, peer):
                while (request := await frames.read(reader, gw.DeliverRequest)) is not None:
                    task = asyncio.create_task(answer(request))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
        except frames.FrameError as error:
            logger.warning("closed the internal connection from %s: %s", peer, error)
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass  # no Hello in time, or the worker is gone
        finally:
            del self._workers[handler]
            for task in list(tasks):  # the worker is gone: nobody waits for these
                task.cancel()
            writer.close()

    async def _welcome(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, peer: object
    ) -> bool:
        """Read the connection's Hello and answer it with a Welcome: whether a worker presented
        the shared secret (an empty one asks for the health only)."""
        async with asyncio.timeout(HELLO_SECONDS):
            hello = await frames.read(reader, gw.Hello)
        if hello is None:
            return False
        welcome = gw.Welcome(serving=bool(self.serving), revision=REVISION)
        admitted = bool(hello.secret) and authorized(hello)
        if hello.secret and not admitted:
            logger.warning("refused a worker's connection from %s: a wrong secret", peer)
            welcome.refused = "not the platform's shared secret (ARENA_GATEWAY_SECRET)"
        elif admitted and hello.revision != REVISION:
            admitted = False
            welcome.refused = (
                f"a worker of internal protocol revision {hello.revision}; this gateway speaks "
                f"{REVISION}: run workers and gateways of one release"
            )
            logger.warning("refused a worker's connection from %s: %s", peer, welcome.refused)
        writer.write(frames.frame(welcome))
        await writer.drain()
        return admitted

    async def stop_workers(self, server: asyncio.Server) -> None:
        """Close the internal port ``server`` and the connections to it; their handlers end
        as at a worker's leaving (cancelled, they would be logged as failed by asyncio)."""
        server.close()
        handlers = list(self._workers)
        for writer in self._workers.values():
            writer.close()
        await asyncio.gather(*handlers, return_exceptions=True)

    async def _deliver(self, request: gw.DeliverRequest) -> gw.DeliverReply:
        """Write the messages; for a decision, wait for the answer."""
        connection = self.connections.get(request.bot_id)
        if connection is None or request.connection_id not in ("", connection.id):
            return gw.DeliverReply(status=gw.DeliverReply.NOT_CONNECTED)
        match_id = request.match_id
        stale = gw.DeliverReply(status=gw.DeliverReply.STALE, connection_id=connection.id)
        if not connection.admit(match_id, request.attempt):
            return stale
        connection.matches.add(match_id)
        reply = gw.DeliverReply(status=gw.DeliverReply.DELIVERED, connection_id=connection.id)
        try:
            for message in request.messages:
                if not connection.admit(match_id, request.attempt):
                    return stale  # a newer attempt began while an earlier message was written
                await connection.send(message)
            if request.decision:
                if not connection.admit(match_id, request.attempt):
                    return stale
                await self._decide(connection, request, reply)
        except STREAM_ENDED:
            connection.close()
            return gw.DeliverReply(status=gw.DeliverReply.NOT_CONNECTED)
        if reply.status == gw.DeliverReply.STALE:  # a newer attempt ended its decision
            return stale
        if request.messages and request.messages[-1].WhichOneof("message") == "match_ended":
            connection.forget(match_id)
        reply.log_lines.extend(connection.take_logs(match_id))
        return reply

    async def _decide(
        self, connection: Connection, request: gw.DeliverRequest, reply: gw.DeliverReply
    ) -> None:
        """Send the request's decision and fill ``reply`` with the answer, or how the wait
        ended."""
        key = (request.match_id, request.request_id)
        allowed, rtt = request.think_seconds, connection.rtt
        # The worker's bytes as they came, not parsed, the round trip after them (protobuf
        # reads fields in any order), in a ServerMessage.
        round_trip = pb.DecisionRequest(rtt_seconds=rtt).SerializeToString()
        message = length_delimited(_DECISION_FIELD, request.decision + round_trip)
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        connection.pending[key] = future
        expiry = None
        try:
            # The clock starts once the request is written: not while it waits behind the
            # stream's other messages (a burst of matches starting), which is the platform's
            # time. A write that the bot's flow control holds is not cut: it ends with the
            # stream, or the worker gives the delivery up (``CALL_MARGIN_SECONDS``).
            await connection.send_serialized(message)
            sent = time.perf_counter()
            # A timer on the future rather than asyncio.timeout: a third of the cost.
            expiry = loop.call_later(allowed + rtt, connection.expire, key, future)
            answer = await future
        finally:
            if expiry is not None:
                expiry.cancel()
            if connection.pending.get(key) is future:
                del connection.pending[key]
        if answer.status == gw.DeliverReply.TIMEOUT:
            reply.status = gw.DeliverReply.TIMEOUT
            reply.think_seconds = allowed
            _count(gw.DeliverReply.TIMEOUT, allowed)
            return
        # An answer read after the time allowed, before the expiry's timer ran (the loop busy:
        # it runs what it read before its timers), is played, charged its time: the stamp is
        # when the loop read it, and the platform cannot tell its own delay from the bot's.
        # The metrics wait for the loop's next turn: the reply is written first.
        loop.call_soon(_count, answer.status, max(0.0, answer.at - sent))
        reply.status = answer.status
        reply.think_seconds = max(0.0, answer.at - sent - rtt)
        if answer.action is not None:
            reply.action.CopyFrom(answer.action)

    # -- SpectatorService ----------------------------------------------------------------

    async def watch(self, request: pb.WatchRequest, context):
        """``SpectatorService.Watch``: the match's public events until it ends."""
        try:
            async for event in spectators.follow(self.spectating, request.match_id):
                yield event
        except LookupError as error:
            await context.abort(grpc.StatusCode.NOT_FOUND, str(error))
        except database.DatabaseUnavailable:
            logger.exception("could not read match %s", request.match_id)
            await context.abort(grpc.StatusCode.UNAVAILABLE, "the platform's database is away")


def _health(gateway: Gateway, server: grpc.aio.Server, names: list[str]) -> None:
    """Serve the standard health service on ``server``, for ``names`` and overall, with the
    status of ``gateway``'s checks (:meth:`Gateway.check_redis`)."""
    servicer = health.aio.HealthServicer()
    gateway.health.append((servicer, ["", *names]))
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)


async def serve(
    gateway: Gateway, public: str, internal: str
) -> tuple[grpc.aio.Server, asyncio.Server, tuple[int, int]]:
    """Start the public and internal servers on ``public`` and ``internal`` (host:port; a
    port 0: a free one), and the gateway's health checks (stop them with
    :meth:`Gateway.stop_checks`, the internal server with :meth:`Gateway.stop_workers`);
    returns the servers and the ports they got."""
    hard_limit = max(4 * 2**20, 2 * gateway.limits.max_message_bytes)
    bots = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", hard_limit),
            ("grpc.keepalive_time_ms", 10_000),
            ("grpc.keepalive_timeout_ms", 5_000),
            ("grpc.http2.min_ping_interval_without_data_ms", 5_000),
        ]
    )
    # The bot's stream writes its messages' bytes as they come (``Connection.send``).
    connect = grpc.stream_stream_rpc_method_handler(gateway.connect)
    watch = grpc.unary_stream_rpc_method_handler(
        gateway.watch,
        request_deserializer=pb.WatchRequest.FromString,
        response_serializer=pb.SpectatorEvent.SerializeToString,
    )
    bots.add_generic_rpc_handlers(
        (
            grpc.method_handlers_generic_handler(BOT_SERVICE, {"Connect": connect}),
            grpc.method_handlers_generic_handler(SPECTATOR_SERVICE, {"Watch": watch}),
        )
    )
    public_names = [BOT_SERVICE, SPECTATOR_SERVICE]
    _health(gateway, bots, public_names)
    reflection.enable_server_reflection(
        [*public_names, health.SERVICE_NAME, reflection.SERVICE_NAME], bots
    )
    metrics.BOTS_CONNECTED.set_function(lambda: len(gateway.connections))
    await gateway.check_redis()
    gateway.start_checks()
    host, _, port = internal.rpartition(":")
    host = host.strip("[]")
    every = host in ("", "::")  # every interface, IPv4 and IPv6 (asyncio: host None)
    workers = await asyncio.start_server(gateway.serve_worker, None if every else host, int(port))
    ports = bots.add_insecure_port(public), workers.sockets[0].getsockname()[1]
    await bots.start()
    return bots, workers, ports
