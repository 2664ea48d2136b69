"""A readable rule-of-thumb player for every variant of Conquêtes, the solo mode included.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: grow one large territory, keep the cards that extend it or score as duplicates,
attack and defend when the odds pay for the cards, draw when nothing else is worth it, and
give its surplus to the opponent who can use it least.

Odds: the other side's support is unknown, so it is taken as a sum of ``k`` cards of the
values not yet seen, and the chance of winning comes from a normal approximation.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter

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
from engines.conquetes.observation import BOT, ConquetesObservation
from engines.conquetes.scoring import best_territory, continent_winners
from engines.core import Action

CARD_WORTH = 0.35  # what a random new card is worth in hand, in points
GIFT_HARM = 0.1  # what a card given to a rival costs us
HAND_LIMIT = 10  # 001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes en main"
REPLACED = {True: 2, False: 3}  # 001: the attacker gets up to 2 cards back, the defender 3
RIVAL_WEIGHT = 0.7  # a point taken from the leading rival counts this much
PICK_BIAS = 0.8  # a player's chosen support cards are worth this much above the average


def normal_above(margin: float, spread: float) -> float:
    """Chance that a normal variable of mean ``margin`` and deviation ``spread`` is > 0.

    >>> round(normal_above(0.0, 1.0), 2), normal_above(5.0, 0.0)
    (0.5, 1.0)
    """
    if spread <= 0:
        return 1.0 if margin > 0 else 0.0
    return 0.5 * (1 + math.erf(margin / (spread * math.sqrt(2))))


class _View:
    """Facts about the match from the observing seat's point of view."""

    def __init__(self, obs: ConquetesObservation) -> None:
        board: Board = obs.board
        self.obs, self.board, self.me = obs, board, obs.seat
        index = board.index
        self.owner: dict[int, int] = {}
        for seat, camp in enumerate(obs.camps):
            for r in camp:
                self.owner[index[r]] = seat
        for r in obs.bot_camp:
            self.owner[index[r]] = BOT
        self.hand = [index[r] for r in obs.hand]
        self.camp = [r for r, o in self.owner.items() if o == self.me]
        seen = Counter(self.hand)
        seen.update(self.owner)
        seen.update(index[r] for r in (*obs.discard, *obs.loot))
        unseen = [v for r, v in enumerate(board.values) for _ in range(board.copies - seen[r])]
        self.mean = statistics.fmean(unseen) if unseen else 3.5
        self.spread = statistics.pstdev(unseen) if len(unseen) > 1 else 1.5
        # Near the end, cards in hand count only as duplicates: drawing is worth less.
        self.late = obs.exhaustions + 1 >= obs.exhaustions_to_end and obs.deck_size < 12
        self.card_worth = 0.05 if self.late else CARD_WORTH
        self.territory = best_territory(self.camp, [], board)[0]
        self.hand_worth = hand_worth(self, self.hand)

    def camp_of(self, owner: int) -> list[int]:
        return [r for r, o in self.owner.items() if o == owner]

    def points(self, owner: int, camp: list[int], hand: list[int] | None = None) -> float:
        """The points ``owner`` would score now with ``camp`` (and ``hand``, if known)."""
        if owner == BOT:
            return 2.0 * len(camp) + len(self.obs.loot) + self._continents(owner, camp)
        territory, duplicates = best_territory(camp, hand or [], self.board)
        return len(territory) + len(duplicates) + self._continents(owner, camp)

    def _continents(self, owner: int, camp: list[int]) -> float:
        if not self.obs.continent_majority:
            return 0.0
        camps = {o: self.camp_of(o) for o in {*self.owner.values(), owner}}
        camps[owner] = camp
        return 3.0 * sum(w == owner for w in continent_winners(camps, self.board))

    def rivals(self) -> list[int]:
        if self.obs.bot is not None:
            return [BOT]
        return [s for s in range(len(self.obs.camps)) if s != self.me]

    def leader_weight(self, owner: int) -> float:
        """How much hurting ``owner`` is worth: fully for the leading rival (or the bot)."""
        if owner == BOT:
            return 1.0
        scores = {s: self.points(s, self.camp_of(s)) for s in self.rivals()}
        return RIVAL_WEIGHT if scores[owner] >= max(scores.values()) else RIVAL_WEIGHT / 2

    def keep(self, r: int, copies_before: int = 0) -> float:
        """What keeping card ``r`` is worth (``copies_before``: copies of it already kept)."""
        board, owner = self.board, self.owner.get(r)
        support = 0.04 * board.values[r]
        if owner == self.me:
            return (0.9 if r in self.territory else 0.3) + support
        if self.late:
            support = 0.0
        if owner is None:
            if copies_before:
                return 0.5 + support  # a duplicate once the first copy is played
            near = not self.camp or any(n in self.camp for n in board.neighbours[r])
            return (1.1 if near else 0.5) + support
        return 0.1 + support  # in a rival's camp: only support, or a duplicate if taken

    def keeps(self, cards: list[int]) -> list[tuple[float, int]]:
        """(keep worth, card) for each card of ``cards``, copies counted in order."""
        counted: Counter[int] = Counter()
        worth = []
        for r in sorted(cards):
            worth.append((self.keep(r, counted[r]), r))
            counted[r] += 1
        return worth


