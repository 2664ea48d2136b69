"""The gateway's internal port and its database (issue 14): only workers presenting the shared
secret deliver, the port listens on loopback by default, stale attempts of a match write
nothing to its bot, and a database restart does not lock bots out."""

from __future__ import annotations

import asyncio
import ipaddress
import logging

import grpc
import grpc.aio
import psycopg
import pytest
from arena_fixtures import league, user
from arena_workers import database_url, flush_broker
from conquest.gateway import server
from conquest.gateway.management.commands.gateway_health import serving
from conquest.matches.workers import free_port
from conquest.relay import auth, frames, links
from conquest.relay.links import GatewayClient, Link, Stale, Unreachable, gateway_client
from conquest.relay.presence import presences
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError, connection
from gateway_helpers import (
    AioBot,
    GatewayProcess,
    asking,
    gateway_here,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb

pytestmark = pytest.mark.django_db(transaction=True)
MATCH = 77


@pytest.fixture
def bot_token():
    """A remote bot's id and token (the tests' Redis emptied first)."""
    flush_broker()
    remote, token = remote_entry(league(name="risk-2", seats=2, ladder="off"), user("ada"), "ada")
    return remote.version.bot_id, token


def _decision(request_id: int = 1) -> pb.ServerMessage:
    return pb.ServerMessage(
        decision=pb.DecisionRequest(match_id=MATCH, request_id=request_id, decision_seconds=5.0)
    )


def _started() -> pb.MatchStarted:
    return pb.MatchStarted(match_id=MATCH, game="risk", variant="hasbro")


# ------------------------------------------------------------------ the shared secret


async def _hello(
    port: int, secret: str, revision: int = auth.REVISION
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw connection to the internal port that presented ``secret`` and ``revision``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(frames.frame(gw.Hello(secret=secret, revision=revision)))
    return reader, writer


def test_a_connection_without_the_shared_secret_is_refused_and_reaches_no_bot(bot_token):
    bot_id, token = bot_token
    forged = asking(
        _decision().decision, bot_id=bot_id, match_id=MATCH, think_seconds=0.5, ticket=1
    )

    async def scenario() -> tuple[list[tuple[gw.Welcome, object]], str, gw.DeliverReply, object]:
        async with gateway_here() as (_, public, internal):
            bot = AioBot(public, token)
            await bot.connect()
            refusals = []
            for secret in ("not-the-secret", f"Bot {token}"):
                reader, writer = await _hello(internal, secret)
                writer.write(frames.frame(forged))  # sent at once, before the Welcome
                welcome = await frames.read(reader, gw.Welcome)
                refusals.append((welcome, await frames.read(reader, gw.DeliverReply)))
                writer.close()
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(links, "hello", lambda: gw.Hello(secret="not-the-secret"))
                with pytest.raises(ConnectionError) as refused:
                    await GatewayClient(f"127.0.0.1:{internal}").deliver(forged, timeout=30)
            right = GatewayClient(f"127.0.0.1:{internal}")
            reply = await right.deliver(
                gw.DeliverRequest(
                    bot_id=bot_id,
                    match_id=MATCH,
                    messages=[pb.ServerMessage(match_started=_started())],
                ),
                timeout=30,
            )
            first = await bot.next()
            await bot.close()
            return refusals, str(refused.value), reply, first

    refusals, refused, reply, first = asyncio.run(scenario())
    for welcome, after in refusals:
        assert welcome.refused == "not the platform's shared secret (ARENA_GATEWAY_SECRET)"
        assert after is None, "then the gateway closes the connection, answering nothing"
    assert "refused us: not the platform's shared secret" in refused
    assert reply.status == gw.DeliverReply.DELIVERED
    assert first.WhichOneof("message") == "match_started", "nothing forged came before it"


def test_a_bot_holding_its_welcome_is_reached_however_late_its_gateway_goes_on(
    bot_token, monkeypatch
):
    """A delivery that comes as soon as the bot has its Welcome reaches the bot, even when the
    gateway's handler of its stream resumes long after writing the Welcome (a busy machine)."""
    bot_id, token = bot_token
    send = server.Connection.send

    async def late_after_the_welcome(connection: server.Connection, message) -> None:
        await send(connection, message)
        if message.WhichOneof("message") == "welcome":
            await asyncio.sleep(2)

    monkeypatch.setattr(server.Connection, "send", late_after_the_welcome)
    started = pb.ServerMessage(match_started=_started())

    async def scenario() -> pb.ServerMessage:
        async with gateway_here() as (_, public, internal):
            bot = AioBot(public, token)
            await bot.connect()
            reply = await GatewayClient(f"127.0.0.1:{internal}").deliver(
                gw.DeliverRequest(bot_id=bot_id, match_id=MATCH, messages=[started]), timeout=30
            )
            assert reply.status == gw.DeliverReply.DELIVERED
            first = await bot.next()
            await bot.close()
            return first

    assert asyncio.run(scenario()) == started


def test_workers_and_gateways_of_another_revision_refuse_each_other(bot_token):
    """A worker of another release than the gateway's is refused, told why, and a worker
    does not use a gateway of another release: neither writes what the other misreads."""
    started = gw.DeliverRequest(messages=[pb.ServerMessage(match_started=_started())])

    async def older_gateway(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await frames.read(reader, gw.Hello)
        writer.write(frames.frame(gw.Welcome(serving=True)))  # revision 0: before revision 2
        await frames.read(reader, gw.DeliverRequest)

    async def scenario() -> tuple[gw.Welcome, object, str, str]:
        async with gateway_here() as (_, _public, internal):
            reader, writer = await _hello(internal, auth.secret(), revision=0)  # an older worker
            welcome = await frames.read(reader, gw.Welcome)
            after = await frames.read(reader, gw.DeliverReply)
            writer.close()
            with pytest.MonkeyPatch.context() as patch:
                newer = gw.Hello(secret=auth.secret(), revision=auth.REVISION + 1)
                patch.setattr(links, "hello", lambda: newer)
                with pytest.raises(ConnectionError) as refused:
                    await GatewayClient(f"127.0.0.1:{internal}").deliver(started, timeout=30)
        older = await asyncio.start_server(older_gateway, "127.0.0.1", 0)
        port = older.sockets[0].getsockname()[1]
        with pytest.raises(ConnectionError) as unused:
            await GatewayClient(f"127.0.0.1:{port}").deliver(started, timeout=30)
        older.close()
        return welcome, after, str(refused.value), str(unused.value)

    welcome, after, refused, unused = asyncio.run(scenario())
    assert welcome.refused.startswith("a worker of internal protocol revision 0;")
    assert after is None, "then the gateway closes the connection, answering nothing"
    assert f"revision {auth.REVISION + 1}; this gateway speaks {auth.REVISION}" in refused
    assert f"speaks internal protocol revision 0, this worker {auth.REVISION}" in unused


def test_a_hello_without_a_secret_gets_the_health_and_the_connection_closes(bot_token):
    async def scenario() -> tuple[gw.Welcome | None, object, bool]:
        async with gateway_here() as (_, _public, internal):
            reader, writer = await _hello(internal, "")
            welcome = await frames.read(reader, gw.Welcome)
            after = await frames.read(reader, gw.DeliverReply)
            writer.close()
            return welcome, after, await serving(f"127.0.0.1:{internal}")

    welcome, after, probed = asyncio.run(scenario())
    assert welcome == gw.Welcome(serving=True, revision=auth.REVISION) and after is None
    assert probed


def test_gateway_health_exits_1_when_nothing_answers():
    with pytest.raises(CommandError) as down:
        call_command("gateway_health", f"127.0.0.1:{free_port()}")
    assert down.value.returncode == 1 and "does not answer" in str(down.value)


@pytest.mark.parametrize(
    ("frame", "said"),
    [
        (b"\x00\x00\x00\x03\xff\xff\xff", "a frame that is not a DeliverRequest"),
        ((frames.MAX_FRAME_BYTES + 1).to_bytes(4, "big"), "the limit is 4194304"),
    ],
    ids=["malformed", "too large"],
)
def test_a_bad_frame_from_a_worker_closes_its_connection_only_and_says_why(
    bot_token, caplog, frame, said
):
    bot_id, _ = bot_token
    not_here = gw.DeliverRequest(bot_id=bot_id, match_id=MATCH)

    async def scenario() -> tuple[object, gw.DeliverReply]:
        async with gateway_here() as (_, _public, internal):
            other = GatewayClient(f"127.0.0.1:{internal}")
            await other.deliver(not_here, timeout=30)
            reader, writer = await _hello(internal, auth.secret())
            assert (await frames.read(reader, gw.Welcome)).refused == ""
            writer.write(frame)
            closed = await frames.read(reader, gw.DeliverReply)
            writer.close()
            return closed, await other.deliver(not_here, timeout=30)

    with caplog.at_level(logging.WARNING, logger="conquest.gateway.server"):
        closed, other = asyncio.run(scenario())
    assert closed is None, "the gateway closed the connection"
    assert other.status == gw.DeliverReply.NOT_CONNECTED, "another worker's goes on"
    assert [r.getMessage() for r in caplog.records if "internal connection" in r.getMessage()]
    assert said in caplog.text


def test_a_bad_frame_from_the_gateway_fails_the_waiting_requests_saying_why(caplog):
    async def scenario() -> str:
        async def lying(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await frames.read(reader, gw.Hello)
            writer.write(frames.frame(gw.Welcome(serving=True, revision=auth.REVISION)))
            await frames.read(reader, gw.DeliverRequest)
            writer.write(b"\x00\x00\x00\x02\xff\xff")
            await reader.read()

        fake = await asyncio.start_server(lying, "127.0.0.1", 0)
        port = fake.sockets[0].getsockname()[1]
        client = GatewayClient(f"127.0.0.1:{port}")
        with pytest.raises(ConnectionError) as broke:
            await client.deliver(gw.DeliverRequest(bot_id=1), timeout=30)
        fake.close()
        assert client.broken
        return str(broke.value)

    said = asyncio.run(scenario())
    assert said.startswith("the gateway at 127.0.0.1:") and "sent a bad frame" in said
    assert "a frame that is not a DeliverReply" in said and said in caplog.text


def _reply(request: gw.DeliverRequest | None) -> bytes:
    """The frame of a reply naming the request's match in its log lines."""
    assert request is not None
    return frames.frame(gw.DeliverReply(ticket=request.ticket, log_lines=[str(request.match_id)]))


def test_each_reply_reaches_its_request_in_whatever_order_and_pieces_it_comes():
    """The gateway answers three requests last first: the third's and second's replies in one
    write, the first's a byte at a time; then the next request's."""

    async def gateway(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await frames.read(reader, gw.Hello)
        writer.write(frames.frame(gw.Welcome(serving=True, revision=auth.REVISION)))
        asked = [await frames.read(reader, gw.DeliverRequest) for _ in range(3)]
        writer.write(_reply(asked[2]) + _reply(asked[1]))
        for byte in _reply(asked[0]):
            await writer.drain()
            await asyncio.sleep(0.001)
            writer.write(bytes([byte]))
        while (request := await frames.read(reader, gw.DeliverRequest)) is not None:
            writer.write(_reply(request))

    async def scenario() -> tuple[list[list[str]], list[str]]:
        fake = await asyncio.start_server(gateway, "127.0.0.1", 0)
        client = GatewayClient(f"127.0.0.1:{fake.sockets[0].getsockname()[1]}")
        requests = [gw.DeliverRequest(match_id=match) for match in (1, 2, 3)]
        replies = await asyncio.gather(*(client.deliver(request, 30) for request in requests))
        after = await client.deliver(gw.DeliverRequest(match_id=4), 30)
        fake.close()
        return [list(reply.log_lines) for reply in replies], list(after.log_lines)

    replies, after = asyncio.run(scenario())
    assert replies == [["1"], ["2"], ["3"]]
    assert after == ["4"], "the connection goes on"


@pytest.mark.parametrize("welcomed", [False, True], ids=["before its Welcome", "while asked"])
def test_a_gateway_that_closes_the_connection_fails_the_waiting_request_saying_why(welcomed):
    async def closing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await frames.read(reader, gw.Hello)
        if welcomed:
            writer.write(frames.frame(gw.Welcome(serving=True, revision=auth.REVISION)))
            await frames.read(reader, gw.DeliverRequest)
        writer.close()

    async def scenario() -> tuple[str, bool]:
        fake = await asyncio.start_server(closing, "127.0.0.1", 0)
        client = GatewayClient(f"127.0.0.1:{fake.sockets[0].getsockname()[1]}")
        with pytest.raises(ConnectionError) as broke:
            await client.deliver(gw.DeliverRequest(bot_id=1), timeout=30)
        fake.close()
        return str(broke.value), client.broken

    said, broken = asyncio.run(scenario())
    expected = "broke" if welcomed else "refused us: it closed the connection"
    assert said.startswith("the ") and expected in said
    assert broken, "the next request makes a new connection"


def test_requests_wait_for_the_welcome_and_a_gateway_that_does_not_answer_times_out():
    async def scenario() -> tuple[list[int], bool]:
        seen: list[int] = []

        async def slow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await frames.read(reader, gw.Hello)
            await asyncio.sleep(0.2)  # the requests are made before the Welcome
            writer.write(frames.frame(gw.Welcome(serving=True, revision=auth.REVISION)))
            while len(seen) < 2:
                request = await frames.read(reader, gw.DeliverRequest)
                seen.append(request.bot_id)
                if request.bot_id == 1:
                    writer.write(frames.frame(gw.DeliverReply(ticket=request.ticket)))
            await asyncio.sleep(1.0)  # past the second request's time
            writer.close()

        fake = await asyncio.start_server(slow, "127.0.0.1", 0)
        client = GatewayClient(f"127.0.0.1:{fake.sockets[0].getsockname()[1]}")
        answered = asyncio.create_task(client.deliver(gw.DeliverRequest(bot_id=1), timeout=30))
        await asyncio.sleep(0)  # the first request is made
        with pytest.raises(TimeoutError):
            await client.deliver(gw.DeliverRequest(bot_id=2), timeout=0.5)  # never answered
        await answered
        broken = client.broken
        async with asyncio.timeout(30):
            while not client.broken:  # until the gateway closes the connection
                await asyncio.sleep(0.05)
        fake.close()
        return seen, broken

    seen, broken = asyncio.run(scenario())
    assert seen == [1, 2], "written in order once the gateway took the secret"
    assert not broken, "a timeout is the request's, not the connection's"


def test_a_gateway_that_never_welcomes_breaks_the_connection_not_only_the_request(monkeypatch):
    # A host that takes the connection and then says nothing (or drops every packet): the
    # client gives it up within CALL_MARGIN_SECONDS, so the next request opens a new one.
    monkeypatch.setattr(links, "CALL_MARGIN_SECONDS", 0.3)

    async def scenario() -> GatewayClient:
        async def mute(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read()

        fake = await asyncio.start_server(mute, "127.0.0.1", 0)
        client = GatewayClient(f"127.0.0.1:{fake.sockets[0].getsockname()[1]}")
        with pytest.raises(ConnectionError):
            await client.deliver(gw.DeliverRequest(bot_id=1), timeout=60)
        fake.close()
        return client

    assert asyncio.run(scenario()).broken


def test_a_stopping_gateway_closes_the_workers_connections_cleanly(bot_token, caplog):
    bot_id, _ = bot_token

    async def scenario() -> str:
        async with gateway_here() as (_, _public, internal):
            client = GatewayClient(f"127.0.0.1:{internal}")
            await client.deliver(gw.DeliverRequest(bot_id=bot_id), timeout=30)
        async with asyncio.timeout(30):
            while not client.broken:
                await asyncio.sleep(0.02)
        with pytest.raises(ConnectionError) as broke:
            await client.deliver(gw.DeliverRequest(bot_id=bot_id), timeout=30)
        return str(broke.value)

    said = asyncio.run(scenario())
    assert said.startswith("the connection to 127.0.0.1:") and said.endswith("broke")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "nothing failed"


def test_the_internal_port_listens_on_loopback_by_default(processes):
    gateway = processes(GatewayProcess, "gateway")  # no --internal-host
    port = int(gateway.internal.rpartition(":")[2])
    assert gateway.internal.startswith("127.0.0.1:"), "and workers are told so"
    assert _listening(port) == {"127.0.0.1"}


def _listening(port: int) -> set[str]:
    """The addresses with a TCP socket listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            for line in list(lines)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, _, hex_port = local.partition(":")
                if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                    found.add(_address(address))
    return found


def _address(hex_address: str) -> str:
    """An address of /proc/net/tcp(6), in words (IPv4 mapped in IPv6 as IPv4)."""
    raw = bytes.fromhex(hex_address)
    packed = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))  # little-endian
    address = ipaddress.ip_address(packed)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


# ------------------------------------------------------------------ attempts


def test_a_stale_attempt_is_refused_whatever_it_sends_and_its_bot_sees_nothing(bot_token):
    bot_id, token = bot_token

    def ended(attempt: int) -> gw.DeliverRequest:
        message = pb.ServerMessage(match_ended=pb.MatchEnded(match_id=MATCH))
        return gw.DeliverRequest(bot_id=bot_id, match_id=MATCH, messages=[message], attempt=attempt)

    async def scenario():
        async with gateway_here() as (_, public, internal):
            gateway = gateway_client(f"127.0.0.1:{internal}")
            bot = AioBot(public, token)
            await bot.connect()
            await _wait_for_presence(bot_id)
            old, new = (
                Link(bot_id, MATCH, presences(), 5.0, attempt=attempt) for attempt in (1, 2)
            )
            old.started, new.started = _started(), _started()
            # Attempt 1 asks first; then attempt 2 of the same match starts.
            asking = asyncio.create_task(old.ask(_decision(1).decision, 10.0))
            seen = [await bot.next(), await bot.next()]  # attempt 1's MatchStarted, request
            answering = asyncio.create_task(new.ask(_decision(1).decision, 10.0))
            seen += [await bot.next(), await bot.next()]  # attempt 2's
            with pytest.raises(Stale):
                await asyncio.wait_for(asking, 30)  # its pending decision ended
            with pytest.raises(Stale):
                await old.ask(_decision(2).decision, 10.0)
            told = await gateway.deliver(ended(attempt=1), timeout=30)
            await bot.send(action=pb.ActionReply(match_id=MATCH, request_id=1))
            reply = await asyncio.wait_for(answering, 30)
            over = await gateway.deliver(ended(attempt=2), timeout=30)
            seen.append(await bot.next())
            await bot.close()
            return seen, told, reply, over

    seen, told, reply, over = asyncio.run(scenario())
    assert told.status == gw.DeliverReply.STALE, "any message kind, not only decisions"
    assert (reply.status, over.status) == (gw.DeliverReply.DELIVERED,) * 2
    assert [m.WhichOneof("message") for m in seen] == [
        "match_started",
        "decision",
        "match_started",
        "decision",
        "match_ended",
    ], "nothing of attempt 1 after attempt 2 began"


def test_a_gateway_that_fails_every_delivery_makes_the_bot_unreachable_after_the_grace(
    bot_token, monkeypatch
):
    bot_id, token = bot_token

    async def failing(request: gw.DeliverRequest) -> gw.DeliverReply:
        raise RuntimeError("a bug in the gateway")

    async def scenario() -> None:
        async with gateway_here() as (gateway, public, _internal):
            monkeypatch.setattr(gateway, "_deliver", failing)
            bot = AioBot(public, token)
            await bot.connect()
            await _wait_for_presence(bot_id)
            link = Link(bot_id, MATCH, presences(), 0.5, attempt=1)
            link.started = _started()
            try:
                # The bot stays present: only the grace period ends the asking.
                with pytest.raises(Unreachable, match="grace period"):
                    await asyncio.wait_for(link.ask(_decision().decision, 1.0), 30)
            finally:
                await bot.close()

    asyncio.run(scenario())


async def _wait_for_presence(bot_id: int) -> None:
    async with asyncio.timeout(30):
        while await asyncio.to_thread(presences().find, bot_id) is None:
            await asyncio.sleep(0.02)


# ------------------------------------------------------------------ the database


def test_a_bot_is_welcomed_after_the_gateway_s_database_connection_was_cut(bot_token):
    bot_id, token = bot_token

    async def scenario() -> tuple[int, int]:
        async with gateway_here() as (_, public, _internal):
            first = AioBot(public, token)
            await first.connect()  # the gateway's database thread now holds a connection
            pid = await asyncio.to_thread(_backend_pid)
            with psycopg.connect(database_url(), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            again = AioBot(public, token)
            welcome = await again.connect()
            await asyncio.gather(first.close(), again.close())
            return welcome.bot_id, pid

    welcomed, pid = asyncio.run(scenario())
    assert welcomed == bot_id and pid > 0


def _backend_pid() -> int:
    """The PostgreSQL backend of this thread's database connection."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_database_that_is_down_tells_the_bot_to_retry_not_that_it_is_refused(
    bot_token, monkeypatch
):
    _, token = bot_token
    tries = []

    def down(*, token: str):
        tries.append(token)
        raise OperationalError("connection refused")

    monkeypatch.setattr(server, "token_authenticate", down)

    async def scenario() -> grpc.StatusCode:
        async with gateway_here() as (_, public, _internal):
            bot = AioBot(public, token)
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await bot.connect()
            await bot.close()
            return refused.value.code()

    assert asyncio.run(scenario()) == grpc.StatusCode.UNAVAILABLE
    assert tries == [token, token], "tried once more on a new connection"
