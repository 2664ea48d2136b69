"""Conquêtes for the environment: its action catalogue and its observation as an array.

The catalogue, from the map: a PlayRegion, an AddSupport and a DiscardCard per region, an
Attack per pair of neighbours, a GiveCard per region and seat, DrawTwo and CommitSupport.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.conquetes.actions import (
    AddSupport,
    Attack,
    CommitSupport,
    DiscardCard,
    DrawTwo,
    GiveCard,
    PlayRegion,
)
from engines.conquetes.board import MAP
from engines.conquetes.observation import (
    ACTION,
    EXCESS,
    OVER,
    SUPPORT,
    ConquetesObservation,
)
from engines.core import Action
from rl.catalogue import neighbour_pairs
from rl.features import Features

PHASES = (ACTION, SUPPORT, EXCESS, OVER)


def keys(variant: str, seats: int) -> Iterator[Action]:
    """Every action Conquêtes may list for ``seats`` seats (the same in every variant)."""
    regions = MAP.regions
    yield DrawTwo()
    yield from (PlayRegion(r) for r in regions)
    yield from (Attack(s, t) for s, t in neighbour_pairs(regions, MAP.neighbours))
    yield from (AddSupport(r) for r in regions)
    yield CommitSupport()
    yield from (GiveCard(r, to) for r in regions for to in range(seats))
    yield from (DiscardCard(r) for r in regions)


def features(observation: ConquetesObservation, seats: int) -> Features:
    """The seat's observation as numbers, seats counted from the observer (it is seat 0): per
    region who holds it in its camp (one-hot: each seat, the solo bot, nobody), the observer's
    copies of it in hand, those in the discard pile and in its own support; the phase; per
    seat its hand size and whether it is its turn; the counts of the turn and the attack."""
    out = Features()
    me = observation.seat
    holder = {r: (s - me) % seats for s, camp in enumerate(observation.camps) for r in camp}
    holder.update(dict.fromkeys(observation.bot_camp, seats))
    attack = observation.attack
    support = attack.my_support if attack else ()
    for region in MAP.regions:
        out.one_hot(holder.get(region, seats + 1), seats + 2)
        out.add(
            observation.hand.count(region),
            observation.discard.count(region),
            support.count(region),
        )
    out.one_hot(PHASES.index(observation.phase), len(PHASES))
    for offset in range(seats):
        seat = (me + offset) % seats
        out.add(observation.hand_sizes[seat], observation.turn_seat == seat)
    out.add(
        observation.turn,
        observation.deck_size,
        observation.exhaustions,
        observation.excess,
        attack is not None,
        attack is not None and attack.attacker == me,
        attack.source_value if attack else 0,
        attack.target_value if attack else 0,
        (attack.attack_count or 0) if attack else 0,
        (attack.defence_count or 0) if attack else 0,
    )
    return out
