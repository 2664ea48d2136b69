"""Africa for the environment: its action catalogue and its observation as an array.

The catalogue, from the map and the powers: a PlaceStart, a Develop, a Hold and a Land per
territory, an Explore per pair of neighbours, a Declare per power and relation, a Message per
recipient (every power, or all), EndDiplomacy and SubmitOrders. A message is sent as the
engine lists it, with an empty text: the environment's seats do not talk.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.africa.actions import (
    Declare,
    Develop,
    EndDiplomacy,
    Explore,
    Hold,
    Land,
    Message,
    PlaceStart,
    SubmitOrders,
)
from engines.africa.board import MAP
from engines.africa.observation import DIPLOMACY, ORDERS, OVER, PLACEMENT, AfricaObservation
from engines.africa.variants import ALL, POWERS, RELATIONS
from engines.core import Action
from rl.catalogue import neighbour_pairs
from rl.features import Features

PHASES = (PLACEMENT, DIPLOMACY, ORDERS, OVER)


def keys(variant: str, seats: int) -> Iterator[Action]:
    """Every action Africa may list (the same in every variant and seat count)."""
    territories = MAP.territories
    yield from (PlaceStart(t) for t in territories)
    yield from (Message(to, "") for to in (*POWERS, ALL))
    yield EndDiplomacy()
    yield from (Develop(t) for t in territories)
    yield from (Explore(s, t) for s, t in neighbour_pairs(territories, MAP.neighbours))
    yield from (Hold(t) for t in territories)
    yield from (Land(t) for t in territories)
    yield from (Declare(power, relation) for power in POWERS for relation in RELATIONS)
    yield SubmitOrders()


def features(observation: AfricaObservation, seats: int) -> Features:
    """The seat's observation as numbers, seats counted from the observer (it is seat 0): per
    territory the presences of each seat, its development and colony, and the observer's own
    order for it so far (develop, hold, explore); the phase; per seat its stock, whether it has
    finished talking and the relations each other declared to it and it to them at the last
    reading; the turn's counts."""
    out = Features()
    me = observation.seat
    orders = dict(observation.my_orders)
    for t, territory in enumerate(MAP.territories):
        present = observation.presences[t]
        out.extend(present.count((me + offset) % seats) for offset in range(seats))
        order = orders.get(territory)
        out.add(
            observation.developed[t],
            observation.colonies[t],
            order == "develop",
            order == "hold",
            order not in (None, "develop", "hold"),
            observation.my_landing == territory,
        )
    out.one_hot(PHASES.index(observation.phase), len(PHASES))
    declared = dict(observation.my_relations)
    powers = observation.powers
    for offset in range(seats):
        seat = (me + offset) % seats
        out.add(observation.stock[seat], observation.done[seat], observation.placer == seat)
        for relation in RELATIONS:
            out.add(
                observation.embassies[seat][me] == relation if seat != me else 0,
                observation.embassies[me][seat] == relation if seat != me else 0,
                declared.get(powers[seat]) == relation,
            )
    out.add(
        observation.turn,
        observation.colonies_left,
        observation.messages_left,
        len(observation.messages),
    )
    return out
