"""Starting and stopping child processes: Celery workers (the demo, the benchmarks and the
tests), and the other programs the benchmarks and the tests run beside them."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

PLATFORM = Path(__file__).resolve().parents[2]


class ChildProcess:
    """A program run in a session of its own from the repository's root, with ``platform/``
    on its PYTHONPATH and its output appended to ``log``. ``env`` overrides the environment.
    """

    def __init__(
        self, name: str, command: list[str], log: Path, env: dict[str, str] | None = None
    ) -> None:
        self.name = name
        self.log = log
        env = {**os.environ, **(env or {})}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLATFORM), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            command,
            cwd=PLATFORM.parent,
            env=env,
            stdout=log.open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def output(self) -> str:
        """What the process printed."""
        return self.log.read_text() if self.log.exists() else ""

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match:
        """The first match of ``pattern`` in the output, once it is there; RuntimeError if
        the process ends or ``timeout`` seconds pass first."""
        deadline = time.monotonic() + timeout
        while (found := re.search(pattern, self.output())) is None:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name}: {pattern!r} never came:\n{self.output()[-3000:]}")
            time.sleep(0.05)
        return found

    def alive(self) -> bool:
        """Is the process still running?"""
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the process and its children, as when its host dies."""
        with contextlib.suppress(ProcessLookupError):  # all gone already
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM (for a worker, a warm shutdown: the running match finishes first), then
        SIGKILL after 30 s."""
        stop_all([self])


def stop_all(processes: list[ChildProcess], seconds: float = 30.0) -> None:
    """Stop ``processes`` together: SIGTERM to each at once, then SIGKILL to those still
    running ``seconds`` later (so that stopping several takes no longer than one)."""
    running = [p for p in processes if p.alive()]
    for process in running:
        os.killpg(process.process.pid, signal.SIGTERM)
    deadline = time.monotonic() + seconds
    for process in running:
        try:
            process.process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()


class WorkerProcess(ChildProcess):
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
        pool = ["--pool", "threads", "--concurrency", str(remote), "-Q", "remote"]
        command = [
            sys.executable, "-m", "celery", "-A", "conquest", "worker",
            *(pool if remote else ["--pool", "solo"]),
            "-n", f"{name}@%h", "--without-gossip", "--without-mingle", "-l", "info",
        ]  # fmt: skip
        if beat is not None:
            command += ["-B", "-s", str(beat)]
        super().__init__(name, command, log, env)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Block until the worker consumes (it logs 'ready'); RuntimeError if it died."""
        self.wait_for(r" ready\.", timeout)
