"""Real Celery worker processes for the integration tests (PostgreSQL test database, Redis)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis
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


class Worker:
    """One ``celery worker --pool solo`` process: one match at a time, like production."""

    def __init__(self, name: str, log_dir: Path, *, beat: bool = False, **env: str) -> None:
        self.name = name
        self.log = log_dir / f"{name}.log"
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "conquest",
            "worker",
            "--pool",
            "solo",
            "-n",
            f"{name}@%h",
            "--without-gossip",
            "--without-mingle",
            "-l",
            "info",
        ]
        if beat:
            command += ["-B", "-s", str(log_dir / f"{name}-beat")]
        environment = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "BROKER_URL": redis_url(),
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT / 'tests' / 'arena'}",
            "ARENA_LEASE_SECONDS": "2",
            "ARENA_SWEEP_SECONDS": "1",
            "ARENA_LADDER_TICK_SECONDS": "3600",
            "BROKER_VISIBILITY_TIMEOUT": "5",
            **env,
        }
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def kill(self) -> None:
        """SIGKILL: the worker vanishes mid-task, as when its host dies."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the worker if it still runs."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        """What the worker logged."""
        return self.log.read_text()


def wait_for(predicate, timeout: float, what: str, workers=()) -> None:
    """Poll ``predicate`` until true; on timeout fail with the workers' logs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    logs = "\n".join(f"--- {w.name}\n{w.output()[-3000:]}" for w in workers)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")
