"""Prometheus metrics (deploy/operations.md): the web's request latency at /metrics, the
workers' match counters, decisions and queue, the gateway's bots and decisions."""

from __future__ import annotations

import asyncio
import urllib.request

import pytest
from arena_fixtures import entry, league, user
from arena_workers import flush_broker
from conquest import metrics
from conquest.matches import execution, services, tasks
from conquest.matches.models import Match
from conquest.matches.workers import free_port
from conquest.relay.links import gateway_client
from gateway_helpers import AioBot, asking, gateway_here, remote_entry
from prometheus_client import REGISTRY

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb

pytestmark = pytest.mark.django_db(transaction=True)  # the match counters move on commit


def value(name: str, **labels: str) -> float:
    """A sample's value now (0 when it has none yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


# ------------------------------------------------------------------ web


def test_metrics_expose_the_latency_of_the_requests_by_view_method_and_status(client):
    labels = {"view": "web-home", "method": "GET", "status": "200"}
    before = value("arena_http_request_duration_seconds_count", **labels)
    assert client.get("/").status_code == 200
    page = client.get("/metrics")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/plain")
    assert value("arena_http_request_duration_seconds_count", **labels) == before + 1
    assert (
        'arena_http_request_duration_seconds_count{method="GET",status="200",view="web-home"}'
        in page.content.decode()
    )


def test_metrics_may_be_turned_off_on_the_web(client, settings):
    settings.ARENA = settings.ARENA.model_copy(update={"web_metrics": False})
    assert client.get("/metrics").status_code == 404


# ------------------------------------------------------------------ workers


@pytest.fixture
def queued():
    """``queued()``: a new queued match of two house bots in one league."""
    execution.close_sandbox()
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    entries = [entry(lg, user("alice"), "heuristic"), entry(lg, user("bob"), "random")]

    def new() -> Match:
        match = services.match_schedule(league=lg, entries=entries)
        services.match_enqueue(match_ids=[match.pk])
        return match

    return new


COUNTERS = ("started", "finished", "failed", "requeued")


def _counts() -> dict[str, float]:
    return {name: value(f"arena_matches_{name}_total") for name in COUNTERS}


def test_the_match_counters_move_with_the_claims_records_requeues_and_failures(queued):
    match, other = queued(), queued()
    before, decisions = _counts(), value("arena_decision_seconds_count")
    services.match_claim(match_id=match.pk, owner="w1")
    services.match_requeue(match_id=match.pk, owner="w1", why="Redis away")
    assert execution.execute(match.pk) == "finished"
    services.match_claim(match_id=other.pk, owner="w2")
    services.match_fail(match_id=other.pk, owner="w2", message="engine exploded")
    after = _counts()
    assert {name: after[name] - before[name] for name in COUNTERS} == {
        "started": 3,
        "finished": 1,
        "failed": 1,
        "requeued": 1,
    }
    assert value("arena_decision_seconds_count") > decisions, "the match's decisions"


def test_a_worker_serves_its_metrics_with_the_queued_matches_on_its_port(queued):
    queued(), queued()
    port = free_port()
    assert metrics.serve(port, queued=tasks._queued_now)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
        page = response.read().decode()
    assert "arena_matches_queued 2.0" in page.splitlines()
    assert not metrics.serve(0), "0: not served"


def test_the_decision_counters_count_the_decisions_and_the_timeouts():
    before = value("arena_decision_seconds_count"), value("arena_decision_timeouts_total")
    metrics.decisions_observed([0.01, 0.2, 3.0], timeouts=2)
    assert value("arena_decision_seconds_count") == before[0] + 3
    assert value("arena_decision_timeouts_total") == before[1] + 2


# ------------------------------------------------------------------ gateway


def test_the_gateway_counts_its_bots_and_their_decisions_answered_or_timed_out():
    flush_broker()
    remote, token = remote_entry(league(name="risk-2", seats=2, ladder="off"), user("ada"), "ada")
    bot_id = remote.version.bot_id
    answered = ("arena_gateway_decisions_total", {"result": "answered"})
    timeouts = ("arena_gateway_decisions_total", {"result": "timeout"})
    round_trips = ("arena_gateway_decision_round_trip_seconds_count", {})

    def request(request_id: int, seconds: float) -> gw.DeliverRequest:
        decision = pb.DecisionRequest(match_id=77, request_id=request_id)
        return asking(decision, bot_id=bot_id, match_id=77, think_seconds=seconds)

    async def scenario() -> tuple[float, list[int], float]:
        async with gateway_here() as (gateway, public, internal):
            bot = AioBot(public, token)
            await bot.connect()
            async with asyncio.timeout(30):
                while bot_id not in gateway.connections:
                    await asyncio.sleep(0.02)
            connected = value("arena_gateway_bots_connected")
            workers = gateway_client(f"127.0.0.1:{internal}")
            asking = asyncio.create_task(workers.deliver(request(1, 30.0), timeout=60))
            await bot.next()
            await bot.send(action=pb.ActionReply(match_id=77, request_id=1))
            statuses = [(await asking).status]
            late = await workers.deliver(request(2, 0.01), timeout=60)  # never answered
            statuses.append(late.status)
            await bot.close()
            async with asyncio.timeout(30):
                while bot_id in gateway.connections:
                    await asyncio.sleep(0.02)
            return connected, statuses, value("arena_gateway_bots_connected")

    counted = [value(name, **labels) for name, labels in (answered, timeouts, round_trips)]
    connected, statuses, left = asyncio.run(scenario())
    assert (connected, left) == (1, 0)
    assert statuses == [gw.DeliverReply.DELIVERED, gw.DeliverReply.TIMEOUT]
    now = [value(name, **labels) for name, labels in (answered, timeouts, round_trips)]
    assert [b - a for a, b in zip(counted, now, strict=True)] == [1, 1, 1]
