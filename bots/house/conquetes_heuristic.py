"""A readable rule-of-thumb player for every variant of Conquêtes, the solo mode included.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: grow one large territory, keep the cards that extend it or score as duplicates,
attack and defend when the odds pay for the cards, draw when nothing else is worth it, and
give its surplus to the opponent who can use it least.

Odds: the other side's support is unknown, so it is taken as a sum of ``k`` cards of the
values not yet seen, and the chance of winning comes from a normal approximation.

Speed (issue 19): a region is the bit ``1 << r`` of an int, so a camp is one int and its
territories take a few bit operations. What depends only on the camps (territories, what each
card is worth in hand, the leading rival) is kept between decisions until a camp changes,
what depends on the hand too (its worth, the support order, the cost of spending each prefix
of it) until the hand changes, and a whole view until anything it reads changes (the steps of
one support). Every figure is computed by the same float expression as the straightforward
version was, the deviation of the unseen values included (the correctly rounded root of their
exact variance, as ``statistics.pstdev`` gives it): the choices are the same.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterable

from bots.house.choice import ByKind, by_kind
from engines.conquetes.actions import (
    AddSupport,
    Attack,
    CommitSupport,
    DiscardCard,
    DrawTwo,
    GiveCard,
    PlayRegion,
)
from engines.conquetes.board import Board
from engines.conquetes.observation import BOT, SUPPORT, AttackView, ConquetesObservation
from engines.core import Action

CARD_WORTH = 0.35  # what a random new card is worth in hand, in points
GIFT_HARM = 0.1  # what a card given to a rival costs us
HAND_LIMIT = 10  # 001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes en main"
REPLACED = {True: 2, False: 3}  # 001: the attacker gets up to 2 cards back, the defender 3
RIVAL_WEIGHT = 0.7  # a point taken from the leading rival counts this much
PICK_BIAS = 0.8  # a player's chosen support cards are worth this much above the average
CONTINENT_POINTS = 3.0  # 001 "Variante": 3 points per continent held by strict majority
BOT_REGION_POINTS = 2.0  # 001 solo "FIN DE PARTIE": 2 points per region in the bot's camp
SQRT_BITS = 2 * sys.float_info.mant_dig + 3  # the precision statistics' square root works at


def normal_above(margin: float, spread: float) -> float:
    """Chance that a normal variable of mean ``margin`` and deviation ``spread`` is > 0.

    >>> round(normal_above(0.0, 1.0), 2), normal_above(5.0, 0.0)
    (0.5, 1.0)
    """
    if spread <= 0:
        return 1.0 if margin > 0 else 0.0
    return 0.5 * (1 + math.erf(margin / (spread * math.sqrt(2))))


def value_spread(count: int, total: int, squares: int) -> float:
    """The population standard deviation of ``count`` integers of sum ``total`` and sum of
    squares ``squares``: the correctly rounded root of their exact variance, the float
    ``statistics.pstdev`` returns for them, without its fractions.

    >>> import statistics
    >>> value_spread(4, 1 + 2 + 2 + 6, 1 + 4 + 4 + 36) == statistics.pstdev([1, 2, 2, 6])
    True
    """
    num, den = count * squares - total * total, count * count  # the variance is num / den
    common = math.gcd(num, den)
    num, den = num // common, den // common
    # Round to odd with SQRT_BITS bits, then to the nearest float (statistics does the same).
    shift = (num.bit_length() - den.bit_length() - SQRT_BITS) // 2
    if shift >= 0:
        root, scale = _root_to_odd(num, den << 2 * shift) << shift, 1
    else:
        root, scale = _root_to_odd(num << -2 * shift, den), 1 << -shift
    return root / scale


def _root_to_odd(num: int, den: int) -> int:
    """The square root of ``num / den`` to an integer, rounded to odd."""
    root = math.isqrt(num // den)
    return root | (root * root * den != num)


def _bits(regions: Iterable[int]) -> int:
    """The mask of ``regions``: bit ``r`` set for each region ``r``."""
    mask = 0
    for r in regions:
        mask |= 1 << r
    return mask


def _regions(mask: int) -> list[int]:
    """The regions of ``mask``, in board order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _Geometry:
    """A board as masks: each region's neighbours and each continent's regions."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.neighbours = [_bits(n) for n in board.neighbours]
        self.continents = [_bits(c.regions) for c in board.continents]

    def territories(self, camp: int) -> list[int]:
        """The territories of ``camp`` (001 "LES TERRITOIRES": connected regions, any colour)
        as masks, by their first region in board order."""
        found = []
        neighbours = self.neighbours
        while camp:
            group = frontier = camp & -camp
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                grown = neighbours[low.bit_length() - 1] & camp & ~group
                group |= grown
                frontier |= grown
            camp &= ~group
            found.append(group)
        return found


class _Camps:
    """What follows from the camps alone, seen from one seat: kept while no camp changes."""

    def __init__(
        self, obs: ConquetesObservation, geometry: _Geometry, late: bool, card_worth: float
    ) -> None:
        index = geometry.board.index
        self.geometry, self.me, self.late, self.card_worth = geometry, obs.seat, late, card_worth
        self.majority = obs.continent_majority
        self.seats = len(obs.camps)
        self.masks: dict[int, int] = {}
        for seat, regions in enumerate(obs.camps):
            self.masks[seat] = _bits(index[r] for r in regions)
        if obs.bot_camp:
            self.masks[BOT] = _bits(index[r] for r in obs.bot_camp)
        self.owner: dict[int, int] = {}
        for owner, mask in self.masks.items():
            for r in _regions(mask):
                self.owner[r] = owner
        self.occupied = _bits(self.owner)
        self.camp = self.masks[self.me]
        self._territories: dict[int, list[int]] = {}
        self._rival_most: dict[int, list[int]] = {}
        self._leader: dict[int, float] = {}
        self._seat_points: dict[int, float] = {}
        # The largest territory, the first in board order among equals (scoring.best_territory).
        self.territory = max(
            self.territories(self.camp), key=lambda t: (t.bit_count(), -(t & -t)), default=0
        )
        self._keeps: dict[int, tuple[float, float]] = {}

    def territories(self, camp: int, base: int | None = None) -> list[int]:
        """The territories of ``camp``, in no particular order, computed once per mask: from
        those of ``base`` when given, a camp with one region more or less."""
        found = self._territories.get(camp)
        if found is None:
            geometry = self.geometry
            if base is None:
                found = geometry.territories(camp)
            elif camp & ~base:  # a region more: it joins the territories it borders
                changed = camp & ~base
                touching = geometry.neighbours[changed.bit_length() - 1]
                found = []
                for territory in self.territories(base):
                    if territory & touching:
                        changed |= territory
                    else:
                        found.append(territory)
                found.append(changed)
            else:  # a region less: only its territory may fall apart
                changed = base & ~camp
                found = []
                for territory in self.territories(base):
                    if territory & changed:
                        found.extend(geometry.territories(territory & ~changed))
                    else:
                        found.append(territory)
            self._territories[camp] = found
        return found

    def keep(self, r: int, copies_before: int) -> float:
        """What keeping card ``r`` is worth (``copies_before``: copies of it already kept)."""
        found = self._keeps.get(r)
        if found is None:
            owner = self.owner.get(r)
            support = 0.04 * self.geometry.board.values[r]
            if owner == self.me:
                first = more = (0.9 if self.territory & 1 << r else 0.3) + support
            else:
                if self.late:
                    support = 0.0
                if owner is None:
                    near = not self.camp or bool(self.geometry.neighbours[r] & self.camp)
                    first = (1.1 if near else 0.5) + support
                    more = 0.5 + support  # a duplicate once the first copy is played
                else:
                    first = more = 0.1 + support  # in a rival's camp: support, or a duplicate
            found = self._keeps[r] = (first, more)
        return found[1] if copies_before else found[0]

    def continents(self, owner: int, camp: int) -> float:
        """001 "Variante": 3 points per continent where ``owner``, holding ``camp``, has
        strictly more regions than every other owner has now (none on a tie)."""
        if not self.majority:
            return 0.0
        most = self._rival_most.get(owner)
        if most is None:
            others = [mask for o, mask in self.masks.items() if o != owner]
            most = self._rival_most[owner] = [
                max(((m & c).bit_count() for m in others), default=0)
                for c in self.geometry.continents
            ]
        won = sum(
            (camp & c).bit_count() > n for c, n in zip(self.geometry.continents, most, strict=True)
        )
        return CONTINENT_POINTS * won

    def seat_points(self, seat: int) -> float:
        """The points ``seat``'s camp scores now, its hand unknown."""
        found = self._seat_points.get(seat)
        if found is None:
            camp = self.masks[seat]
            largest = max(map(int.bit_count, self.territories(camp)), default=0)
            found = self._seat_points[seat] = largest + self.continents(seat, camp)
        return found

    def leader_weight(self, owner: int) -> float:
        """How much hurting ``owner`` is worth: fully for the leading rival (or the bot)."""
        if owner == BOT:
            return 1.0
        found = self._leader.get(owner)
        if found is None:
            mine = self.seat_points(owner)
            best = max(self.seat_points(s) for s in range(self.seats) if s != self.me)
            found = self._leader[owner] = RIVAL_WEIGHT if mine >= best else RIVAL_WEIGHT / 2
        return found


