"""Risk 2210 A.D. for the environment: its action catalogue and its observation as an array.

The catalogue, from the board, the commanders and the command cards: per territory a Claim, a
Place, a BuildStation and a RemoveMods, a PlacePiece per starting piece and a Hire and a
Relocate per commander; an Invade and a Capture per pair a unit may cross (neighbours, a
land territory to a landing site, the Moon to the Earth), a Fortify per pair of territories
(it goes along any path), each move with every set of commanders; per command card (each
copy, since the listing names whichever copy is held) its play without an aim, at each
territory and at each seat, and the Bombe tueuse's at each commander of each seat on each
territory; the rest once per value. Most of it is the Fortify's and Capture's sets of
commanders: the largest catalogue of the games.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.core import Action
from engines.risk2210.actions import (
    Bid,
    BuildStation,
    BuyCard,
    Capture,
    ChooseDeck,
    ChooseMarker,
    Claim,
    Defend,
    EndPhase,
    Fortify,
    Hire,
    Invade,
    Occupy,
    Pass,
    Place,
    PlacePiece,
    PlayCard,
    Relocate,
    Remove,
    RemoveMods,
    Retreat,
    Roll,
    StationChoice,
)
from engines.risk2210.board import BOARD, LAND, LUNAR
from engines.risk2210.cards import CARDS
from engines.risk2210.match import (
    ARMAGEDDON,
    BID,
    BONUS,
    BUY,
    CARD_PLACE,
    CASUALTY,
    CLAIM,
    DECOYS,
    DEFEND,
    EFFECTS,
    END_CARDS,
    FORTIFY,
    HIRE,
    INVADE,
    MARKER,
    OCCUPY,
    OVER,
    PIECES,
    PLACE,
    REACT,
    REDUCE,
    REINFORCE,
    ROLL,
    STATION,
    STATIONS,
    Risk2210Match,
)
from engines.risk2210.observation import Risk2210Observation
from engines.risk2210.variants import ATTACK_DICE, COMMANDERS, DEFENCE_DICE, STARTING_PIECES
from rl.catalogue import ANY, neighbour_pairs
from rl.features import Features

PHASES = (
    CLAIM,
    REINFORCE,
    PIECES,
    BID,
    MARKER,
    PLACE,
    HIRE,
    STATIONS,
    BUY,
    INVADE,
    REACT,
    ROLL,
    DEFEND,
    CASUALTY,
    STATION,
    OCCUPY,
    BONUS,
    FORTIFY,
    END_CARDS,
    CARD_PLACE,
    DECOYS,
    REDUCE,
    ARMAGEDDON,
    OVER,
)
COMMANDER_SETS = tuple(
    names for size in range(len(COMMANDERS) + 1) for names in combinations(COMMANDERS, size)
)
"""Every set of commanders, in the commanders' order (as the listings name them)."""
NEUTRAL, NOBODY = -1, -2


def crossings() -> list[tuple[str, str]]:
    """Every (source, target) an invasion or a capture may take: a neighbour, a land
    territory's landing sites (from its station), and every land territory from the Moon
    (Invasion de la Terre)."""
    ids, kinds = BOARD.territories, BOARD.kinds
    pairs = neighbour_pairs(ids, BOARD.neighbours)
    for s, kind in enumerate(kinds):
        if kind == LAND:
            pairs += [(ids[s], ids[site]) for site in sorted(BOARD.landing_sites)]
        elif kind == LUNAR:
            pairs += [(ids[s], ids[t]) for t, other in enumerate(kinds) if other == LAND]
    return list(dict.fromkeys(pair for pair in pairs if pair[0] != pair[1]))


