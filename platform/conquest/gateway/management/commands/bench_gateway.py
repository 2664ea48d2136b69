"""``manage.py bench_gateway``: the latency the platform adds per decision, and how many
matches with remote bots one worker process plays at once without missing a deadline.

1. **Latency**, on loopback, alternating blocks of 100 of each: a worker's decision
   (``routing.Link.ask``: worker → gateway → bot → gateway → worker, through a real
   ``run_gateway`` process, to a bot process that answers at once) against a bare grpc.aio
   bidirectional ping-pong of a message of the same size between two processes.
2. **Concurrency**: ``--matches`` Risk matches (a remote bot against a house bot) queued at
   once for one worker process (``--pool threads``), the remote seats played by ``--bots``
   SDK bot processes; it counts the deadlines missed (timeouts) and the most matches playing
   at once (from each match's claim and seconds of play: claimed matches that wait to be
   recorded are not playing), and samples the memory of the worker and its child processes
   (PSS and RSS, ``/proc/<pid>/smaps_rollup``, every ``MEMORY_SECONDS``), the remote
   decisions per second and the CPU time of the worker, the gateways and the bots. Needs
   PostgreSQL and Redis (the configured ones).
The last lines sum up issue 19's goals for the gateway (``GOALS``) with the figures of this
run: the p50 ratio to the bare round trip, and of the concurrency measure the most matches
at once, the remote decisions per second and the deadlines missed.

3. **Simultaneous decisions** (``--simultaneous N``): N Africa matches whose four powers are
   four remote SDK bots, one match after the other; per match the decisions, the rounds (the
   runner asks every seat to move at once: a round costs one round trip for all its seats)
   and the wall time per decision and per round.

4. **The bare gRPC ceiling** (``--ceiling SECONDS``): ``--bots`` processes, each one stream
   to the echo server carrying its share of ``--matches`` round trips at once, written one at
   a time as a bot process answers its matches on its one stream: the round trips a second
   the machine's two ends of gRPC alone can make, with nothing of the platform's. A gateway's
   bot side (one stream per bot process) pays at least that per decision, on the same cores.

``--gateways N`` starts N gateway processes and spreads the bot processes over them in turn;
the worker finds each bot's gateway in the registry, as in production.

Its processes (gateways, echo server, bots, workers) end with it: when it finishes, fails or
gets SIGINT or SIGTERM (they are killed), and when it is killed (they get SIGTERM).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db.models import Sum

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import codec
from conquest.bots import services as bots
from conquest.gateway.bench import Echo
from conquest.leagues import services as leagues
from conquest.matches import services as matches
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import full_replay
from conquest.matches.workers import (
    ChildProcess,
    GatewayProcess,
    WorkerProcess,
    cpu_seconds,
    descendants,
)
from conquest.relay.links import Link
from conquest.relay.presence import presences
from engines.registry import get_game
from engines.replay import Replay

BLOCK = 100
"""Round trips per block of the latency measure."""
MEMORY_SECONDS = 3.0
"""How often the concurrency measure samples the worker's memory."""


GOALS: Final = {"ratio": 2.0, "at_once": 2000, "per_second": 3000}
"""Issue 19, item 4: remote decisions at p50 within ``ratio`` times the bare round trip; one
remote worker process playing ``at_once`` matches at once, none missing a deadline, at
``per_second`` remote decisions a second."""


@dataclass(frozen=True)
class _Concurrency:
    """What the concurrency measure found."""

    queued: int
    at_once: int
    per_second: float
    missed: int


