"""A readable rule-of-thumb player for every variant of classic Risk.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: take and hold continents, attack only with good odds, push armies to the front, and
trade cards whenever it may.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import cache
from itertools import product

from bots.house.choice import amount_of, bounds, by_kind, fill
from engines.core import Action
from engines.risk.actions import (
    Blitz,
    Claim,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
)
from engines.risk.board import Continent
from engines.risk.cards import table_value
from engines.risk.missions import ALL as MISSIONS
from engines.risk.observation import NEUTRAL, RiskObservation

ODDS = 0.6  # conquest chance wanted for an ordinary target
ODDS_FOR_CARD = 0.45  # ... for the first conquest of a turn, which earns a card
ODDS_FOR_KEY = 0.35  # ... for a target that completes or breaks a continent, or eliminates
MISSION_WEIGHT = 6  # extra worth of a continent the mission names
MISSIONS_BY_ID = {mission.id: mission for mission in MISSIONS}


def defender_max_dice(variant: str) -> int:
    """Most dice a defender rolls: 3 in 'La conquête du monde' variants, otherwise 2."""
    return 3 if variant.startswith("conquete-du-monde") else 2


def cards_for_conquest(variant: str) -> bool:
    """Whether a turn with a conquest earns a card (not in 'La conquête du monde')."""
    return not variant.startswith("conquete-du-monde")


@cache
def roll_outcomes(attack_dice: int, defence_dice: int) -> tuple[tuple[int, int, float], ...]:
    """Exact (attacker losses, defender losses, probability) of one roll of the dice."""
    counts: Counter[tuple[int, int]] = Counter()
    for roll in product(range(1, 7), repeat=attack_dice + defence_dice):
        attack = sorted(roll[:attack_dice], reverse=True)
        defence = sorted(roll[attack_dice:], reverse=True)
        lost = sum(a <= d for a, d in zip(attack, defence, strict=False))
        counts[lost, min(attack_dice, defence_dice) - lost] += 1
    total = 6 ** (attack_dice + defence_dice)
    return tuple((la, ld, n / total) for (la, ld), n in sorted(counts.items()))


@cache
def _conquest(attackers: int, defenders: int, defence_max: int, keep: int) -> float:
    if defenders <= 0:
        return 1.0
    if attackers <= keep:
        return 0.0
    total = 0.0
    for la, ld, p in roll_outcomes(min(3, attackers - 1), min(defence_max, defenders)):
        total += p * _conquest(attackers - la, defenders - ld, defence_max, keep)
    return total


def blitz_win_probability(
    attackers: int, defenders: int, defence_max: int = 2, keep: int = 1
) -> float:
    """Chance that a Blitz from ``attackers`` armies, stopping at ``keep``, takes a territory
    held by ``defenders`` armies who roll at most ``defence_max`` dice."""
    if attackers + defenders > 300:  # fill the memo bottom-up: the recursion stays shallow
        for a in range(keep + 1, attackers + 1):
            for d in range(1, defenders + 1):
                _conquest(a, d, defence_max, keep)
    return _conquest(attackers, defenders, defence_max, keep)


class _View:
    """Facts about the board from the point of view of the owner being moved."""

    def __init__(self, obs: RiskObservation) -> None:
        board = obs.board
        self.obs, self.board = obs, board
        self.owners, self.armies, self.nbrs = obs.owners, obs.armies, board.neighbours
        self.me = obs.acting_for
        # Playing the allié (miro-2p): the only enemy is the seat whose turn it is.
        self.ally_turn = self.me == NEUTRAL and obs.phase != "setup"
        self.held = Counter(obs.owners)
        mission = MISSIONS_BY_ID.get(obs.mission.id) if obs.mission else None
        self.mission_continents = (
            set(mission.continents) if mission and mission.kind == "continents" else set()
        )
        colour = mission.colour if mission and mission.kind == "destroy" else None
        self.target_seat = obs.colours.index(colour) if colour in obs.colours else None
        self.priority = [self._priority(c) for c in board.continents]

    def enemy(self, t: int) -> bool:
        owner = self.owners[t]
        return owner != self.me and (owner == self.obs.turn_seat if self.ally_turn else True)

    def enemy_neighbours(self, t: int) -> list[int]:
        return [n for n in self.nbrs[t] if self.enemy(n)]

    def whole(self, continent: Continent, owner: int) -> bool:
        return all(self.owners[t] == owner for t in continent.territories)

    def _priority(self, continent: Continent) -> float:
        """How much the mover wants ``continent``: its bonus, weighed by how much of it the
        mover holds and how many armies stand in the way."""
        terr = continent.territories
        mine = sum(self.owners[t] == self.me for t in terr)
        foes = sum(self.armies[t] for t in terr if self.owners[t] != self.me)
        weight = continent.bonus + 1
        if continent.id in self.mission_continents:
            weight += MISSION_WEIGHT
        return weight * (mine + 1) / (len(terr) + foes / 2)

    def target_value(self, t: int) -> tuple[float, bool]:
        """Worth of conquering ``t`` and whether it is a key target (continent, elimination)."""
        continent = self.board.continents[self.board.continent_of[t]]
        owner = self.owners[t]
        value, key = self.priority[self.board.continent_of[t]], False
        if all(self.owners[u] == self.me or u == t for u in continent.territories):
            value, key = value + 2 * continent.bonus, True  # completes a continent
        if self.whole(continent, owner) and owner != NEUTRAL:
            value, key = value + continent.bonus, True  # breaks an enemy continent
        if owner == self.target_seat:
            value, key = value + 3, True  # the mission's colour
        if owner != NEUTRAL and self.held[owner] == 1:
            value, key = value + 4, True  # eliminates a seat and takes its cards
        if owner == NEUTRAL and not self.ally_turn:
            value /= 2  # the third force is an obstacle, not a rival
        return value, key

    def guard(self, s: int, ignore: int | None = None) -> int:
        """Armies to leave on ``s`` when attacking or moving out of it."""
        threats = [self.armies[n] for n in self.enemy_neighbours(s) if n != ignore]
        if not threats:
            return 1
        continent = self.board.continents[self.board.continent_of[s]]
        if self.whole(continent, self.me):
            return 1 + max(threats) // 2  # a border of a continent we hold
        return 1

    def staging_score(self, t: int) -> float:
        """How good a place ``t`` is for new armies: next to valuable, beatable targets,
        or on a threatened border of a continent we hold."""
        enemies = self.enemy_neighbours(t)
        if not enemies:
            return -1.0
        own = self.armies[t]
        best = max(self.target_value(n)[0] + own / (own + self.armies[n]) for n in enemies)
        continent = self.board.continents[self.board.continent_of[t]]
        threat = sum(self.armies[n] for n in enemies)
        if self.whole(continent, self.me) and threat >= own:
            best += continent.bonus
        return best

    def front_distance(self) -> dict[int, int]:
        """Steps from each of the mover's territories to the nearest one facing an enemy."""
        mine = [t for t, o in enumerate(self.owners) if o == self.me]
        dist = {t: 0 for t in mine if self.enemy_neighbours(t)}
        queue = deque(dist)
        while queue:
            t = queue.popleft()
            for n in self.nbrs[t]:
                if self.owners[n] == self.me and n not in dist:
                    dist[n] = dist[t] + 1
                    queue.append(n)
        return dist


