"""The games this engine package provides, by name.

>>> [game.name for game in games()]
['risk', 'conquetes', 'africa']
>>> get_game("risk").variant("hasbro").seats
(2, 3, 4, 5)
"""

from __future__ import annotations

from engines import africa, conquetes, risk
from engines.core.contract import GameInfo, UnknownGame

_GAMES: dict[str, GameInfo] = {game.name: game for game in (risk.GAME, conquetes.GAME, africa.GAME)}


def games() -> tuple[GameInfo, ...]:
    """Every registered game."""
    return tuple(_GAMES.values())


def get_game(name: str) -> GameInfo:
    """The game called ``name``, or :class:`UnknownGame` listing the known ones in order."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r} (known: {', '.join(_GAMES)})") from None
