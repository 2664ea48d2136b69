"""Run a command and say which processes of the machine kept its cores busy meanwhile: the CPU
time of PostgreSQL, Redis, the Celery workers, the gateways, the bots, the command itself and
the rest, from Linux's ``/proc`` (issue 17: where the platform's scaling stops).

    .venv/bin/python scripts/cpu_share.py --database arena_scale -- \\
        .venv/bin/python manage.py bench_pipeline --workers 1 2 4

Every process is sampled every ``--every`` seconds (its user and system time, its reaped
children's included). A process is of the first kind its command line or an ancestor's
matches; PostgreSQL's backends count as the benchmark's only when they serve ``--database``
(the server's own processes, e.g. its WAL writer, as a kind of their own).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Sample:
    """One process at one moment."""

    parent: int
    own: float
    """CPU seconds used by the process itself."""
    reaped: float
    """CPU seconds of its children that ended and that it reaped."""
    command: str


def sample() -> dict[int, Sample]:
    """Every process now (those that end meanwhile are skipped)."""
    found = {}
    for folder in Path("/proc").iterdir():
        if not folder.name.isdigit():
            continue
        try:
            stat = (folder / "stat").read_text()
            command = (
                (folder / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            )
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(folder.name)] = Sample(
            parent=int(fields[1]),
            own=(int(fields[11]) + int(fields[12])) / TICK,
            reaped=(int(fields[13]) + int(fields[14])) / TICK,
            command=command or stat[stat.index("(") + 1 : stat.rindex(")")],
        )
    return found


def servers(database: str) -> list[tuple[str, list[str]]]:
    """(kind, what the command line contains) of the servers' processes, the first that
    matches wins: any process of the machine is one of these if its command line matches."""
    return [
        (f"PostgreSQL backends of {database}", ["postgres: ", f" {database} "]),
        ("PostgreSQL's other backends", ["postgres: ", "("]),
        ("PostgreSQL server", ["postgres"]),
        ("Redis", ["redis-server"]),
    ]


OURS = [
    ("Celery workers (their sandboxes included)", ["celery"]),
    ("gateways", ["run_gateway"]),
    ("bots", ["bots.sdk"]),
    ("bots", ["conquest.gateway.bench"]),
]
"""The kinds of the command's descendants: a process is of the first kind that its own
command line, or its nearest ancestor's below the command, matches."""


def kind_of(
    pid: int, processes: dict[int, Sample], known: list[tuple[str, list[str]]], top: int
) -> str:
    """The kind of process ``pid``: a server's (``known``), else one of ``OURS`` if it is a
    descendant of process ``top`` (the command), else "the rest of the machine"."""
    if pid == os.getpid():
        return "cpu_share (this sampler)"
    chain = []
    while pid in processes and pid != top:
        chain.append(processes[pid].command)
        pid = processes[pid].parent
    for kind, texts in known if chain else []:
        if all(text in chain[0] for text in texts):
            return kind
    if pid != top:
        return "the rest of the machine"
    for command in chain:
        for kind, texts in OURS:
            if all(text in command for text in texts):
                return kind
    return "the command (and its other children)"


def spent(
    before: dict[int, Sample], now: dict[int, Sample], known: list[tuple[str, list[str]]], top: int
) -> dict[str, float]:
    """The CPU seconds each kind of process used between two samples."""
    # A process that ended since ``before`` is in its nearest living ancestor's reaped time
    # now, with what it used until ``before``, counted already: the rest is its own kind's.
    ended: dict[int, tuple[float, str]] = {}  # ancestor: counted already, their kind
    for pid, process in sorted(before.items(), key=lambda item: item[1].own + item[1].reaped):
        if pid not in now:
            ancestor = process.parent
            while ancestor in before and ancestor not in now:
                ancestor = before[ancestor].parent
            counted = ended.get(ancestor, (0.0, ""))[0] + process.own + process.reaped
            ended[ancestor] = (counted, kind_of(pid, before, known, top))  # the largest's kind
    used: dict[str, float] = {}
    for pid, process in now.items():
        last = before.get(pid, Sample(process.parent, 0.0, 0.0, process.command))
        kind = kind_of(pid, now, known, top)
        counted, their_kind = ended.get(pid, (0.0, kind))
        used[kind] = used.get(kind, 0.0) + process.own - last.own
        used[their_kind] = used.get(their_kind, 0.0) + process.reaped - last.reaped - counted
    return used


def busy() -> tuple[float, float]:
    """The machine's busy and idle CPU seconds since it started (``/proc/stat``)."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    return (sum(ticks[:8]) - idle) / TICK, idle / TICK


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", required=True, help="the benchmark's PostgreSQL database")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()
    known = servers(options.database)
    used: dict[str, float] = {}
    before, (busy_before, idle_before), began = sample(), busy(), time.monotonic()
    child = subprocess.Popen(options.command)
    while True:
        try:
            finished = child.wait(options.every) is not None
        except subprocess.TimeoutExpired:
            finished = False
        now = sample()
        for kind, seconds in spent(before, now, known, child.pid).items():
            used[kind] = used.get(kind, 0.0) + seconds
        before = now
        if finished:
            break
    wall = time.monotonic() - began
    busy_after, idle_after = busy()
    machine = busy_after - busy_before
    print(
        f"cpu_share: {wall:.1f} s of wall time; the machine's {os.cpu_count()} cores busy "
        f"{machine:.1f} s ({machine / wall:.2f} cores on average), idle "
        f"{idle_after - idle_before:.1f} s",
        file=sys.stderr,
    )
    for kind, seconds in sorted(used.items(), key=lambda item: -item[1]):
        print(
            f"  {kind + ':':<46} {seconds:7.1f} s CPU, {seconds / wall:.2f} cores",
            file=sys.stderr,
        )
    return child.returncode


if __name__ == "__main__":
    sys.exit(main())
