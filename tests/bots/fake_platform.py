"""A scripted platform for the SDK's tests: a real grpc.aio server of BotService that plays
real engine matches against the connected bot (the other seats are house random players).

It records what the bot sends (unwrapping its batches), can drop the first connection after
some decisions, and on a reconnection resumes the running matches (MatchStarted with
``resumed``, then the pending DecisionRequest again), as the gateway does.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import grpc

from bots.house.random_player import RandomPlayer
from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1 import bot_pb2_grpc
from bots.protocol.wire import codec, encode_result
from engines.core import IllegalAction
from engines.registry import get_game

TOKEN = "good-token"
WAIT = 30.0  # seconds before a test gives up on the bot


@dataclass
class Scripted:
    """A match the platform runs with the bot in ``seat``."""

    match_id: int
    game: str
    variant: str
    seats: int
    seed: int
    seat: int = 0
    max_steps: int = 150
    started: pb.MatchStarted | None = None
    pending: pb.DecisionRequest | None = None
    refused: list[str] = field(default_factory=list)


class FakePlatform(bot_pb2_grpc.BotServiceServicer):
    """BotService with one bot (``TOKEN``) and the ``matches`` it plays on its first connection;
    its Welcome announces ``grace_seconds`` to reconnect, and with ``batches`` that it reads
    BotBatch: it then sends each decision and its ping in one ServerBatch."""

    def __init__(
        self,
        matches: list[Scripted],
        drop_after: int | None = None,
        grace_seconds: float = WAIT,
        ping_seconds: float = 0.0,
        batches: bool = False,
    ) -> None:
        self.matches = matches
        self.drop_after = drop_after
        self.grace_seconds = grace_seconds
        self.ping_seconds = ping_seconds  # announced only: this platform pings per decision
        self.batches = batches
        self.bot_batches = 0  # BotBatch messages received
        self.hellos: list[pb.Hello] = []
        self.refusals = 0
        self.connections = 0
        self.arrivals: list[tuple[str, int]] = []  # ("pong" | "action", id), in order
        self.logs: list[pb.LogLine] = []
        self.results: dict[int, str] = {}
        self.done = asyncio.Event()
        self._stream = None
        self._write = asyncio.Lock()
        self._waiting: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self.tasks: list[asyncio.Task] = []

    async def Connect(self, request_iterator, context):
        """The bot's stream: Welcome, then resume or start its matches, then read its replies."""
        if dict(context.invocation_metadata()).get("authorization") != f"Bot {TOKEN}":
            self.refusals += 1
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "unknown or revoked bot token")
        hello = (await context.read()).hello
        self.hellos.append(hello)
        limits = pb.Limits(
            max_matches=hello.max_matches,
            max_message_bytes=65_536,
            reconnect_grace_seconds=self.grace_seconds,
            ping_interval_seconds=self.ping_seconds,
        )
        welcome = pb.Welcome(
            protocol_version=PROTOCOL_VERSION,
            bot_id=7,
            bot_name="tester",
            limits=limits,
            batches=self.batches,
        )
        await context.write(pb.ServerMessage(welcome=welcome))
        self.connections += 1
        self._stream = context
        if self.connections == 1:
            self.tasks = [asyncio.create_task(self._play(m)) for m in self.matches]
        for scripted in self.matches:
            if scripted.started is not None and scripted.match_id not in self.results:
                scripted.started.resumed = True
                await self._send(match_started=scripted.started)
                if scripted.pending is not None:
                    await self._send(decision=scripted.pending)
        while (message := await context.read()) is not grpc.aio.EOF:
            self._receive(message)
            if self.connections == 1 and self._answered() == self.drop_after:
                self._stream = None
                await context.abort(grpc.StatusCode.UNAVAILABLE, "dropped by the test")
        self._stream = None

    def _answered(self) -> int:
        return sum(1 for kind, _ in self.arrivals if kind == "action")

    def _receive(self, message: pb.BotMessage) -> None:
        kind = message.WhichOneof("message")
        if kind == "batch":
            self.bot_batches += 1
            for item in message.batch.messages:
                self._receive(item)
        elif kind == "action":
            self.arrivals.append(("action", message.action.request_id))
            future = self._waiting.pop(message.action.request_id, None)
            if future is not None and not future.done():
                future.set_result(message.action)
        elif kind == "pong":
            self.arrivals.append(("pong", message.pong.ping_id))
        elif kind == "log":
            self.logs.append(message.log)

    async def _send(self, **message) -> None:
        if self._stream is None:  # disconnected: resent on the reconnection
            return
        async with self._write:
            await self._stream.write(pb.ServerMessage(**message))

    async def _play(self, scripted: Scripted) -> None:
        wire = codec(scripted.game)
        game = get_game(scripted.game)
        match = game.new_match(
            scripted.variant, scripted.seats, scripted.seed, {"max_steps": scripted.max_steps}
        )
        others = [RandomPlayer(seed=scripted.seed + s) for s in range(scripted.seats)]
        scripted.started = pb.MatchStarted(
            match_id=scripted.match_id,
            game=scripted.game,
            variant=scripted.variant,
            seat=scripted.seat,
            players=[pb.Player(seat=s, name=f"seat {s}") for s in range(scripted.seats)],
            time_control=pb.TimeControl(decision_seconds=WAIT, time_bank_seconds=WAIT),
            setup=wire.encode_setup(match.observation(scripted.seat)),
        )
        await self._send(match_started=scripted.started)
        while not match.is_over():
            seat = match.to_move()[0]
            observation, legal = match.observation(seat), match.legal_actions(seat)
            if seat != scripted.seat:
                match.apply(seat, others[seat].act(observation, legal))
                await asyncio.sleep(0)  # the other matches go on
                continue
            request_id = next(self._ids)
            scripted.pending = pb.DecisionRequest(
                match_id=scripted.match_id,
                request_id=request_id,
                seat=seat,
                observation=wire.encode_observation(observation),
                legal_actions=wire.encode_actions(legal),
                decision_seconds=WAIT,
            )
            reply = asyncio.get_running_loop().create_future()
            self._waiting[request_id] = reply
            ping = pb.Ping(ping_id=request_id)
            if self.batches:
                decision = pb.ServerMessage(decision=scripted.pending)
                together = [decision, pb.ServerMessage(ping=ping)]
                await self._send(batch=pb.ServerBatch(messages=together))
            else:
                await self._send(decision=scripted.pending)
                await self._send(ping=ping)
            action = wire.decode_action((await asyncio.wait_for(reply, WAIT)).action)
            scripted.pending = None
            try:
                match.apply(seat, action)
            except IllegalAction as error:
                scripted.refused.append(error.reason)
                match.apply(seat, game.default_action(legal))
        result = match.result()
        self.results[scripted.match_id] = encode_result(result)
        ended = pb.MatchEnded(
            match_id=scripted.match_id,
            results=[
                pb.SeatResult(seat=s, placement=result.placement(s), score=result.scores[s])
                for s in range(scripted.seats)
            ],
            reason=result.reason,
        )
        await self._send(match_ended=ended)
        if len(self.results) == len(self.matches):
            self.done.set()


@asynccontextmanager
async def serving(platform: FakePlatform, port: int = 0) -> AsyncIterator[str]:
    """Serve ``platform`` on loopback; yields its address."""
    server = grpc.aio.server()
    bot_pb2_grpc.add_BotServiceServicer_to_server(platform, server)
    port = server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        for task in platform.tasks:
            task.cancel()
        await server.stop(grace=None)
