"""Infrastructure failures in a worker, in process: a match is requeued (never failed, never
forgotten), the recorder tries again, a match given up says why (issue 14)."""

from __future__ import annotations

import logging

import pytest
from arena_fixtures import entry, league, user
from arena_workers import terminate_connections
from conquest.matches import execution, result_writer, services, tasks
from conquest.matches.models import Match
from conquest.matches.result_writer import ResultWriter
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.db import OperationalError, connection
from kombu.exceptions import OperationalError as BrokerError

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs; threads see the rows

REDIS_CLOSED = "ConnectionError: Connection closed by server."


@pytest.fixture
def two(db):
    execution.close_sandbox()  # a test may patch execution.play: the child must see it
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    return lg, [entry(lg, user("alice"), "heuristic"), entry(lg, user("bob"), "random")]


def queued(lg, entries) -> Match:
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    return match


def failing(times: int, error: Exception, then=None):
    """A stand-in that raises ``error`` for its first ``times`` calls, then calls ``then``."""
    calls = []

    def call(*args, **kwargs):
        calls.append(args or kwargs)
        if len(calls) <= times:
            raise error
        return then(*args, **kwargs)

    call.calls = calls
    return call


def test_an_infrastructure_failure_before_the_first_action_requeues_the_match(two, monkeypatch):
    lg, entries = two
    match = queued(lg, entries)
    lost = execution.PlayFailed(REDIS_CLOSED, "Traceback: ...", infrastructure=True, started=False)
    monkeypatch.setattr(execution, "_play_sandboxed", failing(1, lost, execution._play_sandboxed))
    assert execution.execute(match.pk) == "requeued"
    match.refresh_from_db()
    assert (match.status, match.attempts, match.lease_owner) == ("queued", 1, "")
    assert match.last_failure == f"{REDIS_CLOSED} (before the first action)"
    assert f"requeued: {REDIS_CLOSED} (before the first action)" in match.log
    assert not RatingChange.objects.exists()
    assert execution.execute(match.pk) == "finished"
    match.refresh_from_db()
    assert (match.status, match.attempts, match.rated_seq) == ("finished", 2, 1)


def test_a_match_failing_for_infrastructure_at_every_attempt_is_given_up_with_the_reason(
    two, monkeypatch, settings
):
    lg, entries = two
    settings.ARENA = settings.ARENA.model_copy(update={"max_attempts": 2})
    match = queued(lg, entries)
    away = execution.PlayFailed("gateway unreachable", infrastructure=True, started=True)
    monkeypatch.setattr(execution, "_play_sandboxed", failing(99, away))
    assert execution.execute(match.pk) == "requeued"
    assert execution.execute(match.pk) == "error"
    assert execution.execute(match.pk) == "skipped"
    match.refresh_from_db()
    why = "gateway unreachable (after the first action)"
    assert (match.status, match.attempts) == ("error", 2)
    assert match.end_reason == f"gave up after 2 attempts: {why}"
    assert not RatingChange.objects.exists()
    assert all(e.games == 0 for e in lg.entries.all())


def test_an_engine_failure_still_ends_the_match_in_error_at_once(two, monkeypatch):
    lg, entries = two
    match = queued(lg, entries)
    bug = execution.PlayFailed("ValueError: engine bug")  # the match's failure, not ours
    monkeypatch.setattr(execution, "_play_sandboxed", failing(1, bug))
    assert execution.execute(match.pk) == "error"
    match.refresh_from_db()
    assert (match.status, match.attempts, match.end_reason) == (
        "error",
        1,
        "ValueError: engine bug",
    )


def test_a_database_error_reading_the_claimed_match_requeues_it(two, monkeypatch):
    lg, entries = two
    match = queued(lg, entries)
    gone = OperationalError("server closed the connection unexpectedly")
    monkeypatch.setattr(execution, "match_spec", failing(1, gone, execution.match_spec))
    assert execution.execute(match.pk) == "requeued"
    match.refresh_from_db()
    assert match.status == "queued"
    assert match.last_failure == (
        "could not read the match: OperationalError: server closed the connection unexpectedly"
    )
    assert execution.execute(match.pk) == "finished"


