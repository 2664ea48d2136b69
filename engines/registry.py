"""The installed games, found through the ``conquest_arena.games`` entry points.

A game is registered by one line in its distribution's ``pyproject.toml``
(``[project.entry-points."conquest_arena.games"]``, ``name = "package:GAME"``), so nothing
outside a game's package names it. Games are listed by name.

>>> [game.name for game in games()]
['africa', 'colonisation', 'conquetes', 'risk', 'risk2210']
>>> get_game("risk").variant("hasbro").seats
(2, 3, 4, 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from engines.core.contract import EngineError, GameInfo, UnknownGame

GROUP = "conquest_arena.games"


def load_game(entry_point: EntryPoint) -> GameInfo:
    """The game an entry point of ``conquest_arena.games`` names, checked: a GameInfo whose
    name is the entry point's."""
    game = entry_point.load()
    if not isinstance(game, GameInfo) or game.name != entry_point.name:
        raise EngineError(
            f"entry point {entry_point.name} = {entry_point.value} is not the GameInfo of a "
            f"game called {entry_point.name!r}"
        )
    return game


def catalogue(points: Iterable[EntryPoint]) -> dict[str, GameInfo]:
    """The games of these entry points, by name, in the order of their names."""
    found = {point.name: load_game(point) for point in points}
    return {name: found[name] for name in sorted(found)}


@cache
def _installed() -> dict[str, GameInfo]:
    return catalogue(entry_points(group=GROUP))


def games() -> tuple[GameInfo, ...]:
    """Every installed game, by name."""
    return tuple(_installed().values())


def get_game(name: str) -> GameInfo:
    """The game called ``name``, or :class:`UnknownGame` listing the installed ones."""
    try:
        return _installed()[name]
    except KeyError:
        known = ", ".join(_installed()) or "none: install the project with pip install -e ."
        raise UnknownGame(f"no game {name!r} (known: {known})") from None


def game_of(observation: Any) -> GameInfo:
    """The installed game whose observations are of ``observation``'s class.

    >>> match = get_game("africa").new_match("standard", 3, seed=1)
    >>> game_of(match.observation(0)).name
    'africa'
    """
    by_type = _by_observation_type()
    try:
        return by_type[type(observation)]
    except KeyError:
        raise UnknownGame(f"no installed game observes {type(observation).__name__}") from None


@cache
def _by_observation_type() -> dict[type, GameInfo]:
    return {game.observation_type: game for game in games()}