def _goals(ratio: float, concurrency: _Concurrency | None) -> str:
    """The run's figures against :data:`GOALS`, one line each, "met" or "not met".

    >>> print(_goals(1.9, _Concurrency(queued=500, at_once=364, per_second=275.4, missed=0)))
    issue 19 goals, this run:
      remote decision p50 1.90× the bare round trip (goal ≤ 2×): met
      most matches at once 364 of 500 queued (goal ≥ 2000, none missing a deadline): not met
      remote decisions/s 275 (goal ≥ 3000), deadlines missed 0 (goal 0): not met
    """
    lines = [
        "issue 19 goals, this run:",
        f"  remote decision p50 {ratio:.2f}× the bare round trip "
        f"(goal ≤ {GOALS['ratio']:g}×): {_met(ratio <= GOALS['ratio'])}",
    ]
    if concurrency is not None:
        c = concurrency
        lines += [
            f"  most matches at once {c.at_once} of {c.queued} queued (goal ≥ "
            f"{GOALS['at_once']}, none missing a deadline): "
            f"{_met(c.at_once >= GOALS['at_once'] and not c.missed)}",
            f"  remote decisions/s {c.per_second:.0f} (goal ≥ {GOALS['per_second']}), "
            f"deadlines missed {c.missed} (goal 0): "
            f"{_met(c.per_second >= GOALS['per_second'] and not c.missed)}",
        ]
    return "\n".join(lines)


_PLAYED = re.compile(r"in ([0-9.]+) s of play")


def most_playing(matches: Iterable[Match]) -> int:
    """The most of finished ``matches`` that were playing at one time: each from its claim
    (``started_at``) for the seconds of play its log gives.

    >>> from datetime import datetime, timezone
    >>> at = lambda second: datetime(2026, 1, 1, 0, 0, second, tzinfo=timezone.utc)
    >>> log = lambda seconds: f"finished: conquest, 9 steps in {seconds:.3f} s of play"
    >>> most_playing([Match(started_at=at(0), log=log(10)), Match(started_at=at(5), log=log(1)),
    ...               Match(started_at=at(7), log=log(9)), Match(started_at=at(11), log=log(1))])
    2
    """
    spans = []
    for match in matches:
        played = _PLAYED.search(match.log)
        if match.started_at is not None and played is not None:
            start = match.started_at.timestamp()
            spans.append((start, start + float(played[1])))
    return most_at_once(spans)


def most_at_once(spans: Iterable[tuple[Any, Any]]) -> int:
    """The most of the (start, end) ``spans`` that overlap at one instant; one that ends as
    another starts does not overlap it.

    >>> most_at_once([(0, 10), (5, 6), (6, 9), (10, 11)])
    2
    """
    edges = []
    for start, end in spans:
        edges += [(start, 1), (end, -1)]
    most = running = 0
    for _, change in sorted(edges, key=lambda edge: (edge[0], edge[1])):  # ends first
        running += change
        most = max(most, running)
    return most


def _met(met: bool) -> str:
    return "met" if met else "not met"


def _quantiles(seconds: list[float]) -> tuple[float, float]:
    """p50 and p99 in microseconds."""
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return cuts[49] * 1e6, cuts[98] * 1e6


@dataclass(frozen=True)
class _Memory:
    """The memory of a worker process and its descendants, in MiB."""

    worker_pss: float = 0.0
    children: int = 0
    children_pss: float = 0.0
    children_rss: float = 0.0
    children_uss: float = 0.0

    @property
    def pss(self) -> float:
        """The whole tree's PSS."""
        return self.worker_pss + self.children_pss


def _rollup(pid: int) -> dict[str, float]:
    """Rss, Pss and private (USS) memory of ``pid`` in MiB (zeros if it ended)."""
    fields = {"Rss": 0.0, "Pss": 0.0, "Private_Clean": 0.0, "Private_Dirty": 0.0}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            name, value = line.split()[:2]
            if name.rstrip(":") in fields:
                fields[name.rstrip(":")] = int(value) / 1024
    fields["Uss"] = fields["Private_Clean"] + fields["Private_Dirty"]
    return fields


def _memory(pid: int) -> _Memory:
    """The memory of process ``pid`` and its descendants now."""
    children = [_rollup(child) for child in descendants(pid)]
    return _Memory(
        worker_pss=_rollup(pid)["Pss"],
        children=len(children),
        children_pss=sum(c["Pss"] for c in children),
        children_rss=sum(c["Rss"] for c in children),
        children_uss=sum(c["Uss"] for c in children),
    )