def test_a_lease_renewal_that_cannot_reach_the_database_does_not_stop_the_match(two, monkeypatch):
    lg, entries = two
    match = queued(lg, entries)
    owner = "worker-a"
    lease = execution.Lease(match.pk, owner, services.match_claim(match_id=match.pk, owner=owner))
    gone = OperationalError("the connection is closed")
    renewing = failing(1, gone, services.match_leases_renew)
    monkeypatch.setattr(services, "match_leases_renew", renewing)
    lease.renew()  # logged, not raised: the sandbox's heartbeat goes on
    lease.renew()
    assert not lease.lost
    Match.objects.filter(pk=match.pk).update(lease_owner="worker-b")
    with pytest.raises(execution.LeaseLost):
        lease.renew()


def test_the_recorder_tries_again_while_the_database_is_away(two, monkeypatch, caplog):
    lg, entries = two
    writer = ResultWriter()
    match = queued(lg, entries)
    gone = OperationalError("connection refused")
    record = failing(3, gone, services.match_record)
    monkeypatch.setattr(services, "match_record", record)
    with caplog.at_level(logging.WARNING, logger="conquest.matches.result_writer"):
        assert execution.execute(match.pk, writer) == "played"
        writer.close()
    assert len(record.calls) == 4
    assert caplog.text.count("could not record the result (OperationalError") == 3
    match.refresh_from_db()
    assert (match.status, match.attempts, match.rated_seq) == ("finished", 1, 1)
    assert rating_recompute(league=lg) == []
    # The direct path too.
    other = queued(lg, entries)
    monkeypatch.setattr(services, "match_record", failing(1, gone, record))
    assert execution.execute(other.pk) == "finished"


def test_the_recorder_gives_up_after_its_window_and_says_why(two, monkeypatch, caplog):
    lg, entries = two
    monkeypatch.setattr(result_writer, "RECORD_RETRY_SECONDS", 1.0)
    writer = ResultWriter()
    match = queued(lg, entries)
    monkeypatch.setattr(services, "match_record", failing(999, OperationalError("refused")))
    with caplog.at_level(logging.WARNING, logger="conquest.matches.result_writer"):
        assert execution.execute(match.pk, writer) == "played"
        writer.close()
    assert "gave up recording the result after 1 s (OperationalError: refused)" in caplog.text
    match.refresh_from_db()
    # The lease is left to lapse (the database was away: nothing could be written).
    assert match.status == "running" and match.lease_expires_at is not None
    assert not execution.leases._held, "its lease is no longer renewed"


def test_a_task_that_cannot_reach_the_database_before_its_claim_is_tried_again(two, monkeypatch):
    lg, entries = two
    match = queued(lg, entries)
    gone = OperationalError("the connection is closed")
    monkeypatch.setattr(services, "match_claim", failing(2, gone, services.match_claim))
    monkeypatch.setattr(tasks, "result_writer", lambda: None)  # record in the task
    # Eagerly: Celery runs the retries at once, in this process.
    assert tasks.run_match.apply(args=[match.pk]).get() == "finished"
    match.refresh_from_db()
    assert (match.status, match.attempts) == ("finished", 1)


def test_a_match_whose_message_could_not_be_sent_is_sent_by_the_next_sweep(two, monkeypatch):
    lg, entries = two
    sent = []

    def send_task(name, args, **options):
        sent.append(args[0])

    monkeypatch.setattr(
        services.current_app, "send_task", failing(1, BrokerError("Redis is away"), send_task)
    )
    match = queued(lg, entries)
    match.refresh_from_db()
    assert (match.status, match.queued_at, sent) == ("queued", None, [])
    assert services.match_requeue_lapsed() == [match.pk]
    match.refresh_from_db()
    assert sent == [match.pk] and match.queued_at is not None
    assert services.match_requeue_lapsed() == [], "sent: not again before requeue_after_seconds"


def test_a_task_starts_on_a_working_connection_after_the_database_dropped_the_last_one(db):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        dropped = cursor.fetchone()[0]
    assert dropped in terminate_connections(but_mine=False)  # as a database restart does
    # Every task (here the sweep, run eagerly) first replaces a connection that broke.
    assert tasks.requeue_lapsed.apply().get() == 0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != dropped
