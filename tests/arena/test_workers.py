"""Integration: real Celery worker processes, Redis broker, PostgreSQL, killed workers."""

from __future__ import annotations

import time

import pytest
from api_helpers import client_for
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.leagues.matchmaking import fill_ladder
from conquest.matches import services
from conquest.matches.models import Match
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.core.management import call_command

from engines.cli import main as engines

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_worker_killed_mid_match_leaves_the_match_recorded_exactly_once(workers):
    lg = league(name="risk-3", seats=3, ladder="off")
    owners = [user(n) for n in ("ann", "ben", "cat")]
    entries = [entry(lg, o, "arena_players:SlowAttacker") for o in owners]
    first = workers("first")
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", 60, "the claim", [first])
    time.sleep(0.5)
    first.kill()
    assert Match.objects.get(pk=match.pk).status == "running"

    second = workers("second", beat=True)
    wait_for(
        lambda: Match.objects.get(pk=match.pk).status == "finished", 120, "the re-run", [second]
    )
    time.sleep(7)  # past the broker's visibility timeout: the first delivery comes back too
    match.refresh_from_db()
    # Played again after the lapse of the killed worker's lease: requeued by the sweep or
    # claimed by the broker's redelivery, whichever came first; recorded once either way.
    assert match.status == "finished" and match.attempts >= 2
    assert match.rated_seq == 1 and RatingChange.objects.filter(match=match).count() == 3
    lg.refresh_from_db()
    assert lg.rated_count == 1
    assert sorted(lg.entries.values_list("games", flat=True)) == [1, 1, 1]
    assert rating_recompute(league=lg) == []


def test_concurrent_results_from_two_workers_equal_their_recomputation(workers):
    lg = league(
        name="risk-4",
        seats=4,
        allow_same_owner=True,
        ladder_matches_per_tick=12,
        ladder_max_pending=12,
    )
    owner = user("house")
    for player in ("attacker", "attacker", "heuristic", "heuristic", "random"):
        entry(lg, owner, player)
    # Both workers consume before the matches are sent: one starting late would find the
    # other had played them all.
    running = [workers("one"), workers("two")]
    for process in running:
        process.wait_ready()
    created = fill_ladder(lg)
    assert len(created) == 12
    wait_for(
        lambda: not Match.objects.filter(league=lg).exclude(status="finished").exists(),
        240,
        "12 matches",
        running,
    )
    lg.refresh_from_db()
    seqs = sorted(Match.objects.filter(league=lg).values_list("rated_seq", flat=True))
    assert seqs == list(range(1, 13)) and lg.rated_count == 12
    assert RatingChange.objects.filter(match__league=lg).count() == 48
    both = {m.lease_owner.split(":")[1] for m in Match.objects.filter(league=lg)}
    assert len(both) == 2, "both workers ran matches"
    assert rating_recompute(league=lg) == []
    call_command("recompute_ratings", league=lg.name)


def test_a_worker_stopped_mid_match_finishes_and_records_it_before_exiting(workers):
    lg = league(name="risk-3", seats=3, ladder="off", options={"max_steps": 300})
    entries = [entry(lg, user(n), "arena_players:SlowAttacker") for n in ("ann", "ben", "cat")]
    first = workers("first")
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", 60, "the claim", [first])
    first.stop()  # SIGTERM: a warm shutdown plays the match out and flushes its result writer
    assert not first.alive()
    match.refresh_from_db()
    assert (match.status, match.attempts, match.rated_seq) == ("finished", 1, 1), first.output()


def test_a_bots_owner_reruns_locally_a_match_a_worker_played(workers, tmp_path, capsys):
    """A worker plays the match; the owner of a bot in it downloads its full replay through
    the API, which the local runner reproduces, then re-runs from halfway with another player
    in the owner's seat."""
    lg = league(name="risk-2", seats=2, ladder="off", options={"max_steps": 200})
    ann, ben = user("ann"), user("ben")
    match = services.match_schedule(league=lg, entries=[entry(lg, ann), entry(lg, ben)])
    services.match_enqueue(match_ids=[match.pk])
    one = workers("one")
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 120, "the match", [one])
    match.refresh_from_db()
    response = client_for(ben).get(f"/api/matches/{match.pk}/replay/", {"view": "full"})
    assert response.status_code == 200
    downloaded = tmp_path / f"match-{match.pk}.json"
    downloaded.write_bytes(response.content)
    assert engines(["replay", str(downloaded)]) == 0
    halfway = match.steps // 2
    assert engines(["replay", str(downloaded), "--seat", "1=random", "--from", str(halfway)]) == 0
    out = capsys.readouterr().out
    assert f"{halfway} recorded actions, then seat 0 heuristic, seat 1 random" in out
    assert "1. seat" in out
