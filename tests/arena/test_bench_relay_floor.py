"""The relay's floor benchmark (``scripts/bench_relay_floor.py``): every mode relays real
decisions through its three processes and reports both medians (its figures are in
docs/benchmarks.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_relay_floor.py"
LINE = re.compile(r"^ *(\S+): bare p50 +(\d+) µs, relayed p50 +(\d+) µs, ratio (\d+\.\d+)×$")


def test_every_mode_relays_decisions_and_reports_its_ratio():
    command = [sys.executable, str(SCRIPT), "--decisions", "200", "--rounds", "1"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    found = [LINE.match(line) for line in run.stdout.splitlines()[1:]]
    assert [match.group(1) for match in found if match] == ["raw", "pass-through", "parsed"]
    for match in found:
        assert match is not None
        bare, relayed, ratio = int(match.group(2)), int(match.group(3)), float(match.group(4))
        assert bare > 0 and relayed > 0
        assert abs(ratio - relayed / bare) < 0.1  # the ratio of the medians printed
