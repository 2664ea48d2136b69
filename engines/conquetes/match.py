"""The Conquêtes rules engine (seed 001): one state machine for every variant of
:mod:`variants`, the solo mode's bot included.

Regions are indices into ``MAP`` inside the engine and ids in actions, events and
observations. A card is a number ``0..89`` and ``REGION[card]`` its region: the three copies of
a region are alike to the rules, numbered only so that the engine can follow each card through
hidden places (``holders``, :meth:`ConquetesMatch._redraw_hidden`). ``owner[r]`` says where
region ``r``'s card in play lies (a seat, ``BOT`` or ``NOBODY``); a region is in play at most
once (001 "Il est interdit de poser une Région déjà présente en jeu"), so its other copies are
in the deck, the discard, hands, support, or the bot's loot. The deck is drawn from its end.
Every rule cites the book's section; adaptations are in RULES.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, cast

from engines.conquetes import scoring
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
from engines.conquetes.events import (
    AttackDeclared,
    AttackResolved,
    BotDrew,
    BotScored,
    CardDiscarded,
    CardGiven,
    CardsDealt,
    CardsDrawn,
    DeckExhausted,
    DeckReshuffled,
    MatchEnded,
    RegionPlayed,
    Scored,
    SupportAdded,
    SupportCommitted,
    SupportRevealed,
    TurnStarted,
)
from engines.conquetes.observation import (
    ACTION,
    BOT,
    EXCESS,
    NOBODY,
    OVER,
    SUPPORT,
    AttackView,
    BotView,
    ConquetesObservation,
)
from engines.conquetes.variants import (
    ATTACKER_REPLACEMENTS,
    BOT_LEVELS,
    CONTINENT_BONUS,
    DEAL,
    DEFENDER_REPLACEMENTS,
    HAND_LIMIT,
    VARIANTS,
)
from engines.core.chance import below, shuffle
from engines.core.contract import Action, Event, IllegalAction, Result
from engines.core.match import Match, lookup
from engines.core.spectator import Board as SpectatorBoard
from engines.core.spectator import Place, place

N = len(MAP.regions)
IDS = MAP.regions
INDEX = MAP.index
VALUES = MAP.values
NEIGHBOURS = MAP.neighbours
REGION = tuple(card // MAP.copies for card in range(MAP.cards))
"""The region of each card: cards ``3r``, ``3r + 1`` and ``3r + 2`` are region ``r``'s, so
cards in number order are in board order."""
CARD_IDS = tuple(IDS[r] for r in REGION)
CARD_VALUES = tuple(VALUES[r] for r in REGION)
SHOWN = 1 << 8
"""In ``holders``: the card was face up (in the discard) before a reshuffle hid it again."""

SeatOutcome = tuple[tuple[int, ...], tuple[int, ...], list[int], int, int]
"""A seat's score: (territory, duplicates, continents won, points, regions in its camp)."""
BotOutcome = tuple[list[int], list[int], int]
"""The solo bot's score: (regions, continents won, points)."""

# Actions are frozen: the legal listings share one object per action.
DRAW_TWO = DrawTwo()
COMMIT = CommitSupport()
PLAYS = tuple(PlayRegion(r) for r in IDS)
ADDS = tuple(AddSupport(r) for r in IDS)
DISCARDS = tuple(DiscardCard(r) for r in IDS)
ATTACKS = tuple({t: Attack(IDS[s], IDS[t]) for t in NEIGHBOURS[s]} for s in range(N))
GIVES: dict[tuple[int, int], GiveCard] = {}


class EndReason(StrEnum):
    """Why a Conquêtes match ended: every ``reason`` its results may give."""

    DECK_EXHAUSTED = "deck_exhausted"
    """The deck ran out (at 2-3 players and solo the first time, at 4 the second; or the
    first, with no discard to reshuffle) and each camp scored its territory: the most points
    win, then the most regions, else a shared victory (001 "Fin du jeu" and its NOTE); solo,
    the player wins with more points than the bot, ties to the bot (001 "Le mode Solo", "FIN
    DE PARTIE")."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, seats ranked by their points then
    (RULES.md, "Step limit"; no book rule)."""


STATE_FIELDS = (
    "hands",
    "owner",
    "deck",
    "discard",
    "loot",
    "phase",
    "turn",
    "turns",
    "current",
    "attack",
    "selection",
    "attack_support",
    "defence_support",
    "excess_to",
    "exhaustions",
    "reshuffled",
    "end_reason",
    "holders",
    "setup_cards",
)


def _give(region: int, to: int) -> GiveCard:
    action = GIVES.get((region, to))
    if action is None:
        action = GIVES[region, to] = GiveCard(IDS[region], to)
    return action