def _hand_value(worth: list[float], unknown: float, count: int) -> float:
    """Worth of a hand whose known cards are worth ``worth`` (sorted, largest first) plus
    ``count`` random cards worth ``unknown`` each: only ten are kept at the end of a turn
    (001 "plus de 10 cartes"), and each card over ten helps a rival a little."""
    if count:
        worth = [*worth, *[unknown] * count]
        worth.sort(reverse=True)
    over = max(0, len(worth) - HAND_LIMIT)
    return sum(worth[:HAND_LIMIT]) - GIFT_HARM * over


class _Hand:
    """What follows from the hand (and the camps): kept while neither changes."""

    def __init__(self, camps: _Camps, regions: list[int]) -> None:
        self.camps, self.regions = camps, sorted(regions)
        self.copies: dict[int, int] = {}
        # Masks of the regions held at least once, twice, three times...: a territory's
        # duplicates in hand are the sum of its overlaps with each.
        layers: list[int] = []
        self.worths: list[float] = []  # what keeping each card is worth, largest first
        for r in self.regions:
            before = self.copies.get(r, 0)
            self.copies[r] = before + 1
            if before == len(layers):
                layers.append(0)
            layers[before] |= 1 << r
            self.worths.append(camps.keep(r, before))
        self.layers = tuple(layers)
        self.worths.sort(reverse=True)
        self.worth = _hand_value(self.worths, camps.card_worth, 0)
        self._order: list[int] | None = None
        self._spend: dict[bool, list[float]] = {}

    def _taken(self, r: int, copies: int) -> float:
        """The keep worth a hand of ``copies`` copies of ``r`` loses with one of them: a
        further copy's while there are two or more (see :meth:`_Camps.keep`)."""
        return self.camps.keep(r, copies - 1)

    def less(self, r: int) -> tuple[tuple[int, ...], float]:
        """The layers and the worth of the hand less one copy of ``r``."""
        copies = self.copies[r]
        layers = list(self.layers)
        layers[copies - 1] &= ~(1 << r)
        worths = list(self.worths)
        worths.remove(self._taken(r, copies))
        return tuple(layers), _hand_value(worths, self.camps.card_worth, 0)

    def order(self) -> list[int]:
        """Cards by how cheaply they add support: value for little keep worth first."""
        if self._order is None:
            keep = self.camps.keep
            values = self.camps.geometry.board.values
            ranked = []
            previous = -1
            for r in self.regions:
                ranked.append((keep(r, r == previous), r))
                previous = r
            ranked.sort(key=lambda kr: (-values[kr[1]] / (kr[0] + 0.25), kr[1]))
            self._order = [r for _, r in ranked]
        return self._order

    def spend_costs(self, attacking: bool) -> list[float]:
        """Per ``k``, the worth lost by committing the first ``k`` cards of :meth:`order`:
        the hand's worth before less after, replacements (random cards) included."""
        found = self._spend.get(attacking)
        if found is None:
            unknown, most = self.camps.card_worth, REPLACED[attacking]
            copies, worths = dict(self.copies), list(self.worths)
            found = [self.worth - _hand_value(worths, unknown, 0)]
            for k, r in enumerate(self.order(), 1):  # the order holds every card once
                worths.remove(self._taken(r, copies[r]))
                copies[r] -= 1
                found.append(self.worth - _hand_value(worths, unknown, min(k, most)))
            self._spend[attacking] = found
        return found


