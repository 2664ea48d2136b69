"""Classic Risk for the environment: its action catalogue and its observation as an array.

The catalogue, from the world map and the variant's card rules: a Claim and a Place per
territory, an Attack, a Blitz and a Fortify per pair of neighbours, a Defend per number of
dice, the Occupy, the EndPhase, and a TradeCards per set of cards the variant may ever list
(every three cards of the deck, in the deck's order; with the Hasbro territory bonus once more
per territory card of the set, naming it; under the Conquête rule also a wild card alone).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np

from engines.core import Action
from engines.risk.actions import (
    Attack,
    Blitz,
    Claim,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
)
from engines.risk.board import WILD, WORLD
from engines.risk.match import (
    ALLY_ATTACK,
    ALLY_PLACE,
    ATTACK,
    CLAIMING,
    DEFEND,
    FORTIFY,
    OCCUPY,
    OVER,
    PLACE,
    SETUP,
)
from engines.risk.observation import NEUTRAL, UNOWNED, RiskObservation
from engines.risk.variants import BONUS_ONCE, SETS_DIFFERENT_OR_WILD, VARIANTS
from rl.catalogue import ANY, neighbour_pairs
from rl.features import Features

PHASES = (CLAIMING, SETUP, PLACE, ATTACK, DEFEND, OCCUPY, FORTIFY, ALLY_PLACE, ALLY_ATTACK, OVER)
SYMBOLS = ("infantry", "cavalry", "artillery", WILD)
MOST_DICE = 3


def keys(variant: str, seats: int) -> Iterator[Action]:
    """Every action classic Risk's ``variant`` may list, quantities as ``ANY`` (any seats)."""
    rules = VARIANTS[variant]
    territories = WORLD.territories
    pairs = neighbour_pairs(territories, WORLD.neighbours)
    yield from (Claim(t) for t in territories)
    yield from (Place(t, ANY) for t in territories)
    cards = range(WORLD.cards)
    if rules.sets == SETS_DIFFERENT_OR_WILD:
        yield from (TradeCards((WORLD.card_name(c),)) for c in cards if WORLD.is_wild(c))
    for combo in combinations(cards, 3):
        names = tuple(WORLD.card_name(c) for c in combo)
        yield TradeCards(names)
        if rules.territory_bonus == BONUS_ONCE:
            yield from (TradeCards(names, territories[c]) for c in combo if not WORLD.is_wild(c))
    yield from (Attack(s, t, ANY) for s, t in pairs)
    yield from (Blitz(s, t, ANY) for s, t in pairs)
    yield from (Defend(dice) for dice in range(1, MOST_DICE + 1))
    yield Occupy(ANY)
    yield from (Fortify(s, t, ANY) for s, t in pairs)
    yield EndPhase()


def features(observation: RiskObservation, seats: int) -> Features:
    """The seat's observation as numbers, seats counted from the observer (it is seat 0):
    per territory its owner (one-hot: each seat, the neutral army, nobody) and armies; the
    phase; per seat whether it is alive, its hand size, whether it is its turn; the observer's
    own cards (one bit per card of the deck) and symbols; the counts of the turn."""
    out = Features()
    me = observation.seat
    for owner, armies in zip(observation.owners, observation.armies, strict=True):
        slot = (
            seats if owner == NEUTRAL else seats + 1 if owner == UNOWNED else (owner - me) % seats
        )
        out.one_hot(slot, seats + 2)
        out.add(armies)
    out.one_hot(PHASES.index(observation.phase), len(PHASES))
    for offset in range(seats):
        seat = (me + offset) % seats
        out.add(observation.alive[seat], observation.hand_sizes[seat])
        out.add(observation.turn_seat == seat)
    held = np.zeros(WORLD.cards, dtype=np.float32)
    symbols = np.zeros(len(SYMBOLS), dtype=np.float32)
    for card in observation.hand:
        index = WORLD.card_index(card.id)
        if index is not None:
            held[index] = 1
        symbols[SYMBOLS.index(card.symbol)] += 1
    out.extend(held)
    out.extend(symbols)
    occupation, attack = observation.occupation, observation.attack
    out.add(
        observation.acting_for == NEUTRAL,
        observation.round,
        observation.armies_to_place,
        observation.trades_done,
        observation.next_set_value or 0,
        observation.deck_size,
        observation.conquered_this_turn,
        occupation.minimum if occupation else 0,
        occupation.maximum if occupation else 0,
        attack.dice if attack else 0,
    )
    return out
