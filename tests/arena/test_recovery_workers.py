"""Real workers over a database that drops their connections or goes away for a while, and
over a Redis broker that restarts: they recover by themselves and no match is lost, failed or
counted twice (issue 14). The shared PostgreSQL and Redis are never stopped: the database's
outage is this test database refusing connections (``ALLOW_CONNECTIONS false``) and its
connections terminated, the Redis is one of the test's own."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from arena_fixtures import entry, league, user
from arena_workers import allow_connections, terminate_connections, wait_for
from celery import current_app
from conquest.matches import services
from conquest.matches.models import Match
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.utils import timezone
from kombu import Connection

from bots.house.random_player import RandomPlayer

pytestmark = pytest.mark.django_db(transaction=True)

GATE = "RECOVERY_GATE"
"""The environment variable naming the folder of :class:`GatedPlayer`'s gate files."""


class GatedPlayer(RandomPlayer):
    """A random player that, at its first decision, writes ``started`` in the gate folder and
    waits until ``go`` is there: the test holds the match in play while it cuts a service."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.opened = False

    def act(self, observation, legal_actions):
        if not self.opened:
            gate = Path(os.environ[GATE])
            (gate / "started").touch()
            deadline = time.monotonic() + 120
            while not (gate / "go").exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            self.opened = True
        return super().act(observation, legal_actions)


def queued(lg, entries) -> Match:
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    return match


def status(match: Match) -> str:
    return Match.objects.get(pk=match.pk).status


def assert_recorded_once(lg, matches: list[Match]) -> None:
    """Every match finished, each rated result counted once, ratings equal to their
    recomputation."""
    for match in matches:
        match.refresh_from_db()
        assert match.status == "finished", (match.pk, match.status, match.log)
    seqs = sorted(m.rated_seq for m in matches)
    assert seqs == list(range(1, len(matches) + 1))
    seats = lg.seats * len(matches)
    assert RatingChange.objects.filter(match__in=matches).count() == seats
    assert rating_recompute(league=lg) == []


def test_a_worker_whose_database_connections_were_cut_serves_its_next_tasks(workers):
    lg = league(name="conquetes-2", game="conquetes", variant="standard", seats=2, ladder="off")
    entries = [entry(lg, user("ann"), "heuristic"), entry(lg, user("ben"), "random")]
    one = workers("one", beat=True)  # its own sweep, every second
    first = queued(lg, entries)
    wait_for(lambda: status(first) == "finished", 60, "the first match", [one])
    assert len(terminate_connections()) >= 2, "the worker's and its result writer's"
    # A match whose message was lost: only the sweep, the worker's next task, can send it.
    lost = services.match_schedule(league=lg, entries=entries)
    Match.objects.filter(pk=lost.pk).update(
        status="queued", queued_at=timezone.now() - timedelta(hours=1)
    )
    wait_for(lambda: status(lost) == "finished", 60, "the sweep to send it", [one])
    terminate_connections()
    second = queued(lg, entries)
    wait_for(lambda: status(second) == "finished", 60, "the next match", [one])
    assert_recorded_once(lg, [first, lost, second])


def test_a_database_outage_while_a_result_is_written_does_not_play_the_match_again(
    workers, tmp_path
):
    lg = league(
        name="conquetes-2",
        game="conquetes",
        variant="standard",
        seats=2,
        ladder="off",
        decision_seconds=150,
    )
    entries = [
        entry(lg, user("ann"), "test_recovery_workers:GatedPlayer"),
        entry(lg, user("ben"), "random"),
    ]
    gate = tmp_path / "gate"
    gate.mkdir()
    # The production lease: the outage is shorter, so the lease stays this worker's (one
    # longer than the lease may let another worker take the match, as it should).
    one = workers("one", ARENA_LEASE_SECONDS="60", **{GATE: str(gate)})
    match = queued(lg, entries)
    wait_for((gate / "started").exists, 60, "the match to start", [one])
    allow_connections(False)
    try:
        terminate_connections()
        (gate / "go").touch()  # the match ends while the database is away
        wait_for(
            lambda: (
                "could not record the result" in one.output() and "trying again" in one.output()
            ),
            60,
            "a failed write",
            [one],
        )
        assert status(match) == "running"
    finally:
        allow_connections(True)
    wait_for(lambda: status(match) == "finished", 60, "the write", [one])
    match.refresh_from_db()
    assert match.attempts == 1, "recorded by the attempt that played it: not played again"
    assert_recorded_once(lg, [match])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A Redis of the test's own on a free port, its data in ``folder`` (append-only file:
    a restart keeps the queued messages, as a production Redis does)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start the server and wait until it answers."""
        command = [shutil.which("redis-server") or "redis-server", "--port", str(self.port)]
        command += ["--bind", "127.0.0.1", "--dir", str(self.folder), "--save", ""]
        command += ["--appendonly", "yes", "--appendfsync", "always"]
        self.process = subprocess.Popen(
            command, stdout=(self.folder / "redis.log").open("a"), stderr=subprocess.STDOUT
        )
        client = redis.Redis.from_url(self.url)
        wait_for(lambda: _answers(client), 30, "redis to start")

    def stop(self) -> None:
        """SHUTDOWN (the append-only file is complete) and wait for the process to end."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(redis.ConnectionError):  # it closes it as it exits
                redis.Redis.from_url(self.url).shutdown()
            self.process.wait(30)


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.ConnectionError:
        return False


@pytest.fixture
def private_redis(tmp_path):
    server = RedisServer(tmp_path)
    yield server
    server.stop()


def send(url: str, matches: list[Match], queue: str | None = None) -> None:
    """Send the matches' messages to the broker at ``url`` (the test's own Redis), to
    ``queue`` (by default the default queue)."""
    options = {"queue": queue} if queue else {}
    with Connection(url) as broker:
        for match in matches:
            current_app.send_task(services.RUN_MATCH, args=[match.pk], connection=broker, **options)


def test_a_redis_restart_costs_no_match(workers, private_redis):
    lg = league(
        name="risk-2", seats=2, ladder="off", options={"max_steps": 300}, decision_seconds=5
    )
    entries = [entry(lg, user(n), "arena_players:SlowAttacker") for n in ("ann", "ben")]
    one = workers(
        "one",
        beat=True,
        BROKER_URL=private_redis.url,
        ARENA_REQUEUE_AFTER_SECONDS="20",  # the safety net, should a message be lost
    )
    one.wait_ready()
    matches = [services.match_schedule(league=lg, entries=entries) for _ in range(5)]
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(
        status="queued", queued_at=timezone.now()
    )
    send(private_redis.url, matches)
    wait_for(lambda: Match.objects.filter(status="finished").exists(), 90, "a first match", [one])
    private_redis.stop()
    time.sleep(1)  # the worker meets a broker that is away (a restart takes about this)
    private_redis.start()
    after = services.match_schedule(league=lg, entries=entries)
    Match.objects.filter(pk=after.pk).update(status="queued", queued_at=timezone.now())
    send(private_redis.url, [after])
    everything = [*matches, after]
    wait_for(
        lambda: Match.objects.filter(status="finished").count() == len(everything),
        180,
        "every match",
        [one],
    )
    assert one.alive()
    assert not Match.objects.exclude(status="finished").exists()
    assert_recorded_once(lg, everything)


def test_a_threads_worker_survives_a_redis_restart_with_messages_unacknowledged(
    private_redis, workers, tmp_path
):
    # A ``--pool threads`` worker holds a message per thread until its match ends (acks_late);
    # when Redis goes away it puts them back and must reconnect, not exit (issue 14; kombu's
    # own transport made it exit). The first match is held at its gate, so its message at
    # least is unacknowledged when Redis stops (the others wait for the sandbox).
    lg = league(
        name="conquetes-2",
        game="conquetes",
        variant="standard",
        seats=2,
        ladder="off",
        decision_seconds=150,
    )
    entries = [
        entry(lg, user("ann"), "test_recovery_workers:GatedPlayer"),
        entry(lg, user("ben"), "random"),
    ]
    gate = tmp_path / "gate"
    gate.mkdir()
    remote = workers(
        "threads",
        remote=4,  # a thread more than messages: the worker also waits on Redis (BRPOP)
        BROKER_URL=private_redis.url,
        ARENA_LEASE_SECONDS="60",  # no lease lapses while the test holds a match at its gate
        **{GATE: str(gate)},
    )
    remote.wait_ready()

    def queued_matches(count: int) -> list[Match]:
        matches = [services.match_schedule(league=lg, entries=entries) for _ in range(count)]
        Match.objects.filter(pk__in=[m.pk for m in matches]).update(
            status="queued", queued_at=timezone.now()
        )
        send(private_redis.url, matches, queue=services.REMOTE_QUEUE)
        return matches

    before = queued_matches(3)
    wait_for((gate / "started").exists, 90, "the first match to start", [remote])
    wait_for(
        lambda: remote.output().count(" received") == len(before),
        60,
        "every message taken by a thread",
        [remote],
    )
    private_redis.stop()
    wait_for(
        lambda: "Connection to broker lost" in remote.output() or not remote.alive(),
        60,
        "the worker to see Redis go",
        [remote],
    )
    private_redis.start()
    (gate / "go").touch()
    wait_for(
        lambda: remote.output().count("Connected to redis") >= 2 or not remote.alive(),
        120,
        "the worker to connect again",
        [remote],
    )
    assert remote.alive(), remote.output()[-3000:]
    after = queued_matches(1)  # the worker consumes again
    matches = [*before, *after]
    broker = redis.Redis.from_url(private_redis.url)

    def settled() -> bool:
        """Every match finished, every message acknowledged, none left queued (any priority)."""
        return (
            not Match.objects.exclude(status="finished").exists()
            and broker.hlen("unacked") == 0
            and not broker.keys(f"{services.REMOTE_QUEUE}*")
        )

    wait_for(lambda: settled() or not remote.alive(), 180, "every match and message", [remote])
    assert remote.alive(), remote.output()[-3000:]
    assert "Unrecoverable error" not in remote.output()
    assert_recorded_once(lg, matches)
