"""The gateway's pieces without processes: the registry, the clock charged to a remote seat,
its faults, and the round trip credited to a connection."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import celery
import grpc
import grpc.aio
import pytest
import redis
import redis.asyncio
from arena_fixtures import entry, league, user
from arena_workers import flush_broker, wait_for
from conquest.gateway import server
from conquest.gateway.server import RTT_CREDIT_CAP, Bucket, Connection, Gateway, serve
from conquest.leagues import services as leagues
from conquest.leagues.matchmaking import fill_ladder
from conquest.matches import services
from conquest.matches.models import Match, MatchSeat
from conquest.matches.runner import run
from conquest.matches.seats import RemoteSeat, Seat, SeatFault
from conquest.matches.spec import MatchSpec, SeatSpec
from conquest.relay.broadcast import Broadcast
from conquest.relay.links import Unreachable
from conquest.relay.presence import Presence, async_redis_client, presences, redis_client
from django import db
from gateway_helpers import asking, remote_entry
from hypothesis import given, settings
from hypothesis import strategies as st

from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1.bot_pb2_grpc import BotServiceStub
from bots.protocol.wire import codec
from engines.registry import get_game

RISK = get_game("risk")
MAX_BYTES = 65_536
UNWRITTEN = SimpleNamespace(write=None)
"""The context of a Connection that a test never writes to."""
SPEC = MatchSpec(
    game="risk",
    variant="hasbro",
    options={"max_steps": 30},
    seed=5,
    engine_version=RISK.engine_version,
    seats=(SeatSpec("remote v1", "remote", bot_id=7), SeatSpec("house v1", "house", "random")),
    decision_seconds=1.0,
    time_bank_seconds=2.0,
)


@pytest.fixture
def fresh_redis():
    flush_broker()


def test_the_registry_keeps_the_newest_connection_of_a_bot_while_it_is_refreshed(fresh_redis):
    connected = presences()
    first = Presence(7, "gw-a:50052", "one", 4)
    second = Presence(7, "gw-b:50052", "two", 2)
    connected.connect(first)
    assert connected.find(7) == first and connected.find(8) is None
    connected.connect(second)  # the bot connected again, to another gateway
    assert connected.find(7) == second
    assert connected.refresh(first) is False, "the old gateway learns it was replaced"
    connected.disconnect(first)  # and its goodbye does not forget the new connection
    assert connected.connected([7, 8]) == {7: second}
    connected.disconnect(second)
    assert connected.find(7) is None


def test_a_connection_lapses_when_its_gateway_stops_refreshing_it(fresh_redis, settings):
    # No margins to lose on a busy machine: the time that goes by is the key's TTL, set here.
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_ttl_seconds": 60.0})
    presence, key, client = Presence(9, "gw:1", "c", 1), "arena:bot:9", redis_client()
    presences().connect(presence)
    assert 0 < client.pttl(key) <= 60_000, "a connection lives for the TTL"
    client.pexpire(key, 2_000)  # 58 s went by: 2 s left
    assert presences().refresh(presence)
    assert client.pttl(key) > 30_000, "a refresh gives it the whole TTL again"
    assert presences().find(9) == presence
    # Its gateway refreshes it once more, with a TTL of 0.3 s, then no more: it lapses.
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_ttl_seconds": 0.3})
    assert presences().refresh(presence)
    wait_for(lambda: presences().find(9) is None, 10, "the connection to lapse")


class Scripted:
    """A Link that answers from a script of DeliverReplies (or raises Unreachable)."""

    def __init__(self, replies) -> None:
        self.replies = iter(replies)
        self.match_id = 11
        self.started = None
        self.told: list[pb.ActionResult] = []
        self.asked: list[tuple[pb.DecisionRequest, float]] = []
        self.ended: list[pb.MatchEnded] = []

    async def ask(self, decision, think_seconds, body=b""):
        whole = pb.DecisionRequest.FromString(decision.SerializeToString() + body)
        self.asked.append((whole, think_seconds))
        reply = next(self.replies)
        if isinstance(reply, Exception):
            raise reply
        await asyncio.sleep(0.01)  # the wall clock here is not what the bot is charged
        return reply

    def tell(self, result):
        self.told.append(result)

    def finish(self, ended):
        self.ended.append(ended)

    def take_logs(self):
        return ["thinking"]


def _answer(action, think: float) -> gw.DeliverReply:
    return gw.DeliverReply(
        status=gw.DeliverReply.DELIVERED,
        action=codec("risk").encode_action(action),
        think_seconds=think,
    )


def test_a_remote_seat_is_charged_the_think_time_the_gateway_measured():
    match = RISK.new_match("hasbro", 2, seed=1)
    legal = match.legal_actions(0)
    action = RISK.default_action(legal)
    link = Scripted([_answer(action, 0.25), gw.DeliverReply(status=gw.DeliverReply.TIMEOUT)])
    seat = RemoteSeat(link, SPEC, 0, itertools.count(1))
    assert asyncio.run(seat.decide(match.observation(0), legal, 3.0)) == action
    assert seat.spent(99.0) == 0.25
    decision, allowed = link.asked[0]
    assert (decision.request_id, decision.decision_seconds, decision.time_bank_seconds) == (
        1,
        1.0,
        2.0,
    )
    assert allowed == 3.0 and link.started.match_id == 11 and link.started.seat == 0
    assert codec("risk").decode_legal_actions(decision.legal_actions) == legal
    assert decision.observation == codec("risk").encode_observation(match.observation(0))
    link.replies = iter([gw.DeliverReply(status=gw.DeliverReply.TIMEOUT, think_seconds=3.0)])
    with pytest.raises(SeatFault, match="timeout"):
        asyncio.run(seat.decide(match.observation(0), legal, 3.0))
    assert seat.spent(0.0) == 3.0


def test_malformed_oversized_and_unreachable_answers_are_faults():
    match = RISK.new_match("hasbro", 2, seed=1)
    legal = match.legal_actions(0)
    link = Scripted(
        [
            gw.DeliverReply(
                status=gw.DeliverReply.DELIVERED, action=pb.Action(json='{"type": "Nope"}')
            ),
            gw.DeliverReply(status=gw.DeliverReply.OVERSIZED),
            Unreachable("gone"),
        ]
    )
    seat = RemoteSeat(link, SPEC, 0, itertools.count(1))
    with pytest.raises(SeatFault, match="malformed") as malformed:
        asyncio.run(seat.decide(match.observation(0), legal, 1.0))
    assert malformed.value.code == "illegal" and not malformed.value.forfeit
    [told] = link.told
    assert (told.accepted, told.code) == (False, "malformed")
    with pytest.raises(SeatFault, match="oversized"):
        asyncio.run(seat.decide(match.observation(0), legal, 1.0))
    with pytest.raises(SeatFault) as gone:
        asyncio.run(seat.decide(match.observation(0), legal, 1.0))
    assert (gone.value.code, gone.value.forfeit) == ("disconnect", True)
    assert [d.request_id for d, _ in link.asked] == [1, 2, 3]


class Reporting(Seat):
    """Plays the default action and reports a scripted think time for each decision."""

    def __init__(self, times: list[float], fail_at: int | None = None) -> None:
        self.times = itertools.cycle(times)
        self.charged: list[float] = []
        self.fail_at = fail_at
        self.decisions = 0

    async def decide(self, observation, legal_actions, seconds):
        self.decisions += 1
        if self.decisions - 1 == self.fail_at:
            raise SeatFault("disconnect", "gone", forfeit=True)
        return RISK.default_action(legal_actions)

    def spent(self, wall_seconds):
        self.charged.append(next(self.times))
        return self.charged[-1]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.floats(0.0, 2.0), min_size=1, max_size=6),
    st.none() | st.integers(0, 5),
)
def test_the_runner_charges_what_the_seat_reports_and_a_forfeit_is_at_once(times, fail_at):
    seats = [Reporting(times, fail_at), Reporting([0.0])]
    outcome = run(SPEC, seats)
    remote = outcome.seats[0]
    assert remote.time_used == pytest.approx(sum(seats[0].charged))
    if fail_at is None:
        assert remote.code == "normal" and remote.faults == 0
    else:
        assert (remote.code, remote.faults, remote.placement) == ("disconnect", 1, 2)
        assert seats[0].decisions == fail_at + 1, "never asked again after the forfeit"
        assert sum("forfeits" in line for line in outcome.log) == 1


def test_the_round_trip_credited_is_the_smallest_recent_one_and_capped():
    connection = Connection(1, UNWRITTEN, batches=False, max_bytes=MAX_BYTES)
    assert connection.rtt == 0.0
    for sample in (0.05, 0.01, 0.03):
        connection.rtts.append(sample)
    assert connection.rtt == 0.01
    connection.rtts.clear()
    connection.rtts.extend([5.0, 7.0])  # a bot that delays its pongs gains little
    assert connection.rtt == RTT_CREDIT_CAP


class _BusyStream:
    """A bot's stream on which every write takes ``seconds`` (the messages of a burst of
    matches starting queue behind each other), to a bot that answers each decision as soon as
    it is written; ``written`` holds each write's kinds of message."""

    def __init__(self, gateway: Gateway, seconds: float) -> None:
        self.gateway = gateway
        self.seconds = seconds
        self.connection: Connection | None = None
        self.answering: set[asyncio.Task] = set()
        self.written: list[list[str]] = []
        self.messages: list[pb.ServerMessage] = []

    async def write(self, data: bytes) -> None:
        await asyncio.sleep(self.seconds)
        message = pb.ServerMessage.FromString(data)
        batch = message.WhichOneof("message") == "batch"
        messages = list(message.batch.messages) if batch else [message]
        self.written.append([item.WhichOneof("message") for item in messages])
        self.messages.extend(messages)
        for item in messages:
            asked = item.decision
            answer = pb.ActionReply(match_id=asked.match_id, request_id=asked.request_id)
            task = asyncio.create_task(self.gateway._answer(self.connection, answer))
            self.answering.add(task)


