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
LAYOUTS = sorted(ROOT.glob("engines/*/data/*_layout.json"))
"""The engines' own drawings of their maps for the viewer (``engines.core.spectator``)."""
DESIGNED = [ROOT / "engines" / "colonisation" / "data" / "colonisation_colours.json"]
"""Data a game designs itself, which no shared file holds: Colonisation's colour table
(``shared/specs/colonisation.md``, gap G2, decision C5)."""
PACKAGED = sorted(
    p
    for p in ROOT.glob("engines/*/data/*.json")
    if not p.stem.endswith("_layout") and p not in DESIGNED
)
"""Every game's packaged data: a copy of the shared file of the same name (maps in maps/)."""


def test_every_game_packages_data():
    assert {p.parent.parent.name for p in PACKAGED} >= {
        "risk",
        "conquetes",
        "africa",
        "colonisation",
    }


def test_every_packaged_map_has_a_drawing_beside_it():
    maps = {p.stem for p in PACKAGED if "territories" in json.loads(p.read_text())}
    assert {p.stem.removesuffix("_layout") for p in LAYOUTS} == maps
    for layout in LAYOUTS:  # beside its map, in the same game's folder
        assert (layout.parent / f"{layout.stem.removesuffix('_layout')}.json").exists()


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


def test_colonisation_colours_match_the_board_and_the_seats():
    """C5: six seat colours, one board colour per continent of the classic map; yellow, red,
    blue, green and purple pieces match a continent, black matches none."""
    (table,) = [json.loads(p.read_text()) for p in DESIGNED]
    world = json.loads((ROOT / "engines/colonisation/data/classic_world.json").read_text())
    assert set(table["continent_colours"]) == {c["id"] for c in world["continents"]}
    assert len(table["seat_colours"]) == len(set(table["seat_colours"])) == 6
    matched = set(table["seat_colours"]) & set(table["continent_colours"].values())
    assert matched == {"yellow", "red", "blue", "green", "purple"}
