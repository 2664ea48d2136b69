"""Running a match in a worker: claim, sandbox, record exactly once, requeue, errors."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from arena_fixtures import entry, league, user
from conquest.leagues.models import Entry
from conquest.matches import execution, result_writer, services
from conquest.matches.models import Match
from conquest.matches.result_writer import ResultWriter
from conquest.matches.runner import run
from conquest.matches.sandbox import Sandbox, SandboxError
from conquest.matches.selectors import full_replay, match_spec
from conquest.matches.signals import match_ended
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.core.management import call_command
from django.utils import timezone

from engines.players import player_class
from engines.replay import Replay, verify


def _boom(_=None):
    raise ValueError("engine bug")


def _loop(_=None):
    while True:
        pass


def _hog(_=None):
    return bytearray(4 * 2**30)


def _faulty(what: str):
    return {"boom": _boom, "loop": _loop, "hog": _hog}.get(what, lambda: what)()


@pytest.fixture
def sandbox():
    box = Sandbox(_faulty, memory_mb=256)
    yield box
    box.close()


def test_the_sandbox_reports_an_exception_with_its_traceback_then_serves_again(sandbox):
    with pytest.raises(SandboxError, match="ValueError: engine bug") as raised:
        sandbox.call("boom", wall_seconds=10)
    assert "Traceback" in raised.value.detail and "_boom" in raised.value.detail
    assert sandbox.call("fine", wall_seconds=10) == "fine"


def test_the_sandbox_stops_a_loop_at_the_wall_clock_limit_and_keeps_beating(sandbox):
    beats = []
    began = time.monotonic()
    with pytest.raises(SandboxError, match="wall-clock limit"):
        sandbox.call(
            "loop", wall_seconds=0.6, heartbeat=lambda: beats.append(1), heartbeat_every=0.1
        )
    assert time.monotonic() - began < 3
    assert len(beats) >= 3
    assert sandbox.call("fine", wall_seconds=10) == "fine"


def test_the_sandbox_contains_a_memory_hog(sandbox):
    with pytest.raises(SandboxError, match="MemoryError"):
        sandbox.call("hog", wall_seconds=20)
    assert sandbox.call("fine", wall_seconds=10) == "fine"


def test_the_sandbox_child_lives_across_calls_until_max_calls():
    box = Sandbox(lambda _: __import__("os").getpid(), memory_mb=256, max_calls=3)
    pids = [box.call(None, wall_seconds=10) for _ in range(5)]
    box.close()
    assert pids[0] == pids[1] == pids[2] != pids[3] == pids[4]


@pytest.fixture
def ladder(db):
    execution.close_sandbox()  # a test may patch execution.play: the child must see it
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    alice, bob = user("alice"), user("bob")
    return lg, [entry(lg, alice, "heuristic"), entry(lg, bob, "random")]


def queued(lg, entries, **kw) -> Match:
    match = services.match_schedule(league=lg, entries=entries, **kw)
    services.match_enqueue(match_ids=[match.pk])
    return match


def test_a_match_is_played_recorded_rated_and_its_versions_frozen(ladder):
    lg, entries = ladder
    match = queued(lg, entries)
    assert execution.execute(match.pk) == "finished"
    match.refresh_from_db()
    assert (match.status, match.attempts, match.rated_seq) == ("finished", 1, 1)
    replay = Replay.from_json(full_replay(match))
    assert verify(replay) == [] and replay.seed == match.seed
    seats = list(match.seats.order_by("seat"))
    assert sorted(s.placement for s in seats) in ([1, 2], [1, 1])
    assert RatingChange.objects.filter(match=match).count() == 2
    assert all(e.version.frozen and e.games == 1 for e in Entry.objects.all())
    assert "attempt 1 claimed" in match.log and "finished" in match.log


def test_a_match_delivered_twice_is_played_and_recorded_once(ladder):
    lg, entries = ladder
    match = queued(lg, entries)
    assert execution.execute(match.pk) == "finished"
    before = list(Entry.objects.values_list("elo", "mu", "sigma", "games"))
    assert execution.execute(match.pk) == "skipped"
    assert list(Entry.objects.values_list("elo", "mu", "sigma", "games")) == before
    assert RatingChange.objects.count() == 2


def test_an_engine_that_raises_fails_only_its_match_without_touching_ratings(ladder, monkeypatch):
    lg, entries = ladder
    monkeypatch.setattr(execution, "play", lambda spec: _boom())
    match = queued(lg, entries)
    assert execution.execute(match.pk) == "error"
    match.refresh_from_db()
    assert match.status == "error" and match.end_reason == "ValueError: engine bug"
    assert "Traceback" in match.log and "_boom" in match.log
    assert not RatingChange.objects.exists()
    assert all(e.games == 0 and e.elo == 1500 for e in Entry.objects.all())
    monkeypatch.undo()
    other = queued(lg, entries)
    assert execution.execute(other.pk) == "finished"


def test_an_engine_that_eats_memory_is_an_infrastructure_error(ladder, monkeypatch, settings):
    lg, entries = ladder
    settings.ARENA = settings.ARENA.model_copy(update={"match_memory_mb": 256})
    monkeypatch.setattr(execution, "play", lambda spec: _hog())
    match = queued(lg, entries)
    assert execution.execute(match.pk) == "error"
    match.refresh_from_db()
    assert match.status == "error" and "MemoryError" in match.end_reason


def test_leases_are_renewed_together_and_those_no_longer_ours_are_found_lost(
    ladder, django_assert_num_queries
):
    lg, entries = ladder
    made = [queued(lg, entries) for _ in range(4)]
    held = []
    for i, match in enumerate(made):
        owner = f"worker-a:{i}"
        attempt = services.match_claim(match_id=match.pk, owner=owner)
        held.append(execution.Lease(match.pk, owner, attempt))
    taken, cancelled = made[1], made[2]
    Match.objects.filter(pk=taken.pk).update(lease_owner="worker-b")  # another worker took it
    Match.objects.filter(pk=cancelled.pk).update(status=Match.Status.CANCELLED)
    Match.objects.filter(pk__in=[m.pk for m in made]).update(lease_expires_at=timezone.now())
    began = timezone.now()
    with django_assert_num_queries(2):
        execution.renew(held)
    assert [lease.lost for lease in held] == [False, True, True, False]
    expiries = dict(Match.objects.values_list("pk", "lease_expires_at"))
    assert [expiries[m.pk] > began for m in made] == [True, False, False, True]


def test_a_lapsed_lease_is_requeued_and_only_the_new_holder_records(ladder):
    lg, entries = ladder
    match = queued(lg, entries)
    assert services.match_claim(match_id=match.pk, owner="worker-a")
    spec = match_spec(match.pk)
    outcome = run(spec, execution.build_seats(spec, player_class))
    Match.objects.filter(pk=match.pk).update(lease_expires_at=timezone.now() - timedelta(seconds=1))
    assert services.match_requeue_lapsed() == [match.pk]
    assert services.match_claim(match_id=match.pk, owner="worker-b")
    assert services.match_record(match_id=match.pk, owner="worker-a", outcome=outcome) is False
    assert services.match_record(match_id=match.pk, owner="worker-b", outcome=outcome) is True
    assert services.match_record(match_id=match.pk, owner="worker-b", outcome=outcome) is False
    match.refresh_from_db()
    assert (match.status, match.attempts) == ("finished", 2)
    assert RatingChange.objects.count() == 2 and lg.entries.filter(games=1).count() == 2
    assert match.last_failure == services.LAPSED


def test_a_running_lease_is_not_taken_and_a_match_is_given_up_after_max_attempts(ladder, settings):
    lg, entries = ladder
    settings.ARENA = settings.ARENA.model_copy(update={"max_attempts": 2})
    match = queued(lg, entries)
    assert services.match_claim(match_id=match.pk, owner="a")
    assert not services.match_claim(match_id=match.pk, owner="b")
    for owner in ("b", "c"):
        Match.objects.filter(pk=match.pk).update(lease_expires_at=timezone.now())
        services.match_claim(match_id=match.pk, owner=owner)
    match.refresh_from_db()
    assert match.status == "error"
    assert match.end_reason == "gave up after 2 attempts: the worker was lost (its lease lapsed)"


def test_a_cancelled_match_records_nothing_and_can_be_rerun(ladder):
    lg, entries = ladder
    match = queued(lg, entries)
    services.match_claim(match_id=match.pk, owner="w")
    spec = match_spec(match.pk)
    outcome = run(spec, execution.build_seats(spec, player_class))
    assert services.match_cancel(match=match)
    assert services.match_record(match_id=match.pk, owner="w", outcome=outcome) is False
    assert not RatingChange.objects.exists()
    assert services.match_rerun(match=match)
    match.refresh_from_db()
    assert (match.status, match.attempts) == ("queued", 0)
    assert execution.execute(match.pk) == "finished"
    assert not services.match_rerun(match=match)


def test_a_disabled_bot_forfeits_its_seat(ladder):
    lg, entries = ladder
    match = queued(lg, entries)
    bot = entries[1].version.bot
    bot.enabled = False
    bot.save()
    assert execution.execute(match.pk) == "finished"
    seats = {s.seat: s for s in match.seats.all()}
    assert (seats[1].code, seats[1].placement, seats[0].placement) == ("forfeit", 2, 1)


def test_recomputation_equals_the_stored_ratings_and_catches_a_tampered_one(ladder):
    lg, entries = ladder
    for _ in range(4):
        assert execution.execute(queued(lg, entries).pk) == "finished"
    assert rating_recompute(league=lg) == []
    call_command("recompute_ratings")
    Entry.objects.filter(pk=entries[0].pk).update(elo=1234.5)
    differences = rating_recompute(league=lg)
    assert [(d.entry, d.field, d.stored) for d in differences] == [(entries[0].pk, "elo", 1234.5)]
    with pytest.raises(Exception, match="differ from their match history"):
        call_command("recompute_ratings")
    call_command("recompute_ratings", write=True)
    assert rating_recompute(league=lg) == []


def test_an_unrated_match_leaves_ratings_alone(ladder):
    lg, entries = ladder
    match = queued(lg, entries, rated=False)
    assert execution.execute(match.pk) == "finished"
    match.refresh_from_db()
    assert match.rated_seq is None and not RatingChange.objects.exists()


@pytest.mark.django_db(transaction=True)  # the writer's thread has its own connection
def test_a_result_writer_writes_results_behind_and_requeues_a_match_it_could_not_record(
    monkeypatch,
):
    execution.close_sandbox()
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    entries = [entry(lg, user("alice"), "heuristic"), entry(lg, user("bob"), "random")]
    writer = ResultWriter()
    first, second = queued(lg, entries), queued(lg, entries)
    record = services.match_record
    calls = []

    def failing_once(**kwargs):
        calls.append(kwargs["match_id"])
        if len(calls) == 1:
            raise RuntimeError("a bug in the recording")
        return record(**kwargs)

    monkeypatch.setattr(services, "match_record", failing_once)
    assert execution.execute(first.pk, writer) == "played"
    assert execution.execute(second.pk, writer) == "played"
    writer.close()
    assert calls == [first.pk, second.pk], "an error that is not the database's: no retry"
    first.refresh_from_db()
    second.refresh_from_db()
    # The failed write requeues the match with its reason: it is played again.
    assert (first.status, first.attempts, first.lease_owner) == ("queued", 1, "")
    assert first.last_failure == "could not record the result: RuntimeError: a bug in the recording"
    assert second.status == "finished" and second.rated_seq == 1
    monkeypatch.undo()
    assert execution.execute(first.pk) == "finished"
    first.refresh_from_db()
    assert (first.status, first.attempts, first.rated_seq) == ("finished", 2, 2)
    assert rating_recompute(league=lg) == []


def test_results_written_together_are_each_recorded_refused_or_requeued_alone(ladder, monkeypatch):
    lg, entries = ladder
    played = []
    for owner in ("w1", "w2", "w3", "w4"):
        match = queued(lg, entries)
        assert services.match_claim(match_id=match.pk, owner=owner)
        spec = match_spec(match.pk)
        played.append((match.pk, owner, run(spec, execution.build_seats(spec, player_class))))
    played[3] = (played[3][0], "another-worker", played[3][2])  # not the lease's owner
    broken = played[1][0]
    record = services.match_record

    def failing_one(**kwargs):
        recorded = record(**kwargs)  # written, then undone with its savepoint
        if kwargs["match_id"] == broken:
            raise RuntimeError("a bug in the recording")
        return recorded

    monkeypatch.setattr(services, "match_record", failing_one)
    result_writer.record_or_requeue(played)
    monkeypatch.undo()
    matches = [Match.objects.get(pk=match_id) for match_id, _, _ in played]
    assert [(m.status, m.rated_seq) for m in matches] == [
        ("finished", 1),
        ("queued", None),
        ("finished", 2),
        ("running", None),
    ]
    assert (
        matches[1].last_failure
        == "could not record the result: RuntimeError: a bug in the recording"
    )
    assert RatingChange.objects.count() == 4 and rating_recompute(league=lg) == []


@pytest.mark.django_db(transaction=True)
def test_the_result_writer_writes_the_results_waiting_when_it_is_free_in_one_batch(monkeypatch):
    batches: list[list[int]] = []
    busy, free = threading.Event(), threading.Event()

    def record_many(results):
        batches.append([match_id for match_id, _, _ in results])
        busy.set()
        free.wait(10)
        return [True] * len(results)

    monkeypatch.setattr(result_writer, "record_many", record_many)
    writer = ResultWriter()
    done: list[int] = []
    writer.submit(1, "w", None, done=lambda: done.append(1))
    assert busy.wait(10), "the writer took the first result"
    for match_id in (2, 3, 4):  # they wait while it writes the first
        writer.submit(match_id, "w", None, done=lambda match_id=match_id: done.append(match_id))
    free.set()
    writer.close()
    assert batches == [[1], [2, 3, 4]] and done == [1, 2, 3, 4]


def test_a_ladder_match_ends_without_a_query_from_the_tournaments_or_version_tests(
    db, django_assert_num_queries
):
    with django_assert_num_queries(0):
        answers = match_ended.send_robust(
            Match, match_id=1, status=Match.Status.FINISHED, origin=Match.Origin.LADDER
        )
    receivers = {receiver.__module__ for receiver, _ in answers}
    assert {"conquest.tournaments.receivers", "conquest.versiontests.receivers"} <= receivers
    assert not [answer for _, answer in answers if isinstance(answer, Exception)]