def test_the_bot_reads_the_decision_the_worker_serialized_with_its_round_trip_added():
    """The gateway writes a decision's bytes as the worker sent them, unparsed: the bot
    reads the same request, its ``rtt_seconds`` the connection's round trip."""
    match = RISK.new_match("hasbro", 2, seed=1)
    head = pb.DecisionRequest(match_id=5, request_id=3, seat=1, decision_seconds=1.0)
    body = codec("risk").decision_body(match.observation(0), match.legal_actions(0))
    decision = pb.DecisionRequest.FromString(head.SerializeToString() + body)

    async def deliver() -> tuple[gw.DeliverReply, list[pb.ServerMessage]]:
        gateway = Gateway("gw:1", presences(), async_redis_client())
        stream = _BusyStream(gateway, seconds=0.0)
        connection = Connection(7, stream, batches=False, max_bytes=MAX_BYTES)
        connection.rtts.append(0.004)
        stream.connection = gateway.connections[7] = connection
        request = asking(decision, bot_id=7, match_id=5, think_seconds=1.0, attempt=1)
        return await gateway._deliver(request), stream.messages

    reply, written = asyncio.run(deliver())
    assert reply.status == gw.DeliverReply.DELIVERED, "the answer went back to the worker"
    assert [message.WhichOneof("message") for message in written] == ["decision"]
    assert written[0].decision.rtt_seconds == 0.004
    written[0].decision.rtt_seconds = 0.0
    assert written[0].decision == decision


