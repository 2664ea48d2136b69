"""Per game, what the environment needs beyond the engine contract: its action catalogue and
its observation as numbers (one module per game)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engines.core import Action, UnknownGame
from rl.features import Features
from rl.games import africa, colonisation, conquetes, risk, risk2210


@dataclass(frozen=True)
class GameSpec:
    """A game's catalogue keys by ``(variant, seats)`` and its features by ``(observation,
    seats)``."""

    keys: Callable[[str, int], Iterable[Action]]
    features: Callable[[Any, int], Features]


SPECS: dict[str, GameSpec] = {
    "africa": GameSpec(africa.keys, africa.features),
    "colonisation": GameSpec(colonisation.keys, colonisation.features),
    "conquetes": GameSpec(conquetes.keys, conquetes.features),
    "risk": GameSpec(risk.keys, risk.features),
    "risk2210": GameSpec(risk2210.keys, risk2210.features),
}


def spec(game: str) -> GameSpec:
    """The environment's spec of ``game``, or UnknownGame naming the supported ones."""
    try:
        return SPECS[game]
    except KeyError:
        raise UnknownGame(
            f"no environment for {game!r} yet (supported: {', '.join(sorted(SPECS))})"
        ) from None
