"""A private PostgreSQL cluster and a private Redis on free ports of 127.0.0.1, for the
fault-injection suite to restart and kill (never the shared ones on 5432 and 6379); or, for
the multi-host test, on an address of a host of its own (``host``, and ``prefix``: the
command that runs a program on that host, ``ip netns exec <host>``).

PostgreSQL runs as the ``postgres`` user when we are root (``runuser``), in a data directory
of its own under a temporary folder it owns, with trust authentication; Redis keeps nothing on
disk (``--save ''``, ``--appendonly no``), so a restart empties it as a crash would.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
import redis
from conquest.matches.workers import free_port

PG_BINARIES = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
READY_SECONDS = 60.0


def _wait_until(ready, what: str, seconds: float = READY_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not come up in {seconds:g} s")
        time.sleep(0.1)


class PrivatePostgres:
    """A PostgreSQL cluster of its own, on a free port; ``url(name)`` is a database's URL.
    ``clients``: a network (CIDR) whose clients it trusts besides loopback's."""

    def __init__(
        self, *, host: str = "127.0.0.1", prefix: list[str] | None = None, clients: str = ""
    ) -> None:
        if not PG_BINARIES:
            raise RuntimeError("no PostgreSQL under /usr/lib/postgresql/*/bin")
        self.bin = PG_BINARIES[-1]
        self.host = host
        self.prefix = prefix or []
        self.clients = clients
        self.port = free_port()
        # Its own folder under /tmp (which the postgres user can reach), owned by that user.
        self.folder = Path(tempfile.mkdtemp(prefix="faults-pg-"))
        self.data = self.folder / "data"
        self.sockets = self.folder / "sockets"
        self.log = self.folder / "postgres.log"
        self.sockets.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            shutil.chown(self.sockets, "postgres", "postgres")

    def _run(self, *args: str) -> None:
        """Run one of the cluster's programs as the postgres user; raise if it fails."""
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run([*self.prefix, *command], check=True, capture_output=True, timeout=120)

    def _options(self) -> str:
        # fsync off: a process killed loses nothing the OS has; only a host crash would.
        return (
            f"-c listen_addresses={self.host} -p {self.port} -k {self.sockets} -c fsync=off"
            " -c max_connections=200"
        )

    def start(self) -> PrivatePostgres:
        """Create the cluster on first use, then start it and wait until it answers."""
        if not self.data.exists():
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-N")
            if self.clients:
                with (self.data / "pg_hba.conf").open("a") as rules:
                    rules.write(f"host all all {self.clients} trust\n")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-o",
                  self._options(), "start")  # fmt: skip
        _wait_until(self.answers, "PostgreSQL")
        return self

    def answers(self) -> bool:
        """Does the server accept a connection now?"""
        try:
            with psycopg.connect(self.url("postgres"), connect_timeout=2):
                return True
        except psycopg.OperationalError:
            return False

    def url(self, database: str) -> str:
        """The URL of ``database`` on this cluster."""
        return f"postgres://postgres@{self.host}:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create ``name``; its URL."""
        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def restart_fast(self) -> None:
        """``pg_ctl restart -m fast``: clients are disconnected, the server comes back."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-m", "fast",
                  "-o", self._options(), "restart")  # fmt: skip
        _wait_until(self.answers, "PostgreSQL")

    def stop_immediate(self) -> None:
        """``pg_ctl stop -m immediate``: every server process quits at once, as in a crash."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "stop")

    def remove(self) -> None:
        """Stop the server if it runs and delete the cluster."""
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self.stop_immediate()
        shutil.rmtree(self.folder, ignore_errors=True)

    def log_tail(self, characters: int = 3000) -> str:
        """The end of the server's log."""
        return self.log.read_text(errors="replace")[-characters:] if self.log.exists() else ""


class PrivateRedis:
    """A redis-server of its own on a free port, keeping nothing on disk, without protected
    mode (which refuses every client but loopback's when there is no password)."""

    def __init__(
        self, folder: Path, *, host: str = "127.0.0.1", prefix: list[str] | None = None
    ) -> None:
        self.host = host
        self.prefix = prefix or []
        self.port = free_port()
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        """The URL of its database 0."""
        return f"redis://{self.host}:{self.port}/0"

    def start(self) -> PrivateRedis:
        """Start the server on its port and wait until it answers."""
        self.starts += 1
        log = (self.folder / f"redis-{self.starts}.log").open("a")
        self.process = subprocess.Popen(
            [*self.prefix, "redis-server", "--port", str(self.port), "--bind", self.host,
             "--save", "", "--appendonly", "no", "--dir", str(self.folder),
             "--daemonize", "no", "--protected-mode", "no"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        _wait_until(self.answers, "Redis")
        return self

    def answers(self) -> bool:
        """Does the server answer PING now?"""
        try:
            return bool(redis.Redis(self.host, self.port, socket_timeout=2).ping())
        except redis.RedisError:
            return False

    def shutdown_nosave(self) -> None:
        """``SHUTDOWN NOSAVE`` (redis-cli: no client retries), and wait for the process to
        end."""
        subprocess.run(
            ["redis-cli", "-h", self.host, "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=30,
        )
        self._wait_exit()

    def kill(self) -> None:
        """``kill -9`` the server."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self._wait_exit()

    def _wait_exit(self) -> None:
        if self.process is not None:
            self.process.wait(30)

    def stop(self) -> None:
        """Kill the server if it runs."""
        self.kill()
