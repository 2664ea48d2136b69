"""Restarts (issue 14): the relay's Redis clients, the gateway and the workers' links go on
by themselves after Redis or a gateway restarts, without restarting any process. Each test
restarts a Redis server of its own (never the shared one)."""

from __future__ import annotations

import asyncio
import threading
import time

import grpc
import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.gateway import spectators
from conquest.matches import services
from conquest.matches.models import Match
from conquest.relay import feeds
from conquest.relay.broadcast import Broadcast, stream_key
from conquest.relay.links import Link
from conquest.relay.presence import (
    Presence,
    async_redis_client,
    presences,
    redis_client,
)
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    PrivateRedis,
    RawBot,
    free_port,
    private_redis_fixture,  # noqa: F401 - the fixture `private_redis`
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1.bot_pb2_grpc import SpectatorServiceStub
from engines.registry import get_game

RISK = get_game("risk")


@pytest.fixture
def on_private_redis(private_redis: PrivateRedis, settings, tmp_path) -> PrivateRedis:
    """The relay of this process on the test's private Redis."""
    settings.ARENA = settings.ARENA.model_copy(
        update={"gateway_redis_url": private_redis.url, "home": tmp_path}
    )
    return private_redis


async def _use_everything(match_id: int, attempt: int) -> list[pb.SpectatorEvent]:
    """Presences, a spectator stream, both live feed writers and a spectator's reading, on
    this loop's clients; the spectator events read back."""
    events = list(RISK.new_match("hasbro", 2, seed=match_id).setup_events)
    presence = Presence(match_id, "gw:1", f"c{match_id}", 1)
    await asyncio.to_thread(presences().connect, presence)
    assert await asyncio.to_thread(presences().find, match_id) == presence
    broadcast = Broadcast(async_redis_client(), match_id, "risk", attempt=attempt)
    await broadcast.start()
    broadcast.events(events)
    await broadcast.end(None)
    live = feeds.AsyncWriter(match_id, ["a", "b"], attempt=attempt)
    live.start(RISK.new_match("hasbro", 2, seed=match_id))
    live.events(events)
    await live.aend(None)
    written = feeds.Writer(match_id + 1, ["a", "b"], attempt=attempt)
    await asyncio.to_thread(written.end, None)
    return [event async for event in spectators.follow(async_redis_client(), match_id)]


def test_presences_streams_and_feeds_work_on_after_a_redis_restart(on_private_redis):
    async def scenario() -> tuple[list, list]:
        before = await _use_everything(10, attempt=1)
        await asyncio.to_thread(on_private_redis.restart)  # every pooled connection closed
        after = await _use_everything(20, attempt=1)
        return before, after

    before, after = asyncio.run(scenario())
    assert len(before) == len(after) > 1 and before[-1].final and after[-1].final
    for match_id in (20, 21):
        ended = list(feeds.follow(match_id, ended=lambda: "finished", poll=0, seconds=10))
        assert ended[-1] == feeds.Message("end", {"status": "error", "result": None})


def test_a_command_while_redis_restarts_waits_for_it(on_private_redis):
    presence = Presence(5, "gw:1", "c", 1)
    presences().connect(presence)
    on_private_redis.stop()
    back = threading.Timer(0.3, on_private_redis.start)
    back.start()
    try:
        presences().connect(presence)  # retried until Redis is back
    finally:
        back.join()
    assert presences().find(5) == presence


# ------------------------------------------------------------------ processes


@pytest.mark.django_db(transaction=True)
def test_the_gateway_keeps_its_bots_registered_and_serves_on_after_a_redis_restart(
    processes, on_private_redis
):
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    bot_id = remote.version.bot_id
    gateway = processes(GatewayProcess, "gateway", ARENA_GATEWAY_REDIS_URL=on_private_redis.url)
    bot = RawBot(gateway.address, token)
    bot.next("welcome")
    wait_for(lambda: presences().find(bot_id) is not None, 30, "the presence", [gateway])
    connection = presences().find(bot_id).connection

    def watched(match_id: int) -> list[pb.SpectatorEvent]:
        async def write() -> None:
            broadcast = Broadcast(async_redis_client(), match_id, "risk", attempt=1)
            await broadcast.start()
            broadcast.events(list(RISK.new_match("hasbro", 2, seed=1).setup_events))
            await broadcast.end(None)

        asyncio.run(write())
        with grpc.insecure_channel(gateway.address) as channel:
            stub = SpectatorServiceStub(channel)
            return list(stub.Watch(pb.WatchRequest(match_id=match_id), timeout=60))

    assert watched(31)[-1].final  # the gateway's spectators' client has a connection now
    on_private_redis.restart()  # the presence is lost with everything else
    wait_for(lambda: presences().find(bot_id) is not None, 30, "the presence again", [gateway])
    assert presences().find(bot_id).connection == connection, "the same stream, still open"
    assert watched(32)[-1].final, "spectators are served on"

    async def deliver() -> gw.DeliverReply:
        link = Link(bot_id, 33, presences(), 10.0, attempt=1)
        link.started = pb.MatchStarted(match_id=33, game="risk", variant="hasbro")
        decision = pb.DecisionRequest(match_id=33, request_id=1, decision_seconds=10.0)
        return await link.ask(decision, 10.0)

    answering = threading.Thread(
        target=lambda: bot.send(
            action=pb.ActionReply(match_id=33, request_id=bot.next("decision").request_id)
        )
    )
    answering.start()
    reply = asyncio.run(deliver())
    answering.join()
    assert reply.status == gw.DeliverReply.DELIVERED, "workers reach the bot through it"
    assert "superseded" not in bot.errors()
    bot.close()


@pytest.mark.django_db(transaction=True)
def test_a_match_goes_on_when_its_bot_s_gateway_restarts(processes):
    lg = league(
        name="risk-2",
        seats=2,
        ladder="off",
        options={"max_steps": 60},
        decision_seconds=10.0,
        time_bank_seconds=10.0,
    )
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    slow = {"ARENA_RECONNECT_GRACE_SECONDS": "30"}  # the bot has time to come back
    port = free_port()
    gateway = processes(GatewayProcess, "gateway", port, **slow)
    # A lease longer than the tests' usual 2 s: none lapses on a busy machine, so the match is
    # claimed once, and its one attempt is the gateway's restart weathered.
    processes.worker("remote", remote=4, ARENA_LEASE_SECONDS="30", **slow)
    bot = processes(BotProcess, "bot", token, gateway.address, "arena_players:SleepyPlayer")
    wait_for(lambda: presences().find(remote.version.bot_id) is not None, 30, "the bot")
    match = services.match_schedule(league=lg, entries=[remote, entry(lg, user("ben"))])
    setup = len(RISK.new_match("hasbro", 2, seed=match.seed).setup_events)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: redis_client().xlen(stream_key(match.pk)) > setup + 6, 60, "a few actions")
    gateway.kill()  # crashes, with decisions under way
    restarted = time.monotonic()
    again = processes(GatewayProcess, "gateway-again", port, **slow)
    bot.wait_for(r"(?s)connected to .*connected to ", 60)  # the bot's second connection
    reconnected = time.monotonic() - restarted
    wait_for(
        lambda: Match.objects.get(pk=match.pk).status == "finished", 120, "the match", [again, bot]
    )
    match.refresh_from_db()
    seat = match.seats.get(entry=remote)
    assert seat.code == "normal" and match.attempts == 1, match.log
    assert reconnected < 30, "within the grace period"