class _View:
    """Facts about the match from the observing seat's point of view."""

    def __init__(
        self, obs: ConquetesObservation, camps: _Camps, hand: _Hand, public: list[int]
    ) -> None:
        self.obs, self.camps, self.hand, self.me = obs, camps, hand, obs.seat
        self.board = camps.geometry.board
        copies = self.board.copies
        seen = list(public)  # the discard's and the loot's cards of each region
        for r in hand.regions:
            seen[r] += 1
        # The first version counted the camps with ``Counter.update(owner)``, which adds each
        # region's owner (0, 1, ... or -1 for the bot), not 1: kept, so that the choices stay
        # the same (issue 19 asked for speed only).
        for r, owner in camps.owner.items():
            seen[r] += owner
        count = total = squares = 0
        for v, n in zip(self.board.values, seen, strict=True):
            if n < copies:
                count += copies - n
                total += (copies - n) * v
                squares += (copies - n) * v * v
        self.mean = total / count if count else 3.5  # statistics.fmean of the unseen values
        self.spread = value_spread(count, total, squares) if count > 1 else 1.5
        self.stakes: dict[int, tuple[float, int]] = {}
        self.attacks: dict[tuple[int, int], tuple[list[int], float]] = {}
        self.plans: dict[tuple[int, int, int, int | None], list[int]] = {}

    def points(
        self, owner: int, camp: int, layers: tuple[int, ...] = (), base: int | None = None
    ) -> float:
        """The points ``owner`` would score now with ``camp`` (and the hand of ``layers``,
        see :class:`_Hand`, if known); ``base``: a camp of one region more or less whose
        territories are known (see :meth:`_Camps.territories`)."""
        camps = self.camps
        if owner == BOT:
            return (
                BOT_REGION_POINTS * camp.bit_count()
                + len(self.obs.loot)
                + camps.continents(owner, camp)
            )
        best = 0
        for territory in camps.territories(camp, base):
            worth = territory.bit_count()
            for layer in layers:
                worth += (territory & layer).bit_count()
            best = max(best, worth)
        return best + camps.continents(owner, camp)

    def rival_support(self, owner: int, cards: int) -> tuple[float, float]:
        """Mean and deviation of the support of ``cards`` cards that ``owner`` puts against
        us (the bot draws at random; a seat picks its cards)."""
        if owner == BOT:
            return cards * self.mean, math.sqrt(cards) * self.spread
        return cards * (self.mean + PICK_BIAS), math.sqrt(max(cards, 1)) * self.spread + 1.0


