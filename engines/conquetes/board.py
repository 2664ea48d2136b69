"""The Conquêtes map and its cards, read once from the package's data files.

Source: ``data/conquetes.json`` (a copy of ``shared/data/maps/conquetes.json``): 30 regions on
six continents, each with a die value 1–6 unique within its continent (seed 001 "La valeur
d'une carte Région est toujours comprise entre 1 et 6, et est unique pour chaque continent"),
and their borders, sea routes included (seed 001 "NOTE Certaines Régions sont reliées par des
routes maritimes : elle sont également considérées comme des régions limitrophes"). The deck
is three cards of every region (seed 001 "Contenu : 90 cartes Régions (3 exemplaires de
chaque)"). The box's map is not public: the file says which parts are designed. Replacing the
file replaces the map; ``data/conquetes_layout.json`` draws it for spectators.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypedDict

from engines.core.contract import neighbours_from_links
from engines.core.spectator import load_layout


@dataclass(frozen=True, slots=True)
class Continent:
    """A continent: its id, its name and its regions (indices, in board order)."""

    id: str
    name: str
    regions: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """Regions (by index), their names, values, continents and neighbours; the card count.

    >>> board = MAP
    >>> r = board.index["maghreb"]
    >>> board.values[r], board.continents[board.continent_of[r]].id
    (4, 'afrique')
    >>> [board.regions[n] for n in board.neighbours[r]][:2]
    ['europe_occidentale', 'afrique_atlantique']
    >>> len(board.regions), board.copies, board.cards
    (30, 3, 90)
    """

    regions: tuple[str, ...]
    names: tuple[str, ...]
    values: tuple[int, ...]
    continent_of: tuple[int, ...]
    continents: tuple[Continent, ...]
    neighbours: tuple[tuple[int, ...], ...]
    sea_routes: frozenset[frozenset[int]]
    copies: int
    index: dict[str, int]

    @property
    def cards(self) -> int:
        """Number of cards in the deck: every region ``copies`` times."""
        return len(self.regions) * self.copies

    def borders(self, a: int, b: int) -> bool:
        """Whether regions ``a`` and ``b`` are neighbours (by land or by sea)."""
        return b in self.neighbours[a]


class RegionData(TypedDict):
    """A region of the map file (the keys the engine reads)."""

    id: str
    name: str
    continent: str
    value: int


class ContinentData(TypedDict):
    """A continent of the map file (the keys the engine reads)."""

    id: str
    name: str


class CountsData(TypedDict):
    """The map file's counts (the key the engine reads)."""

    copies_per_region: int


class MapData(TypedDict):
    """A Conquêtes map file (the keys the engine reads): links are ``[id, id]`` pairs."""

    territories: list[RegionData]
    continents: list[ContinentData]
    adjacency: list[list[str]]
    sea_links: list[list[str]]
    counts: CountsData


def load_board(data: MapData) -> Board:
    """Build a :class:`Board` from the JSON of a Conquêtes map file."""
    ids = tuple(t["id"] for t in data["territories"])
    index = {rid: i for i, rid in enumerate(ids)}
    continents = tuple(
        Continent(
            id=c["id"],
            name=c["name"],
            regions=tuple(
                i for i, t in enumerate(data["territories"]) if t["continent"] == c["id"]
            ),
        )
        for c in data["continents"]
    )
    continent_index = {c.id: i for i, c in enumerate(continents)}
    return Board(
        regions=ids,
        names=tuple(t["name"] for t in data["territories"]),
        values=tuple(t["value"] for t in data["territories"]),
        continent_of=tuple(continent_index[t["continent"]] for t in data["territories"]),
        continents=continents,
        neighbours=neighbours_from_links(ids, data["adjacency"]),
        sea_routes=frozenset(frozenset((index[a], index[b])) for a, b in data["sea_links"]),
        copies=data["counts"]["copies_per_region"],
        index=index,
    )


def _read(name: str) -> Any:
    """The JSON of the package's data file ``name``."""
    return json.loads(
        resources.files("engines.conquetes").joinpath("data", name).read_text("utf-8")
    )


_MAP_DATA: MapData = _read("conquetes.json")  # the package's own file, in this shape
MAP = load_board(_MAP_DATA)
LAYOUT = load_layout([_MAP_DATA], _read("conquetes_layout.json"))
"""The map as a drawing for spectators (``data/conquetes_layout.json``, whose ``note`` says
how it was made: the real geography of each region), with the map's region names.

>>> LAYOUT.spots["maghreb"].name, len(LAYOUT.spots), len(LAYOUT.links)
('Maghreb', 30, 50)
"""
