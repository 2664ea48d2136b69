"""The significant events as JSON lines (``conquest.events``): a match's claims, records,
requeues and failures with its id and attempt; a bot's connections (deploy/operations.md)."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import pytest
from arena_fixtures import entry, league, user
from arena_workers import flush_broker
from conquest.matches import execution, services
from conquest.matches.models import Match
from gateway_helpers import AioBot, gateway_here, remote_entry

pytestmark = pytest.mark.django_db(transaction=True)  # the events are logged on commit


@pytest.fixture
def events():
    """The JSON lines ``conquest.events`` writes during the test, as the settings format them
    (``events()``: parsed)."""
    logger = logging.getLogger("conquest.events")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logger.handlers[0].formatter)
    logger.addHandler(handler)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    logger.removeHandler(handler)


def _queued() -> Match:
    execution.close_sandbox()
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    entries = [entry(lg, user("alice"), "heuristic"), entry(lg, user("bob"), "random")]
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    return match


def _of(lines: list[dict], *keys: str) -> list[tuple]:
    return [tuple(line.get(key) for key in keys) for line in lines]


def test_a_match_claimed_requeued_claimed_again_and_recorded_logs_each_step(events):
    match = _queued()
    assert services.match_claim(match_id=match.pk, owner="w1") == 1
    services.match_requeue(match_id=match.pk, owner="w1", why="Redis away")
    assert execution.execute(match.pk) == "finished"
    lines = events()
    assert _of(lines, "event", "match_id", "attempt") == [
        ("match_claimed", match.pk, 1),
        ("match_requeued", match.pk, 1),
        ("match_claimed", match.pk, 2),
        ("match_recorded", match.pk, 2),
    ]
    assert lines[0]["owner"] == "w1" and lines[1]["reason"] == "Redis away"
    assert all(line["level"] == "INFO" and line["time"] for line in lines)


def test_a_failed_match_and_a_lapsed_lease_are_logged_with_their_attempt(events, settings):
    match = _queued()
    services.match_claim(match_id=match.pk, owner="w1")
    Match.objects.filter(pk=match.pk).update(lease_expires_at="2000-01-01T00:00:00Z")
    assert services.match_requeue_lapsed() == [match.pk]
    services.match_claim(match_id=match.pk, owner="w2")
    services.match_fail(match_id=match.pk, owner="w2", message="engine exploded")
    assert _of(events()[1:], "event", "match_id", "attempt", "reason") == [
        ("match_requeued", match.pk, 1, services.LAPSED),
        ("match_claimed", match.pk, 2, None),
        ("match_failed", match.pk, 2, "engine exploded"),
    ]


def test_a_bot_connected_superseded_and_disconnected_is_logged(events):
    flush_broker()
    remote, token = remote_entry(league(name="risk-2", seats=2, ladder="off"), user("ada"), "ada")
    bot_id = remote.version.bot_id

    async def logged(event: str, times: int) -> None:
        async with asyncio.timeout(30):
            while sum(line["event"] == event for line in events()) < times:
                await asyncio.sleep(0.05)

    async def scenario() -> str:
        async with gateway_here() as (gateway, public, _):
            first, second = AioBot(public, token), AioBot(public, token)
            await first.connect()
            await logged("bot_connected", 1)
            await second.connect()
            await logged("bot_connected", 2)
            await second.close()
            await first.close()
            await logged("bot_disconnected", 2)
            return gateway.address

    address = asyncio.run(scenario())
    lines = events()
    assert {line["bot_id"] for line in lines} == {bot_id}
    assert {line["gateway"] for line in lines} == {address}
    by_connection: dict[str, list[str]] = {}
    for line in lines:
        by_connection.setdefault(line["connection"], []).append(line["event"])
    assert sorted(by_connection.values()) == [
        ["bot_connected", "bot_disconnected"],
        ["bot_connected", "bot_superseded", "bot_disconnected"],
    ]
