"""Players by name for the local runner: an installed player, found through the
``conquest_arena.players`` entry points so that ``engines`` never imports ``bots``
(engines <- bots <- platform), or any class given as ``module:Class``."""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points

from engines.core.contract import EngineError
from engines.play import Player

GROUP = "conquest_arena.players"


def player_names() -> list[str]:
    """The names of every installed player."""
    return sorted(ep.name for ep in entry_points(group=GROUP))


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
    return next(iter(found)).load()


def load_player(name: str, seed: int) -> Player:
    """A new player called ``name`` seeded with ``seed``; unknown names raise EngineError."""
    return player_class(name)(seed=seed)


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