class RiskHeuristicPlayer:
    """Continent-minded, odds-aware classic-Risk player for every variant and phase.

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> action = RiskHeuristicPlayer().act(match.observation(0), match.legal_actions(0))
    >>> type(action).__name__
    'Claim'
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: RiskObservation, legal_actions: tuple[Action, ...]) -> Action:
        """One of ``legal_actions``, filled in, chosen by the habits of the module."""
        grouped = by_kind(legal_actions)
        view = _View(observation)
        if Claim in grouped:
            return self._claim(view, grouped[Claim])
        if TradeCards in grouped:
            return self._trade(view, grouped[TradeCards])
        if Occupy in grouped:
            return self._occupy(view, grouped[Occupy][0])
        if Defend in grouped:
            # Asked out of turn (option defender_dice=choose): 000 "il est dans son intérêt de
            # se défendre toujours avec le maximum d'armées".
            return max(grouped[Defend], key=lambda defend: defend.dice)
        if Place in grouped:
            return self._place(view, grouped[Place])
        if Blitz in grouped:
            choice = self._attack(view, grouped[Blitz])
            if choice is not None:
                return choice
        if Fortify in grouped:
            choice = self._fortify(view, grouped[Fortify])
            if choice is not None:
                return choice
        if EndPhase in grouped:
            return grouped[EndPhase][0]
        template = legal_actions[0]  # nothing else is ever listed alone; stay legal anyway
        amount = bounds(template)
        return template if amount is None else fill(template, amount.low)

    # -- decisions ---------------------------------------------------------------------

    def _claim(self, view: _View, claims: list[Claim]) -> Action:
        index = view.board.index

        def score(claim: Claim) -> float:
            t = index[claim.territory]
            friends = sum(view.owners[n] == view.me for n in view.nbrs[t])
            return view.priority[view.board.continent_of[t]] + 0.1 * friends + self._jitter()

        return max(claims, key=score)

    def _trade(self, view: _View, trades: list[TradeCards]) -> Action:
        obs = view.obs
        symbols = {card.id: card.symbol for card in obs.hand}
        owned = {
            card.id
            for card in obs.hand
            if card.territory and view.owners[view.board.index[card.territory]] == view.me
        }
        per_card_bonus = obs.variant.startswith("miro")

        def worth(trade: TradeCards) -> float:
            kinds = [symbols[c] for c in trade.cards]
            value: float = (
                obs.next_set_value if obs.next_set_value is not None else table_value(kinds)
            )
            if per_card_bonus:
                value += 2 * sum(c in owned for c in trade.cards)
            if trade.bonus_territory is not None:
                value += 2 + 0.1 * view.staging_score(view.board.index[trade.bonus_territory])
            if len(kinds) == 3:
                value -= 0.5 * kinds.count("wild")  # keep wild cards for later sets
            return value

        return max(trades, key=worth)

    def _place(self, view: _View, places: list[Place]) -> Action:
        amount = amount_of(places[0])
        index = view.board.index
        seat = view.obs.seat
        if view.owners[index[places[0].territory]] != seat and not view.ally_turn:
            # Hasbro 2 players, set-up: the armies of the passive neutral force. Put them
            # where they block the opponent, away from our own fronts.
            def blocking(place: Place) -> float:
                t = index[place.territory]
                theirs = sum(view.owners[n] not in (NEUTRAL, seat) for n in view.nbrs[t])
                ours = sum(view.owners[n] == seat for n in view.nbrs[t])
                return theirs - ours + self._jitter()

            return fill(max(places, key=blocking), amount.high)
        best = max(places, key=lambda p: view.staging_score(index[p.territory]) + self._jitter())
        return fill(best, amount.high)

    def _attack(self, view: _View, blitzes: list[Blitz]) -> Action | None:
        obs = view.obs
        index = view.board.index
        dice = defender_max_dice(obs.variant)
        want_card = (
            cards_for_conquest(obs.variant) and not obs.conquered_this_turn and not view.ally_turn
        )
        best, best_keep, best_score = None, 1, 0.0
        for blitz in blitzes:
            s, t = index[blitz.source], index[blitz.target]
            keep = min(view.guard(s, ignore=t), amount_of(blitz).high)
            p = blitz_win_probability(view.armies[s], view.armies[t], dice, keep)
            value, key = view.target_value(t)
            needed = ODDS_FOR_KEY if key else ODDS_FOR_CARD if want_card else ODDS
            score = p * (1 + value)
            if p >= needed and score > best_score:
                best, best_keep, best_score = blitz, keep, score
        return None if best is None else fill(best, best_keep)

    def _occupy(self, view: _View, occupy: Occupy) -> Action:
        amount = amount_of(occupy)
        occupation = view.obs.occupation
        assert occupation is not None  # an Occupy is listed only for a pending occupation
        s, t = view.board.index[occupation.source], view.board.index[occupation.target]
        if not view.enemy_neighbours(t):
            return fill(occupy, amount.low)
        stay = view.guard(s)
        return fill(occupy, max(amount.low, min(amount.high, view.armies[s] - stay)))

    def _fortify(self, view: _View, fortifies: list[Fortify]) -> Action | None:
        index = view.board.index
        dist = view.front_distance()
        best, best_score = None, 0.0
        for move in fortifies:
            s, t = index[move.source], index[move.target]
            if dist.get(s, 99) == 0 or dist.get(t, 99) >= dist.get(s, 99):
                continue  # only from the rear towards the front
            score = amount_of(move).high + (view.staging_score(t) if dist[t] == 0 else 0.0)
            if score > best_score:
                best, best_score = move, score
        return None if best is None else fill(best, amount_of(best).high)

    def _jitter(self) -> float:
        return self.rng.random() * 1e-3
