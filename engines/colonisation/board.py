"""The classic world board as Risk : la colonisation uses it, read once from the package's data.

Source: ``data/classic_world.json`` (a copy of ``shared/data/maps/classic_world.json``): 42
territories in 6 continents, 83 links, each territory's card symbol in the US and the French
deck (004: "Règles pour le matériel de Risk Monde (Parker Brothers ©)"; the jokers are not
used). ``data/colonisation_colours.json`` is the game's own table of the pieces' colours and
the continents' board colours (004 "Début", the home bonus; decision C5): data, not code.
``data/classic_world_layout.json`` places the territories on the spectators' drawing.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypedDict

from engines.core.contract import neighbours_from_links
from engines.core.spectator import Layout, load_layout


@dataclass(frozen=True)
class Board:
    """Territories (by index), their names, continents, neighbours and card symbols; the
    continents' board colours and the seats' piece colours.

    >>> t = WORLD.index["ontario"]
    >>> WORLD.names[t], WORLD.continents[WORLD.continent_of[t]], WORLD.symbols_fr[t]
    ('Ontario', 'north_america', 'cavalry')
    >>> WORLD.seat_colours[:3], WORLD.continent_colours[:2]
    (('yellow', 'red', 'blue'), ('yellow', 'red'))
    """

    territories: tuple[str, ...]
    names: tuple[str, ...]
    continent_of: tuple[int, ...]
    continents: tuple[str, ...]
    continent_names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    symbols_us: tuple[str, ...]
    symbols_fr: tuple[str, ...]
    seat_colours: tuple[str, ...]
    continent_colours: tuple[str, ...]
    index: dict[str, int]

    def colour_continent(self, seat: int) -> int | None:
        """The continent whose board colour is ``seat``'s pieces' colour, if any (004 "Début",
        C5).

        >>> WORLD.continents[WORLD.colour_continent(2)], WORLD.colour_continent(3)
        ('europe', None)
        """
        colour = self.seat_colours[seat]
        for c, board_colour in enumerate(self.continent_colours):
            if board_colour == colour:
                return c
        return None


class TerritoryData(TypedDict):
    """A territory of the map file (the keys the engine reads)."""

    id: str
    name: str
    continent: str
    card_symbol: str
    card_symbol_fr_deck: str


class ContinentData(TypedDict):
    """A continent of the map file (the keys the engine reads)."""

    id: str
    name: str


class MapData(TypedDict):
    """A classic-world map file (the keys the engine reads): links are ``[id, id]`` pairs."""

    territories: list[TerritoryData]
    continents: list[ContinentData]
    adjacency: list[list[str]]


class ColoursData(TypedDict):
    """The colour table (``colonisation_colours.json``)."""

    seat_colours: list[str]
    continent_colours: dict[str, str]


def load_board(data: MapData, colours: ColoursData) -> Board:
    """Build a :class:`Board` from the JSON of a classic-world map and the colour table."""
    ids = tuple(t["id"] for t in data["territories"])
    continents = tuple(c["id"] for c in data["continents"])
    return Board(
        territories=ids,
        names=tuple(t["name"] for t in data["territories"]),
        continent_of=tuple(continents.index(t["continent"]) for t in data["territories"]),
        continents=continents,
        continent_names=tuple(c["name"] for c in data["continents"]),
        neighbours=neighbours_from_links(ids, data["adjacency"]),
        symbols_us=tuple(t["card_symbol"] for t in data["territories"]),
        symbols_fr=tuple(t["card_symbol_fr_deck"] for t in data["territories"]),
        seat_colours=tuple(colours["seat_colours"]),
        continent_colours=tuple(colours["continent_colours"][c] for c in continents),
        index={tid: i for i, tid in enumerate(ids)},
    )


def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Shortest paths in steps over the board's links, between every two territories (C12).

    >>> d = distances(WORLD)
    >>> i = WORLD.index
    >>> d[i["alaska"]][i["kamchatka"]], d[i["alaska"]][i["alberta"]], d[i["peru"]][i["peru"]]
    (1, 1, 0)
    """
    rows = []
    for start in range(len(board.territories)):
        seen = {start: 0}
        todo = deque([start])
        while todo:
            t = todo.popleft()
            for n in board.neighbours[t]:
                if n not in seen:
                    seen[n] = seen[t] + 1
                    todo.append(n)
        rows.append(tuple(seen[t] for t in range(len(board.territories))))
    return tuple(rows)


def _load(name: str) -> Any:
    """A JSON file of the package's ``data`` folder."""
    text = resources.files("engines.colonisation").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


MAP_DATA: MapData = _load("classic_world.json")
WORLD = load_board(MAP_DATA, _load("colonisation_colours.json"))
DISTANCE = distances(WORLD)
LAYOUT: Layout = load_layout([MAP_DATA], _load("classic_world_layout.json"))
"""The world board as the spectators' drawing, named with the territories' English names.

>>> len(LAYOUT.spots), LAYOUT.spots["alaska"].name
(42, 'Alaska')
"""