def _best_support(
    view: _View, base: int, stake: float, rival_total: tuple[float, float], attacking: bool
) -> tuple[list[int], float, float]:
    """The prefix of the support order that maximises the expected worth of the fight.

    ``base`` is this side's region value, ``stake`` what the fight is worth, ``rival_total``
    the mean and deviation of the other side's total. Returns (cards, chance of success, net
    expected worth). The attacker needs a strictly greater total; the defender an equal one.
    """
    hand, values = view.hand, view.board.values
    order, costs = hand.order(), hand.spend_costs(attacking)
    mean, spread = rival_total
    best = -1
    best_chance = best_worth = 0.0
    total = base
    # The chance is at most 1, so no prefix is worth more than ``most`` less its cost: those
    # that cannot beat the best so far are skipped (rounding is monotone: the bound holds in
    # floats too, and the choice is the one of evaluating every prefix).
    most = max(stake, 0.0)
    for k in range(len(order) + 1):
        if k:
            total += values[order[k - 1]]
        if (attacking and k == 0) or (best >= 0 and most - costs[k] <= best_worth + 1e-9):
            continue
        margin = (total - mean - 0.5) if attacking else (total - mean + 0.5)
        chance = normal_above(margin, spread)
        worth = chance * stake - costs[k]
        if best < 0 or worth > best_worth + 1e-9:
            best, best_chance, best_worth = k, chance, worth
    return (order[:best], best_chance, best_worth) if best >= 0 else ([], 0.0, -1.0)


