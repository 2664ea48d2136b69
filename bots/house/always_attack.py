"""A blunt classic-Risk player used by the benchmark: it attacks whenever it can."""

from __future__ import annotations

import random
from typing import cast

from bots.house.choice import bounds, fill
from engines.core import Action
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation

END = EndPhase()
"""Equal to every EndPhase listed: it carries nothing."""


class AlwaysAttackPlayer:
    """Trades at once, puts each batch of reinforcements on one random territory, blitzes
    until it cannot, moves everything forward, never fortifies."""

    games = ("risk",)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: RiskObservation, legal_actions: tuple[Action, ...]) -> Action:
        """Attack-first choice among ``legal_actions``."""
        # The benchmark's player, whose cost counts in the engine's figures: it reads what is
        # asked from the first action, in the order classic Risk lists them (checked by
        # tests/risk/test_views.py), and never looks over every action listed: the attacks are
        # pairs, an Attack then its Blitz, with the EndPhase last; the moves come before the
        # EndPhase; places are listed alone, as is an Occupy; trades come first.
        first = legal_actions[0]
        kind = type(first)
        if kind is Attack:
            blitz = cast(Blitz, self.rng.choice(legal_actions[1::2]))
            keep = blitz.keep
            return blitz if isinstance(keep, int) else Blitz(blitz.source, blitz.target, keep.low)
        if kind is Occupy:
            armies = cast(Occupy, first).armies
            return first if isinstance(armies, int) else Occupy(armies.high)
        if kind is Place:
            place = cast(Place, self.rng.choice(legal_actions))
            armies = place.armies
            return place if isinstance(armies, int) else Place(place.territory, armies.high)
        if kind is Fortify:  # never fortifies
            return END
        if kind is TradeCards:  # a trade has no quantity to choose
            return self.rng.choice([action for action in legal_actions if type(action) is kind])
        template = self.rng.choice(legal_actions)  # a claim, the defender's dice, an EndPhase
        amount = bounds(template)
        return template if amount is None else fill(template, amount.high)
