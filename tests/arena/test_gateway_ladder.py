"""End to end: a bot process connected over real gRPC plays ladder matches through a real
gateway process and a real Celery worker (a threads worker of the remote queue)."""

from __future__ import annotations

import pytest
from api_helpers import client_for
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.leagues.matchmaking import fill_ladder
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import full_replay
from conquest.relay.presence import presences
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from engines.replay import Replay, verify

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_connected_bot_plays_ladder_matches_to_completion_several_at_once(processes):
    lg = league(
        name="risk-2",
        seats=2,
        options={"max_steps": 300},
        ladder_matches_per_tick=8,
        ladder_max_pending=8,
        time_bank_seconds=60.0,  # the bot's first decisions wait for its three matches
    )
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    for name in ("ann", "ben", "cat"):
        entry(lg, user(name), "random")
    assert all(remote.pk not in {s.entry_id for s in m.seats.all()} for m in fill_ladder(lg))
    Match.objects.all().delete()

    gateway = processes(GatewayProcess, "gateway")
    bot = processes(
        BotProcess, "bot", token, gateway.address, "arena_players:GatheringPlayer", max_matches=3
    )
    bot_id = remote.version.bot_id
    wait_for(lambda: presences().find(bot_id) is not None, 30, "the bot's connection")
    assert presences().find(bot_id).max_matches == 3
    created = fill_ladder(lg)
    with_bot = [m for m in created if remote.pk in {s.entry_id for s in m.seats.all()}]
    assert len(with_bot) == 3, "no more matches than the bot plays at once"
    remote_worker = processes.worker("remote", remote=8)
    wait_for(
        lambda: (
            Match.objects.filter(pk__in=[m.pk for m in with_bot], status="finished").count()
            == len(with_bot)
        ),
        180,
        "the bot's matches",
        [remote_worker, bot, gateway],
    )
    seats = MatchSeat.objects.filter(entry=remote)
    assert seats.count() == 3 and {s.code for s in seats} == {"normal"}
    assert all(s.time_used > 0 and s.faults == 0 for s in seats), bot.output()[-2000:]
    for match in with_bot:
        match.refresh_from_db()
        seat = match.seats.get(entry=remote).seat
        assert verify(Replay.from_json(full_replay(match))) == []
        assert match.lease_owner.split(":")[1] == str(remote_worker.process.pid)
        assert f"seat {seat} bot log: hello from seat {seat}" in match.log
        # The bot's owner reads its lines through the API; the opponent's owner only theirs.
        lines = client_for(remote.version.bot.owner).get(f"/api/matches/{match.pk}/log/").json()
        assert [(line["seat"], line["text"]) for line in lines["lines"]] == [
            (seat, f"hello from seat {seat}")
        ]
        opponent = match.seats.exclude(entry=remote).get()
        theirs = client_for(opponent.entry.version.bot.owner).get(f"/api/matches/{match.pk}/log/")
        assert (theirs.json()["seats"], theirs.json()["lines"]) == ([opponent.seat], [])
    # Each claimed before the bot's first decision in it, which waits for all three.
    assert max(m.started_at for m in with_bot) < min(m.finished_at for m in with_bot), (
        "the three matches were played at the same time, on the one connection"
    )
    assert "match" in bot.output() and "over" in bot.output()