def keys(variant: str, seats: int) -> Iterator[Action]:
    """Every action Risk 2210 A.D. may list for ``seats`` seats (any variant)."""
    ids = BOARD.territories
    yield from (Claim(t) for t in ids)
    yield from (Place(t, ANY) for t in ids)
    yield from (PlacePiece(piece, t) for piece in STARTING_PIECES for t in ids)
    yield Bid(ANY)
    yield from (ChooseMarker(position) for position in range(1, seats + 1))
    yield from (Hire(commander, t) for commander in COMMANDERS for t in ids)
    yield from (BuildStation(t) for t in ids)
    yield from (BuyCard(deck) for deck in COMMANDERS)
    pairs = crossings()
    yield from (Invade(s, t) for s, t in pairs)
    yield from (Capture(s, t, ANY, names) for s, t in pairs for names in COMMANDER_SETS)
    yield from (Roll(ANY, names) for names in COMMANDER_SETS if len(names) <= ATTACK_DICE)
    yield Retreat()
    yield from (Defend(dice) for dice in range(1, DEFENCE_DICE + 1))
    yield from (Remove(commander) for commander in COMMANDERS)
    yield StationChoice(True)
    yield StationChoice(False)
    yield from (Occupy(ANY, names) for names in COMMANDER_SETS)
    yield from (ChooseDeck(deck) for deck in COMMANDERS)
    yield from (
        Fortify(s, t, ANY, names) for s in ids for t in ids if s != t for names in COMMANDER_SETS
    )
    for card in CARDS:
        if card.kind not in EFFECTS:
            continue
        yield PlayCard(card.id)
        yield from (PlayCard(card.id, t) for t in ids)
        yield from (PlayCard(card.id, player=seat) for seat in range(seats))
        if EFFECTS[card.kind][0] is Risk2210Match._aim_assassin:
            yield from (
                PlayCard(card.id, t, seat, commander)
                for t in ids
                for seat in range(seats)
                for commander in COMMANDERS
            )
    yield from (Relocate(commander, t) for commander in COMMANDERS for t in ids)
    yield from (RemoveMods(t, ANY) for t in ids)
    yield Pass()
    yield EndPhase()


def features(observation: Risk2210Observation, seats: int) -> Features:
    """The seat's observation as numbers, seats counted from the observer (it is seat 0): per
    territory its owner (one-hot: each seat, the neutral, nobody), MODs, station's seat
    (one-hot, or none), whether devastated, and each seat's commanders there; the phase; per
    seat its energy, whether alive, its cards per deck, its marker and bid; the observer's own
    cards per deck; the turn's counts and the invasion under way."""
    out = Features()
    me = observation.seat
    ids = BOARD.territories
    where = [[0] * seats for _ in ids]
    index = {t: i for i, t in enumerate(ids)}
    for seat, places in enumerate(observation.commanders):
        for place in places:
            if place:
                where[index[place]][(seat - me) % seats] += 1
    devastated = set(observation.devastated)
    for t, territory in enumerate(ids):
        owner = observation.owners[t]
        out.one_hot(
            seats if owner == NEUTRAL else seats + 1 if owner == NOBODY else (owner - me) % seats,
            seats + 2,
        )
        station = observation.stations[t]
        out.one_hot(seats if station < 0 else (station - me) % seats, seats + 1)
        out.add(observation.mods[t], territory in devastated)
        out.extend(where[t])
    out.one_hot(PHASES.index(observation.phase), len(PHASES))
    for offset in range(seats):
        seat = (me + offset) % seats
        out.add(
            observation.energy[seat],
            observation.alive[seat],
            observation.markers[seat],
            observation.bids[seat] + 1,  # -1: no bid
            observation.mover == seat,
        )
        out.extend(observation.hand_sizes[seat])
    decks = [0.0] * len(COMMANDERS)
    for card in observation.hand:
        decks[COMMANDERS.index(card.deck)] += 1
    out.extend(decks)
    invasion, occupation = observation.invasion, observation.occupation
    out.add(
        observation.year,
        observation.mods_to_place,
        observation.cards_bought,
        observation.contested_captures,
        observation.fortified,
        observation.invaded,
        observation.unseen,
        observation.reinforcements_left,
        invasion is not None and invasion.seat == me,
        invasion is not None and invasion.defender == me,
        invasion.dice if invasion else 0,
        invasion.rolls if invasion else 0,
        occupation.minimum if occupation else 0,
    )
    return out
