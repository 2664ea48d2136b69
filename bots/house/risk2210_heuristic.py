"""A readable rule-of-thumb player for Risk 2210 A.D.: it masses on its fronts, hires the
commanders that roll d8s, buys and plays the cards that add MODs or defend, and attacks only
with the odds on its side.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: claim land beside its own; put new MODs, commanders and stations on its strongest
front; bid nothing and take the first turn-order marker left; hire the Land, then the Nuclear,
Naval and Space commanders while it has energy for them; buy a card a turn while it keeps
energy to play it; play the cards that add MODs, take energy or defend, answering an invasion
of its own territories with them; invade from a territory with half as many units again as
the target, every commander that rolls a d8 taking part, and break off when the odds turn;
take every unoccupied territory it can reach; move its interior units to the front.
"""

from __future__ import annotations

import random

from bots.house.choice import bounds, by_kind, fill
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
    Remove,
    RemoveMods,
    Retreat,
    Roll,
    StationChoice,
)
from engines.risk2210.observation import Risk2210Observation

ODDS = 1.5  # units on the source for each unit on the target before invading
HIRING = ("land", "nuclear", "naval", "space")  # the commanders it hires, in this order
KEEP_FOR_CARDS = 3  # energy kept to play the cards it buys
GOOD_CARDS = {
    "assemble_mods",
    "reinforcements",
    "energy_crisis",
    "hidden_energy",
    "scout_forces",
    "territorial_station",
    "rocket_strike_land",
    "rocket_strike_water",
    "rocket_strike_moon",
    "assassin_bomb",
    "stealth_mods",
    "stealth_station",
    "cease_fire",
    "land_death_trap",
    "water_death_trap",
    "orbital_mines",
    "redeployment",
}
"""The cards it plays when it may: those that add MODs, energy or stations, strike an enemy,
or defend its own territories."""


class _View:
    """Questions about the board asked by territory id."""

    def __init__(self, observation: Risk2210Observation) -> None:
        self.o = observation
        self.me = observation.seat
        self.index = observation.board.index
        self.near = observation.board.neighbours

    def units(self, name: str) -> int:
        """MODs and commanders on ``name``."""
        t = self.index[name]
        holder = self.o.owners[t]
        here = 0 if holder < 0 else sum(1 for w in self.o.commanders[holder] if w == name)
        return self.o.mods[t] + here

    def threat(self, name: str) -> int:
        """Enemy MODs beside ``name``."""
        t = self.index[name]
        owners, mods = self.o.owners, self.o.mods
        return sum(mods[n] for n in self.near[t] if owners[n] not in (self.me, -2))

    def mine(self, name: str) -> bool:
        return self.o.owners[self.index[name]] == self.me


