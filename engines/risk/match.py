"""The classic Risk rules engine: one state machine for every variant of :mod:`variants`.

Territories are indices into ``WORLD`` inside the engine and public ids in actions, events
and observations. Owners are seat numbers, or ``NEUTRAL`` (-1) for the third force. ``owner``
is the state; ``owned`` indexes it (each owner's territories, sorted: one list per seat plus
a last one that ``owned[NEUTRAL]`` reaches) and is rebuilt from it on restore. Every rule
cites its book (seed 000 or 003) and section; adaptations of table rules are in RULES.md.
"""

from __future__ import annotations

import random
from bisect import insort
from enum import StrEnum
from itertools import product
from typing import Any, Final, cast

from engines.core import spectator
from engines.core.chance import below, compare, die, roll_table, shuffle
from engines.core.contract import (
    Action,
    Amount,
    Event,
    IllegalAction,
    Result,
)
from engines.core.match import Match, count_in, lookup
from engines.core.records import assemble
from engines.risk import cards, missions
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
from engines.risk.board import WORLD
from engines.risk.events import (
    CardDrawn,
    CardsTraded,
    Claimed,
    Conquered,
    DiceRolled,
    Eliminated,
    MatchEnded,
    MissionChanged,
    MissionDealt,
    Moved,
    Placed,
    TerritoriesDealt,
    TurnStarted,
)
from engines.risk.observation import (
    NEUTRAL,
    UNOWNED,
    CardView,
    MissionView,
    Occupation,
    PendingAttack,
    RiskObservation,
)
from engines.risk.variants import (
    ALLY,
    BONUS_ONCE,
    BONUS_PER_CARD,
    CLAIM,
    DEAL,
    ELIM_TRADE_DOWN,
    ON_CONQUEST,
    PROPORTIONAL,
    SETS_DIFFERENT_OR_WILD,
    SETS_SYMBOL_TABLE,
    TURN_START,
    UNFOUGHT_ARMIES,
    VARIANTS,
)

# Phases.
CLAIMING: Final = "claim"
SETUP: Final = "setup"
PLACE: Final = "place"
ATTACK: Final = "attack"
DEFEND: Final = "defend"  # option defender_dice=choose: the attacked seat chooses its dice
OCCUPY: Final = "occupy"
FORTIFY: Final = "fortify"
ALLY_PLACE: Final = "ally_place"
ALLY_ATTACK: Final = "ally_attack"
OVER: Final = "over"

# Card-trading modes of the place phase.
TRADE_TURN: Final = "turn"  # at the start of the turn, before any attack
TRADE_DOWN: Final = "down"  # 003: after an elimination with 6+ cards, down to 4 and no further
TRADE_FREE: Final = "free"  # 000: after an elimination, as the eliminator wishes

# Pools of the cards (``card_pool``): the shuffle a card was last hidden in, or public.
PUBLIC: Final = -1  # its place is known to all: traded (003: then at the bottom of the deck)
FIRST_DECK: Final = 0  # the deck of play, shuffled at the end of the set-up


class EndReason(StrEnum):
    """Why a Risk match ended: every ``reason`` its results may give."""

    WORLD_CONQUERED = "world_conquered"
    """One seat is left with the whole world, every other one eliminated (003 "Gagner la
    partie"; 000 "Variante pour 3 à 6 joueurs", "Conquérir le monde entier"; 000 Conquête
    "Fin de partie")."""
    OPPONENT_ELIMINATED = "opponent_eliminated"
    """Two seats: the other one lost its last territory; the third force may live on (003
    "Règles du RISK classique pour 2 joueurs", "Gagner la partie"; 000 "Règle pour 2 joueurs",
    "Vainqueur")."""
    MISSION_ACCOMPLISHED = "mission_accomplished"
    """A seat was the first to meet its secret mission (000 "Le vainqueur"); a destroy card
    is met when its colour is eliminated, by its holder (or by anyone under option
    ``destroyed_by_other=completed``; RULES.md, "Missions")."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, seats ranked by territories (RULES.md,
    "Step limit"; no book rule)."""


END: Final = EndPhase()
N: Final = len(WORLD.territories)
IDS: Final = WORLD.territories
INDEX: Final = WORLD.index
NEIGHBOURS: Final = WORLD.neighbours
ADJACENT: Final = tuple(frozenset(n) for n in NEIGHBOURS)
CONTINENTS: Final = tuple((c.bonus, c.territories) for c in WORLD.continents)
"""Each continent's bonus and territories."""
# Legal-action templates are built once and shared (actions are frozen): listing legal actions
# is the engine's hot path. Each territory, or each (territory, neighbour) pair, has one slot
# per kind of template, mapping the top of the template's Amount to the template.
SLOT_LIMIT: Final = 512  # a slot holding more templates than this is emptied
Slot = dict[int, Action]


AMOUNTS: Final = tuple(Amount(1, high) for high in range(SLOT_LIMIT + 1))
"""``Amount(1, high)`` for each ``high`` up to SLOT_LIMIT, shared by the templates."""


def _slot_template(slot: Slot, high: int, kind: type[Action], *names: str) -> Action:
    """The template of ``kind`` for ``names`` with amount 1..``high``, from ``slot``."""
    template = slot.get(high)
    if template is None:
        if len(slot) > SLOT_LIMIT:
            slot.clear()
        amount = AMOUNTS[high] if high <= SLOT_LIMIT else Amount(1, high)
        template = slot[high] = assemble(kind, (*names, amount))
    return template


PLACE_SLOTS: Final[tuple[Slot, ...]] = tuple({} for _ in IDS)
FORTIFY_SLOTS: Final[tuple[tuple[Slot, ...], ...]] = tuple(
    tuple({} for _ in NEIGHBOURS[s]) for s in range(N)
)
ATTACK_SLOTS: Final[tuple[tuple[tuple[int, tuple[Attack, ...], Slot], ...], ...]] = tuple(
    tuple(
        (t, tuple(Attack(IDS[s], IDS[t], Amount(1, d)) for d in (1, 2, 3)), {})
        for t in NEIGHBOURS[s]
    )
    for s in range(N)
)
"""Per territory, per neighbour: (neighbour, its Attack templates for 1-3 dice, its Blitz slot)."""
CLAIMS: Final = tuple(Claim(territory) for territory in IDS)
DEFENCES: Final = tuple(tuple(Defend(dice) for dice in range(most, 0, -1)) for most in range(4))
"""The defender's choices by the most dice it may roll: the most first, the engine's own
rule (RULES.md, "Defender's dice"), which is the default action of a seat that does not
answer."""
OCCUPATIONS: Final[dict[tuple[int, int], tuple[Action, ...]]] = {}
"""The occupation's legal actions by (least, most) armies to move in, built once and shared."""
CARD_VIEWS: Final = {
    deck: tuple(
        CardView(WORLD.card_name(c), None if c >= N else IDS[c], WORLD.card_symbol(c, deck))
        for c in range(WORLD.cards)
    )
    for deck in ("us", "fr")
}
"""Each card as a hand shows it, by deck ("us" or "fr" symbols), built once and shared."""
MISSION_VIEWS: Final = tuple(MissionView(m.id, m.text_fr, m.text_en) for m in missions.ALL)
"""Each mission as its holder sees it, by index into ``missions.ALL``."""

VERSION: Final = "risk-1.2.0"
"""This engine's version: a roll is one draw from ``TABLES``; the cards drawn at once show in
card order."""
VERSION_1_1: Final = "risk-1.1.0"
"""The version before, still played for its replays and leagues: a roll draws each side's
dice apart, from ``SIDES`` and ``ROLLS``; the cards drawn at once show in the deck's order."""
TABLES: Final = tuple(tuple(roll_table((6,) * a, (6,) * d) for d in range(4)) for a in range(4))
"""``TABLES[a][d]``: every outcome of a d6s against d d6s, compared (:func:`roll_table`)."""
SIDES: Final = (1, 6, 36, 216)
ROLLS: Final = tuple(
    tuple(tuple(sorted(outcome, reverse=True)) for outcome in product(range(1, 7), repeat=k))
    for k in range(4)
)
"""``ROLLS[k][i]``: the i-th of the 6**k ordered outcomes of k dice, sorted highest first."""
# Candidate sets by (rules: sets, deck, distinct cards; hand).
_SETS: Final[dict[tuple[str, str, bool, tuple[int, ...]], list[tuple[int, ...]]]] = {}
_TRADES: Final[dict[tuple[tuple[int, ...], int], TradeCards]] = {}


