"""The production process set of the fault-injection suite, each process restartable.

Two match workers (``celery -A conquest worker --pool solo``, the default queue), a remote
worker (``--pool threads -Q remote``), the scheduler (``celery -A conquest beat``), a gateway
(``manage.py run_gateway`` on fixed ports, so that a restarted one is found at the same
address) and two remote bots of the SDK (``python -m bots.sdk`` with the example bots). Each
process has its own ``ARENA_HOME``; all share the private services, ``SECRET_KEY`` and the
short timers (:class:`Timers`). Every incarnation of a process writes its own log. A
:class:`Placement` runs them on several hosts (the multi-host test, ``hosts.py``).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from conquest.matches.workers import ChildProcess, WorkerProcess, stop_all

ROOT = Path(__file__).resolve().parents[2]
REMOTE_THREADS = 8
BOT_MAX_MATCHES = 2
BOT_PLAYERS = ("bots.examples.random_bot:RandomBot", "bots.examples.border_bot:BorderBot")


@dataclass(frozen=True)
class Timers:
    """The platform's timers for the suite (seconds), and the bound on a fault's recovery."""

    lease: float = 10.0
    sweep: float = 2.0
    requeue_after: float = 20.0
    grace: float = 8.0
    gateway_ttl: float = 3.0
    ping: float = 1.0
    ladder_tick: float = 1.0
    match_wall: float = 120.0
    slack: float = 30.0
    """Beyond the timers: the time to play the match again and start processes on a busy
    machine."""

    def environment(self) -> dict[str, str]:
        """The ARENA_* variables that set these timers."""
        return {
            "ARENA_LEASE_SECONDS": str(self.lease),
            "ARENA_SWEEP_SECONDS": str(self.sweep),
            "ARENA_REQUEUE_AFTER_SECONDS": str(self.requeue_after),
            "ARENA_RECONNECT_GRACE_SECONDS": str(self.grace),
            "ARENA_GATEWAY_TTL_SECONDS": str(self.gateway_ttl),
            "ARENA_PING_INTERVAL_SECONDS": str(self.ping),
            "ARENA_LADDER_TICK_SECONDS": str(self.ladder_tick),
            "ARENA_MATCH_WALL_SECONDS": str(self.match_wall),
        }

    @property
    def bound(self) -> float:
        """How long after a fault is over every match it touched must have ended: lease,
        sweep, requeue-after and grace, plus the slack."""
        return self.lease + self.sweep + self.requeue_after + self.grace + self.slack

    def describe(self) -> str:
        """One line naming the timers."""
        return (
            f"lease {self.lease:g} s, sweep {self.sweep:g} s, requeue-after "
            f"{self.requeue_after:g} s, grace {self.grace:g} s, gateway TTL "
            f"{self.gateway_ttl:g} s, ping {self.ping:g} s, ladder tick {self.ladder_tick:g} s, "
            f"match wall {self.match_wall:g} s; bound after a fault = lease + sweep + "
            f"requeue-after + grace + {self.slack:g} s slack = {self.bound:g} s"
        )


@dataclass(frozen=True)
class Placement:
    """Where each process runs: the command that runs a program on its host, by process name
    (none: this host), and the address the gateway serves on (bots and workers alike)."""

    prefixes: dict[str, list[str]] = field(default_factory=dict)
    gateway: str = "127.0.0.1"

    def prefix(self, name: str) -> list[str]:
        """The command that runs process ``name`` on its host."""
        return self.prefixes.get(name, [])


class Role:
    """One process of the set under its name; :meth:`start` starts a new incarnation."""

    def __init__(self, name: str, make: Callable[[Path], ChildProcess], logs: Path) -> None:
        self.name = name
        self.make = make
        self.logs = logs
        self.incarnations: list[ChildProcess] = []

    @property
    def process(self) -> ChildProcess:
        """The current incarnation."""
        return self.incarnations[-1]

    @property
    def pid(self) -> int:
        """The current incarnation's process id."""
        return self.process.process.pid

    def start(self) -> ChildProcess:
        """Start a new incarnation, logging to a file of its own."""
        log = self.logs / f"{self.name}.{len(self.incarnations) + 1}.log"
        self.incarnations.append(self.make(log))
        return self.process

    def alive(self) -> bool:
        """Is the current incarnation running?"""
        return bool(self.incarnations) and self.process.alive()

    def kill(self) -> None:
        """SIGKILL the process and its children."""
        self.resume()  # a stopped process dies all the same; this keeps the wait short
        self.process.kill()

    def terminate(self) -> None:
        """SIGTERM, and SIGKILL if it still runs 30 s later."""
        self.resume()
        stop_all([self.process])

    def pause(self) -> None:
        """SIGSTOP: the process hangs, its connections stay open."""
        os.killpg(self.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """SIGCONT."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGCONT)

    def output(self) -> str:
        """What every incarnation printed."""
        return "".join(p.output() for p in self.incarnations)

    def last_words(self, lines: int = 3) -> list[str]:
        """The current incarnation's last lines that say why it stopped (errors)."""
        words = r"Unrecoverable|Error|error|exit|Killed|Warm shutdown"
        found = [line for line in self.process.output().splitlines() if re.search(words, line)]
        return [f"{self.name}: {line}" for line in found[-lines:]]

    def mentions(self, pattern: str, lines: int = 4) -> list[str]:
        """The last ``lines`` lines of its logs that match ``pattern``."""
        found = [line for line in self.output().splitlines() if re.search(pattern, line)]
        return [f"{self.name}: {line}" for line in found[-lines:]]


@dataclass(frozen=True)
class Bot:
    """A remote bot of the world: its id, its entry in the league, its token."""

    name: str
    bot_id: int
    entry_id: int
    token: str


class Fleet:
    """The production process set on the private services."""

    def __init__(
        self,
        folder: Path,
        timers: Timers,
        environment: dict[str, str],
        bots: list[Bot],
        gateway_ports: tuple[int, int],
        *,
        placement: Placement | None = None,
    ) -> None:
        self.folder = folder
        self.placement = placement or Placement()
        self.timers = timers
        self.base = environment
        self.public, self.internal = gateway_ports
        self.logs = folder / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.workers = [self._role(f"worker-{n}", self._solo_worker) for n in (1, 2)]
        self.remote = self._role("remote-worker", self._remote_worker)
        self.beat = self._role("beat", self._beat)
        self.gateway = self._role("gateway", self._gateway)
        self.bots = {
            bot.name: self._role(bot.name, self._bot_maker(bot, player))
            for bot, player in zip(bots, BOT_PLAYERS, strict=True)
        }

    @property
    def roles(self) -> list[Role]:
        """Every process of the set, in the order they start."""
        return [self.gateway, *self.workers, self.remote, self.beat, *self.bots.values()]

    def _role(self, name: str, make: Callable[[str, Path], ChildProcess]) -> Role:
        return Role(name, lambda log: make(name, log), self.logs)

    def environment(self, name: str, **extra: str) -> dict[str, str]:
        """The environment of process ``name``: the shared one and its own ARENA_HOME."""
        home = self.folder / "homes" / name
        home.mkdir(parents=True, exist_ok=True)
        return {**self.base, "ARENA_HOME": str(home), **extra}

    def _solo_worker(self, name: str, log: Path) -> ChildProcess:
        return WorkerProcess(
            name, log, env=self.environment(name), prefix=self.placement.prefix(name)
        )

    def _remote_worker(self, name: str, log: Path) -> ChildProcess:
        return WorkerProcess(
            name,
            log,
            env=self.environment(name),
            remote=REMOTE_THREADS,
            prefix=self.placement.prefix(name),
        )

    def _child(self, name: str, command: list[str], log: Path, **extra: str) -> ChildProcess:
        environment = self.environment(name, **extra)
        return ChildProcess(name, command, log, environment, prefix=self.placement.prefix(name))

    def _beat(self, name: str, log: Path) -> ChildProcess:
        schedule = self.folder / "homes" / name / "celerybeat-schedule"
        command = [sys.executable, "-m", "celery", "-A", "conquest", "beat", "-s", str(schedule)]
        return self._child(name, [*command, "-l", "info"], log)

    def _gateway(self, name: str, log: Path) -> ChildProcess:
        host = self.placement.gateway
        command = [
            sys.executable, "manage.py", "run_gateway", "--host", host,
            "--port", str(self.public), "--internal-host", host,
            "--internal-port", str(self.internal),
            "--internal-address", f"{host}:{self.internal}",
        ]  # fmt: skip
        return self._child(name, command, log)

    def _bot_maker(self, bot: Bot, player: str) -> Callable[[str, Path], ChildProcess]:
        def make(name: str, log: Path) -> ChildProcess:
            command = [
                sys.executable, "-m", "bots.sdk", "--player", player,
                "--address", f"{self.placement.gateway}:{self.public}",
                "--max-matches", str(BOT_MAX_MATCHES), "--log-level", "INFO",
            ]  # fmt: skip
            return self._child(name, command, log, ARENA_BOT_TOKEN=bot.token)

        return make

    def start_gateway(self) -> None:
        """Start the gateway (a new incarnation) and wait until it serves."""
        self.gateway.start().wait_for(r"serving bots on port \d+", 120)

    def start_all(self) -> None:
        """Start every process; wait for the gateway and the workers to be ready."""
        self.start_gateway()
        for role in self.roles[1:]:
            role.start()
        for role in [*self.workers, self.remote]:
            role.process.wait_ready(120)

    def restart_all(self) -> None:
        """Stop every process and start the set again (an operator's last resort)."""
        self.stop_all()
        self.start_all()

    def stop_all(self) -> None:
        """Stop every process that runs (SIGCONT first: a stopped one cannot hear SIGTERM)."""
        for role in self.roles:
            if role.alive():
                role.resume()
        stop_all([p for role in self.roles for p in role.incarnations], seconds=20)

    def mentions(self, match_id: int) -> list[str]:
        """The log lines of every process that name match ``match_id``."""
        pattern = rf"\bmatch[ _:#]?{match_id}\b"
        return [line for role in self.roles for line in role.mentions(pattern)]
