"""Risk : la colonisation for the environment: its action catalogue and its observation as an
array.

The catalogue, from the map: a Bid, the ChooseHome, BuildSchool per territory, an
ArrangeSchool per territory and column, a Produce per territory and product, a Move per pair
of neighbours with and without a general command and a diplomat, a DiplomatMove,
DiplomatAct and GeneralMove per pair of neighbours, a Support per territory, and EndTurn,
Engage, Continue and Stop.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.colonisation.actions import (
    ArrangeSchool,
    Bid,
    BuildSchool,
    ChooseHome,
    Continue,
    DiplomatAct,
    DiplomatMove,
    EndTurn,
    Engage,
    GeneralMove,
    Move,
    Produce,
    Stop,
    Support,
)
from engines.colonisation.board import WORLD
from engines.colonisation.observation import (
    ACTIONS,
    AUCTION,
    COLUMNS,
    CONTINUE,
    HOME,
    OVER,
    PRODUCTION,
    SUPPORT,
    ColonisationObservation,
)
from engines.colonisation.variants import COLUMN_COUNT, PRODUCTS
from engines.core import Action
from rl.catalogue import ANY, neighbour_pairs
from rl.features import Features

PHASES = (AUCTION, HOME, COLUMNS, PRODUCTION, ACTIONS, SUPPORT, CONTINUE, OVER)


def keys(variant: str, seats: int) -> Iterator[Action]:
    """Every action la colonisation may list (the same in every variant and seat count)."""
    territories = WORLD.territories
    pairs = neighbour_pairs(territories, WORLD.neighbours)
    yield Bid(ANY)
    yield from (ChooseHome(t) for t in territories)
    yield from (ArrangeSchool(t, c) for t in territories for c in range(COLUMN_COUNT + 1))
    yield from (Produce(t, kind) for t in territories for kind in PRODUCTS)
    yield from (
        Move(s, t, ANY, general, diplomat)
        for s, t in pairs
        for general in (False, True)
        for diplomat in (False, True)
    )
    yield from (BuildSchool(t) for t in territories)
    yield from (DiplomatMove(s, t) for s, t in pairs)
    yield from (DiplomatAct(s, t) for s, t in pairs)
    yield from (GeneralMove(s, t) for s, t in pairs)
    yield EndTurn()
    yield from (Support(t, ANY) for t in territories)
    yield Engage()
    yield Continue()
    yield Stop()


def features(observation: ColonisationObservation, seats: int) -> Features:
    """The seat's observation as numbers, seats counted from the observer (it is seat 0): per
    territory its owner (one-hot: each seat, nobody), whether hostile, its armies, persons,
    schools, column, whether it may still act and what moved this turn; the phase; per seat
    its points, whether it is out, whether it moves now, its starting armies; the year and the
    war under way."""
    out = Features()
    me = observation.seat
    for t in range(len(WORLD.territories)):
        owner = observation.owner[t]
        out.one_hot(seats if owner < 0 else (owner - me) % seats, seats + 1)
        out.add(
            observation.hostile[t],
            observation.armies[t],
            observation.diplomats[t],
            observation.generals[t],
            observation.schools[t],
            observation.columns[t],
            observation.ready[t],
            observation.used_armies[t],
            observation.used_diplomats[t],
            observation.used_generals[t],
        )
    out.one_hot(PHASES.index(observation.phase), len(PHASES))
    for offset in range(seats):
        seat = (me + offset) % seats
        out.add(
            observation.points[seat],
            seat in observation.eliminated,
            observation.mover == seat,
            observation.setup.starting_armies[seat],
        )
    war = observation.war
    out.add(
        observation.year,
        observation.last_year,
        len(observation.hits),
        war is not None,
        war is not None and war.attacker == me,
        sum(armies for _, armies in war.fronts) if war else 0,
        war.rounds if war else 0,
    )
    return out
