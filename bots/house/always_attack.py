"""A blunt classic-Risk player used by the benchmark: it attacks whenever it can."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar, cast

from bots.house.choice import amount_of, bounds, fill
from engines.core import Action
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation

A = TypeVar("A", bound=Action)

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
        # The benchmark's player, whose cost counts in the engine's figures: each template is
        # filled by its own class, without the reflection of ``fill``, where the class is known.
        kinds = set(map(type, legal_actions))
        if TradeCards in kinds:  # a trade has no quantity to choose
            return self.rng.choice(_of_kind(legal_actions, kinds, TradeCards))
        if Blitz in kinds:
            blitz = self.rng.choice(_of_kind(legal_actions, kinds, Blitz))
            keep = blitz.keep
            return blitz if isinstance(keep, int) else Blitz(blitz.source, blitz.target, keep.low)
        if Occupy in kinds:
            occupy = _of_kind(legal_actions, kinds, Occupy)[0]
            armies = occupy.armies
            return occupy if isinstance(armies, int) else Occupy(armies.high)
        if Place in kinds:
            place = self.rng.choice(_of_kind(legal_actions, kinds, Place))
            return Place(place.territory, amount_of(place).high)
        if EndPhase in kinds and (Attack in kinds or Fortify in kinds):
            return END
        template = self.rng.choice(legal_actions)
        amount = bounds(template)
        return template if amount is None else fill(template, amount.high)


def _of_kind(legal_actions: tuple[Action, ...], kinds: set[type], kind: type[A]) -> Sequence[A]:
    """The actions of class ``kind`` among ``legal_actions`` (whose classes are ``kinds``), in
    listing order."""
    if len(kinds) == 1:
        return cast(Sequence[A], legal_actions)
    return cast(list[A], [action for action in legal_actions if type(action) is kind])
