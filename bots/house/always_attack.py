"""A blunt classic-Risk player used by the benchmark: it attacks whenever it can."""

from __future__ import annotations

import random

from bots.house.choice import bounds, fill
from engines.core import Action
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation


class AlwaysAttackPlayer:
    """Trades at once, stacks reinforcements on one random border, blitzes until it cannot,
    moves everything forward, never fortifies."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: RiskObservation, legal_actions: tuple[Action, ...]) -> Action:
        """Attack-first choice among ``legal_actions``."""
        by_kind: dict[type, list[Action]] = {}
        for action in legal_actions:
            by_kind.setdefault(type(action), []).append(action)
        for kind in (TradeCards, Blitz, Occupy):
            if kind in by_kind:
                template = (
                    self.rng.choice(by_kind[kind]) if kind is not Occupy else by_kind[kind][0]
                )
                amount = bounds(template)
                if amount is None:
                    return template
                return fill(template, amount.low if kind is Blitz else amount.high)
        if Place in by_kind:
            template = self.rng.choice(by_kind[Place])
            return fill(template, bounds(template).high)
        if EndPhase in by_kind and (Attack in by_kind or Fortify in by_kind):
            return by_kind[EndPhase][0]
        template = self.rng.choice(legal_actions)
        amount = bounds(template)
        return template if amount is None else fill(template, amount.high)