def _names(regions: list[int] | tuple[int, ...]) -> tuple[str, ...]:
    return tuple(IDS[r] for r in regions)


def _cards(cards: list[int]) -> tuple[str, ...]:
    """The region ids of cards, in their order."""
    return tuple(map(CARD_IDS.__getitem__, cards))


def _sorted(cards: list[int]) -> tuple[str, ...]:
    """The region ids of cards in board order: a hand, or cards drawn together, show nothing
    of the order the face-down deck held them in."""
    return tuple(map(CARD_IDS.__getitem__, sorted(cards)))


def _total(cards: list[int]) -> int:
    """The support value of cards: the sum of their regions' values (001 "Valeur de la carte
    utilisée comme Valeur de Soutien en Attaque ou en Défense")."""
    return sum(map(CARD_VALUES.__getitem__, cards))


class _Ids:
    """The region ids of a list of cards (sorted in board order, or in the list's order),
    made again only when the list's content changed: observations share them meanwhile."""

    def __init__(self, board_order: bool) -> None:
        self.board_order = board_order
        self.cards: tuple[int, ...] = ()
        self.ids: tuple[str, ...] = ()

    def of(self, cards: list[int]) -> tuple[str, ...]:
        """The ids of ``cards``, as :func:`_sorted` or :func:`_cards` gives them."""
        now = tuple(cards)
        if now != self.cards:
            self.cards = now
            self.ids = _sorted(cards) if self.board_order else _cards(cards)
        return self.ids


