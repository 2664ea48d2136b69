"""The compiled engines (``scripts/compile_engines.py``, run by ``./scripts/setup``) are the
ones tested, and their pure-Python sources, the fallback, play exactly the same matches."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from compiled_engines import compile_engines
from engine_trace import cases, trace

ROOT = Path(__file__).resolve().parents[2]
MODULES = [path.removesuffix(".py").replace("/", ".") for path in compile_engines().COMPILED]


def test_the_rules_run_compiled():
    """The test command sets up the compiled build: what the figures in docs/benchmarks.md
    measure is what the suite tests."""
    assert compile_engines().current()
    for name in MODULES:
        assert importlib.import_module(name).__file__.endswith(".so"), name


def test_the_pure_python_sources_play_the_same_matches_and_pass_their_doctests(tmp_path):
    shutil.copytree(ROOT / "engines", tmp_path / "engines", ignore=shutil.ignore_patterns("*.so"))
    script = ROOT / "tests" / "core" / "engine_trace.py"
    run = subprocess.run(
        [sys.executable, str(script), *MODULES],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},  # the sources first, not the build
        capture_output=True,
        text=True,
        check=True,
    )
    pure = json.loads(run.stdout)
    assert all(file.startswith(str(tmp_path)) and file.endswith(".py") for file in pure["files"])
    assert pure["doctest_failures"] == 0
    compiled = {"/".join(map(str, case)): trace(*case) for case in cases()}
    assert pure["traces"] == compiled