@pytest.mark.parametrize("batches", [False, True])
def test_a_decision_s_clock_starts_once_it_is_written_not_while_it_waits_behind_others(batches):
    async def burst() -> tuple[list[gw.DeliverReply], list[list[str]]]:
        gateway = Gateway("gw:1", presences(), async_redis_client())
        stream = _BusyStream(gateway, seconds=0.6)
        connection = Connection(7, stream, batches=batches, max_bytes=MAX_BYTES)
        stream.connection = gateway.connections[7] = connection

        requests = [
            asking(
                pb.DecisionRequest(match_id=match, request_id=1),
                bot_id=7,
                match_id=match,
                connection_id=connection.id,
                think_seconds=1.0,
                attempt=1,
            )
            for match in (1, 2, 3)
        ]
        replies = await asyncio.gather(*(gateway._deliver(request) for request in requests))
        return replies, stream.written

    replies, written = asyncio.run(burst())
    # The last request waited for the stream: a clock started before its write would be past
    # 1 s (1.2 s one at a time, 0.6 s and its own write's 0.6 s in a batch).
    assert [reply.status for reply in replies] == [gw.DeliverReply.DELIVERED] * 3
    assert all(reply.think_seconds < 1.0 for reply in replies), "the bot answered at once"
    # The first is written at once; the two that came during its write follow together to a
    # bot that reads batches, one at a time to one that does not.
    together = [["decision"], ["decision", "decision"]]
    assert written == (together if batches else [["decision"]] * 3)


