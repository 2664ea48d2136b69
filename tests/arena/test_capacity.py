"""A remote bot's declared capacity (its presence's ``max_matches``) holds for every match it
sits in, enforced at the claim: a match beyond it waits, without using an attempt; two
workers claiming at once cannot exceed it (issue 14)."""

from __future__ import annotations

import threading

import pytest
from arena_fixtures import entry, league, user
from conquest.leagues import services as leagues
from conquest.matches import execution, services
from conquest.matches.models import Match
from conquest.relay.presence import Presence, presences
from django.db import connection
from gateway_helpers import remote_entry

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs; threads see the rows


@pytest.fixture
def table():
    """A league with a remote bot's entry and three house entries; the bot is not connected
    (see ``connect``)."""
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2, ladder="off")
    ada = user("ada")
    remote, _ = remote_entry(lg, ada, "ada-bot")
    others = [entry(lg, user(n), "random") for n in ("ann", "ben", "cat")]
    yield lg, ada, remote, others
    presences().redis.delete(f"arena:bot:{remote.version.bot_id}")


def connect(remote, max_matches: int) -> None:
    """The remote entry's bot connected to a gateway, declaring ``max_matches``."""
    presences().connect(Presence(remote.version.bot_id, "gateway", "connection", max_matches))


def test_a_challenge_beyond_the_bots_capacity_waits_without_using_an_attempt(table):
    lg, ada, remote, others = table
    connect(remote, 1)
    first, second = (
        leagues.challenge_create(user=ada, league=lg, entries=[remote, other])
        for other in others[:2]
    )
    assert services.match_claim(match_id=first.pk, owner="w1") == 1
    with pytest.raises(services.AtCapacity, match=f"remote bot {remote.version.bot_id} plays 1"):
        services.match_claim(match_id=second.pk, owner="w2")
    second.refresh_from_db()
    assert (second.status, second.attempts, second.lease_owner) == ("queued", 0, "")
    # A worker answers "waiting" and sends it again shortly; the log says so once.
    assert execution.execute(second.pk) == "waiting"
    assert execution.execute(second.pk) == "waiting"
    second.refresh_from_db()
    assert (second.status, second.attempts) == ("queued", 0)
    assert second.log.count("waiting: remote bot") == 1
    # The first match ends: the second one may start.
    assert services.match_fail(match_id=first.pk, owner="w1", message="done")
    assert services.match_claim(match_id=second.pk, owner="w2") == 1


def test_a_bot_that_is_not_connected_is_given_one_match_at_a_time(table):
    lg, _, remote, others = table
    matches = [
        services.match_schedule(league=lg, entries=[remote, other], origin="challenge")
        for other in others[:2]
    ]
    services.match_enqueue(match_ids=[m.pk for m in matches])
    assert services.match_claim(match_id=matches[0].pk, owner="w1") == 1
    with pytest.raises(services.AtCapacity):
        services.match_claim(match_id=matches[1].pk, owner="w2")


def test_the_capacity_counts_the_bots_matches_of_every_league_and_origin(table):
    lg, ada, remote, others = table
    connect(remote, 2)
    other_league = league(
        name="conquetes-2b", game="conquetes", variant="standard", seats=2, ladder="off"
    )
    elsewhere = leagues.entry_create(league=other_league, version=remote.version)
    rival = entry(other_league, user("dan"), "random")
    ladder = services.match_schedule(league=other_league, entries=[rival, elsewhere])
    tournament = services.match_schedule(
        league=lg, entries=[others[0], remote], origin="tournament"
    )
    challenge = leagues.challenge_create(user=ada, league=lg, entries=[remote, others[1]])
    house = services.match_schedule(league=lg, entries=others[1:])
    services.match_enqueue(match_ids=[ladder.pk, tournament.pk, house.pk])
    assert services.match_claim(match_id=ladder.pk, owner="w1")
    assert services.match_claim(match_id=tournament.pk, owner="w2")
    with pytest.raises(services.AtCapacity):
        services.match_claim(match_id=challenge.pk, owner="w3")
    assert services.match_claim(match_id=house.pk, owner="w4"), "house bots have no capacity"


def test_workers_claiming_at_once_never_exceed_the_capacity(table):
    lg, _, remote, others = table
    connect(remote, 2)
    matches = [
        services.match_schedule(league=lg, entries=[remote, others[n % 3]], origin="challenge")
        for n in range(8)
    ]
    services.match_enqueue(match_ids=[m.pk for m in matches])
    start = threading.Barrier(len(matches))
    outcomes: dict[int, object] = {}

    def claim(match: Match) -> None:
        try:
            start.wait()
            outcomes[match.pk] = services.match_claim(match_id=match.pk, owner=f"w{match.pk}")
        except services.AtCapacity as busy:
            outcomes[match.pk] = busy
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(m,)) for m in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    claimed = [pk for pk, got in outcomes.items() if got == 1]
    waiting = [pk for pk, got in outcomes.items() if isinstance(got, services.AtCapacity)]
    assert (len(claimed), len(waiting)) == (2, 6), outcomes
    assert Match.objects.filter(status="running").count() == 2
    assert sorted(Match.objects.values_list("attempts", flat=True)) == [0] * 6 + [1] * 2