class ConquetesHeuristicPlayer:
    """Territory-minded, odds-aware Conquêtes player for every variant and phase.

    >>> from engines.registry import get_game
    >>> match = get_game("conquetes").new_match("standard", 2, seed=1)
    >>> action = ConquetesHeuristicPlayer().act(match.observation(0), match.legal_actions(0))
    >>> type(action).__name__
    'PlayRegion'
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._geometry: _Geometry | None = None
        self._camps: tuple[object, _Camps] | None = None
        self._hand: tuple[object, _Hand] | None = None
        self._view: tuple[object, _View] | None = None
        self._public: tuple[object, list[int]] | None = None

    def view(self, obs: ConquetesObservation) -> _View:
        """The view of ``obs``, made of the pieces kept from earlier decisions that still
        hold (each is kept with everything it was computed from, and compared whole)."""
        geometry = self._geometry
        if geometry is None or geometry.board is not obs.board:
            geometry = self._geometry = _Geometry(obs.board)
            self._camps = self._hand = self._view = self._public = None
        # Near the end, cards in hand count only as duplicates: drawing is worth less.
        late = obs.exhaustions + 1 >= obs.exhaustions_to_end and obs.deck_size < 12
        key = (obs.seat, obs.camps, obs.bot_camp, obs.continent_majority, late)
        if self._camps is None or self._camps[0] != key:
            self._camps = (key, _Camps(obs, geometry, late, 0.05 if late else CARD_WORTH))
        camps = self._camps[1]
        hand_key = (camps, obs.hand)
        if self._hand is None or self._hand[0] != hand_key:
            index = geometry.board.index
            self._hand = (hand_key, _Hand(camps, [index[r] for r in obs.hand]))
        hand = self._hand[1]
        view_key = (hand, obs.discard, obs.loot, obs.deck_size, obs.hand_sizes, obs.bot)
        if self._view is None or self._view[0] != view_key:
            public_key = (obs.discard, obs.loot)
            if self._public is None or self._public[0] != public_key:
                public = [0] * len(geometry.board.regions)
                for name in (*obs.discard, *obs.loot):
                    public[geometry.board.index[name]] += 1
                self._public = (public_key, public)
            self._view = (view_key, _View(obs, camps, hand, self._public[1]))
        view = self._view[1]
        view.obs = obs
        return view

    def act(self, observation: ConquetesObservation, legal_actions: tuple[Action, ...]) -> Action:
        """One of ``legal_actions``, chosen by the habits of the module."""
        view = self.view(observation)
        if observation.phase == SUPPORT:
            return self._support(view, legal_actions)
        grouped = by_kind(legal_actions)
        if GiveCard in grouped or DiscardCard in grouped:
            return self._shed(view, grouped)
        return self._turn(view, grouped)

    # ------------------------------------------------------------------ the turn's action

    def _turn(self, view: _View, grouped: ByKind) -> Action:
        board, me, camps, hand = view.board, view.me, view.camps, view.hand
        now = view.points(me, camps.camp, hand.layers)
        best: Action | None = None
        best_worth = 0.0
        for draw in grouped.get(DrawTwo, ()):
            worth = _hand_value(hand.worths, camps.card_worth, 2) - hand.worth
            if best is None or worth > best_worth:
                best, best_worth = draw, worth
        for play in grouped.get(PlayRegion, ()):
            r = board.index[play.region]
            layers, left = hand.less(r)
            gain = view.points(me, camps.camp | 1 << r, layers, camps.camp) - now
            # Regions next to our own grow the territory later; those next to rivals block.
            around = camps.geometry.neighbours[r]
            ours = (around & camps.camp).bit_count()
            theirs = (around & camps.occupied & ~camps.camp).bit_count()
            kept = left - hand.worth
            worth = gain + 0.25 * min(ours, 2) + 0.1 * theirs + 0.3 + 0.3 * kept
            if best is None or worth > best_worth:
                best, best_worth = play, worth
        for action in grouped.get(Attack, ()):
            worth = self._attack_worth(view, action.source, action.target)[1]
            if best is None or worth > best_worth:
                best, best_worth = action, worth
        assert best is not None  # DrawTwo is always legal in the turn's action
        return best

    def _stake(self, view: _View, target: int) -> tuple[float, int]:
        """What taking ``target`` is worth to the observer, and its owner."""
        found = view.stakes.get(target)
        if found is None:
            me, camps, hand = view.me, view.camps, view.hand
            owner, bit = camps.owner[target], 1 << target
            camp, layers = camps.camp, hand.layers
            gain = view.points(me, camp | bit, layers, camp) - view.points(me, camp, layers)
            theirs = camps.masks[owner]
            loss = view.points(owner, theirs) - view.points(owner, theirs & ~bit, (), theirs)
            found = view.stakes[target] = (gain + camps.leader_weight(owner) * loss, owner)
        return found

    def _attack_worth(self, view: _View, source: str, target: str) -> tuple[list[int], float]:
        """The support to commit when attacking ``target`` from ``source``, and what the
        attack is worth with it (the same for every source of the same value)."""
        board, obs = view.board, view.obs
        s, t = board.index[source], board.index[target]
        key = (board.values[s], t)
        found = view.attacks.get(key)
        if found is None:
            stake, owner = self._stake(view, t)
            if owner == BOT:
                assert obs.bot is not None  # the bot owns regions only in solo, which shows it
                cards = min(obs.bot.defence_support, obs.deck_size)
            else:
                cards = min(obs.hand_sizes[owner], REPLACED[False])
            mean, spread = view.rival_support(owner, cards)
            rival = (board.values[t] + mean, spread)
            plan, _, worth = _best_support(view, board.values[s], stake, rival, attacking=True)
            found = view.attacks[key] = (plan, worth)
        return found

    # ------------------------------------------------------------------ support

    def _support(self, view: _View, legal_actions: tuple[Action, ...]) -> Action:
        attack = view.obs.attack
        assert attack is not None  # asked for support only while an attack is under way
        board = view.board
        if attack.attacker == view.me:
            plan, _ = self._attack_worth(view, attack.source, attack.target)
        else:
            plan = self._defence_plan(view, attack)
        adds = {a.region: a for a in legal_actions if type(a) is AddSupport}
        chosen = [board.index[r] for r in attack.my_support]
        for r in sorted(set(plan)):  # the first card of the plan not chosen yet
            region = board.regions[r]
            if plan.count(r) > chosen.count(r) and region in adds:
                return adds[region]
        for action in legal_actions:
            if type(action) is CommitSupport:
                return action
        return next(iter(adds.values()))  # the attacker must commit one card at least

    def _defence_plan(self, view: _View, attack: AttackView) -> list[int]:
        """The defence that pays best against the announced attack."""
        board, me, camps, hand = view.board, view.me, view.camps, view.hand
        s, t = board.index[attack.source], board.index[attack.target]
        key = (attack.attacker, s, t, attack.attack_count)
        found = view.plans.get(key)
        if found is not None:
            return found
        attacker, bit = attack.attacker, 1 << t
        camp, layers = camps.camp, hand.layers
        loss = view.points(me, camp, layers) - view.points(me, camp & ~bit, layers, camp)
        theirs = camps.masks.get(attacker, 0)
        gain = view.points(attacker, theirs | bit, (), theirs) - view.points(attacker, theirs)
        stake = loss + camps.leader_weight(attacker) * gain
        obs = view.obs
        if attacker == BOT:
            assert obs.bot is not None  # the bot attacks only in solo, which shows it
            cards = min(obs.bot.attack_support, obs.deck_size)
        else:
            cards = attack.attack_count or 0
        mean, spread = view.rival_support(attacker, cards)
        rival = (board.values[s] + mean, spread)
        plan, _, _ = _best_support(view, board.values[t], stake, rival, attacking=False)
        view.plans[key] = plan
        return plan

    # ------------------------------------------------------------------ over ten cards

    def _shed(self, view: _View, grouped: ByKind) -> Action:
        board, camps = view.board, view.camps
        if DiscardCard in grouped:
            worth = {board.index[a.region]: a for a in grouped[DiscardCard]}
            r = min(worth, key=lambda r: (camps.keep(r, 0), r))
            return worth[r]
        gifts = grouped[GiveCard]
        receivers = sorted({a.to for a in gifts})
        # The weakest rival receives: it is the least likely to win with the cards.
        to = min(receivers, key=lambda o: (camps.seat_points(o), o))
        theirs = camps.masks[to]
        neighbours = camps.geometry.neighbours

        def harm(r: int) -> float:
            useful = bool(theirs & 1 << r) or (
                not camps.occupied & 1 << r and bool(neighbours[r] & theirs)
            )
            return camps.keep(r, 0) + (0.6 if useful else 0.0) + 0.05 * board.values[r]

        options = [a for a in gifts if a.to == to]
        return min(options, key=lambda a: (harm(board.index[a.region]), a.region))
