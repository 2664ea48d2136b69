"""The multi-host test (docs/faults.md, "Several hosts"): the production process set on seven
hosts of their own (network namespaces on a private network), a ladder of house and remote
bots, three links cut and mended one after another (the match workers' host from the database
host, the gateway's from Redis, the bots' from the gateway). No match lost, none counted twice,
none stuck, the ratings equal to their recomputation, and every process recovers without a
restart. It needs root (CI runs as root): without network namespaces it fails, saying why.

The test runs in a process of its own (``hosts.py``), which moves itself onto a host.
"""

from __future__ import annotations

import ipaddress
import json
from urllib.parse import urlsplit

import pytest
from fleet import ROOT
from harness import run_in_child
from hosts import LINKS, RECORDED_FIRST
from network import NETWORK

RUN_SECONDS = 900.0
"""A generous ceiling on the whole run (about a minute and a half when the platform
recovers; each cut waits at most its bound, 70 s, when it does not)."""


@pytest.fixture(scope="module", name="report")
def report_fixture(tmp_path_factory):
    """The multi-host run's report (run once for the module's tests)."""
    folder = tmp_path_factory.mktemp("hosts")
    arguments = [str(ROOT / "tests" / "faults" / "hosts.py"), "--out", str(folder)]
    status, output = run_in_child(
        [*arguments, "--json", str(folder / "report.json")], folder, RUN_SECONDS
    )
    report = folder / "report.json"
    assert report.exists(), f"the test did not finish (exit {status}):\n{output[-6000:]}"
    found = json.loads(report.read_text())
    assert not found["aborted"], f"the test stopped early:\n{output[-6000:]}"
    return {**found, "output": output}


def _explain(report, failures: list[str]) -> str:
    return "\n".join([*failures, "", report["output"][-8000:]])


def test_every_address_in_use_is_one_of_the_test_hosts(report):
    hosts = {address for addresses in report["hosts"].values() for address in addresses}
    assert hosts, "no host was made"
    assert all(ipaddress.ip_address(address) in NETWORK for address in hosts)
    used = {name: urlsplit(url).hostname for name, url in report["addresses"].items()}
    assert set(used) == {"database", "broker", "gateway", "web"}
    assert set(used.values()) <= hosts, used


def test_the_ladder_records_house_and_remote_matches_before_the_cuts(report):
    (warm_up,) = [r for r in report["rounds"] if r["kind"] == "warm-up"]
    assert warm_up["failures"] == [], _explain(report, warm_up["failures"])
    assert report["before cuts"]["recorded"] >= RECORDED_FIRST
    assert report["before cuts"]["remote"] > 0


def test_no_match_is_lost_counted_twice_or_stuck_after_each_cut(report):
    cuts = [r for r in report["rounds"] if r["kind"].startswith("cut ")]
    assert len(cuts) == len(LINKS)
    for cut in cuts:
        assert cut["matches"] > 0, f"{cut['kind']}: the round checked no match"
        assert cut["failures"] == [], _explain(report, cut["failures"])
        assert cut["ratings"] == [], _explain(report, cut["ratings"])
        assert cut["recovery"] is not None, f"{cut['kind']}: no match recorded after it"
    between = [f for r in report["rounds"] if r["kind"] == "between faults" for f in r["failures"]]
    assert between == [], _explain(report, between)


def test_every_process_recovers_without_a_restart(report):
    assert report["restarted"] == [], _explain(report, report["restarted"])
    assert report["exited"] == [], _explain(report, report["exited"])
    assert report["web"] == {"/healthz": 200, "/readyz": 200}
    assert report["passed"]
