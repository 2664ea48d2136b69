"""The workers' side of the gateway: a seat's messages to its bot, wherever the bot is connected.

A :class:`Link` finds the gateway holding the bot's stream in the presences
(:mod:`.presence`) and sends its messages on the worker process's :class:`GatewayClient` to
that gateway: one long-lived TCP connection to its internal port per gateway, shared by
every match of the process (a decision is one request frame out and one reply frame back:
``conquest.relay.frames``). Links and gateway clients live on the process's event loop for
remote matches (``matches/execution.py``): a decision costs no thread switch in the worker.
When the bot is not connected (never was, its stream dropped, or its gateway died) the link
waits for it to connect again, to any gateway, polling the presences; it then sends the
match's MatchStarted again with ``resumed`` and the pending request. After
``RECONNECT_GRACE_SECONDS`` without a connection it gives up (:class:`Unreachable`).
A gateway that restarts is such a case: its bots reconnect, to it or another, and the link
finds them again. Each delivery names the match's attempt; a gateway that has seen a newer
attempt of the match on the bot's connection refuses it, and the link raises
:class:`Stale` (the worker lost the match: it stops as after a lost lease). The connection
presents the platform's shared secret in its first frame (``conquest.relay.auth``).
The results of the seat's actions ride in its next DecisionRequest (``results``), or go
before MatchEnded: one message on the bot's stream per decision, not two.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
import weakref

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from conquest.relay import frames
from conquest.relay.auth import REVISION, hello
from conquest.relay.fence import Stale
from conquest.relay.presence import Presence, Presences

logger = logging.getLogger(__name__)
POLL_SECONDS = 0.05
"""How often a link waiting for its bot looks for its presence again."""
CALL_MARGIN_SECONDS = 5.0
"""How long past the bot's time a reply may take: a gateway that hangs is given up."""


class GatewayClient:
    """This process's connection to the internal port of the gateway at ``address``, shared
    by its matches: a request goes out with a ticket, and each reply is handed to the request
    waiting for that ticket as soon as it is read (:class:`_Replies`). Create it on the event
    loop that uses it; it connects, and presents the shared secret, in the background: the
    requests made meanwhile are written once the gateway took the secret.

    A request is written without waiting for the gateway to read it (asyncio buffers it): a
    gateway that stops reading is given up by the request's timeout. The requests of one turn
    of the loop go in one system call (``frames.Writer``)."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.broken = False
        self._writer: frames.Writer | None = None
        self._unsent: list[bytes] = []
        """The requests made before the gateway welcomed us."""
        self._waiting: dict[int, asyncio.Future[gw.DeliverReply]] = {}
        self._tickets = itertools.count(1)
        self._connection = asyncio.get_running_loop().create_task(self._run())

    async def deliver(self, request: gw.DeliverRequest, timeout: float) -> gw.DeliverReply:
        """The gateway's reply to ``request``; ConnectionError if the connection broke (or the
        gateway refused it), TimeoutError after ``timeout`` seconds; FrameError if the request
        is larger than a frame may be."""
        if self.broken:
            raise ConnectionError(f"the connection to {self.address} broke")
        request.ticket = next(self._tickets)
        data = frames.frame(request)
        loop = asyncio.get_running_loop()
        future = self._waiting[request.ticket] = loop.create_future()
        # A timer on the future rather than asyncio.timeout: a third of the cost.
        expiry = loop.call_later(timeout, _time_out, future)
        try:
            if self._writer is None:
                self._unsent.append(data)
            else:
                self._writer.write(data)
            return await future
        finally:
            expiry.cancel()
            self._waiting.pop(request.ticket, None)

    async def _run(self) -> None:
        """Connect, then wait for the connection to end (its replies are handed out as they
        come); the waiting requests then fail with ConnectionError, saying why."""
        broke = ConnectionError(f"the connection to {self.address} broke")
        transport = None
        try:
            transport, replies = await self._connect()
            transport.writelines(self._unsent)
            self._writer, self._unsent = frames.Writer(transport), []
            ended = await replies.ended
            if ended is not None:
                raise ended
        except frames.FrameError as error:
            broke = ConnectionError(f"the gateway at {self.address} sent a bad frame: {error}")
            logger.error("%s", broke)
        except ConnectionError as error:
            broke = error
        except (OSError, EOFError) as error:  # TimeoutError is an OSError
            broke = ConnectionError(f"the connection to {self.address} broke: {error!r}")
        finally:
            self.broken = True
            waiting, self._waiting = self._waiting, {}
            for future in waiting.values():
                if not future.done():
                    future.set_exception(broke)
            if transport is not None:
                transport.close()

    async def _connect(self) -> tuple[asyncio.Transport, _Replies]:
        """A connection to the gateway that took our Hello (the shared secret, our revision);
        ConnectionError if it refused it or speaks another revision of the internal protocol
        (logged: a deployment's mistake), TimeoutError if it did not answer within
        ``CALL_MARGIN_SECONDS`` (a host that drops packets: the client is then broken, and
        the next request makes a new one)."""
        host, _, port = self.address.rpartition(":")
        replies = _Replies(self._waiting)
        async with asyncio.timeout(CALL_MARGIN_SECONDS):
            transport, _ = await asyncio.get_running_loop().create_connection(
                lambda: replies, host.strip("[]"), int(port)
            )
        try:
            async with asyncio.timeout(CALL_MARGIN_SECONDS):
                transport.write(frames.frame(hello()))
                welcome = await replies.welcome
        except BaseException:
            transport.close()
            raise
        if welcome is None or welcome.refused:
            transport.close()
            why = welcome.refused if welcome else "it closed the connection"
            raise ConnectionError(f"the gateway at {self.address} refused us: {why}")
        if welcome.revision != REVISION:
            transport.close()
            mismatch = ConnectionError(
                f"the gateway at {self.address} speaks internal protocol revision "
                f"{welcome.revision}, this worker {REVISION}: run workers and gateways of one "
                "release"
            )
            logger.error("%s", mismatch)
            raise mismatch
        return transport, replies


class _Replies(asyncio.Protocol):
    """A worker's connection to a gateway's internal port, read as the bytes come: the
    gateway's Welcome, then each DeliverReply handed at once to the request in ``waiting``
    with its ticket (not through a reader task: a decision's latency)."""

    def __init__(self, waiting: dict[int, asyncio.Future[gw.DeliverReply]]) -> None:
        loop = asyncio.get_running_loop()
        self.welcome: asyncio.Future[gw.Welcome | None] = loop.create_future()
        """The Welcome; None if the gateway closed the connection first."""
        self.ended: asyncio.Future[BaseException | None] = loop.create_future()
        """Done when the connection ends: None when the gateway closed it, else the error."""
        self._waiting = waiting
        self._buffer = bytearray()
        self._transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        try:
            if not self.welcome.done():
                welcome = frames.parse(self._buffer, gw.Welcome)
                if welcome is None:
                    return
                self.welcome.set_result(welcome)
            while (reply := frames.parse(self._buffer, gw.DeliverReply)) is not None:
                future = self._waiting.pop(reply.ticket, None)
                if future is not None and not future.done():
                    future.set_result(reply)
        except frames.FrameError as error:
            self._end(error)
            assert self._transport is not None  # connected before any data
            self._transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(exc)

    def _end(self, error: BaseException | None) -> None:
        if not self.welcome.done():
            if error is None:
                self.welcome.set_result(None)
            else:
                self.welcome.set_exception(error)
        if not self.ended.done():
            self.ended.set_result(error)


def _time_out(future: asyncio.Future) -> None:
    if not future.done():
        future.set_exception(TimeoutError())


_relays: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, GatewayClient]] = (
    weakref.WeakKeyDictionary()
)