def test_a_bot_log_line_stays_one_line_so_no_seat_can_write_in_another_s_name():
    connection = Connection(1, UNWRITTEN, batches=False, max_bytes=MAX_BYTES)
    connection.log(7, "mine\n[2026-11-24 10:00:00] step 3: seat 1 bot log: forged\r\nend")
    assert connection.take_logs(7) == [
        "mine [2026-11-24 10:00:00] step 3: seat 1 bot log: forged end"
    ]


def test_the_log_bucket_lets_a_burst_through_then_the_rate(monkeypatch):
    now = [1000.0]  # the bucket's clock, moved by hand
    monkeypatch.setattr(server, "time", SimpleNamespace(monotonic=lambda: now[0]))
    bucket = Bucket(rate=10.0, burst=3)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.09
    assert not bucket.take(), "0.9 token in 0.09 s at 10 a second"
    now[0] += 0.03
    assert bucket.take() and not bucket.take()
    now[0] += 10.0
    assert [bucket.take() for _ in range(4)] == [True, True, True, False], "never over the burst"


@pytest.mark.django_db(transaction=True)
def test_a_match_with_a_remote_seat_goes_to_the_remote_queue(fresh_redis, monkeypatch):
    # How a remote match fails (an engine error, Redis away) is played in its child process:
    # tests/arena/test_remote_sandbox.py.
    sent = []
    monkeypatch.setattr(
        celery.current_app,
        "send_task",
        lambda name, args=None, **options: sent.append((args[0], options.get("queue"))),
    )
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, _ = remote_entry(lg, user("ada"), "ada-bot")
    house = [entry(lg, user(name), "random") for name in ("ben", "cat")]
    mixed, plain = (
        services.match_schedule(league=lg, entries=[remote, house[0]]),
        services.match_schedule(league=lg, entries=house),
    )
    services.match_enqueue(match_ids=[mixed.pk, plain.pk])
    assert sorted(sent) == [(mixed.pk, "remote"), (plain.pk, None)]


@pytest.mark.django_db
def test_the_ladder_seats_a_remote_bot_only_while_connected_and_under_its_capacity(fresh_redis):
    lg = league(name="risk-2", seats=2, ladder_matches_per_tick=8, ladder_max_pending=8)
    other = league(name="other", seats=2, ladder="off")
    remote, _ = remote_entry(lg, user("ada"), "ada-bot")
    for name in ("ann", "ben", "cat"):
        entry(lg, user(name), "random")
    bot = remote.version.bot

    def remote_matches() -> int:
        return MatchSeat.objects.filter(entry=remote, match__status="queued").count()

    fill_ladder(lg)
    assert remote_matches() == 0, "not connected: never scheduled"
    Match.objects.all().delete()
    presences().connect(Presence(bot.pk, "gw:1", "c", 3))
    table = [leagues.entry_create(league=other, version=remote.version), entry(other, user("dan"))]
    elsewhere = services.match_schedule(league=other, entries=table)
    services.match_enqueue(match_ids=[elsewhere.pk])
    fill_ladder(lg)
    assert remote_matches() == 2, "3 at once, one of them in another league"
    Match.objects.filter(league=lg).update(status="finished")
    fill_ladder(lg)
    assert remote_matches() == 2, "room again once its matches are over"
    presences().disconnect(Presence(bot.pk, "gw:1", "c", 3))
    Match.objects.filter(league=lg).update(status="finished")
    fill_ladder(lg)
    assert remote_matches() == 0


def test_a_broadcast_writes_the_events_behind_the_match_in_order_then_the_final_entry(
    fresh_redis,
):
    match = RISK.new_match("hasbro", 2, seed=1)
    events = list(match.setup_events)
    assert len(events) >= 3

    async def scenario() -> None:
        broadcast = Broadcast(async_redis_client(), 7, "risk", attempt=1)
        await broadcast.start()
        broadcast.events(events[:2])
        broadcast.events(events[2:])  # while the first write may still be under way
        await broadcast.end(None)

    asyncio.run(scenario())
    texts = codec("risk").encode_events(events)
    assert redis_client().xrange("arena:match:7:events") == [
        *(
            (f"0-{seq + 1}".encode(), {b"seq": str(seq).encode(), b"event": text.encode()})
            for seq, text in enumerate(texts)
        ),
        (f"0-{len(texts) + 1}".encode(), {b"final": b"1", b"result": b""}),
    ]


