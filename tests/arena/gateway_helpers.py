"""Real gateway and bot processes for the gateway's tests, remote bots to seat, a gateway
served in a test's own event loop, and a private Redis server a test may restart."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import grpc.aio
import pytest
import redis
import redis.asyncio
from arena_workers import ROOT, database_url, flush_broker, redis_url, worker
from conquest.bots import services as bots
from conquest.gateway.server import Gateway, serve
from conquest.leagues import services as leagues
from conquest.matches import workers
from conquest.matches.workers import ChildProcess, free_port
from conquest.relay.presence import async_redis_client, presences
from django import db

from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1.bot_pb2_grpc import BotServiceStub
from bots.protocol.wire import codec
from engines.registry import get_game

# Fast clocks for the tests: the grace and the registry's lapse in seconds, not minutes.
FAST = {
    "ARENA_RECONNECT_GRACE_SECONDS": "5",
    "ARENA_PING_INTERVAL_SECONDS": "0.5",
    "ARENA_GATEWAY_TTL_SECONDS": "3",
}


def environment(**env: str) -> dict[str, str]:
    """The environment of a platform process on the tests' database and Redis."""
    return {
        **os.environ,
        "DATABASE_URL": database_url(),
        "BROKER_URL": redis_url(),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "platform"), str(ROOT / "tests" / "arena")]),
        **FAST,
        **env,
    }


class GatewayProcess(workers.GatewayProcess):
    """A gateway on the tests' database and Redis (:func:`environment`, ``env`` added)."""

    def __init__(self, log: Path, port: int = 0, **env: str) -> None:
        super().__init__(log, port, env=environment(**env))


class BotProcess(ChildProcess):
    """``python -m bots.sdk``: a bot program connected to ``address`` with ``token``."""

    def __init__(
        self, log: Path, token: str, address: str, player: str = "random", max_matches: int = 1
    ) -> None:
        command = [sys.executable, "-m", "bots.sdk", "--player", player, "--address", address]
        super().__init__(
            "bot",
            [*command, "--max-matches", str(max_matches), "--log-level", "DEBUG"],
            log,
            environment(ARENA_BOT_TOKEN=token),
        )


def remote_entry(league, owner, name: str):
    """A new bot of ``owner`` with a remote version entered in ``league``, and its token."""
    bot = bots.bot_create(owner=owner, name=name, games=[league.game])
    version = bots.version_create(bot=bot, kind="remote")
    _, token = bots.token_issue(bot=bot)
    return leagues.entry_create(league=league, version=version), token