class ConquetesMatch(Match):
    """A Conquêtes match of any variant in ``variants.VARIANTS``."""

    state_fields = STATE_FIELDS

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
        self.rules = VARIANTS[variant]
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.owner = [NOBODY] * N
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.loot: list[int] = []
        self.phase = ACTION
        self.turn = 0
        self.turns = 0
        self.current = 0
        self.attack: list[int] | None = None  # [attacker, defender, source, target]
        self.selection: list[int] = []  # the chooser's support so far, still in its hand
        self.attack_support: list[int] | None = None  # committed face down
        self.defence_support: list[int] | None = None
        self.excess_to: int | None = None
        self.exhaustions = 0
        self.reshuffled: list[int] = []  # the discard that the reshuffle made the new deck
        self.end_reason: str | None = None
        # Per card: a bit per seat that held it since it was last face up, and SHOWN if a
        # reshuffle took it from the face-up discard (what each seat may know of where it is).
        self.holders = [0] * MAP.cards
        self.setup_cards: list[list[int]] = []  # the cards of each private set-up event
        # What observations share until it changes (issue 19): each is checked against the
        # state it was made from, so any change of the state, however made, renews it.
        self._owner_seen: tuple[int, ...] = ()
        self._camp_ids: tuple[tuple[str, ...], ...] = ()
        self._bot_ids: tuple[str, ...] = ()
        self._hand_ids = [_Ids(board_order=True) for _ in range(seats)]
        self._discard_ids = _Ids(board_order=False)
        self._reshuffled_ids = _Ids(board_order=False)
        self._loot_ids = _Ids(board_order=False)
        self._bot_view: BotView | None = None
        self._setup(self.setup_events)

    # =========================================================================== set-up

    def _setup(self, events: list[Event]) -> None:
        """001 "Préparation": shuffle the 90 cards, deal 5 to each player, the rest is the
        deck; the oldest player begins (seat 0, RULES.md). Solo: the player draws 5 and
        "C'est lui [le bot] qui commence"."""
        self.deck = list(range(MAP.cards))
        shuffle(self.rng, self.deck)
        for seat in range(self.seats):
            dealt = [self.deck.pop() for _ in range(DEAL)]
            self.hands[seat] = dealt
            for card in dealt:
                self.holders[card] = 1 << seat
            self.setup_cards.append(list(dealt))
            events.append(CardsDealt(seat, _sorted(dealt), DEAL))
        self._begin_turn(BOT if self.rules.solo else 0, events)
        if len(self.hands[0]) > DEAL:  # seat 0's turn card, unless the solo bot attacks first
            self.setup_cards.append(self.hands[0][DEAL:])

    # =========================================================================== turns

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        self.turns += 1
        events.append(TurnStarted(seat, self.turns))
        if seat == BOT:
            self._bot_turn(events)
            return
        # 001 "Déroulement du jeu" 1: "Le joueur actif pioche une carte."
        if self._draw(seat, 1, "turn", events):
            return
        self.phase, self.current = ACTION, seat

    def _end_turn(self, events: list[Event]) -> None:
        """001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes en main, il doit
        épuiser sa main en donnant à un adversaire de son choix autant de cartes que
        nécessaire pour n'en conserver que 10" (solo "VOTRE TOUR DE JEU" A: discarded)."""
        seat = self.turn
        self.attack = self.attack_support = self.defence_support = None
        self.selection = []
        if seat != BOT and len(self.hands[seat]) > HAND_LIMIT:
            self.phase, self.current, self.excess_to = EXCESS, seat, None
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """001 "Son tour s'achève. C'est au tour du joueur à sa gauche"; solo: the bot and the
        player take turns."""
        if self.rules.solo:
            self._begin_turn(0 if self.turn == BOT else BOT, events)
        else:
            self._begin_turn((self.turn + 1) % self.seats, events)

    def _draw(self, seat: int, count: int, why: str, events: list[Event]) -> bool:
        """Draw ``count`` cards into ``seat``'s hand; True if the deck's exhaustion ended the
        game on the way (the draws left are not made: 001 "la partie s'achève immédiatement
        dès que la pioche est épuisée")."""
        drawn: list[int] = []
        bit = 1 << seat
        holders = self.holders
        for _ in range(count):
            card = self.deck.pop()
            holders[card] |= bit
            drawn.append(card)
            if not self.deck:
                self.hands[seat].extend(drawn)
                events.append(CardsDrawn(seat, _sorted(drawn), len(drawn), why))
                drawn = []
                if self._exhausted(events):
                    return True
        if drawn:
            self.hands[seat].extend(drawn)
            events.append(CardsDrawn(seat, _sorted(drawn), len(drawn), why))
        return False

    def _exhausted(self, events: list[Event]) -> bool:
        """The deck just ran out: 001 "Fin du jeu" at 2-3 players (and solo "FIN DE PARTIE")
        the game ends; at 4, "on mélange la défausse pour créer une nouvelle pioche" once,
        and the next exhaustion ends it. True if the game ended."""
        self.exhaustions += 1
        events.append(DeckExhausted(self.exhaustions))
        if self.exhaustions >= self.rules.exhaustions[self.seats] or not self.discard:
            # An empty discard cannot make a new deck (RULES.md): the game ends too.
            self._finish(EndReason.DECK_EXHAUSTED, events)
            return True
        self.reshuffled = list(self.discard)
        self.deck, self.discard = self.discard, []
        shuffle(self.rng, self.deck)
        for card in self.deck:
            self.holders[card] = SHOWN
        events.append(DeckReshuffled(len(self.deck)))
        return False

    # =========================================================================== solo bot

    def _bot_turn(self, events: list[Event]) -> None:
        """001 solo "TOUR DE JEU DU BOT": the bot draws a card face up; not in play: into its
        camp; in its camp: into its loot; in the player's camp: its bordering region of
        highest value attacks it, if it has one; either way that card is discarded."""
        card = self.deck.pop()
        region = REGION[card]
        where = self.owner[region]
        source = -1
        if where == NOBODY:
            self.owner[region] = BOT
            fate = "played"
        elif where == BOT:
            self.loot.append(card)
            fate = "loot"
        else:
            self.discard.append(card)
            bordering = [r for r in NEIGHBOURS[region] if self.owner[r] == BOT]
            # The deck's last card leaves no support to draw: no attack begins (RULES.md).
            if bordering and self.deck:
                # "celle avec la plus grande valeur attaque"; equal values: the first one in
                # board order (only the value counts in the attack).
                source = max(bordering, key=lambda r: (VALUES[r], -r))
                fate = "attack"
            else:
                fate = "discarded"
        events.append(BotDrew(IDS[region], fate, IDS[source] if source >= 0 else ""))
        if not self.deck:
            self._exhausted(events)
            return
        if source < 0:
            self._end_turn(events)
            return
        # 001 solo "ATTAQUE / DÉFENSE": the bot draws its support "toujours après que vous
        # avez sélectionné vos cartes Soutien": the player chooses its defence first.
        self.attack = [BOT, 0, source, region]
        events.append(AttackDeclared(BOT, IDS[source], 0, IDS[region]))
        self.phase, self.current, self.selection = SUPPORT, 0, []

    def _bot_support(self, attacking: bool) -> list[int]:
        """001 solo "ATTAQUE / DÉFENSE": the bot's fixed number of support cards for its
        level, drawn from the deck; "S'il ne reste plus assez de cartes dans la pioche, le bot
        soutient son attaque ou sa défense avec les cartes restantes"."""
        level = BOT_LEVELS[self.options["bot_level"]]
        wanted = level.attack if attacking else level.defence
        return [self.deck.pop() for _ in range(min(wanted, len(self.deck)))]

    # =========================================================================== actions

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        # ``kind is X`` does not narrow ``action`` for the type checker: the casts do.
        if self.phase == ACTION:
            if kind is DrawTwo:
                self._draw_two(seat, events)
            elif kind is PlayRegion:
                self._play_region(seat, cast(PlayRegion, action), events)
            elif kind is Attack:
                self._declare(seat, cast(Attack, action), events)
            else:
                raise IllegalAction(
                    seat, action, "the turn's action is DrawTwo, PlayRegion or Attack"
                )
        elif self.phase == SUPPORT:
            if kind is AddSupport:
                self._add_support(seat, cast(AddSupport, action), events)
            elif kind is CommitSupport:
                self._commit(seat, cast(CommitSupport, action), events)
            else:
                raise IllegalAction(seat, action, "choose support: AddSupport or CommitSupport")
        elif kind is GiveCard and not self.rules.solo:
            self._give_card(seat, cast(GiveCard, action), events)
        elif kind is DiscardCard and self.rules.solo:
            self._discard_card(seat, cast(DiscardCard, action), events)
        else:
            what = "DiscardCard" if self.rules.solo else "GiveCard"
            raise IllegalAction(seat, action, f"cards over {HAND_LIMIT}: {what}")
        return events

    def _card(self, seat: int, action: Action, name: object, taken: Sequence[int] = ()) -> int:
        """A card of region ``name`` in ``seat``'s hand and not in ``taken``."""
        r = lookup(INDEX, name, seat, action, "region")
        hand = self.hands[seat]
        for card in range(r * MAP.copies, (r + 1) * MAP.copies):
            if card in hand and card not in taken:
                return card
        raise IllegalAction(seat, action, f"no (more) {name} card in hand")

    def _draw_two(self, seat: int, events: list[Event]) -> None:
        """001 "Piocher deux cartes supplémentaires"."""
        if not self._draw(seat, 2, "draw_two", events):
            self._end_turn(events)

    def _play_region(self, seat: int, action: PlayRegion, events: list[Event]) -> None:
        """001 "Mettre en jeu une nouvelle carte Région": from the hand to the own camp, face
        up; "Il est interdit de poser une Région déjà présente en jeu (dans le camp de
        n'importe quel joueur)" — and so the book's check and penalty for a duplicate (its
        "Vérifiez avant la fin du tour ..." and solo "VOTRE TOUR DE JEU" B) are never needed:
        the engine refuses the card (RULES.md)."""
        card = self._card(seat, action, action.region)
        r = REGION[card]
        if self.owner[r] != NOBODY:
            raise IllegalAction(seat, action, f"{action.region} is already in play")
        self.hands[seat].remove(card)
        self.owner[r] = seat
        events.append(RegionPlayed(seat, IDS[r]))
        self._end_turn(events)

    def _declare(self, seat: int, action: Attack, events: list[Event]) -> None:
        """001 "Attaquer une Région": "L'Attaquant désigne une de ses cartes en jeu ... Puis il
        désigne une carte d'un adversaire représentée parmi les Régions limitrophes de la
        carte Attaquante"; "RAPPEL On ne peut attaquer qu'une Région limitrophe à l'une de ses
        propres Régions en jeu"."""
        s = lookup(INDEX, action.source, seat, action, "region")
        t = lookup(INDEX, action.target, seat, action, "region")
        if self.owner[s] != seat:
            raise IllegalAction(seat, action, f"{action.source} is not in your camp")
        defender = self.owner[t]
        if defender in (seat, NOBODY):
            raise IllegalAction(seat, action, f"{action.target} is not in an opponent's camp")
        if not MAP.borders(s, t):
            raise IllegalAction(seat, action, f"{action.target} does not border {action.source}")
        if not self.hands[seat]:
            # "Il choisit une ou plusieurs cartes de sa main": no card, no attack.
            raise IllegalAction(seat, action, "an attack needs a support card in hand")
        self.attack = [seat, defender, s, t]
        events.append(AttackDeclared(seat, IDS[s], defender, IDS[t]))
        self.phase, self.current, self.selection = SUPPORT, seat, []

    def _add_support(self, seat: int, action: AddSupport, events: list[Event]) -> None:
        """001 "DÉROULÉ D'UNE ATTAQUE": "Il choisit une ou plusieurs cartes de sa main (quelles
        qu'elles soient)", "Les cartes Soutien peuvent être de n'importe quelle couleur, voire
        être des doublons", chosen here one at a time (RULES.md)."""
        card = self._card(seat, action, action.region, self.selection)
        self.selection.append(card)
        events.append(SupportAdded(seat, CARD_IDS[card]))

    def _commit(self, seat: int, action: CommitSupport, events: list[Event]) -> None:
        """001: the attacker "en annonce le nombre, et les engage face cachée"; "Puis le
        Défenseur annonce également son Soutien", "il peut même ne pas en engager du tout"."""
        assert self.attack is not None  # the support phase is an attack's
        attacker, defender, _, _ = self.attack
        attacking = seat == attacker and self.attack_support is None
        if attacking and not self.selection:
            raise IllegalAction(seat, action, "the attacker commits one support card at least")
        chosen, self.selection = self.selection, []
        hand = self.hands[seat]
        for card in chosen:
            hand.remove(card)
        events.append(SupportCommitted(seat, len(chosen)))
        if attacking:
            self.attack_support = chosen
            if defender == BOT:
                # 001 solo: the bot draws its defence after the player's choice.
                self.defence_support = self._bot_support(attacking=False)
                self._resolve(events)
            else:
                self.current = defender
            return
        self.defence_support = chosen
        if attacker == BOT:
            self.attack_support = self._bot_support(attacking=True)
        self._resolve(events)

    def _resolve(self, events: list[Event]) -> None:
        """001 "Résolution" and "Fin de l'attaque"."""
        attack, attack_cards, defence_cards = self.attack, self.attack_support, self.defence_support
        # Only :meth:`_commit` resolves, once both supports are committed.
        assert attack is not None and attack_cards is not None and defence_cards is not None
        attacker, defender, s, t = attack
        # "Chacun des deux joueurs révèle ses cartes Soutien engagées et additionne leurs
        # valeurs. Puis chacun d'eux ajoute à son total la valeur de sa Région".
        events.append(SupportRevealed(attacker, _cards(attack_cards), _total(attack_cards)))
        events.append(SupportRevealed(defender, _cards(defence_cards), _total(defence_cards)))
        attack_total = _total(attack_cards) + VALUES[s]
        defence_total = _total(defence_cards) + VALUES[t]
        # "Si la valeur totale de l'Attaquant est strictement supérieure à celle du
        # Défenseur, la Région attaquée est conquise": it moves to the attacker's camp.
        conquered = attack_total > defence_total
        if conquered:
            self.owner[t] = attacker
        events.append(
            AttackResolved(
                attacker, defender, IDS[s], IDS[t], attack_total, defence_total, conquered
            )
        )
        # "Les cartes engagées en Soutien sont défaussées."
        self.discard.extend(attack_cards)
        self.discard.extend(defence_cards)
        self.attack = self.attack_support = self.defence_support = None
        # 001 solo: if the bot's support took the last cards, "Appliquez le résultat de
        # l'attaque, puis la partie s'achève."
        if not self.deck and self._exhausted(events):
            return
        # "Le Défenseur pioche des cartes en remplacement de ses cartes engagées, avec un
        # maximum de trois. ... Ensuite l'Attaquant pioche aussi des cartes en remplacement,
        # mais avec un maximum de deux"; solo: "le bot ne pioche pas de cartes de
        # remplacement en fin de combat".
        if defender != BOT:
            count = min(len(defence_cards), DEFENDER_REPLACEMENTS)
            if self._draw(defender, count, "replacement", events):
                return
        if attacker != BOT:
            count = min(len(attack_cards), ATTACKER_REPLACEMENTS)
            if self._draw(attacker, count, "replacement", events):
                return
        self._end_turn(events)

    def _give_card(self, seat: int, action: GiveCard, events: list[Event]) -> None:
        """001 "NOTE": the cards over ten go "à un adversaire de son choix": one opponent,
        chosen with the first card given, receives them all (RULES.md)."""
        card = self._card(seat, action, action.region)
        to = action.to
        if (
            not isinstance(to, int)
            or isinstance(to, bool)
            or to == seat
            or not 0 <= to < self.seats
        ):
            raise IllegalAction(seat, action, f"seat {to!r} is not an opponent")
        if self.excess_to is not None and to != self.excess_to:
            raise IllegalAction(seat, action, f"the cards over ten all go to seat {self.excess_to}")
        self.hands[seat].remove(card)
        self.hands[to].append(card)
        self.holders[card] |= 1 << to
        self.excess_to = to
        events.append(CardGiven(seat, to, CARD_IDS[card]))
        if len(self.hands[seat]) <= HAND_LIMIT:
            self.excess_to = None
            self._next_turn(events)

    def _discard_card(self, seat: int, action: DiscardCard, events: list[Event]) -> None:
        """001 solo "VOTRE TOUR DE JEU" A: "défaussez-vous des cartes en surnombre"."""
        card = self._card(seat, action, action.region)
        self.hands[seat].remove(card)
        self.discard.append(card)
        events.append(CardDiscarded(seat, CARD_IDS[card]))
        if len(self.hands[seat]) <= HAND_LIMIT:
            self._next_turn(events)

    # =========================================================================== listing

    def _to_move(self) -> tuple[int, ...]:
        return (self.current,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        if self.phase == ACTION:
            owner = self.owner
            legal: list[Action] = [DRAW_TWO]
            held = set(map(REGION.__getitem__, hand))
            legal.extend(PLAYS[r] for r in sorted(held) if owner[r] == NOBODY)
            if hand:
                for s in range(N):
                    if owner[s] == seat:
                        legal.extend(
                            action
                            for t, action in ATTACKS[s].items()
                            if owner[t] != seat and owner[t] != NOBODY
                        )
            return tuple(legal)
        if self.phase == SUPPORT:
            selection = self.selection
            left = {REGION[c] for c in hand if c not in selection}
            legal = [ADDS[r] for r in sorted(left)]
            assert self.attack is not None  # the support phase is an attack's
            attacker = self.attack[0]
            if self.selection or seat != attacker:
                legal.append(COMMIT)
            return tuple(legal)
        regions = sorted(set(map(REGION.__getitem__, hand)))
        if self.rules.solo:
            return tuple(DISCARDS[r] for r in regions)
        if self.excess_to is not None:
            return tuple(_give(r, self.excess_to) for r in regions)
        opponents = [s for s in range(self.seats) if s != seat]
        return tuple(_give(r, to) for r in regions for to in opponents)

    # =========================================================================== results

    def _finish(self, reason: EndReason, events: list[Event]) -> None:
        """001 "Fin du jeu": "chaque joueur choisit l'un de ses territoires, et compte ses
        points"; the engine chooses the best one for each (RULES.md)."""
        self.phase, self.end_reason = OVER, reason
        self.selection = []
        outcome, bot = self._outcome()
        for seat in range(self.seats):
            territory, duplicates, continents, points, regions = outcome[seat]
            events.append(
                Scored(
                    seat,
                    _names(territory),
                    _names(duplicates),
                    tuple(MAP.continents[c].id for c in continents),
                    points,
                    regions,
                )
            )
        if bot is not None:
            camp, continents, points = bot
            events.append(
                BotScored(
                    _names(camp),
                    _cards(self.loot),
                    tuple(MAP.continents[c].id for c in continents),
                    points,
                )
            )
        self._result = self._ranked(reason)
        events.append(MatchEnded(reason, self._result.winners))

    def _camps(self) -> dict[int, list[int]]:
        camps: dict[int, list[int]] = {s: [] for s in range(self.seats)}
        if self.rules.solo:
            camps[BOT] = []
        for r, owner in enumerate(self.owner):
            if owner != NOBODY:
                camps[owner].append(r)
        return camps

    def _outcome(self) -> tuple[list[SeatOutcome], BotOutcome | None]:
        """Per seat (territory, duplicates, continents won, points, regions); the bot's
        (regions, continents won, points) in solo, else None."""
        camps = self._camps()
        won: dict[int, list[int]] = {owner: [] for owner in camps}
        if self.rules.continent_majority:
            for c, owner in enumerate(scoring.continent_winners(camps)):
                if owner is not None:
                    won[owner].append(c)
        outcome: list[SeatOutcome] = []
        for seat in range(self.seats):
            hand = [REGION[c] for c in self.hands[seat]]
            territory, duplicates = scoring.best_territory(camps[seat], hand)
            points = scoring.player_points(territory, duplicates, len(won[seat]))
            outcome.append((territory, duplicates, won[seat], points, len(camps[seat])))
        bot: BotOutcome | None = None
        if self.rules.solo:
            points = scoring.bot_points(len(camps[BOT]), len(self.loot), len(won[BOT]))
            bot = (camps[BOT], won[BOT], points)
        return outcome, bot

    def _ranked(self, reason: EndReason) -> Result:
        """001 "Le joueur avec le plus de points remporte la partie"; "En cas d'égalité, celui
        ... qui possède le plus de Régions distinctes dans tous ses territoires"; "En cas de
        nouvelle égalité, la victoire est partagée !". Places below follow the same order.
        Solo: "En cas d'égalité, c'est le bot qui l'emporte"."""
        outcome, bot_outcome = self._outcome()
        points = tuple(outcome[s][3] for s in range(self.seats))
        scores = tuple(float(p) for p in points)
        stopped = reason == EndReason.STEP_LIMIT
        if bot_outcome is not None:  # solo
            bot = bot_outcome[2]
            won = points[0] > bot and not stopped
            verdict = "seat 0 wins" if won else ("no winner" if stopped else "the bot wins")
            detail = f"{reason}: seat 0 {points[0]} points, the bot {bot}: {verdict}"
            return Result(((0,),), scores, reason, detail, (0,) if won else ())
        keys = {s: (points[s], outcome[s][4]) for s in range(self.seats)}
        ranking = tuple(
            tuple(s for s in range(self.seats) if keys[s] == key)
            for key in sorted(set(keys.values()), reverse=True)
        )
        winners = () if stopped else ranking[0]
        shown = ", ".join(f"seat {s} {points[s]}" for s in range(self.seats))
        if stopped:
            verdict = "no winner"
        elif len(winners) > 1:
            verdict = "shared victory of seats " + ", ".join(map(str, winners))
        else:
            verdict = f"seat {winners[0]} wins"
        return Result(ranking, scores, reason, f"{reason}: {shown} points; {verdict}", winners)

    def _step_limit_result(self) -> Result:
        self.phase, self.end_reason = OVER, EndReason.STEP_LIMIT
        return self._ranked(EndReason.STEP_LIMIT)

    def summary(self) -> list[str]:
        """Turns played and each camp's best territory, for people."""
        lines = [f"turns: {self.turns}, deck exhausted {self.exhaustions} time(s)"]
        outcome, bot = self._outcome()
        for seat in range(self.seats):
            territory, duplicates, continents, points, regions = outcome[seat]
            lines.append(
                f"seat {seat}: {regions} regions, territory of {len(territory)}, "
                f"{len(duplicates)} duplicates, {len(continents)} continents: {points} points"
            )
        if bot is not None:
            camp, continents, points = bot
            lines.append(
                f"bot ({self.options['bot_level']}): {len(camp)} regions, "
                f"{len(self.loot)} loot, {len(continents)} continents: {points} points"
            )
        return lines

    # =========================================================================== view

    def _open_camps(self) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
        """The region ids of each seat's camp and of the solo bot's, made again only when a
        region changed hands."""
        owner = tuple(self.owner)
        if owner != self._owner_seen:
            camps = self._camps()
            self._camp_ids = tuple(_names(camps[s]) for s in range(self.seats))
            self._bot_ids = _names(camps[BOT]) if self.rules.solo else ()
            self._owner_seen = owner
        return self._camp_ids, self._bot_ids

    def _observation(self, seat: int) -> ConquetesObservation:
        camps, bot_camp = self._open_camps()
        # 001 "en annonce le nombre, et les engage face cachée": the support another seat is
        # choosing is not even counted before it is committed, so neither are its steps.
        hidden = self.selection if seat != self.current else ()
        attack = None
        if self.attack is not None:
            attacker, defender, s, t = self.attack
            mine: list[int] = []
            if seat == self.current and self.phase == SUPPORT:
                mine = self.selection
            elif seat == attacker and self.attack_support is not None:
                mine = self.attack_support
            attack = AttackView(
                attacker=attacker,
                defender=defender,
                source=IDS[s],
                target=IDS[t],
                source_value=VALUES[s],
                target_value=VALUES[t],
                attack_count=None if self.attack_support is None else len(self.attack_support),
                defence_count=None if self.defence_support is None else len(self.defence_support),
                chooser=self.current,
                my_support=_sorted(mine),
            )
        bot = self._bot_view
        if bot is None and self.rules.solo:  # the level is an option: fixed for the match
            level = BOT_LEVELS[self.options["bot_level"]]
            bot = self._bot_view = BotView(level.name, level.attack, level.defence)
        excess = len(self.hands[seat]) - HAND_LIMIT if self.phase == EXCESS else 0
        return ConquetesObservation(
            seat=seat,
            variant=self.variant,
            board=MAP,
            phase=self.phase,
            turn_seat=self.turn,
            turn=self.turns,
            camps=camps,
            hand=self._hand_ids[seat].of(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.deck),
            discard=self._discard_ids.of(self.discard),
            exhaustions=self.exhaustions,
            reshuffled=self._reshuffled_ids.of(self.reshuffled),
            exhaustions_to_end=self.rules.exhaustions[self.seats],
            continent_majority=self.rules.continent_majority,
            attack=attack,
            excess=max(0, excess) if seat == self.turn else 0,
            excess_to=self.excess_to,
            bot=bot,
            bot_camp=bot_camp,
            loot=self._loot_ids.of(self.loot),
            steps=self.steps - len(hidden),
        )

    def _spectator_board(self) -> SpectatorBoard:
        """The open camps: each region's holder (None: nobody, or the solo bot, marked
        ``bot``) with its die value as count (printed on its cards, what it adds in battle),
        and ``attacking`` / ``attacked`` on the attack under way. Per seat: its hand's size,
        its regions, its largest territory and its points as far as they are public (that
        territory and, in the variant, 3 per continent won; its hand's duplicates count only
        once laid down at the end, then ``points`` are the final ones). Lines: the turn, the
        deck's and the discard's sizes, the announced support counts, the solo bot's camp,
        loot and points. All of it is in every seat's observation (RULES.md, "Hidden
        information"); no hand, deck order or support before its reveal."""
        camps = self._camps()
        winners = scoring.continent_winners(camps) if self.rules.continent_majority else []
        source, target = (self.attack[2], self.attack[3]) if self.attack else (-1, -1)
        places: dict[str, Place] = {}
        for r, owner in enumerate(self.owner):
            marks = ["bot"] if owner == BOT else []
            if r == source:
                marks.append("attacking")
            elif r == target:
                marks.append("attacked")
            places[IDS[r]] = place(owner if owner >= 0 else None, VALUES[r], tuple(marks))
        seats: list[dict[str, int | str]] = []
        for seat in range(self.seats):
            territories = scoring.territories(camps[seat])
            largest = len(territories[0]) if territories else 0
            won = winners.count(seat)
            facts: dict[str, int | str] = {
                "cards": len(self.hands[seat]),
                "regions": len(camps[seat]),
                "territory": largest,
            }
            if self.rules.continent_majority:
                facts["continents"] = won
            facts["points"] = largest + CONTINENT_BONUS * won
            if self._result is not None:
                facts["points"] = int(self._result.scores[seat])
            seats.append(facts)
        turn = "the bot" if self.turn == BOT else f"seat {self.turn}"
        lines = [
            f"turn {self.turns}: {turn}",
            f"deck {len(self.deck)} cards, discard {len(self.discard)} cards",
        ]
        if self.attack is not None:
            counts = [
                "?" if cards is None else str(len(cards))
                for cards in (self.attack_support, self.defence_support)
            ]
            lines.append(
                f"attack on {MAP.names[target]} from {MAP.names[source]}: support {counts[0]} "
                f"against {counts[1]}"
            )
        if self.rules.solo:
            points = scoring.bot_points(len(camps[BOT]), len(self.loot), winners.count(BOT))
            lines.append(
                f"the bot ({self.options['bot_level']}): {len(camps[BOT])} regions, "
                f"{len(self.loot)} loot, {points} points"
            )
        return SpectatorBoard(places, tuple(seats), tuple(lines))

    # =========================================================================== hidden

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal again what ``seat`` (``None``: a spectator) may not know: the deck's order, the
        other hands and a support another seat committed face down (001 "Préparation": "une
        pioche face cachée"; "les engage face cachée").

        A card changes place only with a card ``seat`` cannot tell it from: both never held
        by ``seat`` and either both from the first shuffle, never face up since, or both
        taken from the face-up discard by the reshuffle (001 "Fin du jeu", at 4). Every place
        keeps its size and its history (``holders``), so a card of the first shuffle takes
        over another's whole path, from the set-up's deal (``setup_events`` follow) to now:
        the state is one the rules could have produced. The support another seat is still
        choosing is drawn again from its hand, its size too (001 "en annonce le nombre": it
        is announced only when committed; the steps counted in its view stay the same).
        """
        me = 0 if seat is None else 1 << seat
        holders = self.holders
        places = [self.deck, *(hand for s, hand in enumerate(self.hands) if s != seat)]
        if self.attack_support is not None:
            assert self.attack is not None  # a committed support belongs to the attack
            if self.attack[0] != seat:
                places.append(self.attack_support)
        renamed: dict[int, int] = {}
        for shown in (0, SHOWN):
            slots = [
                (cards, i)
                for cards in places
                for i, card in enumerate(cards)
                if not holders[card] & me and holders[card] & SHOWN == shown
            ]
            old = [cards[i] for cards, i in slots]
            paths = [holders[card] for card in old]
            new = list(old)
            shuffle(rng, new)
            for (cards, i), card, path in zip(slots, new, paths, strict=True):
                cards[i] = card
                holders[card] = path
            if not shown:
                renamed.update(zip(old, new, strict=True))
        if self.phase == SUPPORT and self.current != seat:
            hand = list(self.hands[self.current])
            counted = self.steps - len(self.selection)
            most = min(len(hand), self.options["max_steps"] - 1 - counted)
            shuffle(rng, hand)
            self.selection = hand[: below(rng, most + 1)]
            self.steps = counted + len(self.selection)
        self.setup_cards = [[renamed.get(c, c) for c in cards] for cards in self.setup_cards]
        dealt = iter(self.setup_cards)
        self.setup_events = [
            replace(event, regions=_sorted(next(dealt)))
            if isinstance(event, CardsDealt | CardsDrawn)
            else event
            for event in self.setup_events
        ]

    # =========================================================================== snapshot

    def _restored(self) -> None:
        self.rules = VARIANTS[self.variant]
        if self.end_reason is not None:
            self._result = self._ranked(EndReason(self.end_reason))
