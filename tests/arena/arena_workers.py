"""Real Celery worker processes for the integration tests (PostgreSQL test database, Redis)."""

from __future__ import annotations

import os
import time
from pathlib import Path

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
