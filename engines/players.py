"""Players by name for the local runner: an installed player, found through the
``conquest_arena.players`` entry points so that ``engines`` never imports ``bots``
(engines <- bots <- platform), or any class given as ``module:Class``.

A player class lists the games it plays in a ``games`` class attribute (names); a class
without one plays every game.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points

from engines.core.contract import EngineError
from engines.play import Player

GROUP = "conquest_arena.players"


def player_names(game: str | None = None) -> list[str]:
    """The names of the installed players (of those that play ``game``, when given).

    >>> "attacker" in player_names("risk"), "attacker" in player_names("africa")
    (True, False)
    """
    names = sorted(ep.name for ep in entry_points(group=GROUP))
    return names if game is None else [n for n in names if plays(player_class(n), game)]


def plays(cls: type, game: str) -> bool:
    """Does the player class ``cls`` play ``game``? (its ``games``, or every game)"""
    listed = getattr(cls, "games", None)
    return listed is None or game in listed


@cache  # the installed players do not change while a process runs; workers ask every match
def player_class(name: str) -> type:
    """The class of the player called ``name``: an installed player's name, or ``module:Class``
    for a class importable from the current directory or the path (a bot written with the SDK).
    Unknown names raise EngineError.

    >>> player_class("engines.play:Player").__name__
    'Player'
    """
    if ":" in name:
        return _import_class(name)
    found = entry_points(group=GROUP, name=name)
    if not found:
        known = ", ".join(player_names()) or "none: install the project with pip install -e ."
        raise EngineError(f"no player {name!r} (known: {known}, or module:Class)")
    cls: type = next(iter(found)).load()  # an entry point's object is untyped: a class
    return cls


def game_player(name: str, game: str) -> type:
    """The class of the player called ``name`` (see :func:`player_class`), checked to play
    ``game``; EngineError otherwise, naming the players that do.

    >>> game_player("attacker", "conquetes")
    Traceback (most recent call last):
    ...
    engines.core.contract.EngineError: player 'attacker' does not play conquetes (players of \
conquetes: heuristic, random)
    """
    cls = player_class(name)
    if not plays(cls, game):
        known = ", ".join(player_names(game))
        raise EngineError(f"player {name!r} does not play {game} (players of {game}: {known})")
    return cls


def load_player(name: str, seed: int, game: str) -> Player:
    """A new player called ``name`` for a match of ``game``, seeded with ``seed``; unknown
    names and players of other games raise EngineError."""
    cls = game_player(name, game)
    try:
        player: Player = cls(seed=seed)
    except TypeError as error:
        raise EngineError(
            f"player {name!r}: {cls.__name__}(seed={seed}) failed ({error}); a player class "
            "takes its seed as the keyword argument seed="
        ) from None
    return player


def _import_class(name: str) -> type:
    module_name, _, class_name = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise EngineError(f"player {name!r}: cannot import {module_name!r} ({error})") from None
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise EngineError(f"player {name!r}: {module_name} has no class {class_name!r}")
    return found