class RawBot:
    """A bot written by hand on a raw gRPC stream: it sends whatever a test wants (bytes
    too), answers pings, and keeps every message the platform sends."""

    def __init__(self, address: str, token: str, max_matches: int = 4) -> None:
        self.channel = grpc.insecure_channel(address)
        connect = self.channel.stream_stream(
            "/arena.v1.BotService/Connect",
            request_serializer=None,  # bytes as they are: a test may send garbage
            response_deserializer=pb.ServerMessage.FromString,
        )
        self.outgoing: queue.Queue[bytes | None] = queue.Queue()
        self.incoming: queue.Queue[pb.ServerMessage | Exception] = queue.Queue()
        self.received: list[pb.ServerMessage] = []
        self.call = connect(
            iter(self.outgoing.get, None), metadata=(("authorization", f"Bot {token}"),)
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.send(hello=pb.Hello(protocol_version=PROTOCOL_VERSION, max_matches=max_matches))

    def _read(self) -> None:
        try:
            for message in self.call:
                if message.WhichOneof("message") == "ping":
                    self.send(pong=pb.Pong(ping_id=message.ping.ping_id))
                    continue
                self.received.append(message)
                self.incoming.put(message)
        except grpc.RpcError as error:
            self.incoming.put(error)

    def send(self, **message) -> None:
        """Send a BotMessage with these fields."""
        self.send_bytes(pb.BotMessage(**message).SerializeToString())

    def send_bytes(self, data: bytes) -> None:
        """Send ``data`` as a message, whatever it is."""
        self.outgoing.put(data)

    def next(self, *kinds: str, timeout: float = 30.0):
        """The next message of one of ``kinds`` (others are skipped, and kept in
        ``received``); raises the call's error if the stream ends first."""
        deadline = time.monotonic() + timeout
        while True:
            item = self.incoming.get(timeout=max(0.0, deadline - time.monotonic()))
            if isinstance(item, Exception):
                raise item
            if item.WhichOneof("message") in kinds:
                return getattr(item, item.WhichOneof("message"))

    def errors(self) -> list[str]:
        """The codes of the Errors received so far."""
        return [m.error.code for m in self.received if m.WhichOneof("message") == "error"]

    def close(self) -> None:
        """Close the stream and the channel (a dropped connection, as the platform sees it)."""
        self.outgoing.put(None)
        self.call.cancel()
        self.channel.close()


def asking(decision: pb.DecisionRequest, **fields) -> gw.DeliverRequest:
    """A DeliverRequest carrying ``decision`` as a worker's does (serialized), with ``fields``."""
    return gw.DeliverRequest(
        decision=decision.SerializeToString(), request_id=decision.request_id, **fields
    )


def legal_answer(started: pb.MatchStarted, decision: pb.DecisionRequest) -> pb.ActionReply:
    """A legal answer to ``decision``: the game's default action among its legal ones."""
    wire = codec(started.game)
    legal = wire.decode_legal_actions(decision.legal_actions)
    action = wire.encode_action(get_game(started.game).default_action(legal))
    return pb.ActionReply(match_id=decision.match_id, request_id=decision.request_id, action=action)


@pytest.fixture(name="processes")
def processes_fixture(tmp_path):
    """``processes(Kind, name, *args)`` starts a ChildProcess of that kind,
    ``processes.worker(name, **kw)`` a ready worker (arena_workers.worker); all are stopped at
    the end, last first."""
    flush_broker()
    started = []

    def start(kind, name: str, *args, **kw):
        process = kind(tmp_path / f"{name}.log", *args, **kw)
        started.append(process)
        return process

    def start_worker(name: str, **kw):
        process = worker(name, tmp_path, **{**FAST, **kw})
        started.append(process)
        process.wait_ready()
        return process

    start.worker = start_worker
    yield start
    for process in reversed(started):
        process.stop()


# ------------------------------------------------------------------ a gateway in the test


@contextlib.asynccontextmanager
async def gateway_here(
    spectating: redis.asyncio.Redis | None = None,
) -> AsyncIterator[tuple[Gateway, int, int]]:
    """A Gateway served by this event loop on free loopback ports, with the tests' Redis
    (``spectating``: another one for its streams and health): yields it, its public port and
    its internal port (its address in the presences). The loop's database work runs in one
    thread, whose connection is closed at the end."""
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(1))
    gateway = Gateway("", presences(), spectating or async_redis_client())
    bots_server, workers_server, (public, internal) = await serve(
        gateway, "127.0.0.1:0", "127.0.0.1:0"
    )
    gateway.address = f"127.0.0.1:{internal}"
    try:
        yield gateway, public, internal
    finally:
        gateway.stop_checks()
        await asyncio.gather(bots_server.stop(0), gateway.stop_workers(workers_server))
        await asyncio.to_thread(db.connections.close_all)


class AioBot:
    """A bot on a grpc.aio stream of the running loop: :meth:`connect` says Hello and returns
    the Welcome (or raises the call's error); :meth:`next` skips pings."""

    def __init__(self, port: int, token: str) -> None:
        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
        self.call = BotServiceStub(self.channel).Connect(
            metadata=(("authorization", f"Bot {token}"),)
        )

    async def connect(self, **hello) -> pb.Welcome:
        """Hello (with these fields too), then the Welcome."""
        hello = pb.Hello(protocol_version=PROTOCOL_VERSION, **hello)
        await self.call.write(pb.BotMessage(hello=hello))
        return (await self.next(timeout=30.0)).welcome

    async def next(self, timeout: float = 30.0) -> pb.ServerMessage:
        """The next message that is not a Ping (TimeoutError after ``timeout`` seconds)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.call.read()
                if message is grpc.aio.EOF:
                    raise EOFError("the gateway ended the stream")
                if message.WhichOneof("message") != "ping":
                    return message

    async def send(self, **message) -> None:
        """Send a BotMessage with these fields."""
        await self.call.write(pb.BotMessage(**message))

    async def close(self) -> None:
        """Drop the stream."""
        self.call.cancel()
        await self.channel.close()


# ------------------------------------------------------------------ a private Redis


class PrivateRedis:
    """A redis-server of the test's own on a free port, without persistence: a restart loses
    everything, as a Redis without persistence does. Never the shared one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start the server and wait until it answers."""
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=(self.folder / "redis.log").open("a"),
            stderr=subprocess.STDOUT,
        )
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 30
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                time.sleep(0.02)
        client.close()

    def stop(self) -> None:
        """Stop the server (SIGTERM, and wait)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
        self.process = None

    def restart(self) -> None:
        """Stop then start again on the same port: every connection to it is closed."""
        self.stop()
        self.start()


@pytest.fixture(name="private_redis")
def private_redis_fixture(tmp_path):
    """A :class:`PrivateRedis`, stopped at the end."""
    server = PrivateRedis(tmp_path)
    yield server
    server.stop()