def gateway_client(address: str) -> GatewayClient:
    """The running loop's connection to the gateway at ``address`` (a new one if it broke)."""
    loop = asyncio.get_running_loop()
    relays = _relays.get(loop)
    if relays is None:  # (setdefault would make a weak reference on every call)
        relays = _relays[loop] = {}
    if address not in relays or relays[address].broken:
        relays[address] = GatewayClient(address)
    return relays[address]


_finishing: set[asyncio.Task] = set()
"""The tasks sending MatchEnded (a reference keeps them from being collected)."""


def _finished(task: asyncio.Task) -> None:
    _finishing.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("could not send MatchEnded", exc_info=task.exception())


class Unreachable(Exception):
    """The bot was not reached for the whole grace period: not connected, or every delivery to
    it failed."""


class Link:
    """One seat's line to its bot (``bot_id``) for ``attempt`` of match ``match_id``.

    Set :attr:`started` before the first :meth:`ask`.
    """

    def __init__(
        self,
        bot_id: int,
        match_id: int,
        presences: Presences,
        grace_seconds: float,
        *,
        attempt: int,
    ) -> None:
        self.bot_id = bot_id
        self.match_id = match_id
        self.attempt = attempt
        self.presences = presences
        self.grace_seconds = grace_seconds
        self.started: pb.MatchStarted | None = None
        """The match's MatchStarted, sent first on every connection of the bot."""
        self.presence: Presence | None = None
        """The connection the bot plays this match on (None: to be found)."""
        self.results: list[pb.ActionResult] = []
        """What became of the seat's actions, not yet sent."""
        self.logs: list[str] = []
        self._started_on = ""
        self._sending = asyncio.Lock()
        """Held by each background send in turn: the bot gets them in the order they were
        made (a forfeit notice before MatchEnded)."""

    def tell(self, result: pb.ActionResult) -> None:
        """Send ``result`` with the next delivery."""
        self.results.append(result)

    async def ask(
        self, decision: pb.DecisionRequest, think_seconds: float, body: bytes = b""
    ) -> gw.DeliverReply:
        """The bot's answer (DELIVERED, TIMEOUT or OVERSIZED) to ``decision`` followed by
        ``body`` (more of its fields, serialized: ``GameCodec.decision_body``), with the think
        time charged over every connection it was sent on; Unreachable after the grace, Stale
        when a newer attempt of the match delivers to the bot.

        ``decision.results`` becomes the results not sent yet.
        """
        charged = 0.0
        lost_at = None
        del decision.results[:]
        decision.results.extend(self.results)
        asked = decision.SerializeToString() + body  # once for every delivery, never parsed
        while True:
            if self.presence is None:
                lost_at = lost_at or time.monotonic()
                self.presence = await self._wait_for_bot(lost_at + self.grace_seconds)
            reply = await self._deliver(
                [], max(0.0, think_seconds - charged), asked, decision.request_id
            )
            charged += reply.think_seconds
            if reply.status == gw.DeliverReply.STALE:
                raise Stale(f"match {self.match_id}: a newer attempt than {self.attempt} plays")
            if reply.status != gw.DeliverReply.NOT_CONNECTED:
                self.results.clear()
                reply.think_seconds = charged
                return reply
            self.presence = None
            await asyncio.sleep(POLL_SECONDS)

    def notify(self, message: pb.ServerMessage) -> None:
        """Send ``message`` (no answer awaited) if the bot is connected now: see
        :meth:`_send_later`."""
        self._send_later([message])

    def finish(self, ended: pb.MatchEnded) -> None:
        """Send the results not sent yet and MatchEnded if the bot is connected now: see
        :meth:`_send_later`."""
        told = [pb.ServerMessage(action_result=result) for result in self.results]
        self._send_later([*told, pb.ServerMessage(match_ended=ended)])

    def _send_later(self, messages: list[pb.ServerMessage]) -> None:
        """Deliver ``messages`` to the bot's connection of this match or else its newest one,
        in a task of the running loop: no waiting for it (nothing if the match never began)."""
        if self.started is None:
            return
        task = asyncio.get_running_loop().create_task(self._send(messages))
        _finishing.add(task)
        task.add_done_callback(_finished)

    async def _send(self, messages: list[pb.ServerMessage]) -> None:
        # The lock's waiters are served first come, first served, and the loop starts the
        # tasks in the order they were made: so are the sends.
        async with self._sending:
            for _ in range(2):
                self.presence = self.presence or await self._find()
                if self.presence is None:
                    return
                reply = await self._deliver(messages, 0.0)
                if reply.status != gw.DeliverReply.NOT_CONNECTED:  # told, or STALE: not ours
                    return
                self.presence = None

    def take_logs(self) -> list[str]:
        """The bot's log lines for the match received so far, once each."""
        lines, self.logs = self.logs, []
        return lines

    async def _find(self) -> Presence | None:
        return await asyncio.to_thread(self.presences.find, self.bot_id)

    async def _wait_for_bot(self, deadline: float) -> Presence:
        """The bot's presence, found before ``deadline``; Unreachable after it, also when the
        bot is present but every delivery to it failed since the first (a gateway that keeps
        failing them, a presence left by a dead gateway)."""
        while True:
            found = await self._find()
            if time.monotonic() >= deadline:
                raise Unreachable(f"not reached for the {self.grace_seconds:g} s grace period")
            if found is not None:
                return found
            await asyncio.sleep(POLL_SECONDS)

    async def _deliver(
        self,
        messages: list[pb.ServerMessage],
        think_seconds: float,
        asked: bytes = b"",
        request_id: int = 0,
    ) -> gw.DeliverReply:
        """One delivery to the gateway of :attr:`presence`: MatchStarted first on a
        connection that has not had it, then ``messages``, then the DecisionRequest
        ``request_id`` serialized in ``asked`` if any (the gateway writes its bytes as they
        are)."""
        presence = self.presence
        request = gw.DeliverRequest(
            bot_id=self.bot_id,
            match_id=self.match_id,
            connection_id=presence.connection,
            think_seconds=think_seconds,
            attempt=self.attempt,
            decision=asked,
            request_id=request_id,
        )
        if presence.connection != self._started_on:
            request.messages.add(match_started=self.started)
        request.messages.extend(messages)
        # The request holds its own copy: every later MatchStarted is a resumption, also when
        # this one's connection drops before the decision (the match is running already).
        self.started.resumed = True
        try:
            reply = await gateway_client(presence.gateway).deliver(
                request, timeout=think_seconds + CALL_MARGIN_SECONDS
            )
        except (ConnectionError, TimeoutError):  # the gateway is gone or hangs
            return gw.DeliverReply(status=gw.DeliverReply.NOT_CONNECTED)
        if reply.status not in (gw.DeliverReply.NOT_CONNECTED, gw.DeliverReply.STALE):
            self._started_on = presence.connection  # sent again only after a reconnection
        self.logs.extend(reply.log_lines)
        return reply
