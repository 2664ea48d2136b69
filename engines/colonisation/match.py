"""The Risk : la colonisation rules engine (seed 004), with the project's readings of its gaps.

Territories are indices into ``WORLD`` inside the engine and ids in actions, events and
observations; seat ``i`` plays the pieces of ``WORLD.seat_colours[i]``. ``owner[t]`` is a
seat or -1 (virgin); ``hostile[t]``: the owner's armies lie there (004 "Territoire hostile");
``schools[t]`` holds bits ``MILITARY | OFFICER | POLITICAL``. During a turn ``ready[t]`` says
whether a territory may still take its action and ``used_*[t]`` count the pieces there that
moved or fought ("une armée, un commandement général ou un diplomate ne peuvent se déplacer
ou être utilisés plus d'une fois"). Hidden: each seat's first card until the auction ends, a
seat's bid until its lot closes, and each seat's columns until all are laid out. Every rule
cites the book's section; the designed rules and the readings (C1-C23 of
``shared/specs/colonisation.md``) are in RULES.md.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, Final, cast

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
from engines.colonisation.board import DISTANCE, WORLD
from engines.colonisation.events import (
    BidPlaced,
    CardsDrawn,
    CardsRevealed,
    ColumnsRevealed,
    Eliminated,
    ExtraYearRolled,
    FirstPlayerDrawn,
    HomeRolled,
    HomeSettled,
    HostileRising,
    LotSold,
    MatchEnded,
    Moved,
    PersonMoved,
    Produced,
    SchoolArranged,
    SchoolBuilt,
    Scored,
    Supported,
    Troubles,
    TurnEnded,
    TurnStarted,
    VirginEntered,
    WarDecided,
    WarDeclared,
    WarEnded,
    WarRound,
    YearStarted,
)
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
    SetupView,
    WarView,
)
from engines.colonisation.variants import (
    ARMY,
    CARDS_EACH,
    COLOUR_BONUS,
    COLUMN_COUNT,
    CONTINENT_TERRITORIES,
    CONVERT_DICE,
    DIPLOMAT,
    DIPLOMAT_DEATH,
    EXTRA_YEAR_DICE,
    FIRST_YEAR,
    GENERAL,
    HOSTILE_DICE,
    MILITARY,
    NO_GENERAL_DIE,
    NO_PERSONS_DIE,
    OFFICER,
    OFFICER_ROLL,
    POLITICAL,
    POLITICAL_ROLL,
    PRODUCTS,
    SCHOOL_ROLLS,
    SKIP_DIE,
    START_ARMIES,
    TO_OFFICER,
    TO_POLITICAL,
    VARIANTS,
)
from engines.core.chance import below, die, roll_table, shuffle
from engines.core.contract import Action, Amount, Event, IllegalAction, Result
from engines.core.match import Match, lookup
from engines.core.spectator import Board, place

N: Final = len(WORLD.territories)
IDS: Final = WORLD.territories
INDEX: Final = WORLD.index
NEIGHBOURS: Final = WORLD.neighbours
CONTINENT_MEMBERS: Final = tuple(
    tuple(t for t in range(N) if WORLD.continent_of[t] == c) for c in range(len(WORLD.continents))
)

# Actions are frozen: the legal listings share one object per action.
END_TURN: Final = EndTurn()
ENGAGE: Final = Engage()
CONTINUE_WAR: Final = Continue()
STOP_WAR: Final = Stop()
CHOOSE: Final = tuple(ChooseHome(t) for t in IDS)
BUILD: Final = tuple(BuildSchool(t) for t in IDS)
ARRANGE: Final = tuple(tuple(ArrangeSchool(t, c) for c in range(COLUMN_COUNT + 1)) for t in IDS)
PRODUCE: Final = tuple({kind: Produce(t, kind) for kind in PRODUCTS} for t in IDS)
DIPLOMAT_MOVES: Final = tuple(
    {n: DiplomatMove(IDS[t], IDS[n]) for n in NEIGHBOURS[t]} for t in range(N)
)
DIPLOMAT_ACTS: Final = tuple(
    {n: DiplomatAct(IDS[t], IDS[n]) for n in NEIGHBOURS[t]} for t in range(N)
)
GENERAL_MOVES: Final = tuple(
    {n: GeneralMove(IDS[t], IDS[n]) for n in NEIGHBOURS[t]} for t in range(N)
)
PERSONS: Final = ((False, False), (True, False), (False, True), (True, True))
MOVES: dict[tuple[int, int, bool, bool], tuple[Move, ...]] = {}
"""The Move templates of a territory by (territory, armies it may move, a free general
command, a free diplomat): the legal listings share them (read-only), up to CACHED_ARMIES."""
VERSION: Final = "colonisation-1.1.0"
"""This engine's version: a war round's dice are one draw from ``WAR_ROLLS``."""
VERSION_1_0: Final = "colonisation-1.0.0"
"""The version before, still played for its replays and leagues: each die a draw of its own."""
WAR_ROLLS: Final = tuple(tuple(roll_table((6,) * a, (6,) * d) for d in range(3)) for a in range(3))
"""``WAR_ROLLS[a][d]``: every outcome of a war round's a attacking and d defending d6s (one,
or two beside a general command), each side's dice highest first (:func:`roll_table`)."""
CACHED_ARMIES: Final = 64


def move_templates(s: int, most: int, general: bool, diplomat: bool) -> tuple[Move, ...]:
    """Every Move from ``s`` to a neighbour with 1 to ``most`` armies, with or without the
    persons free there.

    >>> [m.target for m in move_templates(WORLD.index["peru"], 3, False, False)]
    ['venezuela', 'brazil', 'argentina']
    """
    key = (s, most, general, diplomat)
    found = MOVES.get(key)
    if found is None:
        amount = Amount(1, most)
        found = tuple(
            Move(IDS[s], IDS[n], amount, with_general, with_diplomat)
            for n in NEIGHBOURS[s]
            for with_general, with_diplomat in PERSONS
            if (general or not with_general) and (diplomat or not with_diplomat)
        )
        if most <= CACHED_ARMIES:
            MOVES[key] = found
    return found


class EndReason(StrEnum):
    """Why a Risk : la colonisation match ended: every ``reason`` its results may give."""

    LAST_YEAR = "last_year"
    """The last year is over (the years chosen, then one more on each 5 or 6): nations are
    ranked by their final score (004 "Fin de la partie")."""
    LAST_NATION = "last_nation"
    """Every other nation lost its home: the last one wins (004 "Fin de la partie": "Un
    joueur perd seulement s'il a perdu sa patrie d'origine"; C18)."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, nations ranked by their final score then
    (RULES.md, "Result"; no book rule)."""


def schools_of(bits: int) -> int:
    """The number of schools in a territory's school bits.

    >>> schools_of(MILITARY | POLITICAL), schools_of(0)
    (2, 0)
    """
    return (bits & MILITARY) + (bits & OFFICER) // OFFICER + (bits & POLITICAL) // POLITICAL


