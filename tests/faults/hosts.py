"""The multi-host test (docs/faults.md, "Several hosts"): the production process set on hosts
of its own, network namespaces on a private network (``network.py``). PostgreSQL and Redis on
one host, the two match workers and the scheduler on a second, the remote worker on a third,
the gateway on a fourth, the web process on a fifth, the remote bots on a sixth (they know the
gateway's public address only), and this harness on a seventh. The ladder of house and remote
bots plays until a few matches are recorded; then three links are cut one after another, each
mended a few seconds later: the match workers' host from the database host, the gateway's from
Redis, the bots' from the gateway. After each, every invariant of the fault-injection suite
must hold (no match lost, none counted twice, none stuck, the ratings equal to their
recomputation, every process back at work), and at the end every process is still the one
started (same process id, never restarted) and the web answers its probes.

    .venv/bin/python tests/faults/hosts.py --json report.json     # ./scripts/hosts

Exit status 0 when everything held, 1 otherwise. Needs root (network namespaces).
``tests/faults/test_hosts.py`` runs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

from conquest.matches.workers import ChildProcess, free_port, stop_all
from fleet import Fleet, Placement, Role, Timers
from harness import open_stage, stop_on_sigterm, watch_parent
from network import NETWORK, Network
from private_services import PrivatePostgres, PrivateRedis
from report import Report

HOSTS = {"db": 2, "workers": 1, "remote": 1, "gateway": 1, "web": 1, "bots": 1, "control": 1}
"""Each host and how many addresses it has: the database host one for PostgreSQL and one for
Redis, so that a link can be cut from Redis alone."""
PLACES = {
    "worker-1": "workers",
    "worker-2": "workers",
    "beat": "workers",
    "remote-worker": "remote",
    "gateway": "gateway",
    "remote-ada": "bots",
    "remote-bob": "bots",
}
"""The host of each process of the set."""
LINKS = (("workers", "postgres"), ("gateway", "redis"), ("bots", "gateway"))
"""The links cut, in order: a host, and the service it is cut from (from that service's
address: the database host keeps its other one)."""
CUT_SECONDS = 5.0
RECORDED_FIRST = 8
"""Matches recorded (remote ones among them) before the first cut."""
WAIT_SECONDS = 180.0
"""How long the web and the first matches may take on a busy machine."""


def start_web(stack: ExitStack, fleet: Fleet, network: Network) -> tuple[Role, str]:
    """``manage.py runserver`` on the web host; its role and its URL, once it is ready."""
    host = network.hosts["web"]
    address = f"{network.own(host.address)}:{free_port()}"

    def make(log: Path) -> ChildProcess:
        command = [sys.executable, "manage.py", "runserver", address, "--noreload"]
        environment = fleet.environment("web", ALLOWED_HOSTS=host.address)
        return ChildProcess("web", command, log, environment, prefix=host.prefix)

    web = Role("web", make, fleet.logs)
    stack.callback(lambda: stop_all(web.incarnations, seconds=20))
    web.start()
    url = f"http://{address}"
    deadline = time.monotonic() + WAIT_SECONDS
    while probe(f"{url}/readyz") != 200:
        if not web.alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the web never became ready:\n{web.output()[-3000:]}")
        time.sleep(0.5)
    return web, url


def probe(url: str) -> int | None:
    """The HTTP status of a GET of ``url`` (None: no answer)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def configured(network: Network, stage, web_url: str) -> dict[str, str]:
    """The address of every service the processes are given, each checked to be one of the
    test's hosts' (``Network.own`` raises otherwise)."""
    urls = {
        "database": stage.postgres.url("arena"),
        "broker": stage.redis.url,
        "gateway": f"tcp://{stage.fleet.placement.gateway}:{stage.fleet.public}",
        "web": web_url,
    }
    for url in urls.values():
        network.own(urlsplit(url).hostname or "")
    return urls


def wait_recorded(league_id: int) -> dict[str, int]:
    """Wait (up to WAIT_SECONDS) until the league has RECORDED_FIRST matches recorded, remote
    ones among them; how many are recorded, and how many have a remote seat."""
    from conquest.matches.models import Match  # noqa: PLC0415 - after Django's setup

    def counts() -> dict[str, int]:
        recorded = Match.objects.filter(league_id=league_id, status=Match.Status.FINISHED)
        remote = recorded.filter(seats__entry__version__kind="remote").distinct()
        return {"recorded": recorded.count(), "remote": remote.count()}

    deadline = time.monotonic() + WAIT_SECONDS
    while (found := counts())["recorded"] < RECORDED_FIRST or not found["remote"]:
        if time.monotonic() > deadline:
            break
        time.sleep(1)
    return found


