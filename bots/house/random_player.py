"""The uniform-random player: any game, any legal action, any amount."""

from __future__ import annotations

import random
from typing import Any

from bots.house.choice import bounds, fill
from engines.core import Action


class RandomPlayer:
    """Picks a legal action uniformly, then a uniform amount within its range.

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> action = RandomPlayer(seed=5).act(match.observation(0), match.legal_actions(0))
    >>> type(action).__name__
    'Claim'
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """A uniformly random legal action."""
        template = self.rng.choice(legal_actions)
        amount = bounds(template)
        return (
            template
            if amount is None
            else fill(template, self.rng.randint(amount.low, amount.high))
        )
