"""End to end: a bot connected over real gRPC, declaring two matches at once, is seated in a
round robin and in challenges that are all queued together; real workers (a threads worker
of the remote queue, a solo one for the house-only games) never play more than two of its
matches at once, and every match finishes (issue 14)."""

from __future__ import annotations

import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.gateway.management.commands.bench_gateway import most_at_once
from conquest.leagues import services as leagues
from conquest.matches.models import Match, MatchSeat
from conquest.relay.presence import presences
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)
from tournament_helpers import tournament

pytestmark = pytest.mark.django_db(transaction=True)

CAPACITY = 2


def test_a_bots_capacity_holds_across_a_tournament_and_challenges(processes):
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2, ladder="off")
    ada = user("ada")
    remote, token = remote_entry(lg, ada, "ada-bot")
    house = [entry(lg, user(n), "random") for n in ("ann", "ben", "cat")]
    gateway = processes(GatewayProcess, "gateway")
    bot = processes(BotProcess, "bot", token, gateway.address, "random", max_matches=CAPACITY)
    bot_id = remote.version.bot_id
    wait_for(lambda: presences().find(bot_id) is not None, 30, "the bot's connection")
    # Every match queued at once: the bot sits in 3 x 2 games of the round robin and in 3
    # challenges, 9 matches for a bot that plays 2 at a time.
    tournament([remote, *house], "round_robin", games=2)
    for other in house:
        leagues.challenge_create(user=ada, league=lg, entries=[remote, other])
    with_bot = Match.objects.filter(seats__entry=remote)
    assert with_bot.count() == 9
    assert set(with_bot.values_list("origin", flat=True)) == {"tournament", "challenge"}
    seen = []

    def all_finished() -> bool:
        seen.append(with_bot.filter(status="running").count())
        return not Match.objects.exclude(status="finished").exists()

    # Leases longer than the tests' usual 2 s: no lease lapses on a busy machine, so each
    # match is claimed once and its claim and result bound the time it ran.
    slow = {"ARENA_LEASE_SECONDS": "30"}
    workers = [processes.worker("remote", remote=8, **slow), processes.worker("house", **slow)]
    wait_for(all_finished, 300, "every match", [*workers, bot, gateway])
    assert max(seen) <= CAPACITY
    played = list(with_bot)
    # From their claim to their result: a claim that waited for the bot's capacity comes
    # after the end it waited for.
    assert most_at_once((m.started_at, m.finished_at) for m in played) <= CAPACITY
    assert all(m.attempts == 1 for m in played), "waiting for the bot used no attempt"
    assert {s.code for s in MatchSeat.objects.filter(entry=remote)} == {"normal"}
    assert any("waiting: remote bot" in m.log for m in played), "some matches had to wait"
