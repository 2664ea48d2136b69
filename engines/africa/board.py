"""The Africa map, read once from the package's data file.

Source: ``data/africa.json`` (a copy of ``shared/data/maps/africa.json``): the 32 territories
of the order sheet (seed 002 "Fiche d'ordre"; "1 plateau de jeu : Comportant une carte de
l'Afrique divisée en 32 territoires"), which are coastal (002 "2.2 L'ordre de débarquement"),
their neighbours (002 "2.1 ... un territoire limitrophe") and their development squares (88 in
all, the box's "88 petits pions carrés"). The box's map is not public: the file says which
parts are designed. Replacing the file replaces the map.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from engines.core.contract import neighbours_from_links


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


def load_board(data: dict) -> Board:
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


def _read(name: str) -> dict:
    text = resources.files("engines.africa").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


MAP = load_board(_read("africa.json"))