class Risk2210HeuristicPlayer:
    """Front-minded, odds-aware Risk 2210 A.D. player for every decision.

    >>> from engines.registry import get_game
    >>> match = get_game("risk2210").new_match("standard", 3, seed=1)
    >>> type(Risk2210HeuristicPlayer().act(match.observation(0), match.legal_actions(0)))
    <class 'engines.risk2210.actions.Claim'>
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Risk2210Observation, legal_actions: tuple[Action, ...]) -> Action:
        """One of ``legal_actions``, filled in, chosen by the habits of the module."""
        view = _View(observation)
        kinds = by_kind(legal_actions)
        cards = [a for a in kinds.get(PlayCard, []) if a.card.split(":")[1] in GOOD_CARDS]
        if cards and (observation.phase != "react" or self._defending(view)):
            return self._best_card(view, cards)
        if Claim in kinds:
            return max(kinds[Claim], key=lambda a: self._claim_score(view, a.territory))
        if PlacePiece in kinds:
            return max(kinds[PlacePiece], key=lambda a: view.threat(a.territory))
        if Bid in kinds:
            return fill(kinds[Bid][0], 0)
        if ChooseMarker in kinds:
            return min(kinds[ChooseMarker], key=lambda a: a.position)
        if Defend in kinds:
            return max(kinds[Defend], key=lambda a: a.dice)
        if Remove in kinds:  # the Diplomat first, then the commanders it hires last
            return max(kinds[Remove], key=lambda a: _rank(a.commander))
        if StationChoice in kinds:
            return (
                StationChoice(True) if StationChoice(True) in kinds[StationChoice] else EndPhase()
            )
        if ChooseDeck in kinds:
            return kinds[ChooseDeck][0]
        if RemoveMods in kinds:  # from the quietest territory
            remove = min(kinds[RemoveMods], key=lambda a: view.threat(a.territory))
            return fill(remove, _high(remove))
        if Place in kinds:
            place = max(kinds[Place], key=lambda a: view.threat(a.territory) + self._jitter())
            return fill(place, _high(place))
        if Hire in kinds:
            return self._hire(view, kinds[Hire]) or kinds[EndPhase][0]
        if BuildStation in kinds:
            return EndPhase()
        if BuyCard in kinds:
            return self._buy(observation, kinds[BuyCard]) or kinds[EndPhase][0]
        if Occupy in kinds:
            occupy = max(kinds[Occupy], key=lambda a: len(a.commanders))
            return fill(occupy, _high(occupy))
        if Roll in kinds:
            return self._roll(view, kinds[Roll], kinds.get(Retreat, []))
        if Invade in kinds or Capture in kinds:
            choice = self._invade(view, kinds.get(Invade, []), kinds.get(Capture, []))
            if choice is not None:
                return choice
        if Fortify in kinds:
            move = self._fortify(view, kinds[Fortify])
            if move is not None:
                return move
        if Pass in kinds:
            return Pass()
        if EndPhase in kinds:
            return EndPhase()
        template = legal_actions[0]
        amount = bounds(template)
        return template if amount is None else fill(template, amount.low)

    # -- decisions ---------------------------------------------------------------------

    def _jitter(self) -> float:
        return self.rng.random() * 0.01

    def _claim_score(self, view: _View, name: str) -> float:
        t = view.index[name]
        friends = sum(view.o.owners[n] == view.me for n in view.near[t])
        return friends - 0.1 * len(view.near[t]) + self._jitter()

    def _defending(self, view: _View) -> bool:
        invasion = view.o.invasion
        return invasion is not None and invasion.defender == view.me

    def _best_card(self, view: _View, cards: list[PlayCard]) -> Action:
        def score(card: PlayCard) -> float:
            value = 0.0
            if card.territory:  # build where the threat is; strike the strongest enemy
                mine = view.mine(card.territory)
                value += view.threat(card.territory) if mine else view.units(card.territory)
            return value + self._jitter()

        return max(cards, key=score)

    def _hire(self, view: _View, hires: list[Hire]) -> Action | None:
        for commander in HIRING:
            offers = [h for h in hires if h.commander == commander]
            if offers:
                return max(offers, key=lambda h: view.threat(h.territory) + self._jitter())
        return None

    def _buy(self, observation: Risk2210Observation, buys: list[BuyCard]) -> Action | None:
        if observation.cards_bought or observation.energy[observation.seat] < 1 + KEEP_FOR_CARDS:
            return None
        return self.rng.choice(buys)

    def _roll(self, view: _View, rolls: list[Roll], retreat: list[Retreat]) -> Action:
        invasion = view.o.invasion
        assert invasion is not None  # rolls are asked for the invasion under way
        if retreat and view.units(invasion.source) < view.units(invasion.target):
            return retreat[0]
        best = max(rolls, key=lambda r: (len(r.commanders), _high(r)))
        return fill(best, _high(best))

    def _invade(self, view: _View, invades: list[Invade], captures: list[Capture]) -> Action | None:
        plain = [c for c in captures if not c.commanders]  # MODs only: commanders stay
        if plain:
            capture = max(plain, key=lambda c: _high(c) + self._jitter())
            return fill(capture, max(1, _high(capture) // 2))
        good = [a for a in invades if view.units(a.source) >= max(3, ODDS * view.units(a.target))]
        if good:
            return max(
                good, key=lambda a: view.units(a.source) - view.units(a.target) + self._jitter()
            )
        return None

    def _fortify(self, view: _View, moves: list[Fortify]) -> Action | None:
        inner = [
            m
            for m in moves
            if not m.commanders and view.threat(m.source) == 0 < view.threat(m.target)
        ]
        if not inner:
            return None
        move = max(inner, key=lambda m: _high(m) + view.threat(m.target) * 0.01)
        return fill(move, _high(move)) if _high(move) >= 1 else None


def _rank(commander: str) -> int:
    """How readily a commander is given up: the Diplomat first, then the last hired."""
    return HIRING.index(commander) + 1 if commander in HIRING else len(HIRING) + 1


def _high(template: Action) -> int:
    amount = bounds(template)
    if amount is not None:
        return amount.high
    value = getattr(template, "mods", getattr(template, "dice", 0))
    return value if isinstance(value, int) else 0