class _MemoryPeak(threading.Thread):
    """Samples the memory of process ``pid`` and its descendants every ``MEMORY_SECONDS``
    until :meth:`stop`, keeping the sample of the highest PSS."""

    def __init__(self, pid: int) -> None:
        super().__init__(name="memory", daemon=True)
        self.pid = pid
        self.peak = _Memory()
        self._stopped = threading.Event()

    def run(self) -> None:
        while True:
            sample = _memory(self.pid)
            if sample.pss > self.peak.pss:
                self.peak = sample
            if self._stopped.wait(MEMORY_SECONDS):
                return

    def stop(self) -> _Memory:
        """Stop sampling; the peak."""
        self._stopped.set()
        self.join()
        return self.peak


def _row(name: str, p50: float, p99: float) -> str:
    return f"  {name + ':':<40} p50 {p50:6.0f} µs, p99 {p99:6.0f} µs"


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--decisions", type=int, default=6000, help="latency samples of each")
        parser.add_argument(
            "--matches", type=int, default=100, help="concurrent matches (0: latency only)"
        )
        parser.add_argument("--bots", type=int, default=2, help="bot processes")
        parser.add_argument("--max-steps", type=int, default=300, help="actions per match")
        parser.add_argument(
            "--simultaneous", type=int, default=0, help="Africa matches of four remote bots"
        )
        parser.add_argument(
            "--gateways", type=int, default=1, help="gateway processes, the bots spread over them"
        )
        parser.add_argument(
            "--ceiling", type=float, default=0.0, help="seconds of the bare gRPC ceiling (0: none)"
        )

    def handle(
        self, *args, decisions, matches, bots, max_steps, simultaneous, gateways, ceiling, **kw
    ):
        call_command("migrate", verbosity=0)
        signal.signal(signal.SIGTERM, _stopped)  # the finally below kills the children
        self.logs = Path(tempfile.mkdtemp(prefix="bench-gateway-"))
        self.children: list[ChildProcess] = []
        self.tag = f"bench{int(time.time())}"
        self.owner = User.objects.create_user(self.tag)
        try:
            for i in range(gateways):
                log = self.logs / f"gateway{i}.log"
                env = {"ARENA_BOT_MAX_MATCHES": str(matches)}
                self.children.append(GatewayProcess(log, env=env, with_parent=True))
            ratio = self._latency(self.gateways[0].address, decisions)
            if ceiling:
                self._ceiling(ceiling, bots, max(matches, 1))
            concurrency = self._concurrency(matches, bots, max_steps) if matches else None
            if simultaneous:
                self._simultaneous(simultaneous, max_steps)
        finally:
            for child in self.children:
                child.kill()
        self.stdout.write(_goals(ratio, concurrency))
        self.stdout.write(f"logs in {self.logs}")

    @property
    def gateways(self) -> list[GatewayProcess]:
        """The gateway processes."""
        return [c for c in self.children if isinstance(c, GatewayProcess)]

    def _address(self, i: int) -> str:
        """The address of the gateway the ``i``-th bot process connects to (round robin)."""
        gateways = self.gateways
        return gateways[i % len(gateways)].address

    def _start(self, name: str, command: list[str], **env: str) -> ChildProcess:
        """Start a child process, stopped at the end of the benchmark."""
        child = ChildProcess(name, command, self.logs / f"{name}.log", env, with_parent=True)
        self.children.append(child)
        return child

    def _bot(self, name: str, command: list[str], game: str = "risk"):
        """A new bot with a token, its program started; the bot once it is connected."""
        bot = bots.bot_create(owner=self.owner, name=f"{self.tag}-{name}", games=[game])
        _, token = bots.token_issue(bot=bot)
        child = self._start(name, command, ARENA_BOT_TOKEN=token)
        deadline = time.monotonic() + 60
        while presences().find(bot.pk) is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not connect:\n{child.output()[-2000:]}")
            time.sleep(0.05)
        return bot

    def _latency(self, address: str, count: int) -> float:
        """Measure and report the latency per decision; its p50 ratio to the bare one."""
        bench = [sys.executable, "-m", "conquest.gateway.bench"]
        bot = self._bot("echo", [*bench, "echo-bot", address])
        server = self._start("echo", [*bench, "echo-server"])
        port = server.wait_for(r"port (\d+)")[1]
        self.echo = f"127.0.0.1:{port}"
        game = get_game("risk")
        match = game.new_match("hasbro", 4, seed=1)
        wire = codec("risk")
        # As a remote seat asks: the observation and legal actions serialized once.
        decision = pb.DecisionRequest(match_id=1, seat=0, decision_seconds=5.0)
        body = wire.decision_body(match.observation(0), match.legal_actions(0))
        link = Link(bot.pk, 1, presences(), grace_seconds=5.0, attempt=1)
        link.started = pb.MatchStarted(match_id=1, game="risk", variant="hasbro")
        whole = pb.DecisionRequest.FromString(decision.SerializeToString() + body)
        payload = pb.ServerMessage(decision=whole).SerializeToString()

        async def decide(told: bool) -> float:
            if told:  # as in a match: the previous action's result goes along
                result = pb.ActionResult(match_id=1, request_id=decision.request_id, accepted=True)
                link.tell(result)
            decision.request_id += 1
            began = time.perf_counter()
            await link.ask(decision, 5.0, body)
            return time.perf_counter() - began

        async def measure() -> list[list[float]]:
            # Blocks of each, in turn: all see the same load on the machine.
            echo, series = Echo(f"127.0.0.1:{port}"), [[], [], []]
            for block in range(-1, count // BLOCK):
                times = [
                    [await echo.round_trip(payload) for _ in range(BLOCK)],
                    [await decide(False) for _ in range(BLOCK)],
                    [await decide(True) for _ in range(BLOCK)],
                ]
                for kept, new in zip(series, times, strict=True):
                    kept.extend(new if block >= 0 else [])  # the first block warms up
            await echo.close()
            return series

        pids = [self.gateways[0].process.pid, server.process.pid]
        cpu = [cpu_seconds(pid) for pid in pids]
        series = asyncio.run(measure())
        relay_cpu, echo_cpu = (
            cpu_seconds(pid) - before for pid, before in zip(pids, cpu, strict=True)
        )
        rounds = count // BLOCK * BLOCK + BLOCK  # each series, the warm-up block included
        bare, alone, told = (_quantiles(times) for times in series)
        self.stdout.write(
            f"latency per decision on loopback, {count} of each, {len(payload)}-byte "
            f"DecisionRequest (4-seat Risk):\n"
            f"{_row('bare grpc.aio bidirectional ping-pong', *bare)}\n"
            f"{_row('worker → gateway → bot → worker', *alone)}\n"
            f"{_row('the same carrying the last ActionResult', *told)}\n"
            f"  ratio p50: {alone[0] / bare[0]:.2f}× the bare round trip "
            f"({told[0] / bare[0]:.2f}× with the ActionResult)\n"
            f"  CPU: the gateway {relay_cpu / rounds / 2 * 1e6:.0f} µs per decision, the "
            f"echo server {echo_cpu / rounds * 1e6:.0f} µs per round trip"
        )
        return alone[0] / bare[0]

    def _ceiling(self, seconds: float, processes: int, at_once: int) -> None:
        """Measure and report the bare gRPC ceiling (see the module's docstring)."""
        in_flight = -(-at_once // processes)
        load = [sys.executable, "-m", "conquest.gateway.bench", "echo-load", self.echo]
        loads = [
            self._start(f"load{i}", [*load, str(in_flight), str(seconds)]) for i in range(processes)
        ]
        made = sum(int(each.wait_for(r"round trips (\d+)", seconds + 60)[1]) for each in loads)
        self.stdout.write(
            f"bare gRPC ceiling: {processes} processes, each one stream to the echo server "
            f"carrying {in_flight} round trips at once: {made / seconds:.0f} round trips/s "
            f"over {seconds:g} s"
        )

    def _concurrency(self, count: int, bot_processes: int, max_steps: int) -> _Concurrency:
        """Measure and report ``count`` remote matches queued at once for one worker."""
        league = leagues.league_create(
            name=self.tag, game="risk", variant="hasbro", seats=2, ladder="off",
            options={"max_steps": max_steps}, decision_seconds=1.0, time_bank_seconds=0.0,
            max_faults=1000,
        )  # fmt: skip
        house_bot = bots.bot_create(owner=self.owner, name=f"{self.tag}-house", games=["risk"])
        house = leagues.entry_create(
            league=league, version=bots.version_create(bot=house_bot, kind="house", player="random")
        )
        per_bot = -(-count // bot_processes)
        remotes = []
        for i in range(bot_processes):
            sdk = ["-m", "bots.sdk", "--player", "random", "--address", self._address(i)]
            command = [sys.executable, *sdk, "--max-matches", str(per_bot), "--inline"]
            bot = self._bot(f"sdk{i}", command)
            remotes.append(
                leagues.entry_create(
                    league=league, version=bots.version_create(bot=bot, kind="remote")
                )
            )
        worker = WorkerProcess(
            "bench-remote", self.logs / "worker.log", remote=count + 8, with_parent=True
        )
        self.children.append(worker)
        worker.wait_ready()
        scheduled = [
            matches.match_schedule(league=league, entries=[remotes[i % bot_processes], house])
            for i in range(count)
        ]
        idle = _memory(worker.process.pid)
        relays = [g.process.pid for g in self.gateways]
        players = [c.process.pid for c in self.children if c.name.startswith("sdk")]
        cpu = [cpu_seconds(worker.process.pid), cpu_seconds(*relays), cpu_seconds(*players)]
        sampler = _MemoryPeak(worker.process.pid)
        sampler.start()
        began = time.monotonic()
        matches.match_enqueue(match_ids=[m.pk for m in scheduled])
        most = 0
        pending = Match.objects.filter(league=league).exclude(status__in=["finished", "error"])
        while pending.exists():
            most = max(most, Match.objects.filter(league=league, status="running").count())
            if time.monotonic() - began > 1800:
                raise RuntimeError("the matches did not finish in 30 minutes")
            time.sleep(0.2)
        seconds = time.monotonic() - began
        playing = most_playing(Match.objects.filter(league=league, status="finished"))
        worker_cpu, relays_cpu, players_cpu = (
            cpu_seconds(*pids) - before
            for pids, before in zip([[worker.process.pid], relays, players], cpu, strict=True)
        )
        peak = sampler.stop()
        seats = MatchSeat.objects.filter(match__league=league, entry__in=remotes)
        faults = seats.aggregate(faults=Sum("faults"))["faults"]
        steps = Match.objects.filter(league=league).aggregate(steps=Sum("steps"))["steps"]
        timeouts = sum(m.log.count(" timeout (") for m in Match.objects.filter(league=league))
        errors = Match.objects.filter(league=league, status="error").count()
        remote = _remote_decisions(league, remotes)
        busy = (worker_cpu + relays_cpu + players_cpu) / seconds
        self.stdout.write(
            f"concurrency: {count} matches (Risk 2 seats, a remote bot against a house bot, "
            f"{max_steps} actions each) queued at once for one worker process, "
            f"{bot_processes} bot processes through {len(relays)} gateway(s):\n"
            f"  most playing at once: {playing} (most claimed at once: {most}, those waiting "
            f"to be recorded included); all done in {seconds:.1f} s "
            f"({steps / seconds:.0f} actions/s, {remote / seconds:.0f} remote decisions/s); "
            f"the worker's CPU (its children's included): "
            f"{worker_cpu:.1f} s, {worker_cpu / steps * 1e6:.0f} µs per action\n"
            f"  CPU of the gateways {relays_cpu:.1f} s, of the bot processes {players_cpu:.1f} s "
            f"({players_cpu / seconds / bot_processes:.2f} of a core per bot process: near 1, "
            f"the bots would limit the run); "
            f"worker, gateways and bots kept {busy:.2f} cores busy\n"
            f"  deadlines missed (1 s per decision, no bank): {timeouts}; faults: "
            f"{faults}; matches in error: {errors}\n"
            f"{_memory_rows(idle, peak, playing)}"
        )
        return _Concurrency(
            queued=count, at_once=playing, per_second=remote / seconds, missed=timeouts
        )

    def _simultaneous(self, count: int, max_steps: int) -> None:
        league = leagues.league_create(
            name=f"{self.tag}-africa", game="africa", variant="standard", seats=4, ladder="off",
            options={"max_steps": max_steps}, decision_seconds=5.0, max_faults=1000,
        )  # fmt: skip
        sdk = [sys.executable, "-m", "bots.sdk", "--player", "random", "--inline", "--address"]
        entries = [
            leagues.entry_create(
                league=league,
                version=bots.version_create(
                    bot=self._bot(f"power{i}", [*sdk, self._address(i)], "africa"), kind="remote"
                ),
            )
            for i in range(4)
        ]
        worker = WorkerProcess(
            "bench-africa", self.logs / "africa-worker.log", remote=4, with_parent=True
        )
        self.children.append(worker)
        worker.wait_ready()
        decisions = rounds = 0
        seconds = 0.0
        for _ in range(count):
            match = matches.match_schedule(league=league, entries=entries)
            began = time.monotonic()
            matches.match_enqueue(match_ids=[match.pk])
            while Match.objects.filter(pk=match.pk, status__in=["queued", "running"]).exists():
                if time.monotonic() - began > 600:
                    raise RuntimeError("an Africa match did not finish in 10 minutes")
                time.sleep(0.01)
            seconds += time.monotonic() - began
            replay = Replay.from_json(full_replay(Match.objects.get(pk=match.pk)))
            decisions += len(replay.actions)
            rounds += _rounds(replay)
        self.stdout.write(
            f"simultaneous decisions: {count} Africa matches (standard, 4 remote bots, "
            f"{max_steps} actions each), one after the other:\n"
            f"  decisions per match {decisions / count:.0f}, rounds per match "
            f"{rounds / count:.0f} ({decisions / rounds:.2f} decisions per round trip)\n"
            f"  wall time per decision {seconds / decisions * 1e3:.2f} ms, per round "
            f"{seconds / rounds * 1e3:.2f} ms (queueing and recording included)"
        )


def _remote_decisions(league, remotes: list) -> int:
    """The actions the remote seats of ``league``'s finished matches played."""
    seats = MatchSeat.objects.filter(match__league=league, entry__in=remotes)
    remote = set(seats.values_list("match_id", "seat"))
    return sum(
        1
        for match in Match.objects.filter(league=league, status="finished")
        for seat, _ in Replay.from_json(full_replay(match)).actions
        if (match.pk, seat) in remote
    )


def _memory_rows(idle: _Memory, peak: _Memory, most: int) -> str:
    """The worker's memory before the matches and at its peak, in lines of the report."""
    per_child = max(peak.children, 1)
    return (
        f"  memory (MiB), worker process and its children: before the matches PSS "
        f"{idle.pss:.0f} ({idle.children} children); at the peak PSS {peak.pss:.0f} (worker "
        f"{peak.worker_pss:.0f}, {peak.children} children {peak.children_pss:.0f})\n"
        f"  per child at the peak: PSS {peak.children_pss / per_child:.1f}, RSS "
        f"{peak.children_rss / per_child:.1f}, USS {peak.children_uss / per_child:.1f}; "
        f"added per match playing at once: PSS {(peak.pss - idle.pss) / max(most, 1):.1f}"
    )


def _rounds(replay: Replay) -> int:
    """How many times the runner asked the seats to move (each time all of them at once)."""
    match = get_game(replay.game).new_match(
        replay.variant, replay.seats, replay.seed, replay.options
    )
    actions = iter(replay.actions)
    rounds = 0
    while not match.is_over():
        rounds += 1
        for _ in match.to_move():
            if match.is_over():
                break
            match.apply(*next(actions))
    return rounds


def _stopped(signum: int, frame: object) -> None:
    """SIGTERM: end as on SIGINT, the children killed on the way out."""
    raise SystemExit(128 + signum)