def _trade_template(combo: tuple[int, ...], bonus: int) -> TradeCards:
    """The shared TradeCards action for ``combo`` (``bonus`` -1: no territory to choose)."""
    action = _TRADES.get((combo, bonus))
    if action is None:
        names = tuple(WORLD.card_name(c) for c in combo)
        action = _TRADES[combo, bonus] = TradeCards(names, IDS[bonus] if bonus >= 0 else None)
    return action


STATE_FIELDS: Final = (
    "owner",
    "armies",
    "hands",
    "deck",
    "discard",
    "alive",
    "eliminations",
    "dealt",
    "mission",
    "card_pool",
    "card_witnesses",
    "phase",
    "current",
    "turn",
    "first",
    "round",
    "pending",
    "trade_mode",
    "trades",
    "bonus_used",
    "conquered",
    "occupation",
    "after_occupy",
    "attack",
    "after_defend",
    "elim_trade",
    "locked",
    "gain",
    "ally_done",
    "queue",
    "claims_left",
    "winner_reason",
    "trading_open",
)


class RiskMatch(Match):
    """A classic Risk match of any variant in ``variants.VARIANTS``."""

    state_fields = STATE_FIELDS

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
        self.version_1_1 = version == VERSION_1_1  # its dice and events, for its replays
        self.rules = VARIANTS[variant]
        self.symbols = WORLD.symbols_us if self.rules.deck == "us" else WORLD.symbols_fr
        self.card_views = CARD_VIEWS[self.rules.deck]
        self.colours = missions.COLOURS[:seats]
        self.unfought = self.rules.fortify == UNFOUGHT_ARMIES
        self.cards_on = options["cards"] == "on"
        # The rules' values read on every decision, copied once into the match's own fields.
        self.protected_rounds = self.rules.protected_rounds
        self.defender_max_dice = self.rules.defender_max_dice
        self.defender_chooses = options["defender_dice"] == "choose"
        self.missions_on = self.rules.missions
        self.progressive = self.cards_on and self.rules.sets != SETS_SYMBOL_TABLE  # set values
        self.alone = tuple((seat,) for seat in range(seats))  # each seat to move alone, made once
        self.owner = [UNOWNED] * N
        self.armies = [0] * N
        self.owned: list[list[int]] = [[] for _ in range(seats + 1)]
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.alive = [True] * seats
        self.eliminations: list[list[int]] = []  # [seat, eliminated by, round], in order
        self.dealt: list[int | None] = [None] * seats  # the mission card each seat was dealt
        self.mission: list[int | None] = [None] * seats  # the mission it holds now
        # What the seats know of the cards' places (for redraw_hidden; RULES.md, "What a seat
        # knows"): each card's pool, and the seats that handed it over when eliminated.
        self.card_pool = [FIRST_DECK] * WORLD.cards
        self.card_witnesses = [0] * WORLD.cards
        self.phase = SETUP
        self.current = 0
        self.turn = 0
        self.first = 0
        self.round = 0
        self.pending = 0
        self.trade_mode = TRADE_TURN
        self.trading_open = False  # sets may be traded until the first army is placed
        self.trades = 0
        self.bonus_used = False
        self.conquered = False
        self.occupation: list[int] | None = None  # [source, target, minimum]
        self.after_occupy = ATTACK
        self.attack: list[int] | None = None  # [source, target, dice, keep (0: one roll)]
        self.after_defend = ATTACK
        self.elim_trade: str | None = None
        self.locked = [0] * N  # 000 Conquête: armies of each territory that fought or moved
        self.gain = 0
        self.ally_done = False
        self.queue: list[list[int]] = []  # set-up placements: [seat, owner, armies]
        self.claims_left = 0
        self.winner_reason: list[int | str] | None = None  # [winner, reason, mission id]
        self._forget_views()
        self._setup(self.setup_events)

    def _forget_views(self) -> None:
        """Drop what is derived from the state to answer observations and legal actions
        quickly; each part is made again when asked, and dropped again when its part of the
        state changes (:meth:`_armies_changed`, :meth:`_take`, :meth:`_cards_moved`)."""
        self.owners_view: tuple[int, ...] | None = None
        self.armies_view: tuple[int, ...] | None = None
        self.alive_view: tuple[bool, ...] | None = None
        self.hand_views: list[tuple[CardView, ...] | None] = [None] * self.seats
        self.hand_sizes_view: tuple[int, ...] | None = None
        self.discard_view: tuple[str, ...] | None = None
        self.set_value_at = [-1, 0]  # [trades done, the next set's value then]
        # Per territory, the legal actions that start from it, and whether they are stale.
        self.attack_stale = [True] * N
        self.attack_segments: list[tuple[Action, ...]] = [()] * N
        self.attack_targets: list[tuple[int, ...]] = [()] * N  # each pair's target
        self.fortify_stale = [True] * N
        self.fortify_segments: list[tuple[Action, ...]] = [()] * N

    def _armies_changed(self, t: int) -> None:
        """Territory ``t``'s armies (or, in 000 Conquête, those locked there) changed."""
        self.attack_stale[t] = self.fortify_stale[t] = True
        self.armies_view = None

    def _cards_moved(self) -> None:
        """Cards changed places between the deck, the hands and the discard."""
        self.hand_views = [None] * self.seats
        self.hand_sizes_view = self.discard_view = None

    # =========================================================================== set-up

    def _setup(self, events: list[Event]) -> None:
        rules, n = self.rules, self.seats
        if rules.missions:
            self._deal_missions(events)
        if rules.setup == CLAIM and n > 2:
            # 003 "Placement initial des armées" 2-3: claim the 42 territories one by one.
            self.phase, self.current, self.claims_left = CLAIMING, 0, N
            return
        if rules.setup == CLAIM:  # 003 "2 joueurs": deal by thirds, jokers out.
            self._deal_thirds(events, armies_each=1)
            self._queue_two_player_setup()
        elif rules.setup == DEAL and rules.third_force == ALLY:
            # 000 "Règle pour 2 joueurs": jokers out, 14 cards each, the rest to the allié,
            # which gets 2 armies on each of its 14 territories (28 in all).
            self._deal_thirds(events, armies_each=1, third_armies=2)
            self._queue_round_robin(self.rules.starting_armies[n] - N // 3)
        elif rules.setup == DEAL:
            # 000 "Occupations des territoires": all 44 cards (jokers too) dealt one by one;
            # a joker gives no territory; one army on each territory dealt.
            deck = list(range(WORLD.cards))
            shuffle(self.rng, deck)
            dealt: list[list[int]] = [[] for _ in range(n)]
            for i, card in enumerate(deck):
                if not WORLD.is_wild(card):
                    dealt[i % n].append(card)
            for seat, territories in enumerate(dealt):
                self._give(seat, territories, 1, events)
            self._queue_round_robin(None)
        else:
            self._dice_deal(events)
        self._finish_setup_if_done(events)

    def _deal_missions(self, events: list[Event]) -> None:
        """000 "Préparation": a random secret mission to each; unused ones stay hidden."""
        pool = missions.dealt_from(self.seats, self.options["absent_colour_missions"])
        shuffle(self.rng, pool)
        self.dealt = list(pool[: self.seats])  # list[int | None]: a copy, typed as the field
        self.mission = self._read_missions(events)

    def _read_missions(self, events: list[Event]) -> list[int | None]:
        """Each seat reads the card it was dealt (``MissionDealt``); a destroy card of its own
        colour or of a colour nobody plays becomes 24 territories at once (``MissionChanged``,
        :func:`missions.as_read`). Returns the missions held then."""
        held: list[int | None] = []  # all cards, but typed as ``self.mission``
        for seat, card in enumerate(self.dealt):
            assert card is not None  # called once missions are dealt, to every seat
            events.append(MissionDealt(seat, missions.ALL[card].id))
            index = missions.as_read(card, seat, self.seats)
            if index != card:
                events.append(MissionChanged(seat, missions.FALLBACK.id))
            held.append(index)
        return held

    def _deal_thirds(self, events: list[Event], armies_each: int, third_armies: int = 1) -> None:
        """Deal the 42 territory cards (wild cards out) in three equal piles: seat 0, seat 1,
        and the third force (003 "2 joueurs"; 000 "Règle pour 2 joueurs")."""
        deck = list(range(N))
        shuffle(self.rng, deck)
        piles = [deck[0::3], deck[1::3], deck[2::3]]
        self._give(0, piles[0], armies_each, events)
        self._give(1, piles[1], armies_each, events)
        self._give(NEUTRAL, piles[2], third_armies, events)

    def _dice_deal(self, events: list[Event]) -> None:
        """000 Conquête "I - La distribution des territoires": jokers out; in turn each player
        rolls a die and takes that many cards and territories, one army on each; the last
        one takes what remains. The next player opens "II - La conquête du monde"."""
        deck = list(range(N))
        shuffle(self.rng, deck)
        seat = 0
        while deck:
            rolled = die(self.rng, 6)
            taken, deck = deck[:rolled], deck[rolled:]
            self._give(seat, taken, 1, events, die=rolled)
            seat = (seat + 1) % self.seats
        self.first = seat

    def _give(
        self, owner: int, territories: list[int], armies: int, events: list[Event], die: int = 0
    ) -> None:
        for t in territories:
            self._take(t, owner)
            self.armies[t] = armies
            self._armies_changed(t)
        events.append(TerritoriesDealt(owner, tuple(IDS[t] for t in territories), armies, die))

    def _queue_round_robin(self, armies_left: int | None, start: int = 0) -> None:
        """Set-up placements one army at a time in seat order until all are placed.

        000 "Ils peuvent ensuite répartir à leur gré les armées qui leur restent" happens at
        once around a real table; one army at a time in turn is its digital equivalent
        (RULES.md), the 003 way ("chacun place ensuite un MOD 1.0").
        """
        n = self.seats
        left = [
            armies_left
            if armies_left is not None
            else self.rules.starting_armies[n] - len(self.owned[s])
            for s in range(n)
        ]
        while any(left):
            for i in range(n):
                seat = (start + i) % n
                if left[seat] > 0:
                    self.queue.append([seat, seat, 1])
                    left[seat] -= 1

    def _queue_two_player_setup(self) -> None:
        """003 "2 joueurs": each in turn places 2 of its own (on 1 or 2 territories), then 1
        neutral, until all 40 + 40 + 40 are on the board."""
        left = self.rules.starting_armies[2] - N // 3
        while left > 0:
            for seat in (0, 1):
                self.queue.append([seat, seat, min(2, left)])
                self.queue.append([seat, NEUTRAL, 1])
            left -= 2

    def _finish_setup_if_done(self, events: list[Event]) -> None:
        if self.queue:
            self.phase, self.current = SETUP, self.queue[0][0]
            return
        # The deck for play: all 44 cards shuffled (003 "Mise en place" 6; 000 "l'arbitre
        # reprend toutes les cartes et en fait un Talon"; 000 2 joueurs "remises en paquet
        # avec les jokers"; 000 Conquête II "en y ajoutant les Jokers, les bat"). With option
        # cards=off there is none: nothing is ever drawn, so no set is ever traded (RULES.md).
        if self.cards_on:
            self.deck = list(range(WORLD.cards))
            shuffle(self.rng, self.deck)
        self.round = 1
        self._begin_turn(self.first, events)

    # =========================================================================== turns

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        rules = self.rules
        self.turn = self.current = seat
        self.conquered = self.bonus_used = self.ally_done = False
        if self.unfought:
            self.locked = [0] * N
            self.fortify_stale = [True] * N
        drawn = 0
        held = len(self.owned[seat])
        if rules.card_gain == PROPORTIONAL:
            # 000 Conquête "deuxième règle": t territories give t//4 armies and t%4 cards.
            armies = held // 4
            drawn = self._draw(seat, held % 4, events)
        else:
            if rules.card_gain == TURN_START:
                # 000 Conquête "Premier temps a)": a card from the top at every turn.
                drawn = self._draw(seat, 1, events)
            # 000 "Forces armées A)" and Conquête "b)": one army per 3 territories;
            # 003 "Territoires": the same, "toujours un minimum de 3".
            armies = max(rules.minimum_reinforcement, held // 3)
        # 000 "Forces armées B)", Conquête "c)", 003 "Continents": whole-continent bonuses.
        owner = self.owner
        for bonus, territories in CONTINENTS:
            if all(owner[t] == seat for t in territories):
                armies += bonus
        self.pending = self.gain = armies
        self.trade_mode = TRADE_TURN
        self.trading_open = True
        self.phase = PLACE
        events.append(TurnStarted(seat, self.round, armies, drawn))
        if not self._check_mission(seat, events):
            self._settle_place()

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.turn
        if self.rules.card_gain == ON_CONQUEST and self.conquered:
            # 003 "Recevoir des cartes": one card at the end of a turn with a conquest;
            # 000 "il n'omettra pas de prendre une carte au Talon" (one, the top one).
            self._draw(seat, 1, events)
        nxt = self._next_alive(seat)
        if (nxt - self.first) % self.seats <= (seat - self.first) % self.seats:
            self.round += 1
        self._begin_turn(nxt, events)

    def _next_alive(self, seat: int) -> int:
        for i in range(1, self.seats + 1):
            candidate = (seat + i) % self.seats
            if self.alive[candidate]:
                return candidate
        return seat

    def _draw(self, seat: int, how_many: int, events: list[Event]) -> int:
        """Draw from the top of the deck; an empty deck is remade from the traded cards,
        shuffled (000 "Lorsque le Talon est épuisé, l'arbitre reprend les cartes qui ont
        servi, les bat"). With no card anywhere, nothing is drawn."""
        cards: list[int] = []
        for _ in range(how_many):
            if not self.deck and self.discard:
                self.deck, self.discard = self.discard, []
                shuffle(self.rng, self.deck)
                # A new pool: nobody knows this deck's order, nor who draws which of its cards.
                pool = max(self.card_pool) + 1
                for card in self.deck:
                    self.card_pool[card] = pool
                    self.card_witnesses[card] = 0
            if not self.deck:
                break
            card = self.deck.pop()
            self.hands[seat].append(card)
            self._cards_moved()
            cards.append(card)
        if not self.version_1_1:
            # The order the cards lay in the deck is nobody's to know, not even once drawn: the
            # cards drawn at once show in card order (000 Conquête "deuxième règle" draws several).
            cards.sort()
        events.extend(CardDrawn(seat, WORLD.card_name(card)) for card in cards)
        return len(cards)

    # =========================================================================== to move

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == DEFEND:  # asked out of turn
            return self.alone[self._defender()]
        return () if phase == OVER else self.alone[self.current]

    def _defender(self) -> int:
        """The seat whose territory the attack waiting in phase ``defend`` targets."""
        assert self.attack is not None  # set by _attack for the defend phase
        return self.owner[self.attack[1]]

    def _actor(self) -> int:
        """The owner whose armies the deciding seat moves now (itself, or the third force)."""
        phase = self.phase
        if phase == SETUP:
            return self.queue[0][1]
        if phase == DEFEND:
            return self._defender()
        if phase in (ALLY_PLACE, ALLY_ATTACK) or (
            phase == OCCUPY and self.after_occupy == ALLY_ATTACK
        ):
            return NEUTRAL
        return self.current

    # =========================================================================== legal

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase in (ATTACK, ALLY_ATTACK):
            return self._attack_options()
        if phase == PLACE:
            return self._place_options(seat)
        if phase == SETUP:
            _, owner, most = self.queue[0]
            return self._place_templates(owner, most)
        if phase == ALLY_PLACE:
            return self._place_templates(NEUTRAL, self.pending)
        if phase == OCCUPY:
            assert self.occupation is not None  # set by _conquer for the occupy phase
            source, _, low = self.occupation
            key = (low, self.armies[source] - 1)
            options = OCCUPATIONS.get(key)
            if options is None:
                if len(OCCUPATIONS) > SLOT_LIMIT:
                    OCCUPATIONS.clear()
                options = OCCUPATIONS[key] = (Occupy(Amount(*key)),)
            return options
        if phase == DEFEND:
            assert self.attack is not None  # set by _attack for the defend phase
            return DEFENCES[self._defence_most(self.attack[1])]
        if phase == FORTIFY:
            return self._fortify_options(seat)
        if phase == CLAIMING:
            return tuple(CLAIMS[t] for t in range(N) if self.owner[t] == UNOWNED)
        return ()

    def _place_templates(self, owner: int, most: int) -> tuple[Action, ...]:
        slots = PLACE_SLOTS
        return tuple(
            [
                slots[t].get(most) or _slot_template(slots[t], most, Place, IDS[t])
                for t in self.owned[owner]
            ]
        )

    def _place_options(self, seat: int) -> tuple[Action, ...]:
        trades = self._trade_options(seat) if self._may_trade(seat) else []
        if trades and self._must_trade(seat):
            return tuple(trades)
        if self.pending:
            trades.extend(self._place_templates(seat, self.pending))
        else:
            trades.append(END)
        return tuple(trades)

    def _attack_options(self) -> tuple[Action, ...]:
        me = self._actor()
        # The same tests as _attackable, hoisted out of the loop (this is the hot path).
        only = self.turn if self.phase == ALLY_ATTACK else None
        protected = self.round <= self.protected_rounds
        stale, segments = self.attack_stale, self.attack_segments
        options: list[Action] = []
        if only is None and not protected:
            for s in self.owned[me]:
                options.extend(segments[s] if not stale[s] else self._attack_segment(s))
        else:
            owner, owned = self.owner, self.owned
            for s in owned[me]:
                segment = segments[s] if not stale[s] else self._attack_segment(s)
                for i, t in enumerate(self.attack_targets[s]):
                    victim = owner[t]
                    if (only is not None and victim != only) or (
                        protected and victim >= 0 and len(owned[victim]) == 1
                    ):
                        continue
                    options.append(segment[2 * i])
                    options.append(segment[2 * i + 1])
        options.append(END)
        return tuple(options)

    def _attack_segment(self, s: int) -> tuple[Action, ...]:
        """The attacks from ``s`` by its holder, made again after ``s``'s armies or the holders
        around it changed: for each neighbour held by another, in the board's order, the
        Attack template with the most dice the armies allow, then the Blitz. Also sets the
        targets of these pairs (``attack_targets``)."""
        armies, owner = self.armies[s], self.owner
        me = owner[s]
        options: list[Action] = []
        targets: list[int] = []
        if armies >= 2:
            dice = (3 if armies > 3 else armies - 1) - 1
            for t, attacks, blitzes in ATTACK_SLOTS[s]:
                if owner[t] != me:
                    targets.append(t)
                    options.append(attacks[dice])
                    options.append(
                        blitzes.get(armies - 1)
                        or _slot_template(blitzes, armies - 1, Blitz, IDS[s], IDS[t])
                    )
        segment = self.attack_segments[s] = tuple(options)
        self.attack_targets[s] = tuple(targets)
        self.attack_stale[s] = False
        return segment

    def _attackable(self, t: int) -> bool:
        """Whether the mover may attack territory ``t`` (not its own; checked by callers)."""
        victim = self.owner[t]
        if self.phase == ALLY_ATTACK and victim != self.turn:
            # 000 2 joueurs "Précisions": never one's own territories with the allié.
            return False
        # 000 "Fin d'un combattant", Conquête "Élimination": no elimination before the end of
        # the 4th round, so a player's last territory cannot be attacked until then.
        return not (
            victim >= 0 and len(self.owned[victim]) == 1 and self.round <= self.protected_rounds
        )

    def _movable(self, s: int) -> int:
        """Armies that may leave ``s`` in the fortify phase: all but one; in 000 Conquête
        only those that did not fight, though the one left behind may be one that did."""
        armies = self.armies[s]
        return min(armies - 1, armies - self.locked[s]) if self.unfought else armies - 1

    def _fortify_options(self, seat: int) -> tuple[Action, ...]:
        stale, segments = self.fortify_stale, self.fortify_segments
        options: list[Action] = []
        for s in self.owned[seat]:
            options.extend(segments[s] if not stale[s] else self._fortify_segment(s))
        options.append(END)
        return tuple(options)

    def _fortify_segment(self, s: int) -> tuple[Action, ...]:
        """The moves from ``s`` to its holder's neighbouring territories, in the board's order,
        made again after the armies (or locked armies) of ``s`` or the holders around it
        changed."""
        owner = self.owner
        me = owner[s]
        movable = self._movable(s)
        slots = FORTIFY_SLOTS[s]
        segment = self.fortify_segments[s] = (
            tuple(
                [
                    slots[i].get(movable)
                    or _slot_template(slots[i], movable, Fortify, IDS[s], IDS[t])
                    for i, t in enumerate(NEIGHBOURS[s])
                    if owner[t] == me
                ]
            )
            if movable >= 1
            else ()
        )
        self.fortify_stale[s] = False
        return segment

    # =========================================================================== cards

    def _may_trade(self, seat: int) -> bool:
        """Sets are traded first, then armies placed (003 "au début du tour"; 000 "toujours
        avant de combattre", Conquête "d)" after the armies of b) and c)): RULES.md."""
        if not self.trading_open:
            return False
        if self.trade_mode == TRADE_DOWN:
            # 003 "Éliminer un adversaire": trade until the hand is down to 4, then stop.
            return len(self.hands[seat]) >= 5
        return self._may_hold_a_set(seat)

    def _may_hold_a_set(self, seat: int) -> bool:
        """Whether the seat holds cards enough for a set: 3, or 1 in 000 Conquête (a joker).
        Hand sizes are public, what a hand holds is not: the phases follow this, never whether
        a set is in the hand, so that they tell nobody (RULES.md)."""
        return len(self.hands[seat]) >= (1 if self.rules.sets == SETS_DIFFERENT_OR_WILD else 3)

    def _must_trade(self, seat: int) -> bool:
        if self.trade_mode == TRADE_DOWN:
            return True
        # 003 "si vous avez en main au début de votre tour 5 ou 6 cartes, vous devez
        # échanger"; 000 "quand vous avez 5 cartes ou plus vous devez obligatoirement".
        at = self.rules.forced_trade_at
        return (
            self.trade_mode == TRADE_TURN
            and at is not None
            and len(self.hands[seat]) >= at
            and bool(self._sets(seat))
        )

    def _sets(self, seat: int) -> list[tuple[int, ...]]:
        """The sets in ``seat``'s hand (:func:`cards.candidate_sets`), each hand's found once."""
        rules = self.rules
        hand = tuple(sorted(self.hands[seat]))
        key = (rules.sets, rules.deck, rules.territory_bonus is not None, hand)
        sets = _SETS.get(key)
        if sets is None:
            if len(_SETS) > SLOT_LIMIT * 64:
                _SETS.clear()
            sets = _SETS[key] = cards.candidate_sets(
                hand, self._symbol, rules.sets, distinct_cards=rules.territory_bonus is not None
            )
        return sets

    def _trade_options(self, seat: int) -> list[Action]:
        rules = self.rules
        sets = self._sets(seat)
        with_bonus = rules.territory_bonus == BONUS_ONCE and not self.bonus_used
        owner = self.owner
        options: list[Action] = []
        for combo in sets:
            owned = [c for c in combo if c < N and owner[c] == seat] if with_bonus else ()
            if owned:
                options.extend(_trade_template(combo, c) for c in owned)
            else:
                options.append(_trade_template(combo, -1))
        return options

    def _symbol(self, card: int) -> str:
        return "wild" if card >= N else self.symbols[card]

    def _trade(self, seat: int, action: TradeCards, events: list[Event]) -> None:
        hand = self.hands[seat]
        if not isinstance(action.cards, tuple) or not self._may_trade(seat):
            raise IllegalAction(seat, action, "no set may be traded now")
        found = [WORLD.card_index(c) if isinstance(c, str) else None for c in action.cards]
        if None in found or len(set(found)) != len(found) or any(c not in hand for c in found):
            raise IllegalAction(seat, action, f"cards {action.cards} are not all in your hand")
        combo = cast("list[int]", found)  # every card was found: None was ruled out above
        symbols = [self._symbol(c) for c in combo]
        if not cards.is_set(symbols, self.rules.sets):
            raise IllegalAction(seat, action, f"{sorted(symbols)} is not a set in {self.variant}")
        owned = [c for c in combo if c < N and self.owner[c] == seat]
        bonus_rule = self.rules.territory_bonus
        bonus_cards: list[int] = []
        if bonus_rule == BONUS_ONCE and owned and not self.bonus_used:
            # 003 "Territoires occupés": +2 on one owned territory shown, once a turn; "vous
            # devez alors choisir entre eux".
            t = (
                INDEX.get(action.bonus_territory)
                if isinstance(action.bonus_territory, str)
                else None
            )
            if t not in owned:
                names = [IDS[c] for c in owned]
                raise IllegalAction(seat, action, f"choose the +2 territory among {names}")
            bonus_cards = [t]
        elif action.bonus_territory is not None:
            raise IllegalAction(seat, action, "no territory bonus applies to this trade")
        elif bonus_rule == BONUS_PER_CARD:
            # 000 "Premier temps C)": 2 more armies per card of an occupied territory, which
            # "doivent être placées sur ces territoires et non ailleurs".
            bonus_cards = owned
        if self.rules.sets == SETS_SYMBOL_TABLE:
            value = cards.table_value(symbols)
        else:
            value = self.rules.set_value(self.trades)
        self.trades += 1
        self._cards_moved()
        for c in combo:
            hand.remove(c)
            self.card_pool[c] = PUBLIC  # shown, then set aside or under the deck, face known
        if self.rules.traded_to_deck_bottom:
            self.deck[:0] = combo  # 003: "replacées au bas de la pile"
        else:
            self.discard.extend(combo)  # 000: "Les cartes qui ont servi sont écartées"
        if bonus_cards and bonus_rule == BONUS_ONCE:
            self.bonus_used = True
        for t in bonus_cards:
            self.armies[t] += 2
            self._armies_changed(t)
        self.pending += value
        self.gain += value + 2 * len(bonus_cards)
        events.append(CardsTraded(seat, action.cards, value, tuple(IDS[t] for t in bonus_cards)))

    # =========================================================================== apply

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        phase = self.phase
        # ``kind is X`` does not narrow ``action`` for the type checker: the casts do.
        if kind is Attack or kind is Blitz:
            if phase not in (ATTACK, ALLY_ATTACK):
                raise IllegalAction(seat, action, f"no attack in the {phase} phase")
            self._attack(seat, cast("Attack | Blitz", action), events)
        elif kind is Place:
            self._place(seat, cast(Place, action), events)
        elif kind is EndPhase:
            self._end_phase(seat, cast(EndPhase, action), events)
        elif kind is Defend:
            if phase != DEFEND:
                raise IllegalAction(seat, action, f"no attack to defend in the {phase} phase")
            self._defend(seat, cast(Defend, action), events)
        elif kind is Occupy:
            if phase != OCCUPY:
                raise IllegalAction(seat, action, f"nothing to occupy in the {phase} phase")
            self._occupy(seat, cast(Occupy, action), events)
        elif kind is TradeCards:
            if phase != PLACE:
                raise IllegalAction(
                    seat, action, f"sets are traded before attacking, not in the {phase} phase"
                )
            self._trade(seat, cast(TradeCards, action), events)
            self._settle_place()
        elif kind is Fortify:
            if phase != FORTIFY:
                raise IllegalAction(seat, action, f"no fortification in the {phase} phase")
            self._fortify(seat, cast(Fortify, action), events)
        elif kind is Claim:
            self._claim(seat, cast(Claim, action), events)
        else:
            raise IllegalAction(seat, action, "not a classic Risk action")
        return events

    def _claim(self, seat: int, action: Claim, events: list[Event]) -> None:
        if self.phase != CLAIMING:
            raise IllegalAction(seat, action, f"no claiming in the {self.phase} phase")
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if self.owner[t] != UNOWNED:
            raise IllegalAction(seat, action, f"{action.territory} is already held")
        self._take(t, seat)
        self.armies[t] = 1
        self._armies_changed(t)
        self.claims_left -= 1
        events.append(Claimed(seat, IDS[t]))
        if self.claims_left:
            self.current = (seat + 1) % self.seats
            return
        # 003 step 4: "Toujours dans le même ordre" each then reinforces one army at a time;
        # the order goes on from the seat after the last claim.
        self._queue_round_robin(None, start=(seat + 1) % self.seats)
        self._finish_setup_if_done(events)

    def _place(self, seat: int, action: Place, events: list[Event]) -> None:
        phase = self.phase
        if phase == SETUP:
            _, owner, most = self.queue[0]
        elif phase == PLACE:
            owner, most = seat, self.pending
            if self._may_trade(seat) and self._must_trade(seat):
                raise IllegalAction(seat, action, "you must trade a set first")
        elif phase == ALLY_PLACE:
            owner, most = NEUTRAL, self.pending
        else:
            raise IllegalAction(seat, action, f"no armies to place in the {phase} phase")
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if self.owner[t] != owner:
            whose = "the third force's" if owner == NEUTRAL else "your"
            raise IllegalAction(
                seat, action, f"{action.territory} is not one of {whose} territories"
            )
        if most < 1:
            raise IllegalAction(seat, action, "no armies left to place")
        armies = count_in(seat, action, action.armies, 1, most, what="armies")
        self.armies[t] += armies
        self._armies_changed(t)
        events.append(Placed(seat, owner, IDS[t], armies))
        if phase == SETUP:
            if armies == most:
                self.queue.pop(0)
            else:
                self.queue[0][2] -= armies
            self._finish_setup_if_done(events)
        elif phase == PLACE:
            self.pending -= armies
            self.trading_open = False
            if not self._check_mission(seat, events):
                self._settle_place()
        else:
            self.pending -= armies
            if not self.pending:
                self.phase = ALLY_ATTACK

    def _settle_place(self) -> None:
        """Leave the place phase for the attack once nothing is left to place and no set may
        be traded; a seat that may hold a set decides (a trade, or EndPhase)."""
        seat = self.current
        if not self.pending and not self._may_trade(seat):
            self.phase = ATTACK
            self.trade_mode = TRADE_TURN

    def _end_phase(self, seat: int, action: EndPhase, events: list[Event]) -> None:
        phase = self.phase
        if phase == PLACE:
            if self.pending or not self._may_trade(seat) or self._must_trade(seat):
                raise IllegalAction(seat, action, "place every army (and any forced set) first")
            self.phase = ATTACK
            self.trade_mode = TRADE_TURN
        elif phase == ATTACK:
            if self.rules.third_force == ALLY and not self.ally_done and self.owned[NEUTRAL]:
                # 000 "Opérations avec l'allié": after A's attacks, B places the allié's half
                # of A's gain ("9 : 2 = 4") and may counter-attack with it; then A resumes.
                self.ally_done = True
                self.pending = self.gain // 2
                self.current = 1 - self.turn
                self.phase = ALLY_PLACE if self.pending else ALLY_ATTACK
            else:
                self.phase = FORTIFY
        elif phase == ALLY_ATTACK:
            self.phase, self.current = ATTACK, self.turn
        elif phase == FORTIFY:
            self._end_turn(events)
        else:
            raise IllegalAction(seat, action, f"the {phase} phase cannot be ended now")

    # =========================================================================== combat

    def _attack(self, seat: int, action: Attack | Blitz, events: list[Event]) -> None:
        me = NEUTRAL if self.phase == ALLY_ATTACK else seat
        source, target = action.source, action.target
        s = INDEX.get(source) if type(source) is str else None
        t = INDEX.get(target) if type(target) is str else None
        if s is None or t is None:
            raise IllegalAction(seat, action, "source and target must be territory ids")
        owner, armies = self.owner, self.armies
        if owner[s] != me:
            raise IllegalAction(seat, action, f"{source} is not yours to attack from")
        if armies[s] < 2:
            # 000 "Combats": "il ne peut attaquer qu'en partant d'un territoire occupé par 2
            # armées au moins"; 003 "au moins deux unités".
            raise IllegalAction(seat, action, f"{source} needs at least 2 armies to attack")
        if t not in ADJACENT[s]:
            raise IllegalAction(seat, action, f"{target} does not border {source}")
        if owner[t] == me or not self._attackable(t):
            raise IllegalAction(seat, action, f"{target} may not be attacked now")
        keep = 0
        if type(action) is Attack:
            # 003: "au moins une unité de plus que le nombre de dés"; 1 to 3 dice.
            dice = count_in(seat, action, action.dice, 1, min(3, armies[s] - 1), what="dice")
        else:  # a Blitz (``type(action) is not Attack`` does not narrow for the type checker)
            keep = count_in(seat, action, cast(Blitz, action).keep, 1, armies[s] - 1, what="keep")
            dice = min(3, armies[s] - 1)
        most = self._defence_most(t)
        if most > 1 and owner[t] >= 0 and self.defender_chooses:
            # 000 "C'est l'attaquant qui, le premier, annonce le nombre de dés ... Le défenseur
            # peut donc décider en conséquence"; 003 "puis le défenseur fait de même": the
            # attacked seat is asked, out of turn. The third force defends with the most.
            self.attack, self.after_defend, self.phase = [s, t, dice, keep], self.phase, DEFEND
            return
        self._fight([s, t, dice, keep], most, events)

    def _defence_most(self, t: int) -> int:
        """The most dice ``t``'s defender may roll: 003 "1 ou 2 dés. Dans le second cas, il
        doit posséder au moins 2 unités"; 000 Conquête up to 3 ("sans dépasser trois")."""
        most = self.defender_max_dice
        armies = self.armies[t]
        return armies if armies < most else most

    def _defend(self, seat: int, action: Defend, events: list[Event]) -> None:
        """The defender's dice for the attack announced; then the attack is fought."""
        attack = self.attack
        assert attack is not None  # set by _attack for the defend phase
        most = self._defence_most(attack[1])
        defence = count_in(seat, action, action.dice, 1, most, what="dice")
        self.attack, self.phase = None, self.after_defend
        self._fight(attack, defence, events)

    def _fight(self, attack: list[int], defence: int, events: list[Event]) -> None:
        """``attack`` is [source, target, dice, keep]: one roll with ``dice`` (``keep`` 0), or
        a Blitz down to ``keep`` armies with the most dice each roll; the defender rolls up to
        ``defence`` dice, as its armies allow. A conquest follows when the target is empty."""
        s, t, dice, keep = attack
        armies = self.armies
        if not keep:
            self._roll(s, t, dice, defence, events)
        else:
            while armies[s] > keep and armies[t]:
                dice = min(3, armies[s] - 1)
                self._roll(s, t, dice, defence, events)
        self._armies_changed(s)
        self._armies_changed(t)
        if armies[t] == 0:
            self._conquer(s, t, dice, events)

    def _roll(self, s: int, t: int, dice: int, most: int, events: list[Event]) -> None:
        """One roll: 000 "On compare séparément chacun de ses dés ... en commençant par le
        plus fort"; "en cas d'égalité de points, le défenseur l'emporte"; 003 the same. The
        defender rolls ``most`` dice, or fewer if its armies allow no more: the most it may
        unless it chose (RULES.md, "Defender's dice")."""
        rng = self.rng
        armies = self.armies
        defending = armies[t] if armies[t] < most else most
        if not self.version_1_1:
            # One draw picks one of the 6**(a+d) equally likely ordered outcomes of both sides.
            table = TABLES[dice][defending]
            attack, _, defence, _, lost_attack, lost_defence = table[below(rng, len(table))]
        else:  # VERSION_1_1: one draw per side, from its 6**k ordered outcomes
            attack = ROLLS[dice][below(rng, SIDES[dice])]
            defence = ROLLS[defending][below(rng, SIDES[defending])]
            lost_attack, lost_defence = compare(attack, defence)
        if self.unfought:
            # 000 Conquête "Troisième temps": the armies that took part in the combat may not
            # move. Each roll, the armies that rolled took part ("Deuxième temps" 2: "autant
            # de dés qu'il engage d'armée"), counted on their territory over the turn, at most
            # all its armies; the armies lost were among them (RULES.md, "Armies that fought").
            self.locked[s] = min(self.locked[s] + dice, armies[s]) - lost_attack
        armies[s] -= lost_attack
        armies[t] -= lost_defence
        events.append(DiceRolled(IDS[s], IDS[t], attack, defence, lost_attack, lost_defence))

    def _conquer(self, s: int, t: int, dice: int, events: list[Event]) -> None:
        me, victim = self.owner[s], self.owner[t]
        self._take(t, me)
        if me == self.turn:
            self.conquered = True
        events.append(Conquered(me, IDS[s], IDS[t], victim))
        # 003 "Capter des territoires": move at least as many as the dice of the last roll;
        # 000: "il occupe ce territoire avec les armées qu'il a effectivement engagées au
        # dernier coup de dés" and may bring more, leaving one behind. A match won by this
        # conquest still occupies the territory, with the least allowed (_finish).
        self.after_occupy = self.phase
        self.occupation = [s, t, dice]
        if victim >= 0 and not self.owned[victim]:
            self._eliminate(victim, me, events)
            if self.phase == OVER:
                return
        if me >= 0 and self._check_mission(me, events):
            return
        if dice == self.armies[s] - 1:
            self._move_in(dice, events)
        else:
            self.phase = OCCUPY

    def _occupy(self, seat: int, action: Occupy, events: list[Event]) -> None:
        assert self.occupation is not None  # set by _conquer for the occupy phase
        source, _, low = self.occupation
        armies = count_in(seat, action, action.armies, low, self.armies[source] - 1, what="armies")
        self._move_in(armies, events)

    def _occupy_with(self, armies: int, events: list[Event]) -> None:
        assert self.occupation is not None  # a conquest waits to be occupied
        s, t, dice = self.occupation
        self.armies[s] -= armies
        self.armies[t] = armies
        self._armies_changed(s)
        self._armies_changed(t)
        if self.unfought:
            # 000 Conquête "Deuxième temps" 5: the armies of the last roll move in ("toutes
            # les armées qu'il a effectivement engagées au dernier coup de dés"), and fought;
            # the others carried are unfought ones while the source has them, so the armies
            # of earlier rolls stay behind as far as the armies left allow (RULES.md).
            stay = min(self.locked[s] - dice, self.armies[s])
            self.locked[t] = self.locked[s] - stay
            self.locked[s] = stay
        self.occupation = None
        events.append(Moved(IDS[s], IDS[t], armies, "occupy"))

    def _move_in(self, armies: int, events: list[Event]) -> None:
        assert self.occupation is not None  # a conquest waits to be occupied
        t = self.occupation[1]
        self._occupy_with(armies, events)
        self.phase = self.after_occupy
        if self.owner[t] >= 0 and self._check_mission(self.owner[t], events):
            return
        if self.elim_trade:
            self.phase, self.trade_mode, self.elim_trade = PLACE, self.elim_trade, None
            self.trading_open = True
            self._settle_place()

    def _eliminate(self, victim: int, by: int, events: list[Event]) -> None:
        self.alive[victim] = False
        self.alive_view = None
        self.eliminations.append([victim, by, self.round])
        self._cards_moved()
        taken = self.hands[victim]
        self.hands[victim] = []
        if by >= 0:
            # 000 "Fin d'un combattant" / 003 "Éliminer un adversaire": the cards change hands;
            # the eliminated seat knows where they went.
            self.hands[by].extend(taken)
            for card in taken:
                self.card_witnesses[card] |= 1 << victim
        else:
            # The third force takes no cards (000 2 joueurs "Précisions": no cards through the
            # allié): they are discarded, like traded cards.
            self.discard.extend(taken)
        events.append(Eliminated(victim, by, len(taken)))
        if self._destroy_missions(victim, by, events):
            return
        players = [s for s in range(self.seats) if self.alive[s]]
        if len(players) == 1:
            # 003 "Gagner la partie" / 000 "Fin de partie": the whole world; with two players
            # and a third force, the opponent's last territory (003 2 joueurs, 000 2 joueurs).
            reason = EndReason.OPPONENT_ELIMINATED if self.seats == 2 else EndReason.WORLD_CONQUERED
            self._finish(players[0], reason, events)
            return
        if by == self.turn:
            if self.rules.elimination_trade == ELIM_TRADE_DOWN:
                # 003: "si votre propre main dépasse 5 cartes ... échanger ... pour repasser à
                # une main de 4 cartes au maximum"; with 5 or fewer, wait for the next turn.
                self.elim_trade = TRADE_DOWN if len(self.hands[by]) > 5 else None
            elif self._may_hold_a_set(by):
                # 000: "peut se servir immédiatement [de ses cartes] pour acquérir de
                # nouvelles armées. Il les place aussitôt"; Conquête "exceptionnellement".
                self.elim_trade = TRADE_FREE

    # =========================================================================== fortify

    def _fortify(self, seat: int, action: Fortify, events: list[Event]) -> None:
        s = lookup(INDEX, action.source, seat, action, "territory")
        t = lookup(INDEX, action.target, seat, action, "territory")
        if self.owner[s] != seat or self.owner[t] != seat:
            raise IllegalAction(seat, action, "both territories must be yours")
        if t not in ADJACENT[s]:
            # 000 "Troisième temps": "sur un autre territoire contigu"; 003 "adjacents".
            raise IllegalAction(seat, action, f"{action.target} does not border {action.source}")
        unfought = self.unfought
        movable = self._movable(s)
        if movable < 1:
            raise IllegalAction(seat, action, f"no army of {action.source} may move now")
        armies = count_in(seat, action, action.armies, 1, movable, what="armies")
        self.armies[s] -= armies
        self.armies[t] += armies
        self._armies_changed(s)
        self._armies_changed(t)
        events.append(Moved(IDS[s], IDS[t], armies, "fortify"))
        if self._check_mission(seat, events):
            return
        if unfought:
            # 000 Conquête: several moves, each army once and only to a neighbour.
            self.locked[t] += armies
        else:
            # 000 "Il ne peut faire qu'un seul déplacement"; 003 one consolidation.
            self._end_turn(events)

    # =========================================================================== missions

    def _check_mission(self, seat: int, events: list[Event]) -> bool:
        """000 "Le vainqueur": the first to fulfil its mission wins at once."""
        index = self.mission[seat] if self.missions_on else None
        if index is None:
            return False
        card = missions.ALL[index]
        if missions.achieved(card, seat, self.owner, self.armies, WORLD):
            self._finish(seat, EndReason.MISSION_ACCOMPLISHED, events, card.id)
            return True
        return False

    def _destroy_missions(self, victim: int, by: int, events: list[Event]) -> bool:
        """Destroy cards aimed at ``victim``'s colour: met by the eliminator; for anyone
        else, per option ``destroyed_by_other``."""
        if not self.rules.missions:
            return False
        order = [by] + [s for s in range(self.seats) if s != by] if by >= 0 else range(self.seats)
        for seat in order:
            if not self.alive[seat]:
                continue
            index = self.mission[seat]
            assert index is not None  # in a missions variant every seat alive holds one
            now = missions.after_elimination(
                index, seat, victim, by, self.options["destroyed_by_other"]
            )
            if now is None:
                self._finish(seat, EndReason.MISSION_ACCOMPLISHED, events, missions.ALL[index].id)
                return True
            if now != index:
                self.mission[seat] = now
                events.append(MissionChanged(seat, missions.FALLBACK.id))
                if self._check_mission(seat, events):
                    return True
        return False

    # =========================================================================== results

    def _finish(
        self, winner: int, reason: EndReason, events: list[Event], mission: str = ""
    ) -> None:
        if self.occupation is not None:
            # The conquest that ended the match is still occupied, with the least allowed.
            self._occupy_with(self.occupation[2], events)
        self.phase = OVER
        self.winner_reason = [winner, reason, mission]
        events.append(MatchEnded(reason, (winner,), mission))
        self._result = self._ranked((winner,), reason)

    def _ranked(self, winners: tuple[int, ...], reason: EndReason) -> Result:
        """Winners first; then survivors by territories (ties share a place); then the
        eliminated, the last one out first."""
        ranking: list[tuple[int, ...]] = [winners] if winners else []
        survivors = [s for s in range(self.seats) if self.alive[s] and s not in winners]
        held = {s: len(self.owned[s]) for s in range(self.seats)}
        for most in sorted({held[s] for s in survivors}, reverse=True):
            ranking.append(tuple(s for s in survivors if held[s] == most))
        ranking.extend((seat,) for seat, _, _ in reversed(self.eliminations))
        scores = tuple(float(held[s]) for s in range(self.seats))
        detail = f"{reason}: seat {winners[0]} wins" if winners else f"{reason}: no winner"
        return Result(tuple(ranking), scores, reason, detail, winners)

    def _step_limit_result(self) -> Result:
        self.phase = OVER
        return self._ranked((), EndReason.STEP_LIMIT)

    def summary(self) -> list[str]:
        """Rounds played, eliminations and the final board, for people."""
        lines = [f"rounds: {self.round}"]
        if self.winner_reason and self.winner_reason[2]:
            card = next(m for m in missions.ALL if m.id == self.winner_reason[2])
            lines.append(f"winning mission: {card.text_en}")
        for seat, by, round_ in self.eliminations:
            killer = "the third force" if by == NEUTRAL else f"seat {by}"
            lines.append(f"seat {seat} eliminated by {killer} in round {round_}")
        held = ", ".join(
            f"seat {s}: {len(self.owned[s])} territories/{self._armies_of(s)} armies"
            for s in range(self.seats)
        )
        lines.append(f"final board: {held}")
        return lines

    def _armies_of(self, owner: int) -> int:
        return sum(self.armies[t] for t in self.owned[owner])

    def _take(self, t: int, owner: int) -> None:
        """Give territory ``t`` to ``owner`` (set-up deals have no previous owner)."""
        previous = self.owner[t]
        if previous != UNOWNED:
            self.owned[previous].remove(t)
        self.owner[t] = owner
        insort(self.owned[owner], t)
        # The attacks and moves from t and from its neighbours change with t's holder.
        self.owners_view = None
        attack_stale, fortify_stale = self.attack_stale, self.fortify_stale
        attack_stale[t] = fortify_stale[t] = True
        for u in NEIGHBOURS[t]:
            attack_stale[u] = fortify_stale[u] = True

    # =========================================================================== view

    def _observation(self, seat: int) -> RiskObservation:
        # The board, the hands and the discard are shown as tuples made again only after
        # they change (see _forget_views); the records shared between calls are frozen.
        index = self.mission[seat]
        occupation = attack = None
        if self.occupation is not None:
            s, t, low = self.occupation
            occupation = Occupation(IDS[s], IDS[t], low, self.armies[s] - 1)
        if self.attack is not None:
            s, t, dice, keep = self.attack
            attack = PendingAttack(IDS[s], IDS[t], dice, keep or None)
        owners = self.owners_view
        if owners is None:
            owners = self.owners_view = tuple(self.owner)
        armies = self.armies_view
        if armies is None:
            armies = self.armies_view = tuple(self.armies)
        alive = self.alive_view
        if alive is None:
            alive = self.alive_view = tuple(self.alive)
        hand = self.hand_views[seat]
        if hand is None:
            views = self.card_views
            hand = self.hand_views[seat] = tuple([views[c] for c in sorted(self.hands[seat])])
        hand_sizes = self.hand_sizes_view
        if hand_sizes is None:
            hand_sizes = self.hand_sizes_view = tuple([len(h) for h in self.hands])
        discard = self.discard_view
        if discard is None:
            discard = self.discard_view = tuple([WORLD.card_name(c) for c in self.discard])
        phase = self.phase
        return RiskObservation(  # by position, in the fields' order: cheaper than by keyword
            seat,
            self.variant,
            WORLD,
            phase,
            self.turn,
            self._actor() if phase != OVER else seat,
            self.round,
            owners,
            armies,
            alive,
            hand,
            hand_sizes,
            MISSION_VIEWS[index] if index is not None else None,
            self.colours,
            len(self.deck),
            discard,
            self.trades,
            self._next_set_value(),
            self.pending if phase in (PLACE, ALLY_PLACE) else 0,
            occupation,
            attack,
            self.conquered,
            self.steps,
        )

    def _next_set_value(self) -> int | None:
        """Armies for the next set traded under progressive values; None under the 000
        symbol table, or with cards off."""
        if not self.progressive:
            return None
        value_at = self.set_value_at
        if value_at[0] != self.trades:
            value_at[0], value_at[1] = self.trades, self.rules.set_value(self.trades)
        return value_at[1]

    def _spectator_board(self) -> spectator.Board:
        """Public facts only (what every seat's observation shows alike): each territory's
        holder (no seat for the third force, marked "neutral", or before the claim) and armies;
        per seat its territories, armies, number of cards and status; the round, the deck's
        size, the next set's value and the winner's mission, which it shows (000 "en
        découvrant sa carte"). Not the phase: ending one shows nobody an event."""
        places = {}
        for t, name in enumerate(IDS):
            owner = self.owner[t]
            if owner >= 0:
                places[name] = spectator.place(owner, self.armies[t])
            elif owner == NEUTRAL:
                places[name] = spectator.place(None, self.armies[t], ("neutral",))
            else:
                places[name] = spectator.place(None)
        seats: tuple[dict[str, int | str], ...] = tuple(
            {
                "territories": len(self.owned[s]),
                "armies": self._armies_of(s),
                "cards": len(self.hands[s]),
                "status": self._status(s),
            }
            for s in range(self.seats)
        )
        lines = ["set-up"]
        if self.round:
            lines = [f"round {self.round}"]
            if self.cards_on:
                lines.append(f"deck: {len(self.deck)} cards")
            value = self._next_set_value()
            if value is not None:
                lines.append(f"next set: {value} armies")
        if self.winner_reason is not None and self.winner_reason[2]:
            mission = next(m for m in missions.ALL if m.id == self.winner_reason[2])
            lines.append(f"winning mission: {mission.text_en}")
        return spectator.Board(places, seats, tuple(lines))

    def _status(self, seat: int) -> str:
        """A seat's status as all see it: winner, eliminated, playing its turn, or in play."""
        if self.winner_reason is not None and self.winner_reason[0] == seat:
            return "winner"
        if not self.alive[seat]:
            return "eliminated"
        return "their turn" if self.round and seat == self.turn else "in play"

    # =========================================================================== hidden

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Draw again what ``seat`` (None: a spectator) may not know: the other seats' cards
        with the deck's order, and their missions (RULES.md, "What a seat knows")."""
        self._redraw_cards(seat, rng)
        if self.rules.missions:
            self._redraw_missions(seat, rng)
        self._forget_views()

    def _redraw_cards(self, seat: int | None, rng: random.Random) -> None:
        """Shuffle again, pool by pool, the cards in the deck and the other seats' hands whose
        place ``seat`` does not know: the cards of one shuffle are alike to it, wherever they
        went. A place keeps its witnesses (the seats eliminated knowing its card)."""
        me = 0 if seat is None else 1 << seat
        pool, witnesses = self.card_pool, self.card_witnesses
        places: dict[int, list[tuple[list[int], int]]] = {}
        for pile in (*(h for s, h in enumerate(self.hands) if s != seat), self.deck):
            for i, card in enumerate(pile):
                if pool[card] != PUBLIC and not witnesses[card] & me:
                    places.setdefault(pool[card], []).append((pile, i))
        for spots in places.values():
            drawn = [pile[i] for pile, i in spots]
            kept = [witnesses[card] for card in drawn]
            shuffle(rng, drawn)
            for (pile, i), card, seen in zip(spots, drawn, kept, strict=True):
                pile[i] = card
                witnesses[card] = seen

    def _redraw_missions(self, seat: int | None, rng: random.Random) -> None:
        """Deal again the missions ``seat`` does not know, uniformly among the deals the
        public facts allow (:meth:`_possible_missions`); the winner has shown its card (000
        "Il justifie sa victoire en découvrant sa carte"). The set-up's events become those
        of the new deal."""
        known = {seat} if seat is not None else set()
        if self.winner_reason is not None and self.winner_reason[2]:
            known.add(cast(int, self.winner_reason[0]))  # [winner, reason, mission id]
        hidden = [s for s in range(self.seats) if s not in known]
        shown = {self.dealt[s] for s in known}
        cards = missions.dealt_from(self.seats, self.options["absent_colour_missions"])
        cards = [c for c in cards if c not in shown]
        possible = [self._possible_missions(s, cards) for s in hidden]
        while True:  # the actual deal is one of those allowed, so this ends
            shuffle(rng, cards)
            if all(card in held for card, held in zip(cards, possible, strict=False)):
                break
        for s, card, held in zip(hidden, cards, possible, strict=False):
            self.dealt[s] = card
            self.mission[s] = held[card]
        if self.setup_events:  # a match rebuilt by restore() has no set-up events to redo
            deal: list[Event] = []
            self._read_missions(deal)
            self.setup_events = deal + [
                e for e in self.setup_events if not isinstance(e, (MissionDealt, MissionChanged))
            ]

    def _possible_missions(self, seat: int, cards: list[int]) -> dict[int, int]:
        """The cards ``seat`` may have been dealt, given the public facts, each with the
        mission it would hold now: read at the set-up, then changed by the eliminations while
        it was alive (a deal whose elimination would have won is impossible); and a seat alive
        and checked since its last action has not met its mission (it would have won)."""
        option = self.options["destroyed_by_other"]
        checked = self.alive[seat] and self._checked(seat)
        possible = {}
        for card in cards:
            index: int | None  # declared apart, so that the assignment narrows it to int
            index = missions.as_read(card, seat, self.seats)
            for victim, by, _ in self.eliminations:
                if victim == seat:
                    break
                index = missions.after_elimination(index, seat, victim, by, option)
                if index is None:
                    break
            if index is None:
                continue
            if checked and missions.achieved(
                missions.ALL[index], seat, self.owner, self.armies, WORLD
            ):
                continue
            possible[card] = index
        return possible

    def _checked(self, seat: int) -> bool:
        """Whether ``seat``'s mission was checked after the last change of its forces: not
        during the set-up, nor before its first turn, nor between its trades and its next
        placement (trades add armies, placements check), nor when the match ended on its
        action (maybe before its check)."""
        if self.phase in (CLAIMING, SETUP):
            return False
        if seat == self.current and (
            self.phase == OVER or (self.phase == PLACE and self.trading_open)
        ):
            return False
        n = self.seats
        return self.round > 1 or (seat - self.first) % n <= (self.turn - self.first) % n

    # =========================================================================== snapshot

    def _restored(self) -> None:
        self._forget_views()
        self.owned = [[] for _ in range(self.seats + 1)]
        for t, owner in enumerate(self.owner):
            if owner != UNOWNED:
                self.owned[owner].append(t)
        if self.winner_reason is not None:
            winner, reason = self.winner_reason[:2]  # [winner, reason, mission id]: plain data
            self._result = self._ranked((cast(int, winner),), EndReason(cast(str, reason)))
        elif self.phase == OVER:
            self._result = self._ranked((), EndReason.STEP_LIMIT)