def play(stack: ExitStack, network: Network, folder: Path, timers: Timers, facts: dict):
    """Start everything on its host, play the ladder and cut the links; the rounds."""
    db = network.hosts["db"]
    postgres = PrivatePostgres(
        host=network.own(db.addresses[0]), prefix=db.prefix, clients=str(NETWORK)
    )
    redis = PrivateRedis(folder / "redis", host=network.own(db.addresses[1]), prefix=db.prefix)
    placement = Placement(
        {name: network.hosts[host].prefix for name, host in PLACES.items()},
        gateway=network.own(network.hosts["gateway"].address),
    )
    stage = open_stage(stack, folder, timers, postgres=postgres, redis=redis, placement=placement)
    web, web_url = start_web(stack, stage.fleet, network)
    facts["addresses"] = configured(network, stage, web_url)
    from checks import match_summary  # noqa: PLC0415 - Django models: after its setup
    from conquest.matches.codes import SeatCode  # noqa: PLC0415
    from injections import LinkCut  # noqa: PLC0415
    from rounds import Runner  # noqa: PLC0415

    runner = Runner(stage)
    rounds = [runner.warm_up(10.0)]
    facts["before cuts"] = wait_recorded(stage.league_id)
    services = {
        "postgres": ("db", stage.postgres.host, stage.postgres.port),
        "redis": ("db", stage.redis.host, stage.redis.port),
        "gateway": ("gateway", stage.fleet.placement.gateway, stage.fleet.public),
    }
    for client, name in LINKS:
        # A bot cut from the gateway cannot answer in time: its timeouts are its own.
        excused = frozenset({SeatCode.TIMEOUT}) if client == "bots" else frozenset()
        service = (name, *services[name])
        fault = LinkCut(
            network, client=client, service=service, seconds=CUT_SECONDS, excused=excused
        )
        rounds += runner.play(fault, 0)
        print(f"[{time.strftime('%H:%M:%S')}] {fault.name}: {rounds[-1].failures()}", flush=True)
    roles = [*stage.fleet.roles, web]
    facts["restarted"] = [role.name for role in roles if len(role.incarnations) != 1]
    facts["exited"] = [role.name for role in roles if not role.alive()]
    facts["web"] = {path: probe(f"{web_url}{path}") for path in ("/healthz", "/readyz")}
    facts["matches"] = match_summary(stage.league_id)
    return rounds


def run(folder: Path, timers: Timers) -> tuple[Report, dict]:
    """Make the hosts, play on them, remove them (whatever happens); the report and the
    facts checked beside the rounds."""
    began = time.monotonic()
    report = Report(timers, folder)
    network = Network(HOSTS)
    facts: dict = {"hosts": {name: list(host.addresses) for name, host in network.hosts.items()}}
    try:
        with ExitStack() as stack:
            stack.callback(network.remove)  # last: after every process is stopped
            network.create()
            network.enter("control")
            report.rounds = play(stack, network, folder, timers, facts)
    except Exception:
        report.aborted = traceback.format_exc()
    report.seconds = time.monotonic() - began
    return report, facts


def passed(report: Report, facts: dict) -> bool:
    """Did every invariant hold, every process stay the one started, the web answer?"""
    return (
        report.passed
        and facts.get("restarted") == []
        and facts.get("exited") == []
        and facts.get("web") == {"/healthz": 200, "/readyz": 200}
    )


def main(argv: list[str] | None = None) -> int:
    """Run the test from the command line; 0 when everything held."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="folder for the logs (default: a new one)")
    parser.add_argument("--json", type=Path, help="write the report as JSON here too")
    parser.add_argument("--watch-parent", action="store_true", help="stop if the parent dies")
    args = parser.parse_args(argv)
    folder = args.out or Path(tempfile.mkdtemp(prefix="hosts-"))
    folder.mkdir(parents=True, exist_ok=True)
    stop_on_sigterm()
    if args.watch_parent:
        watch_parent()
    report, facts = run(folder, Timers())
    print(report.table())
    print(report.details())
    print(json.dumps(facts, indent=1))
    print(f"\n{len(report.rounds)} rounds in {report.seconds:.0f} s; logs in {folder}")
    if args.json:
        found = {**report.to_json(), **facts, "passed": passed(report, facts)}
        args.json.write_text(json.dumps(found, indent=1, default=str))
    return 0 if passed(report, facts) else 1


if __name__ == "__main__":
    sys.exit(main())
