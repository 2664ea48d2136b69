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
PACKAGED = sorted(p for p in ROOT.glob("engines/*/data/*.json") if not p.stem.endswith("_layout"))
"""Every game's packaged data: a copy of the shared file of the same name (maps in maps/)."""
LAYOUTS = sorted(ROOT.glob("engines/*/data/*_layout.json"))
"""The engines' own drawings of their maps for the viewer (``engines.core.spectator``)."""


def test_every_game_packages_data():
    assert {p.parent.parent.name for p in PACKAGED} >= {"risk", "conquetes", "africa"}


def test_every_packaged_map_has_a_drawing_beside_it():
    maps = {p.stem for p in PACKAGED if "territories" in json.loads(p.read_text())}
    assert {p.stem.removesuffix("_layout") for p in LAYOUTS} == maps


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/data beside this checkout")
@pytest.mark.parametrize("packaged", PACKAGED, ids=lambda p: str(p.relative_to(ROOT)))
def test_packaged_data_equals_shared_data(packaged):
    (shared,) = [p for p in (SHARED / packaged.name, SHARED / "maps" / packaged.name) if p.exists()]
    assert json.loads(packaged.read_text()) == json.loads(shared.read_text())


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
