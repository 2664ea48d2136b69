"""Tournaments on real Celery workers (Redis, PostgreSQL): rounds paired as matches end, pause
and resume, a worker killed mid-round, tournament matches served before ladder matches."""

from __future__ import annotations

import time

import pytest
from arena_workers import wait_for
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.ratings.services import rating_recompute
from conquest.tournaments import selectors, services
from conquest.tournaments.models import Tournament, TournamentGame
from kombu import Connection, Exchange, Queue
from tournament_helpers import field, tournament

pytestmark = pytest.mark.django_db(transaction=True)

# No periodic advancing unless a test asks: rounds must follow from the match-ended signal.
NO_TICK = {"ARENA_TOURNAMENT_TICK_SECONDS": "3600"}


def state_of(made: Tournament) -> str:
    return Tournament.objects.get(pk=made.pk).state


def test_a_knockout_of_house_bots_runs_to_its_end_round_after_round(workers):
    entries = field(2, 5, player="heuristic")
    made = tournament(entries, "knockout", games=2, rated=True)
    one = workers("one", **NO_TICK)
    wait_for(lambda: state_of(made) == "finished", 180, "the knockout to finish", [one])
    games = TournamentGame.objects.filter(tournament=made)
    # 5 entries: 3 byes and one table, then two tables, then the final; two games each
    assert [games.filter(round=r).count() for r in (1, 2, 3)] == [2, 4, 2]
    assert set(Match.objects.values_list("status", flat=True)) == {"finished"}
    rows = selectors.standings(made)
    assert rows[0].tiebreaks["round"] == 3 and rows[0].tiebreaks["place"] == 1
    assert rating_recompute(league=entries[0].league) == [], "rated in the league, recomputable"


def test_a_paused_swiss_holds_its_matches_until_resumed(workers):
    entries = field(3, 5, player="random")
    made = tournament(entries, "swiss", rounds=2)
    services.tournament_pause(tournament=made)
    one = workers("one", **NO_TICK)
    one.wait_ready()
    wait_for(lambda: one.output().count("'skipped'") >= 1, 60, "the held message", [one])
    time.sleep(1)
    assert set(Match.objects.values_list("status", flat=True)) == {"scheduled"}
    services.tournament_resume(tournament=made)
    wait_for(lambda: state_of(made) == "finished", 120, "the Swiss to finish", [one])
    assert TournamentGame.objects.filter(tournament=made).count() == 2
    assert made.byes.count() == 4, "two byes a round (five entries at tables of three)"


def test_a_worker_killed_mid_round_the_round_still_completes_once(workers):
    entries = field(
        2, 4, player="arena_players:SlowAttacker", game="risk", variant="hasbro", max_faults=3
    )
    made = tournament(entries, "swiss", rounds=2, rated=True)
    first = workers("first", **NO_TICK)
    wait_for(lambda: Match.objects.filter(status="running").exists(), 60, "a claim", [first])
    time.sleep(0.5)
    first.kill()
    killed = Match.objects.get(status="running")
    second = workers("second", beat=True, ARENA_TOURNAMENT_TICK_SECONDS="1")
    wait_for(lambda: state_of(made) == "finished", 240, "the Swiss to finish", [second])
    time.sleep(7)  # past the broker's visibility timeout: the lost delivery comes back too
    assert state_of(made) == "finished"
    games = TournamentGame.objects.filter(tournament=made)
    assert [games.filter(round=r).count() for r in (1, 2)] == [2, 2], "each round paired once"
    killed.refresh_from_db()
    # Played again after the kill (by the broker's redelivery or the sweep: either may win).
    assert killed.status == "finished" and killed.attempts >= 2
    seqs = sorted(Match.objects.values_list("rated_seq", flat=True))
    assert seqs == [1, 2, 3, 4], "every result recorded exactly once"
    assert rating_recompute(league=entries[0].league) == []


def test_tournament_matches_are_served_before_queued_ladder_matches(workers):
    entries = field(2, 4, player="random")
    lg = entries[0].league
    ladder = [
        matches.match_schedule(league=lg, entries=[a, b])
        for a, b in ((entries[0], entries[1]),) * 4
    ]
    matches.match_enqueue(match_ids=[m.pk for m in ladder])
    made = tournament(entries, "round_robin")  # six matches, sent after the ladder's
    one = workers("one", **NO_TICK)
    wait_for(
        lambda: not Match.objects.exclude(status="finished").exists(), 120, "every match", [one]
    )
    order = list(Match.objects.order_by("started_at").values_list("origin", flat=True))
    assert order == ["tournament"] * 6 + ["ladder"] * 4
    assert state_of(made) == "finished"


def test_the_folder_broker_hands_out_lower_priority_numbers_first(tmp_path):
    (tmp_path / "taken").mkdir()
    options = {
        "data_folder_in": str(tmp_path),
        "data_folder_out": str(tmp_path),
        "processed_folder": str(tmp_path / "taken"),
        "control_folder": str(tmp_path),
    }
    jobs = Queue("jobs", Exchange("jobs"), "jobs")
    with Connection("arenafs://", transport_options=options) as connection:
        producer = connection.Producer()
        for n, priority in enumerate((matches.LATER, matches.LATER, 0, matches.LATER, 0)):
            producer.publish(
                {"n": n}, exchange=Exchange("jobs"), routing_key="jobs", declare=[jobs],
                priority=priority,
            )  # fmt: skip
            time.sleep(0.002)  # distinct milliseconds: the oldest first within a priority
        queue = jobs(connection.default_channel)
        got = [queue.get(no_ack=True).payload["n"] for _ in range(5)]
    assert got == [2, 4, 0, 1, 3]
