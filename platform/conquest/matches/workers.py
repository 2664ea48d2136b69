"""Starting and stopping Celery worker processes (the demo, the benchmark and the tests)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PLATFORM = Path(__file__).resolve().parents[2]


class WorkerProcess:
    """One ``celery worker`` process: by default ``--pool solo`` on the default queue, one
    match at a time; with ``remote`` set, ``--pool threads --concurrency remote -Q remote``,
    which plays up to that many matches with remote bots at once (``execution.py``).

    ``beat`` embeds the periodic scheduler (matchmaking, requeueing): give it to one worker
    only. ``env`` overrides the environment (e.g. DATABASE_URL, BROKER_URL, ARENA_*).
    """

    def __init__(
        self,
        name: str,
        log: Path,
        *,
        beat: Path | None = None,
        env: dict | None = None,
        remote: int = 0,
    ) -> None:
        self.name = name
        self.log = log
        pool = ["--pool", "threads", "--concurrency", str(remote), "-Q", "remote"]
        command = [
            sys.executable, "-m", "celery", "-A", "conquest", "worker",
            *(pool if remote else ["--pool", "solo"]),
            "-n", f"{name}@%h", "--without-gossip", "--without-mingle", "-l", "info",
        ]  # fmt: skip
        if beat is not None:
            command += ["-B", "-s", str(beat)]
        env = {**os.environ, **(env or {})}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLATFORM), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            command,
            env=env,
            stdout=log.open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def output(self) -> str:
        """What the worker logged."""
        return self.log.read_text() if self.log.exists() else ""

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Block until the worker consumes (it logs 'ready'); RuntimeError if it died."""
        deadline = time.monotonic() + timeout
        while " ready." not in self.output():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"worker {self.name} did not start:\n{self.output()[-2000:]}")
            time.sleep(0.1)

    def alive(self) -> bool:
        """Is the process still running?"""
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the worker and its children, as when its host dies."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Warm shutdown (SIGTERM: the running match finishes first), then SIGKILL."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
