"""What a spectator sees of a match: the board as public facts, and the board's layout.

A game draws its board for people through two pieces of data, the same shape for every game,
so that one viewer draws them all:

- a :class:`Layout`: where each place of the game's map(s) sits on a drawing, and its links
  (read from a ``<map>_layout.json`` beside the map's data, so a new game brings its layout
  and gets a viewer);
- a :class:`Board`, returned by :meth:`Match.spectator_board`: who holds each place, how many
  armies or presences stand there, the game's own pieces on it, and public facts per seat
  (cards held, score...). It shows only what a spectator may know: the conformance suite
  checks that it is the same in every world ``redraw_hidden(None)`` may draw.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Place:
    """One place of the board as a spectator sees it.

    ``owner`` is the seat holding it (None: nobody), ``count`` the armies or presences standing
    there, ``marks`` the game's own pieces on it, as short words (``"capital"``, ``"school"``).

    >>> Place(2, 5, ("capital",)).to_plain()
    {'owner': 2, 'count': 5, 'marks': ['capital']}
    """

    owner: int | None
    count: int = 0
    marks: tuple[str, ...] = ()

    def to_plain(self) -> dict[str, Any]:
        """The place as JSON-able data."""
        return {"owner": self.owner, "count": self.count, "marks": list(self.marks)}


PLACES_KEPT = 4096
"""How many distinct places :func:`place` keeps (every holder and count of a board, and more)."""


@functools.lru_cache(maxsize=PLACES_KEPT)
def place(owner: int | None, count: int = 0, marks: tuple[str, ...] = ()) -> Place:
    """The :class:`Place` with these facts, shared by every board that has it: places are
    immutable, so a board built every frame (a live match's) reuses them rather than building
    each, and :meth:`Board.changes` knows an unchanged place by its identity.

    >>> place(2, 5) is place(2, 5), place(2, 5) == Place(2, 5)
    (True, True)
    """
    return Place(owner, count, marks)


@dataclass(frozen=True, slots=True)
class Board:
    """The board at one moment as a spectator sees it: every place by id, public facts per seat
    (label → value, e.g. ``{"cards": 3}``), and lines about the match (``"round 4"``).

    >>> board = Board({"alaska": Place(0, 3)}, ({"cards": 2},), ("round 1",))
    >>> board.to_plain()["places"]["alaska"]
    {'owner': 0, 'count': 3, 'marks': []}
    """

    places: Mapping[str, Place]
    seats: tuple[Mapping[str, int | str], ...] = ()
    lines: tuple[str, ...] = ()

    def to_plain(self) -> dict[str, Any]:
        """The board as JSON-able data."""
        return self.changes(None)

    def changes(self, before: Board | None) -> dict[str, Any]:
        """The board as JSON-able data, with only the places that differ from ``before``
        (every place when there is none): what a viewer needs to go from one to the other.
        Only those places are converted (a live match makes one every frame).

        >>> one = Board({"a": Place(0, 1), "b": Place(1, 1)})
        >>> Board({"a": Place(0, 2), "b": Place(1, 1)}).changes(one)["places"]
        {'a': {'owner': 0, 'count': 2, 'marks': []}}
        """
        places: Iterable[tuple[str, Place]] = self.places.items()
        if before is not None:
            old = before.places
            places = [(n, p) for n, p in places if (was := old.get(n)) is not p and was != p]
        return {
            "places": {name: place.to_plain() for name, place in places},
            "seats": [dict(facts) for facts in self.seats],
            "lines": list(self.lines),
        }


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one place sits on the drawing: its centre, its name for people, and its group
    (a continent, a region of the map) for the legend."""

    x: float
    y: float
    name: str
    group: str = ""


@dataclass(frozen=True)
class Layout:
    """A game's board as a drawing: its size, each place's spot, and the links between places
    (``kind`` ``"land"`` or ``"sea"``, drawn dashed)."""

    width: float
    height: float
    spots: Mapping[str, Spot]
    links: tuple[tuple[str, str, str], ...] = field(default=())

    def to_plain(self) -> dict[str, Any]:
        """The layout as JSON-able data, for the viewer."""
        return {
            "width": self.width,
            "height": self.height,
            "places": {
                name: {"x": s.x, "y": s.y, "name": s.name, "group": s.group}
                for name, s in self.spots.items()
            },
            "links": [list(link) for link in self.links],
        }


def load_layout(
    maps: Sequence[Mapping[str, Any]],
    drawing: Mapping[str, Any],
    *,
    name_key: str = "name",
    group_key: str = "continent",
) -> Layout:
    """The layout of a game from its maps' data (``territories``, ``adjacency``, ``sea_links``)
    and a drawing (``width``, ``height``, ``places``: id → ``[x, y]``); a territory's group is
    its ``group_key``. Raises ValueError naming a place of the maps that the drawing leaves
    out, or one it has that no map has.

    >>> world = {"territories": [{"id": "a", "name": "A", "continent": "c"},
    ...                          {"id": "b", "name": "B", "continent": "c"}],
    ...          "adjacency": [["a", "b"]], "sea_links": [["a", "b"]]}
    >>> layout = load_layout([world], {"width": 10, "height": 5, "places": {"a": [1, 2],
    ...                                "b": [3, 4]}})
    >>> layout.spots["b"], layout.links
    (Spot(x=3, y=4, name='B', group='c'), (('a', 'b', 'sea'),))
    """
    spots: dict[str, Spot] = {}
    links: dict[tuple[str, str], str] = {}
    positions = drawing["places"]
    for data in maps:
        for territory in data["territories"]:
            where = positions.get(territory["id"])
            if where is None:
                raise ValueError(f"the drawing has no place for {territory['id']!r}")
            spots[territory["id"]] = Spot(
                where[0], where[1], territory[name_key], territory.get(group_key, "")
            )
        for a, b in data.get("adjacency", ()):
            links[(a, b) if a < b else (b, a)] = "land"
        for a, b in data.get("sea_links", ()):
            links[(a, b) if a < b else (b, a)] = "sea"
    extra = sorted(set(positions) - set(spots))
    if extra:
        raise ValueError(f"the drawing places {extra}, which no map has")
    return Layout(
        float(drawing["width"]),
        float(drawing["height"]),
        spots,
        tuple((a, b, kind) for (a, b), kind in sorted(links.items())),
    )
