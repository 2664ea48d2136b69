"""The side-by-side benchmark with pyrisk (``scripts/bench_pyrisk.py``): its own pieces, our
side on one game, without the peer (the peer's run is documented in docs/benchmarks.md)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import engines.risk.match

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_pyrisk.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_pyrisk", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_our_side_plays_complete_games_and_counts_their_decisions_and_rolls():
    found = bench().ours(1, 3, {})
    assert found["decisions_per_game"] > 42 + 60  # the claims and the set-up armies at least
    assert found["rolls_per_game"] > 0
    assert 2 * found["rolls_per_game"] <= found["dice_per_game"] <= 5 * found["rolls_per_game"]
    assert 0 < found["median_us"] <= found["p90_us"] <= found["p99_us"]
    assert found["games_per_s"] > 0 and found["games_per_cpu_s"] > 0
    assert found["compiled"] == engines.risk.match.__file__.endswith(".so")


def test_our_side_takes_options_and_prints_its_figures_as_json():
    command = [sys.executable, str(SCRIPT), "--pyrisk", "unused", "--side", "ours"]
    command += ["--games", "1", "--options", "max_steps=300"]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    assert json.loads(run.stdout)["decisions_per_game"] == 300


def test_the_scripts_examples_hold():
    assert doctest.testmod(bench()).failed == 0
