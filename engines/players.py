"""Players by name for the local runner, found through the ``conquest_arena.players``
entry points, so that ``engines`` never imports ``bots`` (engines <- bots <- platform)."""

from __future__ import annotations

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
    """The class of the player called ``name``; unknown names raise EngineError."""
    found = entry_points(group=GROUP, name=name)
    if not found:
        known = ", ".join(player_names()) or "none: install the project with pip install -e ."
        raise EngineError(f"no player {name!r} (known: {known})")
    return next(iter(found)).load()


def load_player(name: str, seed: int) -> Player:
    """A new player called ``name`` seeded with ``seed``; unknown names raise EngineError."""
    return player_class(name)(seed=seed)
