"""The ``heuristic`` house player: the rule-of-thumb player of whichever game it plays.

Each game's heuristic is registered by game name in the ``conquest_arena.heuristics`` entry
points, so this module names no game.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from engines.core import Action
from engines.play import Player
from engines.registry import game_of

GROUP = "conquest_arena.heuristics"


class HeuristicPlayer:
    """Plays any game that has a registered heuristic with that game's heuristic, chosen at
    the first decision.

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> type(HeuristicPlayer(seed=2).act(match.observation(0), match.legal_actions(0))).__name__
    'Claim'
    """

    games = frozenset(ep.name for ep in entry_points(group=GROUP))
    """The games that have a heuristic."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.player: Player | None = None

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """The game's heuristic choice among ``legal_actions``."""
        if self.player is None:
            game = game_of(observation).name
            found = entry_points(group=GROUP, name=game)
            if not found:
                raise TypeError(f"no heuristic player for {game}")
            player: Player = next(iter(found)).load()(seed=self.seed)  # an untyped entry point
            self.player = player
        return self.player.act(observation, legal_actions)
