"""The Earth and Moon boards of Risk 2210 A.D., read once from the package's data files.

Sources (copies of ``shared/data``): ``data/risk2210_earth.json``, 42 land territories in 6
continents and 13 water territories in 5 water colonies, 103 links with the Northwestern Oil
Emirate–Pevek wrap (003 "ENVAHIR DES TERRITOIRES": "les *Northwestern Oil Emirates* et le
*Pevek*, sont considérés comme étant adjacents"); ``data/risk2210_moon.json``, 14 lunar
territories in 3 lunar colonies with the 3 landing sites (003 "LE PLATEAU DE JEU"; "Territoires
lunaires": "*Sea of Crisis*, *Bay of Dew*, *Tycho*"), 30 links. The links between a station's
territory and the landing sites change with the stations: :class:`Board` holds the fixed ones.
``data/risk2210_*_layout.json`` draw both boards, the Moon below the Earth.

Territories are indexed Earth first (the map file's order), then the Moon.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engines.core.contract import neighbours_from_links
from engines.core.spectator import Layout, load_layout

LAND, WATER, LUNAR = "land", "water", "lunar"
"""Territory kinds (003 "LE PLATEAU DE JEU"): they decide the commanders' dice and which
commander an invasion needs."""


@dataclass(frozen=True)
class Board:
    """Every territory of both boards by index: id, name, kind, region; the regions
    (continents, water and lunar colonies) with their bonus and members; the fixed links; the
    landing sites.

    >>> t = BOARD.index["sea_of_crisis"]
    >>> BOARD.kinds[t], BOARD.regions[BOARD.region_of[t]], t in BOARD.landing_sites
    ('lunar', 'delphot', True)
    >>> len(BOARD.territories), [BOARD.kinds.count(k) for k in (LAND, WATER, LUNAR)]
    (69, [42, 13, 14])
    """

    territories: tuple[str, ...]
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    region_of: tuple[int, ...]
    regions: tuple[str, ...]
    region_names: tuple[str, ...]
    region_kinds: tuple[str, ...]  # continent, water_colony or lunar_colony
    region_bonus: tuple[int, ...]  # MODs and energy a turn, and VP at the end (Z6)
    members: tuple[tuple[int, ...], ...]  # per region
    neighbours: tuple[tuple[int, ...], ...]  # the fixed links (no station links)
    landing_sites: frozenset[int]
    index: dict[str, int]

    def of_kind(self, kind: str) -> tuple[int, ...]:
        """The territories of ``kind``, in board order.

        >>> len(BOARD.of_kind(WATER))
        13
        """
        return tuple(t for t, k in enumerate(self.kinds) if k == kind)


def load_board(earth: dict[str, Any], moon: dict[str, Any]) -> Board:
    """Build the :class:`Board` of both maps' JSON."""
    territories = [*earth["territories"], *moon["territories"]]
    regions = [*earth["regions"], *moon["regions"]]
    ids = tuple(t["id"] for t in territories)
    region_ids = tuple(r["id"] for r in regions)
    region_of = tuple(region_ids.index(t["region"]) for t in territories)
    return Board(
        territories=ids,
        names=tuple(t["name"] for t in territories),
        kinds=tuple(t["kind"] for t in territories),
        region_of=region_of,
        regions=region_ids,
        region_names=tuple(r["name"] for r in regions),
        region_kinds=tuple(r["kind"] for r in regions),
        region_bonus=tuple(r["bonus"] for r in regions),
        members=tuple(
            tuple(t for t, r in enumerate(region_of) if r == region)
            for region in range(len(regions))
        ),
        neighbours=neighbours_from_links(ids, [*earth["adjacency"], *moon["adjacency"]]),
        landing_sites=frozenset(ids.index(site) for site in moon["landing_sites"]),
        index={tid: i for i, tid in enumerate(ids)},
    )


def _load(name: str) -> Any:
    """A JSON file of the package's ``data`` folder."""
    text = resources.files("engines.risk2210").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


EARTH_DATA = _load("risk2210_earth.json")
MOON_DATA = _load("risk2210_moon.json")
TABLES = _load("risk2210_tables.json")
"""The costs, timings and the 100 command cards of the annex (``risk2210_tables.json``)."""
BOARD = load_board(EARTH_DATA, MOON_DATA)


def _drawing() -> dict[str, Any]:
    earth, moon = _load("risk2210_earth_layout.json"), _load("risk2210_moon_layout.json")
    return {**earth, "places": {**earth["places"], **moon["places"]}}


LAYOUT: Layout = load_layout([EARTH_DATA, MOON_DATA], _drawing(), group_key="region")
"""Both boards as one drawing for the spectators, the Moon below the Earth.

>>> len(LAYOUT.spots), LAYOUT.spots["tycho"].group
(69, 'sajon')
"""