class ColonisationMatch(Match):
    """A Risk : la colonisation match (the one variant of ``variants.VARIANTS``)."""

    state_fields = (
        "phase",
        "drawn",
        "holders",
        "starting",
        "lot",
        "bids",
        "lot_bids",
        "tied",
        "chooser",
        "owner",
        "hostile",
        "armies",
        "diplomats",
        "generals",
        "schools",
        "homes",
        "alive",
        "eliminated",
        "points",
        "year",
        "last_year",
        "first",
        "mover",
        "turns_left",
        "column",
        "to_lay",
        "laid",
        "rolls",
        "hits",
        "ready",
        "used_armies",
        "used_diplomats",
        "used_generals",
        "war",
        "end_reason",
    )

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
        self.one_draw = version != VERSION_1_0
        self.rules = VARIANTS[variant]
        self.symbols = WORLD.symbols_fr if options["symbols"] == "fr" else WORLD.symbols_us
        self.phase = AUCTION
        self.drawn: list[list[int]] = []
        self.holders = list(range(seats))  # per seat's second card: who holds it
        self.starting = [START_ARMIES] * seats
        self.lot = -1
        self.bids = [-1] * seats
        self.lot_bids: list[list[int]] = []  # per closed lot, every seat's bid (-1: drawer)
        self.tied: list[list[int]] = [[] for _ in range(seats)]
        self.chooser = -1
        self.owner = [-1] * N
        self.hostile = [False] * N
        self.armies = [0] * N
        self.diplomats = [0] * N
        self.generals = [0] * N
        self.schools = [0] * N
        self.homes = [-1] * seats
        self.alive = [True] * seats
        self.eliminated: list[int] = []
        self.points = [0] * seats
        self.year = 0
        self.last_year = options["years"] or 2 * seats  # C23
        self.first = -1
        self.mover = -1
        self.turns_left: list[int] = []
        self.column = [0] * N
        self.to_lay: list[list[int]] = [[] for _ in range(seats)]
        self.laid = [0] * seats
        self.rolls: list[int] = []
        self.hits: list[list[int]] = []
        self.ready = [False] * N
        self.used_armies = [0] * N
        self.used_diplomats = [0] * N
        self.used_generals = [0] * N
        self.war: dict[str, Any] | None = None
        self.end_reason: str | None = None
        self._setup_cache: SetupView | None = None
        self._deal(self.setup_events)

    # =========================================================================== set-up

    def _deal(self, events: list[Event]) -> None:
        """004 "Début": "Les cartes de territoires sont mélangées. Chaque joueur en pioche
        deux, l'une après l'autre, en plaçant la première à sa gauche, il les regarde toutes
        les deux. La seconde carte est échangeable." The jokers are not used (B1). The second
        cards are shown for the auction (C1); the first stay secret until it ends."""
        deck = list(range(N))
        shuffle(self.rng, deck)
        for seat in range(self.seats):
            self.drawn.append(deck[CARDS_EACH * seat : CARDS_EACH * seat + CARDS_EACH])
            first, second = self.drawn[seat]
            events.append(CardsDrawn(seat, IDS[first], IDS[second]))
        if self.options["trading"] == "auction":
            self.phase, self.lot, self.bids = AUCTION, 0, [-1] * self.seats
        else:  # trading=none (C1): everyone keeps its two cards
            self._settle_homes(events)

    def _bid(self, seat: int, action: Bid, events: list[Event]) -> None:
        """C1: a sealed bid, in starting armies, on the lot; a seat keeps at least one army
        (C11). When the last bid is in, every bid is shown: the highest buys the card and pays
        its bid to the drawer; a tie goes to the bidder nearest the drawer's left (004 "Un tour
        de jeu": "dans le sens horaire"); no bid above 0 leaves the card to its drawer."""
        armies = action.armies
        most = self.starting[seat] - 1
        if type(armies) is not int or not 0 <= armies <= most:
            raise IllegalAction(seat, action, f"a bid is 0 to {most} starting armies")
        self.bids[seat] = armies
        events.append(BidPlaced(seat, armies))
        if any(self.bids[s] < 0 for s in self._bidders()):
            return
        drawer = self.lot
        best = max(self.bids[s] for s in self._bidders())
        buyer: int | None = None
        if best > 0:
            buyer = min(
                (s for s in self._bidders() if self.bids[s] == best),
                key=lambda s: (s - drawer) % self.seats,
            )
            self.holders[drawer] = buyer
            self.starting[buyer] -= best
            self.starting[drawer] += best
        bids = tuple(-1 if s == drawer else self.bids[s] for s in range(self.seats))
        self.lot_bids.append(list(bids))
        card = IDS[self.drawn[drawer][1]]
        events.append(LotSold(drawer, card, bids, buyer, best if buyer is not None else 0))
        self.lot += 1
        self.bids = [-1] * self.seats
        if self.lot == self.seats:
            self.lot = -1
            self._settle_homes(events)

    def _bidders(self) -> list[int]:
        """The seats that bid on the current lot: all but its drawer."""
        return [s for s in range(self.seats) if s != self.lot]

    def _cards_of(self, seat: int) -> list[int]:
        """The cards ``seat`` holds after the trade: its first, then the second cards it holds
        (its own if kept, then those bought, by drawer)."""
        held = [self.drawn[seat][1]] if self.holders[seat] == seat else []
        held += [
            self.drawn[d][1] for d in range(self.seats) if d != seat and self.holders[d] == seat
        ]
        return [self.drawn[seat][0], *held]

    def _settle_homes(self, events: list[Event]) -> None:
        """004 "Début": "chacun place toutes ces cartes devant lui, et lance un dé pour chacune
        des cartes qu'il possède. Il dispose ses armées, son commandement général et son
        diplomate à l'endroit ou le résultat est le plus grand"; on a tie the seat chooses
        (:meth:`_choose_home`), one seat at a time in seat order."""
        for seat in range(self.seats):
            events.append(CardsRevealed(seat, tuple(IDS[c] for c in self._cards_of(seat))))
        for seat in range(self.seats):
            cards = self._cards_of(seat)
            dice = [die(self.rng, 6) for _ in cards]
            tied = [c for c, d in zip(cards, dice, strict=True) if d == max(dice)]
            names = tuple(IDS[c] for c in cards)
            events.append(HomeRolled(seat, names, tuple(dice), tuple(IDS[t] for t in tied)))
            if len(tied) == 1:
                self._place_home(seat, tied[0], tied, events)
            else:
                self.tied[seat] = tied
        self._next_chooser(events)

    def _next_chooser(self, events: list[Event]) -> None:
        """The next seat with a tie chooses its home; when none is left, the first player is
        drawn and the first year begins."""
        for seat in range(self.seats):
            if self.tied[seat]:
                self.phase, self.chooser = HOME, seat
                return
        self.chooser = -1
        self.first = below(self.rng, self.seats)  # C22: drawn from the seeded generator
        events.append(FirstPlayerDrawn(self.first))
        self._begin_year(events)

    def _choose_home(self, seat: int, action: ChooseHome, events: list[Event]) -> None:
        """004 "Début": "En cas d'égalité, il choisi l'un de ceux obtenus comme étant sa patrie
        d'origine"."""
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if t not in self.tied[seat]:
            raise IllegalAction(seat, action, f"{action.territory} is not one of the tied cards")
        tied, self.tied[seat] = self.tied[seat], []
        self._place_home(seat, t, tied, events)
        self._next_chooser(events)

    def _place_home(self, seat: int, home: int, tied: list[int], events: list[Event]) -> None:
        """004 "Début": the armies, the general command and the diplomat go to the home; on a
        tie "il dispose ses armées en égale quantité dans chacun des territoire obtenus" (C4:
        ⌊armies/k⌋ on each, the remainder and the colour bonus on the home; a tied territory
        that gets no army stays virgin); "Si la patrie d'origine est dans un continent
        correspondant à la couleur des pions du joueur, il dispose de 3 armées
        supplémentaires" (C5, the colour table is data). "Tous les autres territoires,
        inoccupés, sont dits vierges." """
        armies = self.starting[seat]
        each, rest = divmod(armies, len(tied))
        bonus = COLOUR_BONUS if WORLD.colour_continent(seat) == WORLD.continent_of[home] else 0
        placed = [(home, each + rest + bonus)]
        placed += [(t, each) for t in tied if t != home and each > 0]
        for t, count in placed:
            self.owner[t], self.armies[t] = seat, count
        self.diplomats[home] = self.generals[home] = 1
        self.homes[seat] = home
        events.append(HomeSettled(seat, IDS[home], tuple((IDS[t], a) for t, a in placed), bonus))

    # =========================================================================== years

    def _begin_year(self, events: list[Event]) -> None:
        """004 "Un tour de jeu": "Un dé est lancé. Sur un 1 ... Ce tour n'est pas joué, une
        année passe" (C7: the year counts; no production, no points, no rotation). Else the
        columns are laid out (004 "Ecoles militaires": "Au début de l'année")."""
        self.year += 1
        roll = die(self.rng, 6)
        skipped = roll == SKIP_DIE
        events.append(YearStarted(self.year, FIRST_YEAR + self.year - 1, roll, skipped))
        self.ready = [False] * N
        self.used_armies = [0] * N
        self.used_diplomats = [0] * N
        self.used_generals = [0] * N
        self.rolls, self.hits, self.mover = [], [], -1
        if skipped:
            self._end_year(events, skipped=True)
            return
        self.column = [0] * N
        self.laid = [0] * self.seats
        self.to_lay = [
            [t for t in range(N) if self.owner[t] == s and self.schools[t] and not self.hostile[t]]
            if self.alive[s]
            else []
            for s in range(self.seats)
        ]
        if any(self.to_lay):
            self.phase = COLUMNS
        else:
            self._start_turns(events)

    def _allowed_columns(self, seat: int) -> list[int]:
        """The columns the next card of ``seat`` may go in (C8: always six columns, empty ones
        counting as 0 cards; "Aucune colonne ne peut comporter 2 (ou +) cartes de plus
        qu'une autre", so the final sizes are ⌈m/6⌉ or ⌊m/6⌋)."""
        small, large = divmod(len(self.to_lay[seat]), COLUMN_COUNT)
        counts = [0] * (COLUMN_COUNT + 1)
        for t in self.to_lay[seat][: self.laid[seat]]:
            counts[self.column[t]] += 1
        full = sum(counts[c] == small + 1 for c in range(1, COLUMN_COUNT + 1))
        return [
            c
            for c in range(1, COLUMN_COUNT + 1)
            if counts[c] < small or (counts[c] == small and full < large)
        ]

    def _arrange(self, seat: int, action: ArrangeSchool, events: list[Event]) -> None:
        """004 "Ecoles militaires": "tous les joueurs placent leurs cartes de territoire (avec
        une école) devant eux dans l'ordre désiré" (C8: every seat at once and in secret, one
        card at a time, in the board's order; revealed together)."""
        if self.laid[seat] >= len(self.to_lay[seat]):
            raise IllegalAction(seat, action, "your school cards are all laid out")
        t = self.to_lay[seat][self.laid[seat]]
        if action.territory != IDS[t]:
            raise IllegalAction(seat, action, f"the next school card to lay out is {IDS[t]}")
        if type(action.column) is not int or action.column not in self._allowed_columns(seat):
            raise IllegalAction(seat, action, f"columns open now: {self._allowed_columns(seat)}")
        self.column[t] = action.column
        self.laid[seat] += 1
        events.append(SchoolArranged(seat, IDS[t], action.column))
        if all(self.laid[s] == len(self.to_lay[s]) for s in range(self.seats)):
            for s in range(self.seats):
                if self.to_lay[s]:
                    laid = tuple((IDS[c], self.column[c]) for c in self.to_lay[s])
                    events.append(ColumnsRevealed(s, laid))
            self._start_turns(events)

    def _start_turns(self, events: list[Event]) -> None:
        """004 "Un tour de jeu": "Chacun joue, l'un après l'autre, dans le sens horaire"."""
        order = [(self.first + i) % self.seats for i in range(self.seats)]
        self.turns_left = [s for s in order if self.alive[s]]
        self._begin_turn(self.turns_left.pop(0), events)

    def _end_year(self, events: list[Event], skipped: bool = False) -> None:
        """004 "Fin de la partie": "A la fin du tour prévu au début de la partie, lancer un dé.
        Sur un cinq ou un six, la partie se poursuit encore un tour. Faire de même à la fin de
        ce tour, et ainsi de suite." Then the next year begins with the player to the left of
        this year's first (004 "Un tour de jeu"; not after a skipped year, C7)."""
        if self.year >= self.last_year:
            roll = die(self.rng, 6)
            extra = roll in EXTRA_YEAR_DICE
            events.append(ExtraYearRolled(roll, extra))
            if not extra:
                self._finish(EndReason.LAST_YEAR, events)
                return
            self.last_year += 1
        if not skipped:
            self.first = self._next_alive(self.first)
        self._begin_year(events)

    def _next_alive(self, seat: int) -> int:
        """The first seat alive to the left of ``seat``."""
        for step in range(1, self.seats + 1):
            other = (seat + step) % self.seats
            if self.alive[other]:
                return other
        return seat

    # =========================================================================== turns

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        """004 "Un tour de jeu": each territory owned at the start of the turn may act; 004
        "Ecoles militaires": "Au début de son propre tour, le joueur lance trois fois un dé",
        plus one per continent bonus (004 "Contrôle d'un continent"); each roll hits every
        card of its column (C9: a column hit twice produces twice)."""
        self.phase, self.mover = PRODUCTION, seat
        owner, hostile = self.owner, self.hostile
        self.ready = [owner[t] == seat and not hostile[t] for t in range(N)]
        self.used_armies = [0] * N
        self.used_diplomats = [0] * N
        self.used_generals = [0] * N
        count = SCHOOL_ROLLS + len(self.continent_bonuses(seat))
        self.rolls = [die(self.rng, 6) for _ in range(count)]
        events.append(TurnStarted(seat, tuple(self.rolls)))
        column = self.column
        self.hits = [
            [t, roll]
            for roll in self.rolls
            for t in range(N)
            if column[t] == roll and owner[t] == seat
        ]
        self._produce_next(events)

    def continent_bonuses(self, seat: int) -> list[int]:
        """The continents giving ``seat`` an extra school roll: it owns at least 4 of their
        territories, hostile ones excluded (004 "Contrôle d'un continent"), and no other nation
        owns any (C17: "Ce bonus est annulé pour les continents contrôlés par plusieurs
        joueurs")."""
        found = []
        for c, members in enumerate(CONTINENT_MEMBERS):
            mine = others = 0
            for t in members:
                holder = self.owner[t]
                if holder < 0 or self.hostile[t]:
                    continue
                if holder == seat:
                    mine += 1
                else:
                    others += 1
            if mine >= CONTINENT_TERRITORIES and not others:
                found.append(c)
        return found

    def _products(self, seat: int, t: int, roll: int) -> list[str]:
        """What the school card of ``t`` hit by ``roll`` may give (004 "Ecoles militaires"): an
        army; or a general command from an officer school; or a diplomat from a political
        school; or, on a 1 with an artillery card, the military school becomes an officer
        school; on a 2 with a cavalry card, a political school (one school of each type per
        territory: not if the territory has one already). One product per card hit (the book:
        "Si cette carte possède une école, un pion militaire est ajouté")."""
        bits = self.schools[t]
        if not bits or self.owner[t] != seat or self.hostile[t]:
            return []
        kinds = [ARMY]
        if bits & OFFICER:
            kinds.append(GENERAL)
        if bits & POLITICAL:
            kinds.append(DIPLOMAT)
        if bits & MILITARY:
            symbol = self.symbols[t]
            if roll == OFFICER_ROLL and symbol == "artillery" and not bits & OFFICER:
                kinds.append(TO_OFFICER)
            if roll == POLITICAL_ROLL and symbol == "cavalry" and not bits & POLITICAL:
                kinds.append(TO_POLITICAL)
        return kinds

    def _produce_next(self, events: list[Event]) -> None:
        """Apply the hits with one possible product; stop at the first with a choice (the
        mover decides, :meth:`_produce`); then the territories act."""
        while self.hits:
            t, roll = self.hits[0]
            kinds = self._products(self.mover, t, roll)
            if len(kinds) > 1:
                return
            self.hits.pop(0)
            if kinds:
                self._make(t, roll, kinds[0], events)
        self.phase = ACTIONS

    def _produce(self, seat: int, action: Produce, events: list[Event]) -> None:
        """004 "Ecoles militaires": "il peut à la place" — the mover's choice for the card
        hit now."""
        t, roll = self.hits[0]
        if action.territory != IDS[t]:
            raise IllegalAction(seat, action, f"the school card hit now is {IDS[t]}")
        if action.kind not in self._products(seat, t, roll):
            raise IllegalAction(seat, action, f"{IDS[t]} cannot give {action.kind!r} now")
        self.hits.pop(0)
        self._make(t, roll, action.kind, events)
        self._produce_next(events)

    def _make(self, t: int, roll: int, kind: str, events: list[Event]) -> None:
        if kind == ARMY:
            self.armies[t] += 1
        elif kind == GENERAL:
            self.generals[t] += 1
        elif kind == DIPLOMAT:
            self.diplomats[t] += 1
        elif kind == TO_OFFICER:  # "remplacez le pion sur la carte par un pion d'artillerie"
            self.schools[t] = self.schools[t] & ~MILITARY | OFFICER
        else:  # TO_POLITICAL: "remplacez le pion sur la carte par un cavalier"
            self.schools[t] = self.schools[t] & ~MILITARY | POLITICAL
        events.append(Produced(self.owner[t], IDS[t], roll, kind))

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """004 "Un tour de jeu": "Le joueur déclare qu'il a terminé ... le joueur calcule ses
        points d'objectif"; 004 "Points d'objectifs": "autant de points qu'il contrôle de
        territoires (territoires hostiles exclus)" (C19: counted at the end of its turn)."""
        gained = self.territories_of(seat)
        self.points[seat] += gained
        events.append(TurnEnded(seat, gained, self.points[seat]))
        if self.turns_left:
            self._begin_turn(self.turns_left.pop(0), events)
        else:
            self._end_year(events)

    def territories_of(self, seat: int) -> int:
        """The territories ``seat`` controls, hostile ones excluded."""
        owner, hostile = self.owner, self.hostile
        return sum(1 for t in range(N) if owner[t] == seat and not hostile[t])

    # =========================================================================== actions

    def _movable(self, t: int) -> int:
        """Armies of ``t`` that may still move: not used this turn, and one stays behind
        (C11)."""
        armies = self.armies[t]
        return min(armies - self.used_armies[t], armies - 1)

    def _own_source(self, seat: int, source: str, action: Action) -> int:
        s = lookup(INDEX, source, seat, action, "territory")
        if self.owner[s] != seat or self.hostile[s]:
            raise IllegalAction(seat, action, f"{source} is not a colony of yours")
        return s

    def _neighbour(self, seat: int, s: int, target: str, action: Action) -> int:
        t = lookup(INDEX, target, seat, action, "territory")
        if t not in NEIGHBOURS[s]:
            raise IllegalAction(seat, action, f"{target} does not border {IDS[s]}")
        return t

    def _move(self, seat: int, action: Move, events: list[Event]) -> None:
        """A territory's action (004 "Un tour de jeu"): move armies, with a general command
        and/or a diplomat, into a neighbour: own, virgin, own hostile or another nation's."""
        s = self._own_source(seat, action.source, action)
        t = self._neighbour(seat, s, action.target, action)
        if not self.ready[s]:
            raise IllegalAction(seat, action, f"{action.source} cannot act again this turn")
        armies, general, diplomat = action.armies, action.general, action.diplomat
        most = self._movable(s)
        if type(armies) is not int or not 1 <= armies <= most:
            raise IllegalAction(seat, action, f"armies: 1 to {most}")
        if type(general) is not bool or type(diplomat) is not bool:
            raise IllegalAction(seat, action, "general and diplomat are true or false")
        if general and self.generals[s] - self.used_generals[s] < 1:
            raise IllegalAction(seat, action, f"no free general command in {action.source}")
        if diplomat and self.diplomats[s] - self.used_diplomats[s] < 1:
            raise IllegalAction(seat, action, f"no free diplomat in {action.source}")
        self.ready[s] = False
        holder = self.owner[t]
        if holder == seat:
            self._march(seat, s, t, armies, general=general, diplomat=diplomat)
            colonised = self.hostile[t]
            self.hostile[t] = False
            events.append(Moved(seat, IDS[s], IDS[t], armies, general, diplomat, colonised))
        elif holder < 0:
            self._enter_virgin(seat, (s, t, armies, general, diplomat), events)
        else:
            self._declare_war(seat, (s, t, armies, general, diplomat), events)

    def _march(
        self, seat: int, s: int, t: int, armies: int, *, general: bool, diplomat: bool
    ) -> None:
        """Pieces go from ``s`` to ``t`` and are used for the turn."""
        self.armies[s] -= armies
        self.armies[t] += armies
        self.used_armies[t] += armies
        if general:
            self.generals[s] -= 1
            self.generals[t] += 1
            self.used_generals[t] += 1
        if diplomat:
            self.diplomats[s] -= 1
            self.diplomats[t] += 1
            self.used_diplomats[t] += 1
        self.owner[t] = seat

    def _enter_virgin(
        self, seat: int, move: tuple[int, int, int, bool, bool], events: list[Event]
    ) -> None:
        """004 "Un tour de jeu": "Si le territoire est encore vierge, il lance un dé" (C10:
        1-2 the territory becomes hostile and the action is spent; 3 no diplomat nor general
        command may enter; 4 no general command; 5-6 a normal move). The persons refused stay
        behind. A territory taken cannot act this turn ("Les territoires pris ne peuvent pas
        jouer durant ce tour"). ``move`` is (source, target, armies, general, diplomat)."""
        s, t, armies, general, diplomat = move
        roll = die(self.rng, 6)
        if roll in HOSTILE_DICE:
            events.append(VirginEntered(seat, IDS[s], IDS[t], roll, 0, False, False))
            self._hostile_rising(seat, t, events)
            return
        general = general and roll not in (NO_PERSONS_DIE, NO_GENERAL_DIE)
        diplomat = diplomat and roll != NO_PERSONS_DIE
        self._march(seat, s, t, armies, general=general, diplomat=diplomat)
        events.append(VirginEntered(seat, IDS[s], IDS[t], roll, armies, general, diplomat))

    def _hostile_rising(self, seat: int, t: int, events: list[Event]) -> None:
        """004 "Territoire hostile": "une autre nation (celle dont un territoire est le plus
        proche, en cas d'égalité, celle dont la patrie d'origine est la plus proche) y place
        des armées (gratuites) : il lance un dé et place un nombre de pions d'armée égal à la
        moitié (arrondie au supérieur) du résultat" (C12: steps over the board's links;
        hostile territories are not a nation's; a last tie by an engine die). With no other
        nation left, the territory stays virgin."""
        distance = DISTANCE[t]
        best: list[int] = []
        best_key = (N, N)
        for nation in range(self.seats):
            if nation == seat or not self.alive[nation]:
                continue
            near = min(
                distance[u] for u in range(N) if self.owner[u] == nation and not self.hostile[u]
            )
            key = (near, distance[self.homes[nation]])
            if key < best_key:
                best, best_key = [nation], key
            elif key == best_key:
                best.append(nation)
        if not best:
            events.append(HostileRising(None, IDS[t], 0, 0))
            return
        nation = best[below(self.rng, len(best))] if len(best) > 1 else best[0]
        roll = die(self.rng, 6)
        armies = (roll + 1) // 2
        self.owner[t], self.hostile[t], self.armies[t] = nation, True, armies
        events.append(HostileRising(nation, IDS[t], roll, armies))

    def _build(self, seat: int, action: BuildSchool, events: list[Event]) -> None:
        """C2 (designed: the book never says how a school is built; "Au début de la partie, le
        joueur n'a aucune école militaire"): a territory owned since the start of the turn
        spends its action to found a military school, never on a hostile territory ("il ne
        peut pas y placer d'école"), one of each type per territory ("une seule école de
        chaque type"), for ``school_cost`` of its armies (one stays)."""
        t = self._own_source(seat, action.territory, action)
        if not self.ready[t]:
            raise IllegalAction(seat, action, f"{action.territory} cannot act again this turn")
        if self.schools[t] & MILITARY:
            raise IllegalAction(seat, action, f"{action.territory} has a military school")
        cost = self.options["school_cost"]
        if self.armies[t] - self.used_armies[t] < cost or self.armies[t] - cost < 1:
            raise IllegalAction(seat, action, f"a school costs {cost} armies, one staying")
        self.ready[t] = False
        self.armies[t] -= cost
        self.schools[t] |= MILITARY
        events.append(SchoolBuilt(seat, IDS[t], cost))

    def _person_move(
        self, seat: int, action: DiplomatMove | GeneralMove, events: list[Event]
    ) -> None:
        """004 "Diplomate": "Un diplomate peut se déplacer seul"; 004 "Commandement général":
        "Le commandement général peut se déplacer seul. Dans ce cas, les armées du territoire
        d'origine ne seront pas considérées comme ayant été utilisées": the territory keeps its
        action. Only into an own territory (C11: never alone); into its own hostile territory,
        it makes it a colony (004 "Territoire hostile": "Dès qu'il aura réussi à y déplacer à
        son tour une armée, un diplomate ou un commandement général")."""
        s = self._own_source(seat, action.source, action)
        t = self._neighbour(seat, s, action.target, action)
        person = "diplomat" if type(action) is DiplomatMove else "general"
        count, used = (
            (self.diplomats, self.used_diplomats)
            if person == "diplomat"
            else (self.generals, self.used_generals)
        )
        if count[s] - used[s] < 1:
            raise IllegalAction(seat, action, f"no free {person} in {action.source}")
        if self.owner[t] != seat:
            raise IllegalAction(seat, action, f"{action.target} is not yours")
        count[s] -= 1
        count[t] += 1
        used[t] += 1
        colonised = self.hostile[t]
        self.hostile[t] = False
        events.append(PersonMoved(seat, person, IDS[s], IDS[t], colonised))

    def _troubles(self, seat: int, action: DiplomatAct, events: list[Event]) -> None:
        """004 "Diplomate": "lancer un dé, ajouter le nombre de diplomates sur le territoire
        (C13: the origin's). Si le résultat est inférieur au nombre d'armées sur le
        territoire, il faut les enlever jusqu'à ce que ce nombre soit atteint. Si le résultat
        du dé est égal à 6, le diplomate est tué. Si la cible est un territoire hostile ...
        si le résultat est 2 ou 4, les armées restantes sont converties par l'attaquant, qui
        possède maintenant le territoire (the die; C13: the diplomat moves in). Si la cible
        est une patrie d'origine, ajouter un au dé." The origin keeps its action."""
        s = self._own_source(seat, action.source, action)
        t = self._neighbour(seat, s, action.target, action)
        if self.diplomats[s] - self.used_diplomats[s] < 1:
            raise IllegalAction(seat, action, f"no free diplomat in {action.source}")
        defender = self.owner[t]
        if defender < 0 or defender == seat:
            raise IllegalAction(seat, action, f"{action.target} is neither enemy nor hostile")
        roll = die(self.rng, 6)
        home = not self.hostile[t] and self.homes[defender] == t
        total = roll + self.diplomats[s] + (1 if home else 0)
        removed = max(0, self.armies[t] - total)
        self.armies[t] -= removed
        killed = roll == DIPLOMAT_DEATH
        converted = self.hostile[t] and roll in CONVERT_DICE
        self.diplomats[s] -= 1
        if converted:
            self.owner[t], self.hostile[t] = seat, False
            self.diplomats[t] += 1
            self.used_diplomats[t] += 1
            self.used_armies[t] = self.armies[t]
        elif not killed:
            self.diplomats[s] += 1
            self.used_diplomats[s] += 1
        events.append(
            Troubles(seat, IDS[s], IDS[t], defender, roll, total, removed, killed, converted)
        )

    # =========================================================================== war

    def _declare_war(
        self, seat: int, move: tuple[int, int, int, bool, bool], events: list[Event]
    ) -> None:
        """004 "Guerre": "Chaque fois que les armées d'un joueur pénètrent sur le territoire
        d'un autre joueur, une guerre est immédiatement déclarée. L'attaquant choisi le nombre
        d'unités utilisées et les place sur la frontière" (also against another nation's
        hostile territory: its lying armies defend). The general command and the diplomat
        sent follow a conquest; they do not fight. Support may be added (:meth:`_support`);
        without any possible, the first round is fought at once. ``move`` is (source, target,
        armies, general, diplomat)."""
        s, t, armies, general, diplomat = move
        self.armies[s] -= armies
        self.war = {
            "attacker": seat,
            "defender": self.owner[t],
            "source": s,
            "target": t,
            "fronts": [[s, armies]],
            "general": general,
            "diplomat": diplomat,
            "decider": -1,
            "rounds": 0,
            "lead": 0,
        }
        events.append(WarDeclared(seat, self.owner[t], IDS[s], IDS[t], armies, general, diplomat))
        self.phase = SUPPORT
        if not self._supporters():
            self._round(events)

    def _supporters(self) -> list[int]:
        """The territories that may still support the war: the attacker's, bordering the
        target, able to act, not hostile (C20), with armies to spare, not yet on the border."""
        war = cast("dict[str, Any]", self.war)
        seat, t = war["attacker"], war["target"]
        fronts = {f[0] for f in war["fronts"]}
        return [
            n
            for n in NEIGHBOURS[t]
            if self.owner[n] == seat
            and self.ready[n]
            and not self.hostile[n]
            and n not in fronts
            and self._movable(n) >= 1
        ]

    def _support(self, seat: int, action: Support, events: list[Event]) -> None:
        """004 "Guerre": "Il place alors des armées sur la frontière, et ajoute à ses jets de
        dé ce soutient. Ce soutient ne peut pas contenir de commandement général." """
        war = cast("dict[str, Any]", self.war)
        n = lookup(INDEX, action.territory, seat, action, "territory")
        if n not in self._supporters():
            raise IllegalAction(seat, action, f"{action.territory} cannot support this war")
        most = self._movable(n)
        if type(action.armies) is not int or not 1 <= action.armies <= most:
            raise IllegalAction(seat, action, f"armies: 1 to {most}")
        self.armies[n] -= action.armies
        war["fronts"].append([n, action.armies])
        events.append(Supported(seat, action.territory, action.armies))
        if not self._supporters():
            self._round(events)

    def _round(self, events: list[Event]) -> None:
        """004 "Guerre": "Chacun des joueurs lance un dé et ajoute le nombre d'armées en jeu.
        Le défenseur ajoute un, et un autre s'il dispose d'une école militaire. Si l'un des
        deux (ou les deux) dispose d'un commandement général sur son territoire (l'attaquant
        n'est pas obligé de le mettre en jeu pour en bénéficier), il lance un dé de plus (C14:
        added). Celui qui fait le moins perd alors deux unités ; il n'en perd qu'une s'il est
        défenseur et que l'adversaire ne dispose que d'une seule armée. Chacune des armées perd
        une unité en cas d'égalité." "Les armées du territoire attaquant sont détruites avant
        celles des autres territoires." Then the winner decides (C15: the attacker on a tie),
        unless a side is wiped out."""
        war = cast("dict[str, Any]", self.war)
        self.phase = CONTINUE
        t = war["target"]
        fronts = war["fronts"]
        lead = next(i for i, front in enumerate(fronts) if front[1] > 0)
        front = fronts[lead][0]
        committed = sum(f[1] for f in fronts)
        attacking = 2 if self.generals[front] > 0 else 1
        defending = 2 if self.generals[t] > 0 else 1
        if self.one_draw:
            table = WAR_ROLLS[attacking][defending]
            roll = table[below(self.rng, len(table))]
            attack, defence = roll.attacker, roll.defender
        else:  # VERSION_1_0: each die a draw, the attacker's first
            attack = tuple(die(self.rng, 6) for _ in range(attacking))
            defence = tuple(die(self.rng, 6) for _ in range(defending))
        attack_total = sum(attack) + committed
        school = 1 if self.schools[t] & MILITARY else 0
        defence_total = sum(defence) + self.armies[t] + 1 + school
        if attack_total < defence_total:
            attack_loss, defence_loss = 2, 0
        elif defence_total < attack_total:
            attack_loss, defence_loss = 0, 1 if committed == 1 else 2
        else:
            attack_loss = defence_loss = 1
        defence_loss = min(defence_loss, self.armies[t])
        self.armies[t] -= defence_loss
        attack_loss = min(attack_loss, committed)
        left = attack_loss
        for f in fronts:
            taken = min(left, f[1])
            f[1] -= taken
            left -= taken
        war["rounds"] += 1
        events.append(
            WarRound(
                war["rounds"],
                IDS[front],
                attack,
                attack_total,
                defence,
                defence_total,
                attack_loss,
                defence_loss,
            )
        )
        standing = [i for i, f in enumerate(fronts) if f[1] > 0]
        if standing:
            war["lead"] = max(war["lead"], standing[0])
        if self.armies[t] == 0:
            self._end_war(bool(standing), events)
        elif not standing:
            self._end_war(False, events)
        else:
            won = attack_total >= defence_total
            war["decider"] = war["attacker"] if won else war["defender"]

    def _decide(self, seat: int, go_on: bool, events: list[Event]) -> None:
        """004 "Guerre": "Ensuite le vainqueur choisi si le combat continue ou pas.
        L'attaquant reste attaquant dans tous les cas." """
        events.append(WarDecided(seat, go_on))
        if go_on:
            self._round(events)
        else:
            self._end_war(False, events)

    def _end_war(self, conquered: bool, events: list[Event]) -> None:
        """004 "Guerre": "Si l'attaquant a gagné, il conquit le pays avec les armées engagées
        restantes (C16: the attacking territory's; support goes home). Les écoles sont
        détruites." The defender's diplomats and general commands die with its last army (004
        "Diplomate", "Commandement général"). When a tied round wipes out both sides, nobody
        has won: the territory is left virgin, its schools and persons gone (RULES.md). "Tous
        les territoires qui ont soutenu une guerre mais n'ont pas été attaquants sont
        considérés comme n'ayant pas effectué d'action"; armies that fought are used. Losing
        the home puts its nation out (C18)."""
        war = cast("dict[str, Any]", self.war)
        seat, defender, t = war["attacker"], war["defender"], war["target"]
        fronts = war["fronts"]
        winner = next((i for i, f in enumerate(fronts) if f[1] > 0), -1) if conquered else -1
        moved_in = 0
        for i, (n, armies) in enumerate(fronts):
            if i <= war["lead"]:
                self.ready[n] = False
            if i == winner:
                moved_in = armies
            else:
                self.armies[n] += armies
                self.used_armies[n] += armies
        ruins = 0
        emptied = not conquered and self.armies[t] == 0
        if emptied:  # both sides wiped out by a tied round: nobody is left to hold it
            ruins = schools_of(self.schools[t])
            self.schools[t] = self.column[t] = 0
            self.diplomats[t] = self.generals[t] = 0
            self.owner[t], self.hostile[t] = -1, False
        if conquered:
            ruins = schools_of(self.schools[t])
            self.schools[t] = 0
            self.column[t] = 0
            self.diplomats[t] = self.generals[t] = 0
            self.owner[t], self.hostile[t] = seat, False
            self.armies[t] = self.used_armies[t] = moved_in
            self.used_diplomats[t] = self.used_generals[t] = 0
            source = fronts[winner][0]
            if winner == 0:
                self._march(seat, source, t, 0, general=war["general"], diplomat=war["diplomat"])
        self.war = None
        self.phase = ACTIONS
        events.append(WarEnded(seat, defender, IDS[t], conquered, emptied, moved_in, ruins))
        if (conquered or emptied) and self.homes[defender] == t:
            self._eliminate(defender, seat, events)

    def _eliminate(self, seat: int, by: int, events: list[Event]) -> None:
        """C18: "Un joueur perd seulement s'il a perdu sa patrie d'origine" (004 "Fin de la
        partie"): out at once, its pieces removed (its territories become virgin); when one
        nation is left, it wins."""
        for t in range(N):
            if self.owner[t] == seat:
                self.owner[t], self.hostile[t] = -1, False
                self.armies[t] = self.diplomats[t] = self.generals[t] = self.schools[t] = 0
                self.column[t] = 0
        self.alive[seat] = False
        self.homes[seat] = -1
        self.eliminated.append(seat)
        if seat in self.turns_left:
            self.turns_left.remove(seat)
        events.append(Eliminated(seat, by))
        if sum(self.alive) == 1:
            self._finish(EndReason.LAST_NATION, events)

    # =========================================================================== dispatch

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        phase = self.phase
        # ``kind is X`` does not narrow ``action`` for the type checker: the casts do.
        if phase == AUCTION:
            if kind is not Bid:
                raise IllegalAction(seat, action, "auction: Bid")
            self._bid(seat, cast(Bid, action), events)
        elif phase == HOME:
            if kind is not ChooseHome:
                raise IllegalAction(seat, action, "home: ChooseHome among the tied territories")
            self._choose_home(seat, cast(ChooseHome, action), events)
        elif phase == COLUMNS:
            if kind is not ArrangeSchool:
                raise IllegalAction(seat, action, "columns: ArrangeSchool")
            self._arrange(seat, cast(ArrangeSchool, action), events)
        elif phase == PRODUCTION:
            if kind is not Produce:
                raise IllegalAction(seat, action, "production: Produce")
            self._produce(seat, cast(Produce, action), events)
        elif phase == SUPPORT:
            if kind is Support:
                self._support(seat, cast(Support, action), events)
            elif kind is Engage:
                self._round(events)
            else:
                raise IllegalAction(seat, action, "war set-up: Support or Engage")
        elif phase == CONTINUE:
            if kind not in (Continue, Stop):
                raise IllegalAction(seat, action, "war: Continue or Stop")
            self._decide(seat, kind is Continue, events)
        elif kind is Move:
            self._move(seat, cast(Move, action), events)
        elif kind is BuildSchool:
            self._build(seat, cast(BuildSchool, action), events)
        elif kind is DiplomatMove or kind is GeneralMove:
            self._person_move(seat, cast("DiplomatMove | GeneralMove", action), events)
        elif kind is DiplomatAct:
            self._troubles(seat, cast(DiplomatAct, action), events)
        elif kind is EndTurn:
            self._end_turn(seat, events)
        else:
            raise IllegalAction(
                seat,
                action,
                "actions: Move, BuildSchool, DiplomatMove, DiplomatAct, GeneralMove or EndTurn",
            )
        return events

    # =========================================================================== listing

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == AUCTION:
            return tuple(s for s in range(self.seats) if s != self.lot and self.bids[s] < 0)
        if phase == HOME:
            return (self.chooser,)
        if phase == COLUMNS:
            return tuple(s for s in range(self.seats) if self.laid[s] < len(self.to_lay[s]))
        if phase == CONTINUE:
            return (cast("dict[str, Any]", self.war)["decider"],)
        if phase == OVER:
            return ()
        return (self.mover,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == ACTIONS:
            return self._territory_actions(seat)
        if phase == AUCTION:
            return (Bid(Amount(0, self.starting[seat] - 1)),)
        if phase == HOME:
            return tuple(CHOOSE[t] for t in self.tied[seat])
        if phase == COLUMNS:
            t = self.to_lay[seat][self.laid[seat]]
            return tuple(ARRANGE[t][c] for c in self._allowed_columns(seat))
        if phase == PRODUCTION:
            t, roll = self.hits[0]
            return tuple(PRODUCE[t][kind] for kind in self._products(seat, t, roll))
        if phase == SUPPORT:
            legal: list[Action] = [
                Support(IDS[n], Amount(1, self._movable(n))) for n in self._supporters()
            ]
            legal.append(ENGAGE)
            return tuple(legal)
        return (CONTINUE_WAR, STOP_WAR)

    def _territory_actions(self, seat: int) -> tuple[Action, ...]:
        """Every move, school, person's move or troubles the mover may start, then EndTurn."""
        legal: list[Action] = []
        owner, ready, armies = self.owner, self.ready, self.armies
        hostile = self.hostile
        for s in range(N):
            if owner[s] != seat or hostile[s]:
                continue
            free_diplomat = self.diplomats[s] > self.used_diplomats[s]
            free_general = self.generals[s] > self.used_generals[s]
            if ready[s]:
                if not self.schools[s] & MILITARY:
                    cost = self.options["school_cost"]
                    if armies[s] - self.used_armies[s] >= cost and armies[s] - cost >= 1:
                        legal.append(BUILD[s])
                most = self._movable(s)
                if most >= 1:
                    legal.extend(move_templates(s, most, free_general, free_diplomat))
            if free_diplomat:
                for n, move in DIPLOMAT_MOVES[s].items():
                    if owner[n] == seat:
                        legal.append(move)
                    elif owner[n] >= 0:
                        legal.append(DIPLOMAT_ACTS[s][n])
            if free_general:
                legal.extend(move for n, move in GENERAL_MOVES[s].items() if owner[n] == seat)
        legal.append(END_TURN)
        return tuple(legal)

    # =========================================================================== results

    def final_scores(self) -> list[float]:
        """Per seat, the final score now (004 "Fin de la partie": "Les joueurs font la somme de
        leurs points respectif. Ils y ajoutent un point par territoire, un demi point par
        armée, un par diplomate, un par commandement général, un par école"): an eliminated
        nation has no pieces left, only its points."""
        return [float(self._score(seat)[-1]) for seat in range(self.seats)]

    def _score(self, seat: int) -> tuple[int, int, int, int, int, int, float]:
        """(points, territories, armies, diplomats, generals, schools, total) of ``seat``;
        territories exclude hostile ones, armies include the lying ones (RULES.md)."""
        territories = armies = diplomats = generals = schools = 0
        for t in range(N):
            if self.owner[t] != seat:
                continue
            territories += not self.hostile[t]
            armies += self.armies[t]
            diplomats += self.diplomats[t]
            generals += self.generals[t]
            schools += schools_of(self.schools[t])
        points = self.points[seat]
        total = points + territories + armies / 2 + diplomats + generals + schools
        return points, territories, armies, diplomats, generals, schools, total

    def _finish(self, reason: EndReason, events: list[Event]) -> None:
        self.phase, self.end_reason = OVER, reason
        self.war, self.mover = None, -1
        for seat in range(self.seats):
            events.append(Scored(seat, *self._score(seat)))
        self._result = self._ranked(reason)
        events.append(MatchEnded(self._result.reason, self._result.winners))

    def _ranked(self, reason: EndReason) -> Result:
        """004 "Fin de la partie": "Un classement est réalisé" by the final score; eliminated
        nations below every survivor, the last one out first (C18). Tied scores share a
        place; the first place wins (shared on a tie)."""
        scores = self.final_scores()
        living = [s for s in range(self.seats) if self.alive[s]]
        ranking = [
            tuple(s for s in living if scores[s] == value)
            for value in sorted({scores[s] for s in living}, reverse=True)
        ]
        ranking += [(s,) for s in reversed(self.eliminated)]
        shown = ", ".join(f"{WORLD.seat_colours[s]} {scores[s]:g}" for s in range(self.seats))
        why = {
            EndReason.LAST_YEAR: f"the last year ({FIRST_YEAR + self.year - 1}) is over",
            EndReason.LAST_NATION: "every other nation lost its home",
            EndReason.STEP_LIMIT: "the step limit stopped the match",
        }[reason]
        winners = () if reason == EndReason.STEP_LIMIT else ranking[0]
        return Result(tuple(ranking), tuple(scores), reason, f"{why}: {shown}", winners)

    def _step_limit_result(self) -> Result:
        self.phase, self.end_reason = OVER, EndReason.STEP_LIMIT
        self.war, self.mover = None, -1
        return self._ranked(EndReason.STEP_LIMIT)

    def summary(self) -> list[str]:
        """Year, then each nation's territories, armies, schools and points, for people."""
        lines = [f"year {self.year} of {self.last_year}, phase {self.phase}"]
        for seat in range(self.seats):
            points, territories, armies, _, _, schools, total = self._score(seat)
            state = "" if self.alive[seat] else " (out)"
            lines.append(
                f"{WORLD.seat_colours[seat]}{state}: {territories} territories, {armies} "
                f"armies, {schools} schools, {points} points, score {total:g}"
            )
        return lines

    # =========================================================================== view

    def _observation(self, seat: int) -> ColonisationObservation:
        phase = self.phase
        war = self.war
        view = None
        if war is not None:
            view = WarView(
                war["attacker"],
                war["defender"],
                IDS[war["source"]],
                IDS[war["target"]],
                tuple((IDS[n], a) for n, a in war["fronts"]),  # fronts
                war["general"],
                war["diplomat"],
                war["decider"] if war["decider"] >= 0 else None,  # decider
                war["rounds"],
            )
        if phase == COLUMNS:  # C8: in secret until all are laid out
            column, owner = self.column, self.owner
            columns = tuple(column[t] if owner[t] == seat else 0 for t in range(N))
        else:
            columns = tuple(self.column)
        # Positional, in the fields' order (the war's view too): by keyword, matching the 28
        # names costs more than building every field (issue 19).
        return ColonisationObservation(
            seat,
            self.variant,
            WORLD,  # board
            self.options["symbols"],  # deck
            self.options["school_cost"],  # school_cost
            phase,
            self.year,
            self.last_year,
            self.first if self.first >= 0 else None,  # first_player
            self.mover if self.mover >= 0 else None,  # mover
            tuple(self.owner),
            tuple(self.hostile),
            tuple(self.armies),
            tuple(self.diplomats),
            tuple(self.generals),
            tuple(self.schools),
            tuple(self.homes),
            tuple(self.eliminated),
            tuple(self.points),
            self._setup_view(seat) if self.year == 0 else self._setup_record(),  # setup
            columns,
            tuple(self.rolls),
            tuple((IDS[t], roll) for t, roll in self.hits),  # hits
            tuple(self.ready),
            tuple(self.used_armies),
            tuple(self.used_diplomats),
            tuple(self.used_generals),
            view,  # war
        )

    def _setup_record(self) -> SetupView:
        """The set-up once over, the same for every seat: made once (it never changes)."""
        if self._setup_cache is None:
            self._setup_cache = self._setup_view(-1)
        return self._setup_cache

    def _setup_view(self, seat: int) -> SetupView:
        """The set-up as ``seat`` knows it: another's first card only once the auction ends
        (004 "Début", C1)."""
        auction = self.phase == AUCTION
        drawn = self.drawn
        return SetupView(
            first_cards=tuple(
                IDS[cards[0]] if not auction or s == seat else "" for s, cards in enumerate(drawn)
            ),
            second_cards=tuple(IDS[cards[1]] for cards in drawn),
            second_holders=tuple(self.holders),
            starting_armies=tuple(self.starting),
            lot=self.lot if auction else None,
            my_bid=self.bids[seat] if auction and self.bids[seat] >= 0 else None,
            lot_bids=tuple(tuple(bids) for bids in self.lot_bids),
        )

    def _spectator_board(self) -> Board:
        """The open board: per territory its owner (a hostile territory's nation, marked
        "hostile"), armies, persons, schools, this year's column once revealed and whether it
        is a home; per nation its colour, territories, armies, schools, points and final score
        so far; the year and phase. Never a first card during the auction, a bid, nor a column
        before all are revealed."""
        places = {}
        revealed = self.phase != COLUMNS
        home_of = {t: s for s, t in enumerate(self.homes) if t >= 0}
        war_target = self.war["target"] if self.war is not None else -1
        for t in range(N):
            marks: list[str] = []
            if t in home_of:
                marks.append("home")
            if self.hostile[t]:
                marks.append("hostile")
            for name, bit in (
                ("military", MILITARY),
                ("officer", OFFICER),
                ("political", POLITICAL),
            ):
                if self.schools[t] & bit:
                    marks.append(f"{name} school")
            if self.generals[t]:
                marks.append(f"general command x{self.generals[t]}")
            if self.diplomats[t]:
                marks.append(f"diplomat x{self.diplomats[t]}")
            if revealed and self.column[t]:
                marks.append(f"column {self.column[t]}")
            if t == war_target:
                marks.append("war")
            owner = self.owner[t]
            places[IDS[t]] = place(owner if owner >= 0 else None, self.armies[t], tuple(marks))
        seats: list[dict[str, int | str]] = []
        for seat in range(self.seats):
            points, territories, armies, _, _, schools, total = self._score(seat)
            facts: dict[str, int | str] = {
                "colour": WORLD.seat_colours[seat],
                "status": "playing" if self.alive[seat] else "out",
                "territories": territories,
                "armies": armies,
                "schools": schools,
                "points": points,
                "score": f"{total:g}",
            }
            if self.year == 0:
                facts["starting armies"] = self.starting[seat]
                facts["second card"] = WORLD.names[self.drawn[seat][1]]
            seats.append(facts)
        return Board(places, tuple(seats), tuple(self._stage_lines()))

    def _stage_lines(self) -> list[str]:
        colours = WORLD.seat_colours
        if self.phase == AUCTION:
            card = WORLD.names[self.drawn[self.lot][1]]
            return [f"set-up: auction of {colours[self.lot]}'s second card, {card}"]
        if self.phase == HOME:
            return [f"set-up: {colours[self.chooser]} chooses its home"]
        if self.phase == OVER:
            return [f"over after year {FIRST_YEAR + self.year - 1}"]
        line = f"year {FIRST_YEAR + self.year - 1} ({self.year} of {self.last_year})"
        if self.phase == COLUMNS:
            return [line, "the nations lay out their school cards in secret"]
        lines = [line, f"{colours[self.mover]} plays: {self.phase}"]
        if self.war is not None:
            war = self.war
            lines.append(
                f"war: {colours[war['attacker']]} against {colours[war['defender']]} in "
                f"{WORLD.names[war['target']]}"
            )
        return lines

    # =========================================================================== hidden

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Draw again what ``seat`` (None: a spectator) may not know: during the auction the
        other seats' first cards (among the cards it has not seen) and their bids on the
        current lot (any bid they could place); during the laying out of the columns the other
        seats' cards laid so far (a full layout for a seat that has finished, else fewer cards
        than it has), each where the rules allow. Who has bid or finished stays (the platform
        asks the others)."""
        others = [s for s in range(self.seats) if s != seat]
        if self.phase == AUCTION:
            seen = {cards[1] for cards in self.drawn}
            if seat is not None:
                seen.add(self.drawn[seat][0])
            pool = [c for c in range(N) if c not in seen]
            shuffle(rng, pool)
            for other in others:
                self.drawn[other][0] = pool.pop()
                first, second = self.drawn[other]
                self.setup_events[other] = CardsDrawn(other, IDS[first], IDS[second])
                if self.bids[other] >= 0:
                    self.bids[other] = below(rng, self.starting[other])
        elif self.phase == COLUMNS:
            for other in others:
                cards = self.to_lay[other]
                if not cards:
                    continue
                done = self.laid[other] == len(cards)
                count = len(cards) if done else below(rng, len(cards))
                for t in cards:
                    self.column[t] = 0
                self.laid[other] = 0
                for t in cards[:count]:
                    allowed = self._allowed_columns(other)
                    self.column[t] = allowed[below(rng, len(allowed))]
                    self.laid[other] += 1

    # =========================================================================== snapshot

    def _restored(self) -> None:
        self._setup_cache = None
        self.rules = VARIANTS[self.variant]
        self.symbols = WORLD.symbols_fr if self.options["symbols"] == "fr" else WORLD.symbols_us
        if self.end_reason is not None:
            self._result = self._ranked(EndReason(self.end_reason))
