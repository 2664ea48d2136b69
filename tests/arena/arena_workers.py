"""Real Celery worker processes for the integration tests (PostgreSQL test database, Redis),
and outages of the test database (its connections terminated, new ones refused)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import psycopg
import redis
from conquest.matches.workers import WorkerProcess
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def redis_url() -> str:
    """The tests' Redis database (scripts/test sets TEST_REDIS_URL and BROKER_URL to it)."""
    return os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def flush_broker() -> None:
    """Empty the tests' Redis database."""
    redis.Redis.from_url(redis_url()).flushdb()


def database_url() -> str:
    """The URL of the database the test is using (pytest-django's test database)."""
    db = connection.settings_dict
    user = db["USER"] or "postgres"
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def database_admin() -> psycopg.Connection:
    """A connection (autocommit) to the test database's server, on its maintenance database
    ``postgres``: to act on the test database from outside it."""
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"] or "postgres",
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )


def terminate_connections(*, but_mine: bool = True) -> list[int]:
    """Terminate the connections to the test database (all, or all but this thread's), as a
    restart of the database looks to their processes, and wait until they are gone; their
    server process ids. The shared server itself is never touched."""
    db = connection.settings_dict["NAME"]
    mine = None
    if but_mine:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            mine = cursor.fetchone()[0]
    with database_admin() as admin:
        pids = [
            pid
            for (pid,) in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [db],
            ).fetchall()
            if pid != mine
        ]
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        wait_for(
            lambda: (
                not admin.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE pid = ANY(%s)", [pids]
                ).fetchall()
            ),
            30,
            "the connections to end",
        )
    return pids


def allow_connections(allowed: bool) -> None:
    """Let the test database take new connections, or refuse them all (a database outage
    that only the test's own database sees)."""
    name = connection.settings_dict["NAME"]
    with database_admin() as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(allowed).lower()}')


def worker(
    name: str, log_dir: Path, *, beat: bool = False, remote: int = 0, **env: str
) -> WorkerProcess:
    """A worker process on the test database and Redis, with short leases and sweeps
    (``remote``: a threads worker of the remote queue, see WorkerProcess)."""
    return WorkerProcess(
        name,
        log_dir / f"{name}.log",
        beat=log_dir / f"{name}-beat" if beat else None,
        remote=remote,
        env={
            "DATABASE_URL": database_url(),
            "BROKER_URL": redis_url(),
            "PYTHONPATH": str(ROOT / "tests" / "arena"),
            "ARENA_LEASE_SECONDS": "2",
            "ARENA_SWEEP_SECONDS": "1",
            "ARENA_LADDER_TICK_SECONDS": "3600",
            "BROKER_VISIBILITY_TIMEOUT": "5",
            **env,
        },
    )


def wait_for(predicate, timeout: float, what: str, workers=()) -> None:
    """Poll ``predicate`` until true; on timeout fail with the workers' logs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    logs = "\n".join(f"--- {w.name}\n{w.output()[-3000:]}" for w in workers)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")
