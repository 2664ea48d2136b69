"""The fault-injection suite's quick subset (docs/faults.md): one round each of a worker
SIGKILL, a Redis restart, a PostgreSQL restart and a bot killed and back within its grace,
injected into a ladder of house and remote bots played by the production process set on a
private PostgreSQL and a private Redis (never the shared ones). After each fault every
invariant must hold: no match lost, none counted twice, none stuck, the ratings equal to
their recomputation, every process back at work.

The suite runs in a process of its own (``harness.py``): Django there is set up on the
private database, here on the tests' one.
"""

from __future__ import annotations

import json

import pytest
from fleet import ROOT
from harness import run_in_child

QUICK = ("worker-kill", "redis-restart", "postgres-restart", "bot-within-grace")
RUN_SECONDS = 1200.0
"""A generous ceiling on the whole run (about two to three minutes when the platform
recovers; each fault waits at most its bound, 70 s, when it does not)."""


def _run_harness(folder) -> tuple[int, str]:
    """Run the quick subset with its report in ``folder``; its exit status and output."""
    arguments = [
        str(ROOT / "tests" / "faults" / "harness.py"),
        "--faults", ",".join(QUICK), "--rounds", "1", "--warm-up", "10",
        "--out", str(folder), "--json", str(folder / "report.json"),
    ]  # fmt: skip
    return run_in_child(arguments, folder, RUN_SECONDS)


@pytest.fixture(scope="module", name="report")
def report_fixture(tmp_path_factory):
    """The quick subset's report (run once for the module's tests)."""
    folder = tmp_path_factory.mktemp("faults")
    status, output = _run_harness(folder)
    report = folder / "report.json"
    assert report.exists(), f"the suite did not finish (exit {status}):\n{output[-6000:]}"
    found = json.loads(report.read_text())
    assert not found["aborted"], f"the suite stopped early:\n{output[-6000:]}"
    return {**found, "output": output}


def _rounds(report, kind: str) -> list[dict]:
    return [r for r in report["rounds"] if r["kind"] == kind]


def _explain(report, failures: list[str]) -> str:
    """The failures, then the suite's own report (its table, the evidence, where the logs
    are)."""
    return "\n".join([*failures, "", report["output"][-8000:]])


@pytest.mark.parametrize("kind", QUICK)
def test_no_match_is_lost_counted_twice_or_stuck_after(kind, report):
    (played,) = _rounds(report, kind)
    assert played["matches"] > 0, "the round checked no match"
    assert played["failures"] == [], _explain(report, played["failures"])
    assert played["recovery"] is not None, "no match was recorded after the fault"


def test_no_match_is_lost_in_the_warm_up_nor_between_faults(report):
    rounds = [*_rounds(report, "warm-up"), *_rounds(report, "between faults")]
    assert len(rounds) == 1 + len(QUICK)
    assert _rounds(report, "warm-up")[0]["matches"] > 0
    failures = [f for r in rounds for f in r["failures"]]
    assert failures == [], _explain(report, failures)
