"""The classic world board and its cards, read once from the package's data files.

Source: ``data/classic_world.json`` (a copy of ``shared/data/maps/classic_world.json``): 42
territories in 6 continents, 83 links (land and sea alike, seed 000 "Deuxième temps:
COMBATS": "Par mer ... La terre étant ronde"), and the symbol of each territory card in the
US/UK deck and in the French deck. Seed 000 "MATÉRIEL": 42 territory cards and 2 jokers.
``data/classic_world_layout.json`` places the territories on a drawing for spectators.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Literal, TypedDict

from engines.core.contract import neighbours_from_links
from engines.core.spectator import load_layout

WILD = "wild"
SYMBOLS = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True, slots=True)
class Continent:
    """A continent: its id, names, the reinforcement bonus for holding all of it, members."""

    id: str
    name: str
    name_fr: str
    bonus: int
    territories: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """Territories (by index), their names, continents, neighbours and card symbols.

    Card ``i < 42`` shows territory ``i``; cards 42 and 43 are the wild cards (jokers).

    >>> board = WORLD
    >>> board.territories[board.index["alaska"]], len(board.neighbours[board.index["alaska"]])
    ('alaska', 3)
    >>> board.card_name(42), board.card_symbol(0, "us")
    ('wild-1', 'infantry')
    """

    territories: tuple[str, ...]
    names: tuple[str, ...]
    names_fr: tuple[str, ...]
    continent_of: tuple[int, ...]
    continents: tuple[Continent, ...]
    neighbours: tuple[tuple[int, ...], ...]
    symbols_us: tuple[str, ...]
    symbols_fr: tuple[str, ...]
    index: dict[str, int]

    @property
    def cards(self) -> int:
        """Number of cards in the full deck (territory cards and the two wild cards)."""
        return len(self.territories) + 2

    def card_name(self, card: int) -> str:
        """A card's public id: its territory id, or ``wild-1`` / ``wild-2``."""
        n = len(self.territories)
        return self.territories[card] if card < n else f"wild-{card - n + 1}"

    def card_index(self, name: str) -> int | None:
        """The card of public id ``name``, or None."""
        if name in self.index:
            return self.index[name]
        n = len(self.territories)
        return {"wild-1": n, "wild-2": n + 1}.get(name)

    def card_symbol(self, card: int, deck: str) -> str:
        """``infantry``, ``cavalry``, ``artillery`` or ``wild``, in the ``us`` or ``fr`` deck."""
        if card >= len(self.territories):
            return WILD
        return (self.symbols_us if deck == "us" else self.symbols_fr)[card]

    def is_wild(self, card: int) -> bool:
        """True for the two wild cards (jokers)."""
        return card >= len(self.territories)


class TerritoryData(TypedDict):
    """A territory of the map file (the keys the engine reads)."""

    id: str
    name: str
    name_fr: str
    continent: str
    card_symbol: str
    card_symbol_fr_deck: str


class ContinentData(TypedDict):
    """A continent of the map file (the keys the engine reads)."""

    id: str
    name: str
    name_fr: str
    bonus: int


class MapData(TypedDict):
    """A classic-world map file (the keys the engine reads): links are ``[id, id]`` pairs."""

    territories: list[TerritoryData]
    continents: list[ContinentData]
    adjacency: list[list[str]]


class TerritoriesGoal(TypedDict):
    """A mission's goal: ``count`` territories with ``min_armies_each`` armies each."""

    type: Literal["territories"]
    count: int
    min_armies_each: int


class ContinentsGoal(TypedDict):
    """A mission's goal: the named continents, and ``plus_any_other`` more."""

    type: Literal["continents"]
    continents: list[str]
    plus_any_other: int


class DestroyGoal(TypedDict):
    """A mission's goal: wipe out the armies of ``color``."""

    type: Literal["destroy"]
    color: str


class MissionCardData(TypedDict):
    """A mission card of the missions file (the keys the engine reads)."""

    id: str
    text_fr: str
    text_en: str
    goal: TerritoriesGoal | ContinentsGoal | DestroyGoal


class MissionsData(TypedDict):
    """The missions file (the key the engine reads)."""

    missions: list[MissionCardData]


def load_board(data: MapData) -> Board:
    """Build a :class:`Board` from the JSON of a classic-world map file."""
    ids = tuple(t["id"] for t in data["territories"])
    index = {tid: i for i, tid in enumerate(ids)}
    continents = tuple(
        Continent(
            id=c["id"],
            name=c["name"],
            name_fr=c["name_fr"],
            bonus=c["bonus"],
            territories=tuple(
                i for i, t in enumerate(data["territories"]) if t["continent"] == c["id"]
            ),
        )
        for c in data["continents"]
    )
    continent_index = {c.id: i for i, c in enumerate(continents)}
    return Board(
        territories=ids,
        names=tuple(t["name"] for t in data["territories"]),
        names_fr=tuple(t["name_fr"] for t in data["territories"]),
        continent_of=tuple(continent_index[t["continent"]] for t in data["territories"]),
        continents=continents,
        neighbours=neighbours_from_links(ids, data["adjacency"]),
        symbols_us=tuple(t["card_symbol"] for t in data["territories"]),
        symbols_fr=tuple(t["card_symbol_fr_deck"] for t in data["territories"]),
        index=index,
    )


def _text(name: str) -> str:
    return resources.files("engines.risk").joinpath("data", name).read_text("utf-8")


def _read_map(name: str) -> MapData:
    data: MapData = json.loads(_text(name))  # the package's own file, in this shape
    return data


def _read_missions(name: str) -> MissionsData:
    data: MissionsData = json.loads(_text(name))  # the package's own file, in this shape
    return data


WORLD_MAP = _read_map("classic_world.json")
WORLD = load_board(WORLD_MAP)
MISSIONS_DATA = _read_missions("risk_missions.json")
LAYOUT = load_layout([WORLD_MAP], json.loads(_text("classic_world_layout.json")))
"""The world board as a drawing for spectators, named with the territories' English names."""
