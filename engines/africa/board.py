"""The Africa map, read once from the package's data file.

Source: ``data/africa.json`` (a copy of ``shared/data/maps/africa.json``): the 32 territories
of the order sheet (seed 002 "Fiche d'ordre"; "1 plateau de jeu : Comportant une carte de
l'Afrique divisée en 32 territoires"), which are coastal (002 "2.2 L'ordre de débarquement"),
their neighbours (002 "2.1 ... un territoire limitrophe") and their development squares (88 in
all, the box's "88 petits pions carrés"). The box's map is not public: the file says which
parts are designed. Replacing the file replaces the map. ``data/africa_layout.json`` places
each territory on the spectators' drawing (:data:`LAYOUT`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, NotRequired, TypedDict

from engines.core.contract import neighbours_from_links
from engines.core.spectator import Layout, load_layout


@dataclass(frozen=True)
class Board:
    """Territories (by index, in the order sheet's alphabetical order), their names, coasts,
    development squares and neighbours; the powers' historical starts.

    >>> t = MAP.index["alger"]
    >>> MAP.names[t], MAP.coastal[t], MAP.squares[t]
    ('Alger', True, 4)
    >>> [MAP.territories[n] for n in MAP.neighbours[t]]
    ['libye', 'sahara', 'tamanrasset']
    >>> len(MAP.territories), sum(MAP.squares), MAP.historical_starts["france"]
    (32, 88, 'alger')
    """

    territories: tuple[str, ...]
    names: tuple[str, ...]
    coastal: tuple[bool, ...]
    squares: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    historical_starts: dict[str, str]
    index: dict[str, int]

    def borders(self, a: int, b: int) -> bool:
        """Whether territories ``a`` and ``b`` are neighbours (by land or by a sea link)."""
        return b in self.neighbours[a]


class TerritoryData(TypedDict):
    """A territory of the map file (the keys the engine reads)."""

    id: str
    name: str
    coastal: bool
    development_squares: int


class MapData(TypedDict):
    """An Africa map file (the keys the engine reads): links are ``[id, id]`` pairs."""

    territories: list[TerritoryData]
    adjacency: list[list[str]]
    sea_links: NotRequired[list[list[str]]]
    historical_starts: dict[str, str]


def load_board(data: MapData) -> Board:
    """Build a :class:`Board` from the JSON of an Africa map file."""
    ids = tuple(t["id"] for t in data["territories"])
    index = {tid: i for i, tid in enumerate(ids)}
    return Board(
        territories=ids,
        names=tuple(t["name"] for t in data["territories"]),
        coastal=tuple(bool(t["coastal"]) for t in data["territories"]),
        squares=tuple(int(t["development_squares"]) for t in data["territories"]),
        neighbours=neighbours_from_links(ids, [*data["adjacency"], *data.get("sea_links", ())]),
        historical_starts=dict(data["historical_starts"]),
        index=index,
    )


def _load(name: str) -> Any:
    """A JSON file of the package's ``data`` folder."""
    return json.loads(resources.files("engines.africa").joinpath("data", name).read_text("utf-8"))


def _read(name: str) -> MapData:
    data: MapData = _load(name)  # the package's own file, in this shape
    return data


MAP_DATA = _read("africa.json")
MAP = load_board(MAP_DATA)
LAYOUT: Layout = load_layout([MAP_DATA], _load("africa_layout.json"))
"""The map as the spectators' drawing: every territory at its spot, with its borders and sea
links.

>>> LAYOUT.spots["alger"].name, len(LAYOUT.spots), len(LAYOUT.links)
('Alger', 32, 72)
"""