def _support_order(view: _View, cards: list[int]) -> list[int]:
    """Cards by how cheaply they add support: value for little keep worth first."""
    ranked = view.keeps(cards)
    ranked.sort(key=lambda kr: (-view.board.values[kr[1]] / (kr[0] + 0.25), kr[1]))
    return [r for _, r in ranked]


def hand_worth(view: _View, cards: list[int], unknown: int = 0) -> float:
    """Worth of a hand of ``cards`` plus ``unknown`` random cards: only ten are kept at the end
    of a turn (001 "plus de 10 cartes"), and each card over ten helps a rival a little."""
    worth = [w for w, _ in view.keeps(cards)]
    worth.extend([view.card_worth] * unknown)
    worth.sort(reverse=True)
    over = max(0, len(worth) - HAND_LIMIT)
    return sum(worth[:HAND_LIMIT]) - GIFT_HARM * over


def _spend_cost(view: _View, cards: list[int], attacking: bool) -> float:
    """Worth lost by committing ``cards``: the hand's worth before less after, replacements
    (random cards) included."""
    left = Counter(view.hand)
    left.subtract(cards)
    replaced = min(len(cards), REPLACED[attacking])
    return view.hand_worth - hand_worth(view, list(left.elements()), replaced)


def _best_support(
    view: _View, base: int, stake: float, rival_total: tuple[float, float], attacking: bool
) -> tuple[list[int], float, float]:
    """The prefix of the support order that maximises the expected worth of the fight.

    ``base`` is this side's region value, ``stake`` what the fight is worth, ``rival_total``
    the mean and deviation of the other side's total. Returns (cards, chance of success, net
    expected worth). The attacker needs a strictly greater total; the defender an equal one.
    """
    order = _support_order(view, view.hand)
    mean, spread = rival_total
    best: tuple[list[int], float, float] | None = None
    total = base
    for k in range(len(order) + 1):
        if k:
            total += view.board.values[order[k - 1]]
        if attacking and k == 0:
            continue
        margin = (total - mean - 0.5) if attacking else (total - mean + 0.5)
        chance = normal_above(margin, spread)
        worth = chance * stake - _spend_cost(view, order[:k], attacking)
        if best is None or worth > best[2] + 1e-9:
            best = (order[:k], chance, worth)
    return best if best is not None else ([], 0.0, -1.0)


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

    def act(self, observation: ConquetesObservation, legal_actions: tuple[Action, ...]) -> Action:
        """One of ``legal_actions``, chosen by the habits of the module."""
        view = _View(observation)
        grouped = by_kind(legal_actions)
        if observation.phase == "support":
            return self._support(view, grouped)
        if GiveCard in grouped or DiscardCard in grouped:
            return self._shed(view, grouped)
        return self._turn(view, grouped)

    # ------------------------------------------------------------------ the turn's action

    def _turn(self, view: _View, grouped: ByKind) -> Action:
        board, me = view.board, view.me
        now = view.points(me, view.camp, view.hand)
        options: list[tuple[float, Action]] = []
        draw_worth = hand_worth(view, view.hand, 2) - view.hand_worth
        options.extend((draw_worth, a) for a in grouped.get(DrawTwo, ()))
        for play in grouped.get(PlayRegion, ()):
            r = board.index[play.region]
            hand = list(view.hand)
            hand.remove(r)
            gain = view.points(me, [*view.camp, r], hand) - now
            # Regions next to our own grow the territory later; those next to rivals block.
            ours = sum(n in view.camp for n in board.neighbours[r])
            theirs = sum(view.owner.get(n, me) != me for n in board.neighbours[r])
            kept = hand_worth(view, hand) - view.hand_worth
            worth = gain + 0.25 * min(ours, 2) + 0.1 * theirs + 0.3 + 0.3 * kept
            options.append((worth, play))
        for action in grouped.get(Attack, ()):
            worth = self._attack_worth(view, action)[1]
            options.append((worth, action))
        options.sort(key=lambda wa: -wa[0])
        return options[0][1]

    def _stake(self, view: _View, target: int) -> tuple[float, int]:
        """What taking ``target`` is worth to the observer, and its owner."""
        me, owner = view.me, view.owner[target]
        gain = view.points(me, [*view.camp, target], view.hand) - view.points(
            me, view.camp, view.hand
        )
        theirs = view.camp_of(owner)
        loss = view.points(owner, theirs) - view.points(owner, [r for r in theirs if r != target])
        return gain + view.leader_weight(owner) * loss, owner

    def _rival_support(self, view: _View, owner: int, attacking: bool) -> tuple[float, float]:
        """Mean and deviation of the support ``owner`` will put against us."""
        obs = view.obs
        if owner == BOT:
            assert obs.bot is not None  # the bot owns regions only in solo, which shows it
            cards = obs.bot.attack_support if attacking else obs.bot.defence_support
            cards = min(cards, obs.deck_size)
            return cards * view.mean, math.sqrt(cards) * view.spread
        cards = min(obs.hand_sizes[owner], REPLACED[attacking])
        return cards * (view.mean + PICK_BIAS), math.sqrt(max(cards, 1)) * view.spread + 1.0

    def _attack_worth(self, view: _View, action: Attack) -> tuple[list[int], float]:
        board = view.board
        s, t = board.index[action.source], board.index[action.target]
        stake, owner = self._stake(view, t)
        mean, spread = self._rival_support(view, owner, attacking=False)
        rival = (board.values[t] + mean, spread)
        cards, _, worth = _best_support(view, board.values[s], stake, rival, attacking=True)
        return cards, worth

    # ------------------------------------------------------------------ support

    def _support(self, view: _View, grouped: ByKind) -> Action:
        attack = view.obs.attack
        assert attack is not None  # asked for support only while an attack is under way
        board = view.board
        s, t = board.index[attack.source], board.index[attack.target]
        if attack.attacker == view.me:
            plan, _ = self._attack_worth(view, Attack(attack.source, attack.target))
        else:
            plan = self._defence_plan(view, s, t, attack.attacker, attack.attack_count)
        chosen = Counter(board.index[r] for r in attack.my_support)
        missing = Counter(plan)
        missing.subtract(chosen)
        for r in sorted(missing):
            if missing[r] > 0:
                action = AddSupport(board.regions[r])
                if action in grouped.get(AddSupport, ()):
                    return action
        if CommitSupport in grouped:
            return grouped[CommitSupport][0]
        return grouped[AddSupport][0]  # the attacker must commit one card at least

    def _defence_plan(
        self, view: _View, s: int, t: int, attacker: int, count: int | None
    ) -> list[int]:
        """The defence that pays best against the announced attack."""
        board, me = view.board, view.me
        loss = view.points(me, view.camp, view.hand) - view.points(
            me, [r for r in view.camp if r != t], view.hand
        )
        theirs = view.camp_of(attacker)
        gain = view.points(attacker, [*theirs, t]) - view.points(attacker, theirs)
        stake = loss + view.leader_weight(attacker) * gain
        obs = view.obs
        if attacker == BOT:
            assert obs.bot is not None  # the bot attacks only in solo, which shows it
            cards = min(obs.bot.attack_support, obs.deck_size)
            mean, spread = cards * view.mean, math.sqrt(cards) * view.spread
        else:
            cards = count or 0
            mean = cards * (view.mean + PICK_BIAS)
            spread = math.sqrt(max(cards, 1)) * view.spread + 1.0
        rival = (board.values[s] + mean, spread)
        plan, _, _ = _best_support(view, board.values[t], stake, rival, attacking=False)
        return plan

    # ------------------------------------------------------------------ over ten cards

    def _shed(self, view: _View, grouped: ByKind) -> Action:
        board = view.board
        if DiscardCard in grouped:
            worth = {board.index[a.region]: a for a in grouped[DiscardCard]}
            r = min(worth, key=lambda r: (view.keep(r), r))
            return worth[r]
        gifts = grouped[GiveCard]
        receivers = sorted({a.to for a in gifts})
        # The weakest rival receives: it is the least likely to win with the cards.
        to = min(receivers, key=lambda o: (view.points(o, view.camp_of(o)), o))
        theirs = set(view.camp_of(to))

        def harm(r: int) -> float:
            useful = r in theirs or (
                r not in view.owner and any(n in theirs for n in board.neighbours[r])
            )
            return view.keep(r) + (0.6 if useful else 0.0) + 0.05 * board.values[r]

        options = [a for a in gifts if a.to == to]
        return min(options, key=lambda a: (harm(board.index[a.region]), a.region))