def test_a_broadcast_write_retried_after_a_lost_reply_adds_nothing_twice(fresh_redis):
    texts = codec("risk").encode_events(RISK.new_match("hasbro", 2, seed=1).setup_events)

    async def scenario() -> None:
        broadcast = Broadcast(async_redis_client(), 7, "risk", attempt=1)
        await broadcast.start()
        for _ in range(2):  # the client sends a command again when its reply was lost
            await broadcast._run(broadcast._write_script, ["0", "", 0, 2, *texts[:2]])
        for _ in range(2):
            await broadcast._run(broadcast._write_script, ["1", "", 2, len(texts) - 2, *texts[2:]])

    asyncio.run(scenario())
    entries = redis_client().xrange("arena:match:7:events")
    assert [entry_id for entry_id, _ in entries] == [
        f"0-{n}".encode() for n in range(1, len(texts) + 2)
    ]
    assert [fields[b"event"].decode() for _, fields in entries[:-1]] == texts


def test_a_broadcast_that_cannot_write_fails_the_match(fresh_redis):
    async def scenario() -> None:
        nowhere = redis.asyncio.Redis(port=1, socket_connect_timeout=0.5)
        broadcast = Broadcast(nowhere, 7, "risk", attempt=1)
        broadcast.events(list(RISK.new_match("hasbro", 2, seed=1).setup_events))
        with pytest.raises(redis.ConnectionError):
            await broadcast.end(None)
        with pytest.raises(redis.ConnectionError):
            broadcast.events([])  # the failed write is raised, not dropped

    asyncio.run(scenario())


async def _ended_stream(bot_id: int) -> tuple[Connection, grpc.aio.Server]:
    """A Connection on a real stream whose client has cancelled while its handler still runs:
    the moment between a bot dropping its stream and the gateway seeing it."""
    handed: asyncio.Future[Connection] = asyncio.get_running_loop().create_future()
    cancelled = asyncio.Event()

    async def linger(requests, context):
        handed.set_result(Connection(bot_id, context, batches=False, max_bytes=MAX_BYTES))
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(60)
        cancelled.set()
        await asyncio.sleep(60)  # not done yet: the gateway has not caught up

    server = grpc.aio.server()
    handler = grpc.stream_stream_rpc_method_handler(linger)  # a Connection writes bytes
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("t.S", {"C": handler}),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    call = channel.stream_stream("/t.S/C")()
    await call.write(b"")
    connection = await handed
    call.cancel()
    await cancelled.wait()
    await channel.close()
    return connection, server


@pytest.mark.django_db(transaction=True)
def test_a_bot_reconnecting_before_the_gateway_saw_its_old_stream_end_gets_in(fresh_redis):
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    bot_id = remote.version.bot_id

    async def reconnect() -> tuple[Connection, Connection, list[str], Presence | None]:
        # One thread for the gateway's database work, whose connection is closed at the end.
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(1))
        stale, other = await _ended_stream(bot_id)
        gateway = Gateway("gw:1", presences(), async_redis_client())
        gateway.connections[bot_id] = stale
        bots, workers, (port, _) = await serve(gateway, "127.0.0.1:0", "127.0.0.1:0")
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                call = BotServiceStub(channel).Connect(
                    metadata=(("authorization", f"Bot {token}"),)
                )
                await call.write(pb.BotMessage(hello=pb.Hello(protocol_version=PROTOCOL_VERSION)))
                kinds = [(await asyncio.wait_for(call.read(), 10)).WhichOneof("message")]
                kinds.append((await asyncio.wait_for(call.read(), 10)).WhichOneof("message"))
                found = await asyncio.to_thread(presences().find, bot_id)
                return stale, gateway.connections[bot_id], kinds, found
        finally:
            for server in (bots, other):
                await server.stop(0)
            await gateway.stop_workers(workers)
            await asyncio.to_thread(db.connections.close_all)

    stale, new, kinds, found = asyncio.run(reconnect())
    assert kinds == ["welcome", "ping"], "the new stream is welcomed and goes on"
    assert stale.closed.is_set() and new is not stale, "the old stream is closed, replaced"
    assert found == Presence(bot_id, "gw:1", new.id, 1), "workers find the new stream"
