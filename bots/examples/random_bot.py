"""The smallest complete bot: it plays any game, choosing at random. Copy it to start yours.

On the platform::

    conquest-bot --player bots.examples.random_bot:RandomBot --token $TOKEN

Offline, unchanged, against the house bots::

    python -m engines play risk --variant hasbro --bots bots.examples.random_bot:RandomBot,random
"""

from __future__ import annotations

import random
from typing import Any

from bots.house.choice import by_kind
from bots.sdk import bounds, fill
from engines.core import Action


class RandomBot:
    """A random kind of decision, then a random option of that kind and a random amount.

    Choosing the kind first ends turns more often than choosing among all options (forty
    possible attacks and one EndPhase make two kinds, not forty-one options).

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> type(RandomBot(seed=5).act(match.observation(0), match.legal_actions(0))).__name__
    'Claim'
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # seeded by the platform: a match replays the same

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """One of ``legal_actions``, any Amount filled with a number in its range."""
        kinds = by_kind(legal_actions)
        template = self.rng.choice(kinds[self.rng.choice(list(kinds))])
        amount = bounds(template)  # Amount(low, high) when the template has a quantity
        return (
            template
            if amount is None
            else fill(template, self.rng.randint(amount.low, amount.high))
        )
