"""The fault-injection suite (docs/faults.md): the production process set on a private
PostgreSQL and a private Redis plays a ladder of house and remote bots while faults are
injected, several rounds of each; after each fault, no match lost, none counted twice, none
stuck, the ratings equal to their recomputation, every process back at work, and the
recovery measured. Prints the table (markdown) and what failed, with the evidence.

    .venv/bin/python tests/faults/harness.py --rounds 3            # ./scripts/faults
    .venv/bin/python tests/faults/harness.py --faults worker-kill,redis-restart --rounds 1

Exit status 0 when every invariant held, 1 otherwise. ``tests/faults/test_faults.py`` runs a
quick subset of it.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from contextlib import ExitStack
from pathlib import Path

import django
from conquest.config import prepare_home
from fleet import ROOT, Fleet, Placement, Timers
from private_services import PrivatePostgres, PrivateRedis, free_port
from report import Report

WARM_UP_SECONDS = 30.0
FAULTS = (
    "worker-kill",
    "remote-worker-kill",
    "redis-restart",
    "redis-kill",
    "postgres-restart",
    "postgres-immediate",
    "gateway-restart",
    "gateway-kill",
    "bot-within-grace",
    "bot-after-grace",
    "bot-hung",
)
"""The kinds of ``injections.kinds``, named here for the command line (which reads them before
Django is set up)."""
# Variables of the caller that must not reach the suite's processes: the shared services'.
FOREIGN = ("ARENA_", "TEST_", "PYTEST_")
FOREIGN_NAMES = {
    "DATABASE_URL",
    "BROKER_URL",
    "SECRET_KEY",
    "CACHE_URL",
    "BROKER_VISIBILITY_TIMEOUT",
}


def process_environment(database_url: str, broker_url: str, timers: Timers) -> dict[str, str]:
    """The environment every process of the set shares (each adds its ARENA_HOME)."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(FOREIGN) and name not in FOREIGN_NAMES
    }
    return {
        **kept,
        **timers.environment(),
        "DATABASE_URL": database_url,
        "BROKER_URL": broker_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_SETTINGS_MODULE": "conquest.settings",
        "LOG_LEVEL": "INFO",
        "PYTHONUNBUFFERED": "1",
    }


def setup_django(environment: dict[str, str], home: Path) -> None:
    """Point this process at the private services and start Django on them."""
    for name in [n for n in os.environ if n.startswith(FOREIGN) or n in FOREIGN_NAMES]:
        del os.environ[name]
    os.environ.update(environment)
    os.environ["ARENA_HOME"] = str(home)
    prepare_home()
    django.setup()


def open_stage(
    stack: ExitStack,
    folder: Path,
    timers: Timers,
    *,
    postgres: PrivatePostgres | None = None,
    redis: PrivateRedis | None = None,
    placement: Placement | None = None,
):
    """Start the private services (by default on loopback), the world and the process set
    (on this host unless ``placement`` says otherwise); ``stack`` stops them."""
    postgres = postgres or PrivatePostgres()
    stack.callback(postgres.remove)
    postgres.start()
    database_url = postgres.create_database("arena")
    redis = redis or PrivateRedis(folder / "redis")
    stack.callback(redis.stop)
    redis.start()
    environment = process_environment(database_url, redis.url, timers)
    setup_django(environment, folder / "homes" / "harness")
    import world  # noqa: PLC0415 - Django models: only once Django is set up
    from injections import Stage  # noqa: PLC0415

    world.migrate()
    league_id, bots = world.create_world()
    fleet = Fleet(
        folder, timers, environment, bots, (free_port(), free_port()), placement=placement
    )
    stack.callback(fleet.stop_all)
    fleet.start_all()
    return Stage(postgres, redis, fleet, timers, league_id, bots)


def run(kinds: list[str], rounds: int, folder: Path, timers: Timers, warm_up: float) -> Report:
    """Play ``rounds`` rounds of each of ``kinds`` on a fresh stage; the report."""
    began = time.monotonic()
    report = Report(timers, folder)
    with ExitStack() as stack:
        stage = open_stage(stack, folder, timers)
        from injections import kinds as fault_kinds  # noqa: PLC0415 - after Django's setup
        from rounds import Runner  # noqa: PLC0415

        faults = fault_kinds(timers)
        if tuple(faults) != FAULTS:
            raise RuntimeError(f"FAULTS is not {tuple(faults)}")
        report.legend = {kind: faults[kind].what for kind in kinds}
        runner = Runner(stage)
        try:
            report.rounds.append(runner.warm_up(warm_up))
            for number in range(rounds):
                for kind in kinds:
                    report.rounds += runner.play(faults[kind], number)
                    print(_progress(report.rounds[-1]), flush=True)
        except Exception:  # the rounds played are reported all the same, with why it stopped
            report.aborted = traceback.format_exc()
    report.seconds = time.monotonic() - began
    return report


def _progress(r) -> str:
    verdict = f"FAILED ({len(r.failures())})" if r.failures() else "passed"
    return f"[{time.strftime('%H:%M:%S')}] {r.kind} #{r.number}: {r.matches} matches, {verdict}"


def stop_on_sigterm() -> None:
    """SIGTERM unwinds like Ctrl-C: everything started is stopped."""

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


def watch_parent() -> None:
    """End this process (SIGTERM, so it cleans up) if its parent dies."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def run_in_child(arguments: list[str], folder: Path, seconds: float) -> tuple[int, str]:
    """Run a script of the suite (``arguments``: its path and options) in a child process,
    its output in ``folder/output.txt``, for at most ``seconds`` (then SIGTERM: it stops
    everything it started); its exit status and output."""
    output = folder / "output.txt"
    command = [sys.executable, *arguments, "--watch-parent"]
    with output.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            status = process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGTERM)
            status = process.wait(120)
    return status, output.read_text()


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each fault (3)")
    parser.add_argument(
        "--faults", default="all", help="comma-separated fault kinds (default: all of them)"
    )
    parser.add_argument("--warm-up", type=float, default=WARM_UP_SECONDS, help="seconds")
    parser.add_argument("--out", type=Path, help="folder for the logs (default: a new one)")
    parser.add_argument("--json", type=Path, help="write the report as JSON here too")
    parser.add_argument("--watch-parent", action="store_true", help="stop if the parent dies")
    parser.epilog = f"Fault kinds: {', '.join(FAULTS)}. Timers: {Timers().describe()}."
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the suite from the command line; 0 when every invariant held."""
    args = parse(argv)
    timers = Timers()
    kinds = list(FAULTS) if args.faults == "all" else args.faults.split(",")
    unknown = sorted(set(kinds) - set(FAULTS))
    if unknown:
        sys.exit(f"unknown fault kinds {unknown}; known: {', '.join(FAULTS)}")
    folder = args.out or Path(tempfile.mkdtemp(prefix="faults-"))
    folder.mkdir(parents=True, exist_ok=True)
    stop_on_sigterm()
    if args.watch_parent:
        watch_parent()
    report = run(kinds, args.rounds, folder, timers, args.warm_up)
    print(report.table())
    print(report.details())
    print(f"\n{len(report.rounds)} rounds in {report.seconds:.0f} s; logs in {folder}")
    if args.json:
        args.json.write_text(json.dumps(report.to_json(), indent=1, default=str))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
