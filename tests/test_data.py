"""The engines' packaged data is the shared data, unchanged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.risk.board import WORLD

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
PACKAGED = {
    "engines/risk/data/classic_world.json": "maps/classic_world.json",
    "engines/risk/data/risk_missions.json": "risk_missions.json",
    "engines/conquetes/data/conquetes.json": "maps/conquetes.json",
    "engines/africa/data/africa.json": "maps/africa.json",
}


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/data beside this checkout")
@pytest.mark.parametrize(("packaged", "shared"), PACKAGED.items())
def test_packaged_data_equals_shared_data(packaged, shared):
    assert json.loads((ROOT / packaged).read_text()) == json.loads((SHARED / shared).read_text())


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/data beside this checkout")
def test_shared_maps_validate():
    out = subprocess.run(
        [sys.executable, "maps/validate_maps.py"], cwd=SHARED, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_board_is_symmetric_and_connected():
    assert len(WORLD.territories) == 42 and len(WORLD.continents) == 6
    for t, neighbours in enumerate(WORLD.neighbours):
        assert all(t in WORLD.neighbours[n] for n in neighbours)
    assert sum(len(n) for n in WORLD.neighbours) == 2 * 83
    reached, todo = {0}, [0]
    while todo:
        for n in WORLD.neighbours[todo.pop()]:
            if n not in reached:
                reached.add(n)
                todo.append(n)
    assert len(reached) == 42
    assert sorted(c.bonus for c in WORLD.continents) == [2, 2, 3, 5, 5, 7]
