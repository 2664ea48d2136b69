"""A blunt classic-Risk player used by the benchmark: it attacks whenever it can."""

from __future__ import annotations

import random

from bots.house.choice import amount_of, bounds, by_kind, fill
from engines.core import Action
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation


class AlwaysAttackPlayer:
    """Trades at once, puts each batch of reinforcements on one random territory, blitzes
    until it cannot, moves everything forward, never fortifies."""

    games = ("risk",)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: RiskObservation, legal_actions: tuple[Action, ...]) -> Action:
        """Attack-first choice among ``legal_actions``."""
        grouped = by_kind(legal_actions)
        for kind in (TradeCards, Blitz, Occupy):
            if kind in grouped:
                template = (
                    self.rng.choice(grouped[kind]) if kind is not Occupy else grouped[kind][0]
                )
                amount = bounds(template)
                if amount is None:
                    return template
                return fill(template, amount.low if kind is Blitz else amount.high)
        if Place in grouped:
            template = self.rng.choice(grouped[Place])
            return fill(template, amount_of(template).high)
        if EndPhase in grouped and (Attack in grouped or Fortify in grouped):
            return grouped[EndPhase][0]
        template = self.rng.choice(legal_actions)
        amount = bounds(template)
        return template if amount is None else fill(template, amount.high)
