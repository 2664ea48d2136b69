"""A blunt classic-Risk player used by the benchmark: it attacks whenever it can."""

from __future__ import annotations

import random
from typing import Final, cast

from bots.house.choice import bounds, fill
from engines.core import Action
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation

END = EndPhase()
"""Equal to every EndPhase listed: it carries nothing."""

OCCUPY: Final = tuple(Occupy(armies) for armies in range(512))
"""``Occupy(armies)`` for the usual numbers of armies, made once (a frozen action is shared)."""
_BLITZES: Final[dict[tuple[str, str], Blitz]] = {}
"""The last Blitz sent against each (source, target) pair, made again when its ``keep``
differs (a frozen action is shared; the pairs are the board's)."""


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
            return _to_the_end(cast(Blitz, self.rng.choice(legal_actions[1::2])))
        if kind is Occupy:
            armies = cast(Occupy, first).armies
            if isinstance(armies, int):
                return first
            return OCCUPY[armies.high] if armies.high < len(OCCUPY) else Occupy(armies.high)
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


def _to_the_end(blitz: Blitz) -> Blitz:
    """``blitz`` keeping the fewest armies it may."""
    keep = blitz.keep
    if isinstance(keep, int):
        return blitz
    pair = blitz.source, blitz.target
    sent = _BLITZES.get(pair)
    if sent is None or sent.keep != keep.low:
        sent = _BLITZES[pair] = Blitz(*pair, keep.low)
    return sent
