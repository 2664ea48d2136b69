"""The Risk 2210 A.D. rules engine (seed 003, the 2210 rules and their two-player rule).

Territories are indices into ``BOARD`` (the Earth, then the Moon) inside the engine and ids in
actions, events and observations. ``owner`` is who controls each territory (a seat, ``NEUTRAL``
or ``NOBODY``), ``mods`` its MODs, ``station`` the seat whose space station stands there (or
-1), ``commander[seat][k]`` where the seat's commander of type k stands (or -1: not in play).
Every rule cites the book's section (its French headings, quoted); the readings of what the
book leaves open are in ``RULES.md`` with their ids in the specification (Z1-Z45).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from itertools import combinations
from typing import Any, Final, TypeVar, cast

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
from engines.risk2210.board import BOARD, LAND, LUNAR, TABLES, WATER
from engines.risk2210.cards import (
    AFTER_INVASION,
    BEFORE_FIRST_INVASION,
    CARDS,
    COLONY_INFLUENCE,
    DECK_OF,
    END_OF_TURN,
)
from engines.risk2210.events import (
    BidPlaced,
    BidsRevealed,
    Captured,
    CardBought,
    CardPlayed,
    CardsSeen,
    CardTaken,
    Claimed,
    CommanderKilled,
    ConquestBonus,
    DiceRolled,
    DieRolled,
    Eliminated,
    EnergyChanged,
    InvasionCancelled,
    InvasionDeclared,
    MarkerChosen,
    MatchEnded,
    Moved,
    NeutralPlaced,
    PiecePlaced,
    Placed,
    Retreated,
    ScoutsLanded,
    StationTaken,
    TerritoriesDevastated,
    TerritoriesTurnedOver,
    TerritoryDrawn,
    TurnStarted,
    UnitsDestroyed,
    YearStarted,
)
from engines.risk2210.observation import (
    NEUTRAL,
    NOBODY,
    CardView,
    InvasionView,
    OccupationView,
    Risk2210Observation,
)
from engines.risk2210.variants import (
    ASSASSIN_HITS,
    ASSEMBLED_MODS,
    ATTACK_DICE,
    BATCH,
    CARD_COST,
    CARDS_PER_TURN,
    COLONY_INFLUENCE_VP,
    COMMANDER_COST,
    COMMANDERS,
    CONQUEST_BONUS_CAPTURES,
    CONQUEST_BONUS_ENERGY,
    DEFENCE_DICE,
    DEVASTATED,
    DIPLOMAT,
    EXTRACTED_ENERGY,
    HIDDEN_ENERGY,
    LAND_COMMANDER,
    MAX_STATIONS,
    MIN_INCOME,
    NAVAL,
    NEUTRAL_MODS,
    NEUTRAL_TERRITORIES,
    NUCLEAR,
    REDUCTION_OPPONENTS,
    REDUCTION_SELF,
    REINFORCEMENTS,
    SCATTER_CARDS,
    SCOUT_MODS,
    SPACE,
    STARTING_ENERGY,
    STARTING_MODS,
    STARTING_PIECES,
    STATION_COST,
    STEALTH_MODS,
    YEARS,
)

VERSION: Final = "risk2210-1.1.0"
"""This engine's version: a roll is one draw from its dice's :func:`roll_table`."""
VERSION_1_0: Final = "risk2210-1.0.0"
"""The version before, still played for its replays and leagues: each die a draw of its own."""
N: Final = len(BOARD.territories)
TERRITORIES: Final = tuple(range(N))
IDS: Final = BOARD.territories
PLACE_OR_NONE: Final = (*IDS, "")
"""A territory's id by its index, and "" for -1 (a commander not in play)."""
INDEX: Final = BOARD.index
KINDS: Final = BOARD.kinds
NEIGHBOURS: Final = BOARD.neighbours
LANDING_SITES: Final = tuple(sorted(BOARD.landing_sites))
K: Final = len(COMMANDERS)
TERRITORY_DECKS: Final = (LAND, WATER, LUNAR)
SAJON: Final = BOARD.regions.index("sajon")

# Phases.
CLAIM: Final = "claim"  # 003 "SEMER LES GERMES DE LA GUERRE": one MOD at a time on free land
REINFORCE: Final = "reinforce"  # "Sont placés ensuite les MODs restants, trois à chaque fois"
PIECES: Final = "pieces"  # "vos commandeurs terrestre et diplomatique, ainsi qu'une station"
BID: Final = "bid"  # "DEBUTER UNE ANNEE – Miser pour l'ordre du tour": every seat at once
MARKER: Final = "marker"  # "choisit un marqueur d'ordre du tour", in the bids' order
PLACE: Final = "place"  # turn step 1, "COLLECTER ET DEPLOYER DES MODs ET DE L'ENERGIE"
HIRE: Final = "hire"  # step 2, "ENGAGER ET PLACER DES COMMANDEURS"
STATIONS: Final = "stations"  # step 2, "vous pouvez acheter des stations spatiales"
BUY: Final = "buy"  # step 3, "ACHETER DES CARTES DE COMMANDEMENT"
INVADE: Final = "invade"  # step 5, "ENVAHIR DES TERRITOIRES"
REACT: Final = "react"  # the reaction window after an invasion is declared (window R)
ROLL: Final = "roll"  # an invasion's rolls
DEFEND: Final = "defend"  # option defender_dice=choose: the defender's dice, out of turn
CASUALTY: Final = "casualty"  # a side that must lose a commander chooses which
STATION: Final = "station"  # a captured enemy station: replace or destroy
OCCUPY: Final = "occupy"  # "Capter des territoires"
BONUS: Final = "bonus"  # "Bonus de conquête massive": the deck of its card
FORTIFY: Final = "fortify"  # step 6, "CONSOLIDER SA POSITION"
# "Après avoir consolidé, vous pouvez jouer ... à la fin de son tour":
END_CARDS: Final = "end_cards"
CARD_PLACE: Final = "card_place"  # Renforts: one MOD at a time on distinct territories
DECOYS: Final = "decoys"  # Leurres démasqués: commanders moved one at a time
REDUCE: Final = "reduce"  # Désarmement: each opponent, then the player, removes its MODs
ARMAGEDDON: Final = "armageddon"  # every seat in turn plays nuclear cards for free
OVER: Final = "over"
KIND_DECK: Final = {LAND: LAND_COMMANDER, WATER: NAVAL, LUNAR: SPACE}
"""The deck (and commander) of each kind of territory: the cards "contre un territoire
terrestre / maritime / lunaire" and "Assemblage de MODs" come from it."""
KIND_OF_CARD: Final = {"land": LAND, "water": WATER, "moon": LUNAR}
"""The kind a nuclear card aims at, by the end of its name (Vague de missiles - Terre...)."""
DIE_TABLES: Final = {
    "the_mother": TABLES["die_tables"]["mother_die"],
    "aqua_brother": TABLES["die_tables"]["aqua_die"],
    "nicky_boy": TABLES["die_tables"]["nicky_die"],
}
"""The regions the d6 of La Mère, Aqua and Nicky names (annex; "reroll": roll again)."""

# Where the play goes on once the units lost are chosen (``resume``).
COMBAT: Final = "combat"  # after a roll: a capture, another roll or the invasion's end
TURN: Final = "turn"  # after a card of the mover's own turn: the step goes on
TRAP: Final = "trap"  # after a death trap: the invasion goes on while its source can roll
TAKEN: Final = "taken"  # after an evacuation: the emptied target is captured (Z23)

# Actions are frozen: the legal listings share one object per action (issue 19).
END_PHASE: Final = EndPhase()
PASS: Final = Pass()
RETREAT: Final = Retreat()
STATION_CHOICES: Final = (StationChoice(True), StationChoice(False))
CLAIMS: Final = tuple(Claim(t) for t in IDS)
HIRES: Final = tuple(tuple(Hire(name, t) for t in IDS) for name in COMMANDERS)
BUILD_STATIONS: Final = tuple(BuildStation(t) for t in IDS)
BUY_CARDS: Final = tuple(BuyCard(name) for name in COMMANDERS)
TEMPLATES: dict[tuple[Any, ...], Any] = {}
"""The other listed actions by a key of what makes them (see :func:`shared`)."""
MAX_TEMPLATES: Final = 200_000
A = TypeVar("A", bound=Action)


def shared(key: tuple[Any, ...], make: Callable[[], A]) -> A:
    """The action ``make()`` builds, made once for its ``key`` (its class first, then what
    decides its fields) and shared by every listing after (up to ``MAX_TEMPLATES`` kept).

    >>> place_template(0, 3) is place_template(0, 3), place_template(0, 3)
    (True, Place(territory='northwestern_oil_emirate', mods=Amount(low=1, high=3)))
    """
    found = TEMPLATES.get(key)
    if found is None:
        found = make()
        if len(TEMPLATES) < MAX_TEMPLATES:
            TEMPLATES[key] = found
    return cast(A, found)


def place_template(t: int, most: int) -> Place:
    """Place 1 to ``most`` MODs on ``t``."""
    return shared((Place, t, most), lambda: Place(IDS[t], Amount(1, most)))


def invade_template(s: int, t: int) -> Invade:
    """Invade ``t`` from ``s``."""
    return shared((Invade, s, t), lambda: Invade(IDS[s], IDS[t]))


def roll_template(most: int, names: tuple[str, ...]) -> Roll:
    """Roll as many dice as the ``names`` commanders (at least one) to ``most``."""
    return shared((Roll, most, names), lambda: Roll(Amount(max(1, len(names)), most), names))


def occupy_template(move: tuple[int, tuple[str, ...], int]) -> Occupy:
    """Occupy with ``move``: (fewest MODs, commanders, most MODs)."""
    fewest, names, most = move
    return shared((Occupy, fewest, most, names), lambda: Occupy(Amount(fewest, most), names))


def move_template(
    kind: type[Capture] | type[Fortify], s: int, t: int, move: tuple[int, tuple[str, ...], int]
) -> Capture | Fortify:
    """A Capture or Fortify from ``s`` to ``t`` of ``move``: (fewest MODs, commanders, most)."""
    fewest, names, most = move
    return shared(
        (kind, s, t, fewest, most, names), lambda: kind(IDS[s], IDS[t], Amount(fewest, most), names)
    )


TURN_STEPS: Final = (PLACE, HIRE, STATIONS, BUY, INVADE, FORTIFY)
"""003 "APERÇU DU TOUR DE JEU": the order of a turn's steps; step 4, playing command cards
"avant la déclaration de votre première invasion", is the start of INVADE (RULES.md)."""


class EndReason(StrEnum):
    """Why a Risk 2210 A.D. match ended: every ``reason`` its results may give."""

    LAST_YEAR = "last_year"
    """The fifth year ended; victory points decide (003 "GAGNER LA PARTIE")."""
    LAST_PLAYER = "last_player"
    """Every other player was eliminated (Z40: the book does not say; the game ends then and
    is scored)."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, seats ranked by their score now."""


def commander_sets(present: list[int], most: int) -> list[tuple[str, ...]]:
    """Every set of at most ``most`` of the commander types ``present`` (indices), as names in
    the commanders' order, the empty set first.

    >>> commander_sets([0, 3], 2)
    [(), ('land',), ('nuclear',), ('land', 'nuclear')]
    """
    return [
        names_of(chosen)
        for size in range(min(most, len(present)) + 1)
        for chosen in combinations(sorted(present), size)
    ]


def names_of(indices: Sequence[int]) -> tuple[str, ...]:
    """The names of commander types ``indices``.

    >>> names_of([1, 4])
    ('naval', 'diplomat')
    """
    return tuple(COMMANDERS[k] for k in indices)


def commander_indices(seat: int, action: Action, names: object) -> list[int]:
    """The commander types of ``names`` (a tuple of distinct names), or IllegalAction."""
    if type(names) is not tuple or not all(type(n) is str and n in COMMANDERS for n in names):
        raise IllegalAction(seat, action, f"commanders: a tuple of names among {COMMANDERS}")
    indices = [COMMANDERS.index(n) for n in names]
    if len(set(indices)) != len(indices):
        raise IllegalAction(seat, action, "a commander is named twice")
    return sorted(indices)


STATE_FIELDS = (
    "phase",
    "owner",
    "mods",
    "station",
    "commander",
    "energy",
    "alive",
    "eliminations",
    "devastated",
    "territory_decks",
    "decks",
    "hands",
    "unseen",
    "year",
    "mover",
    "order",
    "turn_index",
    "bids",
    "revealed",
    "choosers",
    "markers",
    "starting_left",
    "batch",
    "pieces",
    "to_place",
    "bought",
    "contested",
    "bonus_taken",
    "fortified",
    "invasion",
    "pending_roll",
    "removals",
    "occupation",
    "invaded",
    "jammed",
    "ceasefire",
    "reactors",
    "hidden_energy",
    "extraction",
    "resume",
    "hits",
    "scouts",
    "earth_targets",
    "card_places",
    "card_phase",
    "decoys",
    "reduction",
    "armageddon",
    "end_reason",
)


class Risk2210Match(Match):
    """A Risk 2210 A.D. match: 3-5 players, or 2 with the neutral."""

    state_fields = STATE_FIELDS

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
        self.one_draw = version != VERSION_1_0
        self.phase = CLAIM
        self.owner = [NOBODY] * N
        self.mods = [0] * N
        self.station = [-1] * N
        self.commander = [[-1] * K for _ in range(seats)]
        self.energy = [STARTING_ENERGY] * seats
        self.alive = [True] * seats
        self.eliminations: list[list[int]] = []  # [seat, by], in order
        self.devastated: list[int] = []
        self.territory_decks: list[list[int]] = [list(BOARD.of_kind(k)) for k in TERRITORY_DECKS]
        self.decks: list[list[int]] = [
            [c for c in range(len(CARDS)) if DECK_OF[c] == k] for k in range(K)
        ]
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.unseen = [0] * seats  # the last cards of each hand, bought and not yet turned over
        self.year = 0
        self.mover = 0
        self.order: list[int] = []  # this year's seats by turn-order marker
        self.turn_index = 0
        self.bids = [-1] * seats  # this year's sealed bids (-1: none yet)
        self.revealed = [-1] * seats  # this year's bids once all are in
        self.choosers: list[int] = []  # seats still to choose a marker, in the bids' order
        self.markers = [0] * seats
        self.starting_left = [STARTING_MODS[seats]] * seats
        self.batch = 0
        self.pieces = [list(STARTING_PIECES) for _ in range(seats)]
        self.to_place = 0
        self.bought = 0
        self.contested = 0
        self.bonus_taken = False
        self.fortified = False
        self.invasion: dict[str, Any] | None = None
        self.pending_roll: list[Any] | None = None  # [dice, commander indices] (phase defend)
        self.removals: list[list[int]] = []  # [territory, seat, commanders to lose]
        self.occupation: list[Any] | None = None  # [source, target, minimum, forced indices]
        self.invaded = False  # the mover declared an invasion or took a territory this turn
        self.jammed: list[int] = []  # seats under the mover's Frequency Jam this turn
        self.ceasefire: list[int] = []  # seats the mover may not attack any more this turn
        self.reactors: list[int] = []  # the seats still to answer in the reaction window
        self.hidden_energy: list[list[int]] = [[] for _ in range(seats)]  # water drawn
        self.extraction = False  # the mover played Energy Extraction this turn
        self.resume = COMBAT  # where the play goes on once the units lost are chosen
        self.hits: list[int] = []  # territories a card damaged, settled after the losses
        self.scouts: list[list[int]] = [[] for _ in range(seats)]  # Force de reconnaissance
        self.earth_targets: list[int] = []  # Invasion de la Terre: this turn's Earth targets
        self.card_places: list[Any] | None = None  # Renforts: [kind, MODs left, chosen]
        self.card_phase = INVADE  # where the last card was played (damage resumes there)
        self.decoys: list[int] = []  # Leurres démasqués: commanders still free to move
        self.reduction: list[list[int]] = []  # Désarmement: [seat, MODs still to remove]
        self.armageddon: list[int] = []  # the seats still to play their nuclear cards
        self.end_reason: str | None = None
        # The observation's parts kept with the state they show (see _commanders_view).
        self._seen_devastated: list[int] = []
        self._devastated_shown: tuple[str, ...] = ()
        self._seen_commanders: list[list[int]] = []
        self._commanders_shown: tuple[tuple[str, ...], ...] = ()
        self._seen_hands: list[list[int]] = []
        self._hand_sizes_shown: tuple[tuple[int, ...], ...] = ()
        self._hands_shown: dict[int, tuple[list[int], tuple[CardView, ...]]] = {}
        self._setup(self.setup_events)

    # =========================================================================== helpers

    def all_units(self) -> list[int]:
        """:meth:`units` of every territory at once (for the listings that ask them all)."""
        counts = list(self.mods)
        for seat, places in enumerate(self.commander):
            for t in places:
                if t >= 0 and self.owner[t] == seat:
                    counts[t] += 1
        return counts

    def units(self, t: int) -> int:
        """MODs and commanders on ``t`` (a station is not a unit: 003 "Les unités sont les
        MODs et les commandeurs")."""
        holder = self.owner[t]
        return self.mods[t] + (len(self.commanders_at(holder, t)) if holder >= 0 else 0)

    def commanders_at(self, seat: int, t: int) -> list[int]:
        """The commander types of ``seat`` standing on ``t``."""
        return [k for k, where in enumerate(self.commander[seat]) if where == t]

    def in_play(self, seat: int, k: int) -> bool:
        """Whether ``seat``'s commander of type ``k`` is on a board."""
        return self.commander[seat][k] >= 0

    def stations_of(self, seat: int) -> int:
        """Space stations of ``seat`` in play."""
        return sum(1 for holder in self.station if holder == seat)

    def controlled(self, seat: int) -> list[int]:
        """The territories ``seat`` controls: units or a station of its own there (003
        "Contrôle d'un territoire")."""
        return [t for t in range(N) if self.owner[t] == seat]

    def _units_of(self, seat: int) -> int:
        """Every unit of ``seat`` in play (Z42: MODs and commanders, stations excluded)."""
        mods = sum(m for t, m in enumerate(self.mods) if self.owner[t] == seat)
        return mods + sum(1 for where in self.commander[seat] if where >= 0)

    def _seat_territory(self, seat: int, action: Action, name: object) -> int:
        t = lookup(INDEX, name, seat, action, "territory")
        if self.owner[t] != seat:
            raise IllegalAction(seat, action, f"{IDS[t]} is not yours")
        return t

    # =========================================================================== set-up

    def _setup(self, events: list[Event]) -> None:
        """003 "SEMER LES GERMES DE LA GUERRE": the decks shuffled, the 4 devastated
        territories, then the claim (Z1: seat 0 places first, the platform rotates seats)."""
        for deck in (*self.territory_decks, *self.decks):
            shuffle(self.rng, deck)
        land = self.territory_decks[0]
        # "Retournez la carte supérieure de la pile des territoires terrestres, et placez sur
        # ce territoire un marqueur de dévastation ... Les cartes correspondantes sont placées
        # dans une défausse à part".
        self.devastated = [land.pop() for _ in range(DEVASTATED)]
        events.append(TerritoriesDevastated(tuple(IDS[t] for t in self.devastated)))
        if self.seats == 2:
            self._place_neutral(events)
        self.phase, self.mover = CLAIM, 0

    def _place_neutral(self, events: list[Event]) -> None:
        """003 "RISK 2210 AD POUR 2 JOUEURS": "Retournez 16 cartes de territoires terrestres, 6
        cartes de territoires lunaires, et 6 cartes de territoires maritimes. Placez trois
        armées « neutres » dans chacun de ces territoires. Remplacez les cartes ... et
        mélangez celles-ci à nouveau"."""
        chosen = []
        for kind, deck in zip(TERRITORY_DECKS, self.territory_decks, strict=True):
            chosen += deck[-NEUTRAL_TERRITORIES[kind] :]
            shuffle(self.rng, deck)
        for t in chosen:
            self.owner[t], self.mods[t] = NEUTRAL, NEUTRAL_MODS
        events.append(NeutralPlaced(tuple(IDS[t] for t in chosen), NEUTRAL_MODS))

    def _claimable(self) -> list[int]:
        return [
            t for t in BOARD.of_kind(LAND) if self.owner[t] == NOBODY and t not in self.devastated
        ]

    def _claim(self, seat: int, action: Claim, events: list[Event]) -> None:
        """ "placez un MOD 1.0 sur un territoire terrestre inoccupé et non dévasté ... jusqu'à
        ce que tous les territoires terrestres aient été occupés"."""
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if t not in self._claimable():
            raise IllegalAction(seat, action, f"{IDS[t]} is not a free land territory")
        self.owner[t], self.mods[t] = seat, 1
        self.starting_left[seat] -= 1
        events.append(Claimed(seat, IDS[t]))
        nxt = (seat + 1) % self.seats
        if self._claimable():
            self.mover = nxt
        else:  # Z1b: the threes go on from the seat after the last claim
            self.phase = REINFORCE
            self._next_batch(nxt)

    def _next_batch(self, start: int) -> None:
        """The next seat, from ``start`` on, with starting MODs left, and its batch of three
        ("NOTE : ... il peut rester moins de 3 MODs lors de la dernière ronde"); the pieces
        when none is left."""
        for step in range(self.seats):
            seat = (start + step) % self.seats
            if self.starting_left[seat]:
                self.mover, self.batch = seat, min(BATCH, self.starting_left[seat])
                return
        self.phase, self.mover, self.batch = PIECES, 0, 0

    def _reinforce(self, seat: int, action: Place, events: list[Event]) -> None:
        t = self._seat_territory(seat, action, action.territory)
        mods = count_in(seat, action, action.mods, 1, self.batch, what="mods")
        self.mods[t] += mods
        self.batch -= mods
        self.starting_left[seat] -= mods
        events.append(Placed(seat, IDS[t], mods))
        if not self.batch:
            self._next_batch((seat + 1) % self.seats)

    def _place_piece(self, seat: int, action: PlacePiece, events: list[Event]) -> None:
        """Z2: one piece at a time, in the placing order, each on a territory of the seat (the
        station on land, one station per territory)."""
        if action.piece not in self.pieces[seat]:
            raise IllegalAction(seat, action, f"pieces left to place: {self.pieces[seat]}")
        t = self._seat_territory(seat, action, action.territory)
        if action.piece == "station":
            if KINDS[t] != LAND or self.station[t] >= 0:
                raise IllegalAction(seat, action, f"no station may go on {IDS[t]}")
            self.station[t] = seat
        else:
            self.commander[seat][COMMANDERS.index(action.piece)] = t
        self.pieces[seat].remove(action.piece)
        events.append(PiecePlaced(seat, action.piece, IDS[t], 0))
        nxt = (seat + 1) % self.seats
        if self.pieces[nxt]:
            self.mover = nxt
        else:
            self._begin_year(events)

    # =========================================================================== the year

    def _living(self) -> list[int]:
        return [s for s in range(self.seats) if self.alive[s]]

    def _begin_year(self, events: list[Event]) -> None:
        """003 "DEBUTER UNE ANNEE – Miser pour l'ordre du tour": every living seat bids at
        once, in secret."""
        self.year += 1
        self.phase, self.mover = BID, -1
        self.order, self.turn_index = [], 0
        self.bids, self.revealed = [-1] * self.seats, [-1] * self.seats
        self.markers = [0] * self.seats
        events.append(YearStarted(self.year))

    def _bid(self, seat: int, action: Bid, events: list[Event]) -> None:
        """ "Vous pouvez miser entre rien du tout et l'ensemble de votre réserve"; "toute
        l'énergie utilisée dans les mises est considérée comme dépensée"."""
        self.bids[seat] = count_in(seat, action, action.energy, 0, self.energy[seat], what="energy")
        events.append(BidPlaced(seat, self.bids[seat]))
        living = self._living()
        if any(self.bids[s] < 0 for s in living):
            return
        rolls: list[list[int]] = [[] for _ in range(self.seats)]
        order = self._rank(sorted(living, key=lambda s: -self.bids[s]), rolls)
        for s in living:
            self.energy[s] -= self.bids[s]
        self.revealed, self.bids = list(self.bids), [-1] * self.seats
        events.append(
            BidsRevealed(tuple(self.revealed), tuple(order), tuple(tuple(r) for r in rolls))
        )
        self.phase, self.choosers = MARKER, order
        self._next_chooser(events)

    def _rank(self, by_bid: list[int], rolls: list[list[int]]) -> list[int]:
        """Seats in the bids' order, each tie settled by dice: "les joueurs en concurrence
        doivent se départager en jetant 1 dé à six faces ... (en cas de nouvelle égalité,
        relancez les dés)". ``rolls`` gathers each seat's dice."""
        order: list[int] = []
        i = 0
        while i < len(by_bid):
            group = [s for s in by_bid if self.bids[s] == self.bids[by_bid[i]]]
            order += self._roll_off(group, rolls)
            i += len(group)
        return order

    def _roll_off(self, group: list[int], rolls: list[list[int]]) -> list[int]:
        if len(group) == 1:
            return group
        dice = {s: die(self.rng, 6) for s in group}
        for s, value in dice.items():
            rolls[s].append(value)
        ranked: list[int] = []
        for value in sorted(set(dice.values()), reverse=True):
            ranked += self._roll_off([s for s in group if dice[s] == value], rolls)
        return ranked

    def _next_chooser(self, events: list[Event]) -> None:
        """The next seat to choose its marker; the last takes the one left."""
        free = self._free_markers()
        if len(self.choosers) == 1:
            self._take_marker(self.choosers[0], free[0], events)
            return
        self.mover = self.choosers[0]

    def _free_markers(self) -> list[int]:
        taken = set(self.markers)
        return [p for p in range(1, len(self._living()) + 1) if p not in taken]

    def _choose_marker(self, seat: int, action: ChooseMarker, events: list[Event]) -> None:
        if type(action.position) is not int or action.position not in self._free_markers():
            raise IllegalAction(seat, action, f"free markers: {self._free_markers()}")
        self._take_marker(seat, action.position, events)

    def _take_marker(self, seat: int, position: int, events: list[Event]) -> None:
        self.markers[seat] = position
        self.choosers.remove(seat)
        events.append(MarkerChosen(seat, position))
        if self.choosers:
            self._next_chooser(events)
            return
        # "Le joueur qui possède le marqueur d'ordre du tour # 1 joue le premier, puis les
        # autres dans l'ordre croissant de leurs marqueurs."
        self.order = sorted(self._living(), key=lambda s: self.markers[s])
        self.turn_index = 0
        self._begin_turn(self.order[0], events)

    # =========================================================================== a turn

    def income(self, seat: int) -> tuple[int, int]:
        """``seat``'s territories and its MODs (and energy) for them and its whole regions:
        003 "COLLECTER ET DEPLOYER DES MODs ET DE L'ENERGIE", the Army Status Report read as
        max(3, n // 3) (A14, D1), plus each continent or colony it wholly controls ("Si un
        continent contient un territoire dévasté, le contrôle de tous ses autres territoires
        suffit")."""
        held = len(self.controlled(seat))
        gain = max(MIN_INCOME, held // 3)
        for region in self.regions_of(seat):
            gain += self._bonus(region)
        return held, gain

    def _bonus(self, region: int) -> int:
        if region == SAJON:
            return int(self.options["sajon_bonus"])  # D3: 4 or 3
        return BOARD.region_bonus[region]

    def regions_of(self, seat: int) -> list[int]:
        """The continents and colonies ``seat`` wholly controls, devastated territories
        excepted."""
        found = []
        for region, members in enumerate(BOARD.members):
            open_ = [t for t in members if t not in self.devastated]
            if open_ and all(self.owner[t] == seat for t in open_):
                found.append(region)
        return found

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        """Step 1: MODs and as much energy, plus "un MOD 1.0 pour chaque station spatiale ...
        placé sur le territoire où la station est déployée" (Z5: no energy for it)."""
        self.mover, self.bought, self.contested = seat, 0, 0
        self.bonus_taken = self.fortified = self.invaded = self.extraction = False
        self.jammed, self.ceasefire, self.earth_targets = [], [], []
        held, gain = self.income(seat)
        self.energy[seat] += gain
        stations = [t for t in range(N) if self.station[t] == seat]
        events.append(TurnStarted(seat, self.year, held, gain + len(stations), gain))
        for t in stations:
            self.mods[t] += 1
            events.append(Placed(seat, IDS[t], 1))
        self.to_place = gain
        self.phase = PLACE
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Move on through the turn's steps while the current one offers nothing but ending
        it (each test uses public facts only)."""
        while self.phase in TURN_STEPS and not self._step_open():
            if self.phase == FORTIFY:
                self._finish_turn(events)
                return
            self._leave_step(events)

    def _step_open(self) -> bool:
        seat, phase = self.mover, self.phase
        if phase == PLACE:
            return self.to_place > 0
        if phase == HIRE:
            return self.energy[seat] >= COMMANDER_COST and not all(
                self.in_play(seat, k) for k in range(K)
            )
        if phase == STATIONS:
            return bool(self._station_sites(seat))
        if phase == BUY:
            return bool(self._buyable(seat))
        if phase == INVADE:
            if not self.invaded and self._may_hold(seat, range(K)):
                return True
            invasions, captures = self._attacks(seat, first=True)
            return bool(invasions or captures)
        return self._may_fortify(seat)

    def _leave_step(self, events: list[Event]) -> None:
        """The next step of the turn; the bought cards are turned over when buying ends
        ("aucune ne peut être retournée avant que tous vos achats n'aient été faits")."""
        if self.phase == BUY and self.unseen[self.mover]:
            seat = self.mover
            new = self.hands[seat][-self.unseen[seat] :]
            self.unseen[seat] = 0
            events.append(CardsSeen(seat, tuple(CARDS[c].id for c in new)))
        self.phase = TURN_STEPS[TURN_STEPS.index(self.phase) + 1]

    def _place(self, seat: int, action: Place, events: list[Event]) -> None:
        """ "placez tous vos nouveaux MODs sur des territoires que vous contrôlez" (any kind,
        station-only ones included)."""
        t = self._seat_territory(seat, action, action.territory)
        mods = count_in(seat, action, action.mods, 1, self.to_place, what="mods")
        self.mods[t] += mods
        self.to_place -= mods
        events.append(Placed(seat, IDS[t], mods))
        self._settle(events)

    def _hire(self, seat: int, action: Hire, events: list[Event]) -> None:
        """003 "ENGAGER ET PLACER DES COMMANDEURS": a commander not on a board, 3 energy, on a
        territory the seat controls, of any kind (Z7); "Un commandeur éliminé précédemment peut
        être racheté"."""
        if action.commander not in COMMANDERS:
            raise IllegalAction(seat, action, f"commanders: {COMMANDERS}")
        k = COMMANDERS.index(action.commander)
        if self.in_play(seat, k):
            raise IllegalAction(seat, action, f"your {action.commander} commander is in play")
        if self.energy[seat] < COMMANDER_COST:
            raise IllegalAction(seat, action, f"a commander costs {COMMANDER_COST} energy")
        t = self._seat_territory(seat, action, action.territory)
        self.energy[seat] -= COMMANDER_COST
        self.commander[seat][k] = t
        events.append(PiecePlaced(seat, action.commander, IDS[t], COMMANDER_COST))
        self._settle(events)

    def _station_sites(self, seat: int) -> list[int]:
        """Where ``seat`` may buy a station now: "sur un territoire terrestre que vous
        contrôlez, mais une seule station peut être déployée par territoire", 5 energy, fewer
        than 4 in play."""
        if self.energy[seat] < STATION_COST or self.stations_of(seat) >= MAX_STATIONS:
            return []
        return [
            t
            for t in range(N)
            if self.owner[t] == seat and KINDS[t] == LAND and self.station[t] < 0
        ]

    def _build(self, seat: int, action: BuildStation, events: list[Event]) -> None:
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if t not in self._station_sites(seat):
            raise IllegalAction(seat, action, f"no station may be bought for {IDS[t]} now")
        self.energy[seat] -= STATION_COST
        self.station[t] = seat
        events.append(PiecePlaced(seat, "station", IDS[t], STATION_COST))
        self._settle(events)

    def _buyable(self, seat: int) -> list[int]:
        """The decks ``seat`` may buy from now: up to 4 cards a turn at 1 energy, "que si le
        commandeur correspondant est en jeu", and "Quand une pile est épuisée, on ne peut donc
        plus acheter de cartes de ce type"."""
        if self.bought >= CARDS_PER_TURN or self.energy[seat] < CARD_COST:
            return []
        return [k for k in range(K) if self.in_play(seat, k) and self.decks[k]]

    def _buy(self, seat: int, action: BuyCard, events: list[Event]) -> None:
        if action.deck not in COMMANDERS or COMMANDERS.index(action.deck) not in self._buyable(
            seat
        ):
            raise IllegalAction(seat, action, "no card may be bought from that deck now")
        k = COMMANDERS.index(action.deck)
        self.energy[seat] -= CARD_COST
        self.bought += 1
        self.hands[seat].append(self.decks[k].pop())
        self.unseen[seat] += 1
        events.append(CardBought(seat, action.deck))
        self._settle(events)

    def _end_phase(self, seat: int, action: EndPhase, events: list[Event]) -> None:
        if self.phase not in (HIRE, STATIONS, BUY, INVADE, FORTIFY, END_CARDS):
            raise IllegalAction(seat, action, f"the {self.phase} step cannot be ended now")
        if self.phase == FORTIFY:
            self._finish_turn(events)
            return
        if self.phase == END_CARDS:
            self._end_turn(events)
            return
        self._leave_step(events)
        self._settle(events)

    def _finish_turn(self, events: list[Event]) -> None:
        """After the fortify move: the end-of-turn cards when the mover may hold one (its
        Diplomat in play and a diplomat card in hand: public facts), else the turn's end."""
        seat = self.mover
        if self.phase != END_CARDS and self._may_hold(seat, [DIPLOMAT]):
            self.phase = END_CARDS
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        """The turn's payouts (Hidden Energy, Energy Extraction), then the next seat in this
        year's order; after the last, the next year ("Achever une année"), or the end after the
        fifth ("A la fin de la cinquième année")."""
        self._payouts(self.mover, events)
        self.turn_index += 1
        while self.turn_index < len(self.order) and not self.alive[self.order[self.turn_index]]:
            self.turn_index += 1
        if self.turn_index < len(self.order):
            self._begin_turn(self.order[self.turn_index], events)
        elif self.year >= YEARS:
            self._finish(EndReason.LAST_YEAR, events)
        else:
            self._begin_year(events)

    # =========================================================================== invasions

    def _targets(self, seat: int, s: int) -> list[int]:
        """What ``seat`` may attack (or capture) from ``s`` as the board and its commanders
        allow: a neighbour, or from a station's land territory a landing site (never the other
        way: "on ne peut attaquer un territoire terrestre ... depuis les trois sites
        d'atterrissages"), or from the Moon this turn's Invade Earth targets (Z33); a Naval
        Commander in play for a water territory on either side, a Space Commander for a lunar
        one ("Posséder le commandeur est une condition suffisante en soi"); never a devastated
        territory."""
        kind = KINDS[s]
        near = list(NEIGHBOURS[s])
        if kind == LAND and self.station[s] == seat:
            near += [site for site in LANDING_SITES if site not in near]
        if kind == LUNAR:
            near += self.earth_targets
        naval, space = self.in_play(seat, NAVAL), self.in_play(seat, SPACE)
        if (kind == WATER and not naval) or (kind == LUNAR and not space):
            return []
        devastated = self.devastated
        return [
            t
            for t in near
            if t not in devastated and (naval or KINDS[t] != WATER) and (space or KINDS[t] != LUNAR)
        ]

    def _attacks(
        self, seat: int, sources: Sequence[int] = TERRITORIES, *, first: bool = False
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """(source, target) of every invasion ``seat`` may declare from ``sources`` (every
        territory unless given) ("au moins deux unités dans un territoire à partir duquel vous
        lancer une invasion", against a territory of another player or the neutral, not one
        under its cease-fire), and of every unoccupied territory it may take ("Territoires
        inoccupés": "Comme toujours, au moins une unité doit être laissée"; Z10: the naval or
        space commander is needed as well). ``first``: only the first one found, to tell
        whether there is any (the step's test), not every one."""
        invasions: list[tuple[int, int]] = []
        captures: list[tuple[int, int]] = []
        units, owner, spared = self.all_units(), self.owner, (seat, NOBODY, *self.ceasefire)
        for s in sources:
            if owner[s] != seat or units[s] < 2:
                continue
            for t in self._targets(seat, s):
                holder = owner[t]
                if holder == NOBODY:
                    captures.append((s, t))
                elif holder not in spared:
                    invasions.append((s, t))
                else:
                    continue
                if first:
                    return invasions, captures
        return invasions, captures

    def _moves(
        self, seat: int, s: int, forced: list[int], least: int
    ) -> list[tuple[int, tuple[str, ...], int]]:
        """The ways to move units out of ``s``: (fewest MODs, commanders, most MODs), with the
        commanders ``forced`` among them, at least ``least`` units in all and one unit left."""
        present = self.commanders_at(seat, s)
        found = []
        for names in commander_sets(present, len(present)):
            chosen = [COMMANDERS.index(n) for n in names]
            if not set(forced) <= set(chosen):
                continue
            stay = len(present) - len(chosen)
            most = self.mods[s] - (0 if stay else 1)
            fewest = max(0, least - len(chosen))
            if most >= fewest:
                found.append((fewest, names, most))
        return found

    def _move_templates(
        self, kind: type[Capture] | type[Fortify], seat: int, s: int, t: int
    ) -> list[Action]:
        return [move_template(kind, s, t, move) for move in self._moves(seat, s, [], 1)]

    def _checked_move(
        self, seat: int, action: Capture | Fortify | Occupy, s: int, forced: list[int], least: int
    ) -> tuple[int, list[int]]:
        """The MODs and commanders of a move out of ``s``, checked against :meth:`_moves`."""
        chosen = commander_indices(seat, action, action.commanders)
        for fewest, names, most in self._moves(seat, s, forced, least):
            if [COMMANDERS.index(n) for n in names] == chosen:
                mods = count_in(seat, action, action.mods, fewest, most, what="mods")
                return mods, chosen
        raise IllegalAction(seat, action, "those commanders cannot make this move")

    def _move_units(
        self, seat: int, move: tuple[int, int, int, list[int]], events: list[Event]
    ) -> None:
        """``move`` is (source, target, MODs, commanders): they go, the target is the seat's."""
        s, t, mods, chosen = move
        self.mods[s] -= mods
        self.mods[t] += mods
        for k in chosen:
            self.commander[seat][k] = t
        self.owner[t] = seat
        self._scouts_land(seat, events)

    def _scouts_land(self, seat: int, events: list[Event]) -> None:
        """Force de reconnaissance: "Quand vous occupez ce territoire, placez-y immédiatement
        les 5 MODs" (Z32: whenever the seat controls it, the card then discarded)."""
        for t in [t for t in self.scouts[seat] if self.owner[t] == seat]:
            self.scouts[seat].remove(t)
            self.mods[t] += SCOUT_MODS
            events.append(ScoutsLanded(seat, IDS[t], SCOUT_MODS))

    def _capture(self, seat: int, action: Capture, events: list[Event]) -> None:
        """An unoccupied territory taken without dice: not an invasion, "la capture étant
        automatique"; it earns nothing toward the conquest bonus."""
        s = self._seat_territory(seat, action, action.source)
        t = lookup(INDEX, action.target, seat, action, "territory")
        if (s, t) not in self._attacks(seat, (s,))[1]:
            raise IllegalAction(seat, action, f"{IDS[t]} cannot be taken from {IDS[s]} now")
        mods, chosen = self._checked_move(seat, action, s, [], 1)
        self.invaded = True  # Z9: the window of step 4 closes with any move
        self._move_units(seat, (s, t, mods, chosen), events)
        names = names_of(chosen)
        events.append(Captured(seat, IDS[s], IDS[t], NOBODY, False))
        events.append(Moved(seat, IDS[s], IDS[t], mods, names, "capture"))
        self._settle(events)

    def _invade(self, seat: int, action: Invade, events: list[Event]) -> None:
        """003 "ENVAHIR DES TERRITOIRES": an invasion of ``target`` from ``source``. A target
        held by a station alone "est immédiatement perdu" (Z15: taken without dice, at least
        one unit moving in)."""
        s = self._seat_territory(seat, action, action.source)
        t = lookup(INDEX, action.target, seat, action, "territory")
        if (s, t) not in self._attacks(seat, (s,))[0]:
            raise IllegalAction(seat, action, f"{IDS[t]} cannot be invaded from {IDS[s]} now")
        defender = self.owner[t]
        self.invaded = True
        events.append(InvasionDeclared(seat, IDS[s], IDS[t], defender))
        self.invasion = {
            "seat": seat,
            "source": s,
            "target": t,
            "defender": defender,
            "rolls": 0,
            "contested": self.units(t) > 0,  # A2: "occupés à l'origine par au moins une unité"
            "dice": 0,
            "commanders": [],
        }
        if self.units(t):
            self._open_reactions()
        else:
            self._taken(events)

    def _roll_options(self) -> list[Action]:
        inv = cast("dict[str, Any]", self.invasion)
        s, seat = inv["source"], inv["seat"]
        most = min(ATTACK_DICE, self.units(s) - 1)
        legal: list[Action] = [
            roll_template(most, names)
            for names in commander_sets(self._qualifying(seat, s, inv["target"]), most)
        ]
        if inv["rolls"]:
            legal.append(RETREAT)
        return legal

    def _qualifying(self, seat: int, s: int, t: int) -> list[int]:
        """The commanders on ``s`` that roll a d8 attacking ``t`` (003 "Attaquer avec des
        commandeurs": the Diplomat never; Land, Naval, Space "depuis ou vers" a territory of
        their kind; Nuclear always)."""
        kinds = (KINDS[s], KINDS[t])
        found = []
        for k in self.commanders_at(seat, s):
            if k == DIPLOMAT:
                continue
            if k == LAND_COMMANDER and LAND not in kinds:
                continue
            if k == NAVAL and WATER not in kinds:
                continue
            if k == SPACE and LUNAR not in kinds:
                continue
            found.append(k)
        return found

    def _roll(self, seat: int, action: Roll, events: list[Event]) -> None:
        """ "l'attaquant peut choisir de lancer 1, 2, ou 3 dés. Il doit toutefois posséder dans
        le territoire attaquant au moins une unité de plus"; each commander taking part rolls
        a d8 in place of a d6 (Z11)."""
        inv = cast("dict[str, Any]", self.invasion)
        s, t = inv["source"], inv["target"]
        most = min(ATTACK_DICE, self.units(s) - 1)
        chosen = commander_indices(seat, action, action.commanders)
        if not set(chosen) <= set(self._qualifying(seat, s, t)):
            raise IllegalAction(seat, action, "only commanders on the source that roll a d8")
        dice = count_in(seat, action, action.dice, max(1, len(chosen)), most, what="dice")
        inv["dice"], inv["commanders"] = dice, chosen
        defence = self._defence_most(t)
        defender = inv["defender"]
        if defence > 1 and defender >= 0 and self.options["defender_dice"] == "choose":
            self.pending_roll, self.phase = [dice, chosen], DEFEND
            return
        self._resolve(dice, len(chosen), defence, events)

    def _defence_most(self, t: int) -> int:
        """ "le défenseur peut lancer 1 ou 2 dés. Dans le second cas, il doit posséder au moins
        2 unités dans le territoire attaqué"."""
        return min(DEFENCE_DICE, self.units(t))

    def _defend(self, seat: int, action: Defend, events: list[Event]) -> None:
        inv = cast("dict[str, Any]", self.invasion)
        dice, chosen = cast("list[Any]", self.pending_roll)
        most = self._defence_most(inv["target"])
        defence = count_in(seat, action, action.dice, 1, most, what="dice")
        self.pending_roll = None
        self._resolve(dice, len(chosen), defence, events)

    def _resolve(self, dice: int, d8: int, defence: int, events: list[Event]) -> None:
        """One roll: the attacker's ``d8`` commanders' dice are d8s; the defender's dice are
        d8s for each commander there ("tous les commandeurs se défendent toujours avec un dé à
        huit faces", Z12), all of them beside a station ("Toutes les unités présentes dans un
        territoire où est déployée une station spatiale se défendent avec des dés à huit
        faces")."""
        inv = cast("dict[str, Any]", self.invasion)
        s, t, seat, defender = inv["source"], inv["target"], inv["seat"], inv["defender"]
        attack_sides = [8] * d8 + [6] * (dice - d8)
        if self.station[t] >= 0:
            defence_sides = [8] * defence
        else:
            eights = min(defence, len(self.commanders_at(defender, t)) if defender >= 0 else 0)
            defence_sides = [8] * eights + [6] * (defence - eights)
        if self.one_draw:
            # One draw picks one of the equally likely ordered outcomes of both sides' dice.
            table = roll_table(tuple(attack_sides), tuple(defence_sides))
            roll = table[below(self.rng, len(table))]
            lost_attack, lost_defence = roll.attacker_losses, roll.defender_losses
            events.append(DiceRolled(IDS[s], IDS[t], *roll))  # a Roll holds the rest, in order
        else:  # VERSION_1_0: each die a draw, the attacker's then the defender's
            attack = sorted(((die(self.rng, n), n) for n in attack_sides), reverse=True)
            guard = sorted(((die(self.rng, n), n) for n in defence_sides), reverse=True)
            attack_faces = tuple(v for v, _ in attack)
            guard_faces = tuple(v for v, _ in guard)
            lost_attack, lost_defence = compare(attack_faces, guard_faces)
            events.append(
                DiceRolled(
                    IDS[s],
                    IDS[t],
                    attack_faces,
                    tuple(n for _, n in attack),
                    guard_faces,
                    tuple(n for _, n in guard),
                    lost_attack,
                    lost_defence,
                )
            )
        inv["rolls"] += 1
        self._lose(s, seat, lost_attack, events)
        self._lose(t, defender, lost_defence, events)
        self._after_losses(events)

    def _lose(self, t: int, seat: int, count: int, events: list[Event]) -> None:
        """``count`` units of ``seat`` on ``t`` die: MODs first ("Tant qu'il reste des MODs
        dans le même territoire que des commandeurs, ils peuvent être retirés à la place de ces
        derniers"), then commanders, the owner choosing among several."""
        gone = min(count, self.mods[t])
        self.mods[t] -= gone
        count -= gone
        if not count or seat < 0:
            return
        present = self.commanders_at(seat, t)
        if count >= len(present):
            for k in present:
                self._kill(seat, k, events)
        else:
            self.removals.append([t, seat, count])

    def _kill(self, seat: int, k: int, events: list[Event]) -> None:
        t = self.commander[seat][k]
        self.commander[seat][k] = -1
        events.append(CommanderKilled(seat, COMMANDERS[k], IDS[t]))

    def _remove(self, seat: int, action: Remove, events: list[Event]) -> None:
        t, _, count = self.removals[0]
        if action.commander not in COMMANDERS or COMMANDERS.index(
            action.commander
        ) not in self.commanders_at(seat, t):
            raise IllegalAction(seat, action, f"your commanders on {IDS[t]}: {self._losing()}")
        self._kill(seat, COMMANDERS.index(action.commander), events)
        if count > 1:
            self.removals[0][2] -= 1
        else:
            self.removals.pop(0)
        self._resume(events)

    def _losing(self) -> tuple[str, ...]:
        t, seat, _ = self.removals[0]
        return tuple(COMMANDERS[k] for k in self.commanders_at(seat, t))

    def _resume(self, events: list[Event]) -> None:
        """Once every loss is chosen (phase casualty until then), the play goes on where the
        losses began (``resume``)."""
        if self.removals:
            self.phase = CASUALTY
            return
        how, self.resume = self.resume, COMBAT
        if how == COMBAT:
            self._after_losses(events)
        elif how == REACT:
            self._open_reactions()
        elif how == TRAP:
            self._after_trap(events)
        elif how == TAKEN:
            self._taken(events)
        else:  # TURN
            if self.phase == CASUALTY:
                self.phase = self.card_phase
            self._settle_hits(events)
            if self.phase != OVER:
                self._settle(events)

    def _after_losses(self, events: list[Event]) -> None:
        """Once every loss is chosen: the target taken when no unit is left ("Aussitôt que vous
        détruisez la dernière unité d'un territoire envahi, vous le capturez"), else another
        roll or a retreat while the source has 2 units."""
        if self.removals:
            self.phase = CASUALTY
            return
        inv = cast("dict[str, Any]", self.invasion)
        s, t = inv["source"], inv["target"]
        if not self.units(t):
            self._taken(events)
        elif self.units(s) < 2:  # Z38: no roll is possible any more
            self.invasion, self.phase = None, INVADE
            self._settle(events)
        else:
            self.phase = ROLL

    def _retreat(self, seat: int, action: Retreat, events: list[Event]) -> None:
        inv = cast("dict[str, Any]", self.invasion)
        if not inv["rolls"]:
            raise IllegalAction(seat, action, "an invasion rolls at least once")
        events.append(Retreated(seat, IDS[inv["target"]]))
        self.invasion, self.phase = None, INVADE
        self._settle(events)

    def _taken(self, events: list[Event]) -> None:
        """The target has no unit left: it is captured. A defender with no unit left anywhere
        is eliminated (Z19: its stations go); an enemy station left there is replaced or
        destroyed; then the occupation."""
        inv = cast("dict[str, Any]", self.invasion)
        s, t, seat, defender = inv["source"], inv["target"], inv["seat"], inv["defender"]
        events.append(Captured(seat, IDS[s], IDS[t], defender, inv["contested"]))
        if defender >= 0 and not self._units_of(defender):
            self._eliminate(defender, seat, events)
        if self.station[t] >= 0 and self.stations_of(seat) < MAX_STATIONS:
            self.phase = STATION
            return
        if self.station[t] >= 0:  # "il n'a alors pas d'autre choix que de détruire"
            self._station_taken(seat, t, False, events)
        self._begin_occupation()

    def _station_choice(self, seat: int, action: StationChoice, events: list[Event]) -> None:
        if type(action.replace) is not bool:
            raise IllegalAction(seat, action, "replace is true or false")
        inv = cast("dict[str, Any]", self.invasion)
        self._station_taken(seat, inv["target"], action.replace, events)
        self._begin_occupation()

    def _station_taken(self, seat: int, t: int, replace: bool, events: list[Event]) -> None:
        events.append(StationTaken(seat, self.station[t], IDS[t], replace))
        self.station[t] = seat if replace else -1

    def _begin_occupation(self) -> None:
        """ "déplacez vers ce territoire un nombre d'unités au moins égal au nombre de dés lancés
        dans la dernière attaque" (Z15: 1 when no dice were rolled), every commander of the
        last roll among them ("il doit faire partie des unités qui se déplacent")."""
        inv = cast("dict[str, Any]", self.invasion)
        s, seat = inv["source"], inv["seat"]
        alive = [k for k in inv["commanders"] if self.commander[seat][k] == s]
        self.occupation = [s, inv["target"], max(1, inv["dice"]), alive]
        self.phase = OCCUPY

    def _occupy(self, seat: int, action: Occupy, events: list[Event]) -> None:
        s, t, least, forced = cast("list[Any]", self.occupation)
        mods, chosen = self._checked_move(seat, action, s, forced, least)
        contested = cast("dict[str, Any]", self.invasion)["contested"]
        self._move_units(seat, (s, t, mods, chosen), events)
        events.append(Moved(seat, IDS[s], IDS[t], mods, names_of(chosen), "occupy"))
        self.occupation = self.invasion = None
        self.phase = INVADE
        if contested:
            self.contested += 1
        if len(self._living()) == 1:
            self._finish(EndReason.LAST_PLAYER, events)
            return
        if self.contested >= CONQUEST_BONUS_CAPTURES and not self.bonus_taken:
            self._conquest_bonus(seat, events)
            return
        self._settle(events)

    def _conquest_bonus(self, seat: int, events: list[Event]) -> None:
        """ "vous gagnez immédiatement 1 point d'énergie, ainsi qu'une carte de commandement ...
        tirée dans une pile au choix, mais dont le commandeur correspondant est en jeu", once a
        turn; Z18: energy only when no deck may give a card."""
        self.bonus_taken = True
        self.energy[seat] += CONQUEST_BONUS_ENERGY
        events.append(ConquestBonus(seat, CONQUEST_BONUS_ENERGY))
        decks = self._bonus_decks(seat)
        if len(decks) > 1:
            self.phase = BONUS
            return
        if decks:
            self._take_card(seat, decks[0], events)
        self._settle(events)

    def _bonus_decks(self, seat: int) -> list[int]:
        return [k for k in range(K) if self.in_play(seat, k) and self.decks[k]]

    def _take_card(self, seat: int, k: int, events: list[Event]) -> None:
        card = self.decks[k].pop()
        self.hands[seat].insert(len(self.hands[seat]) - self.unseen[seat], card)
        events.append(CardTaken(seat, COMMANDERS[k], CARDS[card].id))

    def _choose_deck(self, seat: int, action: ChooseDeck, events: list[Event]) -> None:
        decks = self._bonus_decks(seat)
        if action.deck not in COMMANDERS or COMMANDERS.index(action.deck) not in decks:
            raise IllegalAction(seat, action, f"decks: {[COMMANDERS[k] for k in decks]}")
        self._take_card(seat, COMMANDERS.index(action.deck), events)
        self.phase = INVADE
        self._settle(events)

    def _eliminate(self, seat: int, by: int, events: list[Event]) -> None:
        """003 "Éliminer un joueur": "Ses cartes de commandement sont défaussées et sa réserve
        d'énergie retourne à la banque commune"; Z19: its stations are removed, the
        territories they held left unoccupied."""
        self.alive[seat] = False
        self.eliminations.append([seat, by])
        for t in range(N):
            if self.station[t] == seat:
                self.station[t] = -1
                if self.owner[t] == seat:
                    self.owner[t] = NOBODY
        self.hands[seat], self.unseen[seat], self.energy[seat] = [], 0, 0
        self.hidden_energy[seat], self.scouts[seat] = [], []
        events.append(Eliminated(seat, by))

    # =========================================================================== cards

    def _may_hold(self, seat: int, decks: Iterable[int]) -> bool:
        """Whether ``seat`` may hold a card it could play now from ``decks``, as everyone can
        tell: a card of one of them in hand (their number per deck is public, 003 "NOTES
        IMPORTANTES") with that deck's commander in play, and no Frequency Jam on it."""
        if seat in self.jammed:
            return False
        held = {DECK_OF[c] for c in self.hands[seat]}
        return any(k in held and self.in_play(seat, k) for k in decks)

    def _window(self, seat: int) -> str | None:
        """The cards' timing open to ``seat`` now (003 "JOUER DES CARTES DE COMMANDEMENT")."""
        phase = self.phase
        if phase == INVADE and not self.invaded and seat == self.mover:
            return BEFORE_FIRST_INVASION
        if phase == REACT and self.reactors and seat == self.reactors[0]:
            return AFTER_INVASION
        if phase == END_CARDS and seat == self.mover:
            return END_OF_TURN
        if phase == ARMAGEDDON and seat == self.armageddon[0]:
            return BEFORE_FIRST_INVASION
        return None

    def _card_plays(self, seat: int) -> list[Action]:
        """Every PlayCard ``seat`` may make now: one copy of each card it holds (seen), of the
        window's timing, its commander in play ("tant que le commandeur correspondant est en
        jeu"), its energy paid ("cette dépense se faisant au moment de jouer la carte"), for
        every aim the card allows."""
        window = self._window(seat)
        if window is None or seat in self.jammed:
            return []
        hand = self.hands[seat]
        plays: list[Action] = []
        kinds: set[tuple[str, str]] = set()
        for card in sorted(hand[: len(hand) - self.unseen[seat]]):
            info = CARDS[card]
            if (info.deck, info.kind) in kinds or info.timing != window:
                continue
            kinds.add((info.deck, info.kind))
            effect = EFFECTS.get(info.kind)
            if effect is None or not self.in_play(seat, DECK_OF[card]):
                continue
            if self.phase == ARMAGEDDON and (DECK_OF[card] != NUCLEAR or info.kind == "armageddon"):
                continue
            if self.energy[seat] < self._cost(card):
                continue
            plays += [PlayCard(info.id, *aim) for aim in effect[0](self, seat, card)]
        return plays

    def _play_card(self, seat: int, action: PlayCard, events: list[Event]) -> None:
        aims = (action.card, action.territory, action.player, action.commander)
        if [type(value) for value in aims] != [str, str, int, str]:
            raise IllegalAction(
                seat, action, "card, territory and commander are text, player a seat"
            )
        hand = self.hands[seat]
        seen = hand[: len(hand) - self.unseen[seat]]
        card = next((c for c in seen if CARDS[c].id == action.card), None)
        if card is None:
            raise IllegalAction(seat, action, "no such card in your hand")
        first = min(
            c for c in seen if CARDS[c].kind == CARDS[card].kind and DECK_OF[c] == DECK_OF[card]
        )
        canonical = PlayCard(CARDS[first].id, action.territory, action.player, action.commander)
        if canonical not in self._card_plays(seat):
            raise IllegalAction(seat, action, "this card cannot be played so now")
        info = CARDS[card]
        self.energy[seat] -= self._cost(card)
        hand.remove(card)
        events.append(CardPlayed(seat, info.id, action.territory, action.player, action.commander))
        t = INDEX[action.territory] if action.territory else -1
        self.resume = REACT if self.phase == REACT else TURN
        self.card_phase = self.phase
        EFFECTS[info.kind][1](self, seat, card, t, action, events)
        self._resume(events)

    def _cost(self, card: int) -> int:
        """A card's energy; none for nuclear cards during Armageddon ("jouer ... sans avoir à
        payer leur coût en énergie")."""
        return 0 if self.phase == ARMAGEDDON else CARDS[card].cost

    def _reactors(self) -> list[int]:
        """The seats asked in the reaction window, in order (Z22): the defender first, then the
        others in turn order after the attacker; each only if it may hold a reaction card it
        could play (public facts: a card of the deck in hand, its commander in play, no
        jam): the Diplomat's deck for the defender (Évacuation, Cessez-le-feu), the deck of
        the target's kind for anyone (MODs furtifs; for the defender the traps and stations)."""
        inv = cast("dict[str, Any]", self.invasion)
        attacker, defender, t = inv["seat"], inv["defender"], inv["target"]
        deck = KIND_DECK[KINDS[t]]
        start = self.order.index(attacker) if attacker in self.order else 0
        after = [self.order[(start + i) % len(self.order)] for i in range(1, len(self.order))]
        asked = ([defender] if defender >= 0 else []) + [s for s in after if s != defender]
        return [
            s
            for s in asked
            if self.alive[s]
            and s != attacker
            and self._may_hold(s, [deck, DIPLOMAT] if s == defender else [deck])
        ]

    def _open_reactions(self) -> None:
        """003 "Après qu'un adversaire ait déclaré une invasion": the window before the first
        roll ("avant la première attaque"), then the rolls."""
        self.reactors = self._reactors()
        self.phase = REACT if self.reactors else ROLL

    def _pass(self, seat: int, action: Pass, events: list[Event]) -> None:
        self.reactors.pop(0)
        if not self.reactors:
            self.phase = ROLL

    def _payouts(self, seat: int, events: list[Event]) -> None:
        """The end of ``seat``'s turn: each Hidden Energy pays 4 if the seat controls the water
        territory it drew, then is discarded; Energy Extraction pays 7 if the seat controls
        the Moon (Z27: option ``energy_extraction``)."""
        for t in self.hidden_energy[seat]:
            if self.owner[t] == seat:
                self.energy[seat] += HIDDEN_ENERGY
                events.append(EnergyChanged(seat, HIDDEN_ENERGY, f"Hidden Energy, {IDS[t]}"))
        self.hidden_energy[seat] = []
        if self.extraction and self._extracts(seat):
            self.energy[seat] += EXTRACTED_ENERGY
            events.append(EnergyChanged(seat, EXTRACTED_ENERGY, "Energy Extraction"))
        self.extraction = False

    def _extracts(self, seat: int) -> bool:
        lunar = [r for r, kind in enumerate(BOARD.region_kinds) if kind == "lunar_colony"]
        held = [all(self.owner[t] == seat for t in BOARD.members[r]) for r in lunar]
        return all(held) if self.options["energy_extraction"] == "all_moon" else any(held)

    # -- the cards' effects: for each, its aims (territory id or "", player or -1) and what
    # -- it does (annex "CARTES DE COMMANDEMENT", each card's French text quoted).

    def _aim_none(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")]

    def _energy_crisis(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Crise énergétique: "Prélevez un point d'énergie dans la réserve de chacun de vos
        adversaires. Sans effet contre un adversaire qui n'a pas de réserve" (Z17: not the
        2-player neutral, which has none)."""
        for other in self._living():
            if other != seat and self.energy[other] > 0:
                self.energy[other] -= 1
                self.energy[seat] += 1
                events.append(EnergyChanged(other, -1, "Energy Crisis"))
                events.append(EnergyChanged(seat, 1, "Energy Crisis"))

    def _aim_station(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        if self.stations_of(seat) >= MAX_STATIONS:
            return []
        return [
            (IDS[t], -1, "")
            for t in range(N)
            if self.owner[t] == seat and KINDS[t] == LAND and self.station[t] < 0
        ]

    def _territorial_station(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Station spatiale: "Placez une station spatiale sur un territoire terrestre que vous
        contrôlez" (Z36: never where one stands, never a fifth)."""
        self.station[t] = seat
        events.append(PiecePlaced(seat, "station", IDS[t], 0))

    def _aim_assemble(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        kind = next(k for k, deck in KIND_DECK.items() if deck == DECK_OF[card])
        return [(IDS[t], -1, "") for t in self.controlled(seat) if KINDS[t] == kind]

    def _assemble(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Assemblage de MODs: 3 MODs on one territory of the deck's kind the seat controls."""
        self.mods[t] += ASSEMBLED_MODS
        events.append(Placed(seat, IDS[t], ASSEMBLED_MODS))

    def _aim_player(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", s, "") for s in self._living() if s != seat and s not in self.jammed]

    def _jam(self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]) -> None:
        """Brouillage satellite: the player named "ne peut jouer aucune carte de
        commandement pendant votre tour" (Z25: reactions included)."""
        self.jammed.append(action.player)

    def _aim_water_card(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")] if self.territory_decks[1] else []

    def _hidden_energy(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Énergie cachée: the top water card, drawn in secret; paid at the end of the turn
        (:meth:`_payouts`)."""
        drawn = self.territory_decks[1].pop()
        self.hidden_energy[seat].append(drawn)
        events.append(TerritoryDrawn(seat, IDS[drawn]))

    def _aim_extraction(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [] if self.extraction else [("", -1, "")]

    def _energy_extraction(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Extraction d'énergie: 7 energy at the end of the turn if the seat then controls the
        Moon (:meth:`_payouts`)."""
        self.extraction = True

    def _aim_defender(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")] if seat == cast("dict[str, Any]", self.invasion)["defender"] else []

    def _cease_fire(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Cessez-le-feu: the invasion is called off without a roll, and its attacker "ne peut
        plus attaquer l'un de vos territoires" this turn (Z24: unoccupied ones stay open)."""
        inv = cast("dict[str, Any]", self.invasion)
        events.append(InvasionCancelled(seat, IDS[inv["target"]]))
        self.ceasefire.append(seat)
        self.invasion, self.reactors, self.phase, self.resume = None, [], INVADE, TURN

    def _aim_stealth(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        t = cast("dict[str, Any]", self.invasion)["target"]
        return [("", -1, "")] if KIND_DECK[KINDS[t]] == DECK_OF[card] else []

    def _stealth_mods(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """MODs furtifs: 3 MODs of the attacked territory's owner join it before the first roll
        (seed FAQ: "Oui, vous pouvez aider un autre joueur"; the MODs are the owner's)."""
        target = cast("dict[str, Any]", self.invasion)["target"]
        holder = self.owner[target]
        self.mods[target] += STEALTH_MODS
        if holder >= 0:
            events.append(Placed(holder, IDS[target], STEALTH_MODS))
        else:
            events.append(NeutralPlaced((IDS[target],), STEALTH_MODS))

    def _damage(self, t: int, count: int, events: list[Event]) -> None:
        """``count`` units on ``t`` die by a card, its owner choosing which (seed FAQ, for La
        Mère, Aqua and Nicky; A8.9: every damage card): MODs first, then its commanders."""
        holder = self.owner[t]
        if holder == NOBODY or count <= 0:
            return
        mods = min(count, self.mods[t])
        if mods:
            events.append(UnitsDestroyed(holder, IDS[t], mods))
        self._lose(t, holder, count, events)
        self.hits.append(t)

    def _settle_hits(self, events: list[Event]) -> None:
        """After a card's damage: a territory left with no unit becomes unoccupied ("d'autres
        territoires deviendront inoccupés par le jeu de certaines cartes"), unless its station
        keeps it; a seat with no unit left is eliminated (Z19); one seat left ends the match."""
        hit = {self.owner[t] for t in self.hits}
        for t in self.hits:
            if not self.units(t) and self.station[t] < 0:
                self.owner[t] = NOBODY
        self.hits = []
        for seat in self._living():
            if seat in hit and not self._units_of(seat):
                self._eliminate(seat, self.mover, events)
        if len(self._living()) <= 1:
            self._finish(EndReason.LAST_PLAYER, events)
        elif not self.alive[self.mover]:  # La Mère may take the mover's last units
            self.phase = FORTIFY
            self._end_turn(events)

    def _aim_trap(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        inv = cast("dict[str, Any]", self.invasion)
        fits = KIND_DECK[KINDS[inv["target"]]] == DECK_OF[card]
        return [("", -1, "")] if seat == inv["defender"] and fits else []

    def _death_trap(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Embuscade terrestre / maritime, Mines orbitales: against an invasion of the
        defender's territory of the card's kind, the attacker loses half, rounded up, of the
        units of its source, chosen by the attacker (Z38: the invasion ends if fewer than 2
        are left)."""
        inv = cast("dict[str, Any]", self.invasion)
        s = inv["source"]
        count = -(-self.units(s) // 2)
        mods = min(count, self.mods[s])
        if mods:
            events.append(UnitsDestroyed(inv["seat"], IDS[s], mods))
        self._lose(s, inv["seat"], count, events)
        self.resume = TRAP

    def _after_trap(self, events: list[Event]) -> None:
        inv = cast("dict[str, Any]", self.invasion)
        if self.units(inv["source"]) < 2:
            self.invasion, self.phase = None, INVADE
            self._settle(events)
        else:
            self._open_reactions()

    def _aim_stealth_station(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        t = cast("dict[str, Any]", self.invasion)["target"]
        if seat != self.owner[t] or KINDS[t] != LAND or self.station[t] >= 0:
            return []
        return [("", -1, "")] if self.stations_of(seat) < MAX_STATIONS else []

    def _stealth_station(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Station furtive: a station of the defender on its attacked land territory, which
        then defends with d8s (Z36: not where one stands, not a fifth)."""
        target = cast("dict[str, Any]", self.invasion)["target"]
        self.station[target] = seat
        events.append(PiecePlaced(seat, "station", IDS[target], 0))

    def _aim_evacuation(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        target = cast("dict[str, Any]", self.invasion)["target"]
        if seat != self.owner[target]:
            return []
        return [(IDS[t], -1, "") for t in self.controlled(seat) if t != target]

    def _evacuation(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Évacuation: every unit of the attacked territory goes to a territory the defender
        controls, no path needed; Z23: the attacker then takes the territory (still
        contested)."""
        target = cast("dict[str, Any]", self.invasion)["target"]
        chosen = self.commanders_at(seat, target)
        mods = self.mods[target]
        self.mods[target] -= mods
        self.mods[t] += mods
        for k in chosen:
            self.commander[seat][k] = t
        events.append(Moved(seat, IDS[target], IDS[t], mods, names_of(chosen), "evacuate"))
        self.resume = TAKEN

    def _enemy_territories(self, seat: int, kind: str) -> list[int]:
        return [
            t
            for t in range(N)
            if KINDS[t] == kind and self.owner[t] not in (seat, NOBODY) and self.units(t)
        ]

    def _aim_rocket(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        kind = KIND_OF_CARD[CARDS[card].kind.rsplit("_", 1)[1]]
        return [(IDS[t], -1, "") for t in self._enemy_territories(seat, kind)]

    def _rocket_strike(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Vague de missiles: "Lancez un dé à six faces" and that many units of the enemy
        territory die, its owner choosing which."""
        roll = die(self.rng, 6)
        events.append(DieRolled(seat, roll, 6, CARDS[card].name_en))
        self._damage(t, roll, events)

    def _aim_assassin(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [
            (IDS[where], other, COMMANDERS[k])
            for other in self._living()
            if other != seat
            for k, where in enumerate(self.commander[other])
            if where >= 0
        ]

    def _assassin_bomb(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Bombe tueuse: an enemy commander dies on a d8 of 3 or more."""
        roll = die(self.rng, 8)
        events.append(DieRolled(seat, roll, 8, CARDS[card].name_en))
        if roll >= ASSASSIN_HITS:
            self._kill(action.player, COMMANDERS.index(action.commander), events)
            self.hits.append(t)

    def _scatter_bomb(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Bombe disruptive: territory cards of the card's kind turned over (2; 3 for land
        under option ``scatter_land_cards``, Z27); in each enemy one, half its units, rounded
        up, die (Z28), its owner choosing; the player's own are spared and not replaced (seed
        FAQ); the cards leave the game."""
        kind = KIND_OF_CARD[CARDS[card].kind.rsplit("_", 1)[1]]
        deck = self.territory_decks[TERRITORY_DECKS.index(kind)]
        count = self.options["scatter_land_cards"] if kind == LAND else SCATTER_CARDS
        drawn = [deck.pop() for _ in range(min(count, len(deck)))]
        events.append(TerritoriesTurnedOver(seat, tuple(IDS[d] for d in drawn)))
        for target in drawn:
            if self.owner[target] not in (seat, NOBODY):
                self._damage(target, -(-self.units(target) // 2), events)

    def _region_bomb(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """La Mère, Aqua le Frère, Nicky le Fils: a d6 names a continent or colony (the die
        tables; Aqua rolls again on a 6), and one unit dies in every territory of it, the
        player's own included (Z29: "Détruisez une unité de chacun des territoires")."""
        table = DIE_TABLES[CARDS[card].kind]
        region = "reroll"
        while region == "reroll":
            roll = die(self.rng, 6)
            events.append(DieRolled(seat, roll, 6, CARDS[card].name_en))
            region = table[str(roll)]
        for target in BOARD.members[BOARD.regions.index(region)]:
            self._damage(target, 1, events)

    def _aim_land_card(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")] if self.territory_decks[0] else []

    def _scout_forces(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Force de reconnaissance: the top land card, drawn in secret, waits "recouverte par 5
        MODs" until the seat holds that territory (:meth:`_scouts_land`; at once if it does)."""
        drawn = self.territory_decks[0].pop()
        self.scouts[seat].append(drawn)
        events.append(TerritoryDrawn(seat, IDS[drawn]))
        self._scouts_land(seat, events)

    def _invade_earth(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Invasion de la Terre: land cards turned over until one the seat does not control;
        this turn every lunar territory of the seat may attack it (Z33); the cards turned over
        leave the game."""
        deck = self.territory_decks[0]
        turned: list[int] = []
        while deck:
            turned.append(deck.pop())
            if self.owner[turned[-1]] != seat:
                self.earth_targets.append(turned[-1])
                break
        events.append(TerritoriesTurnedOver(seat, tuple(IDS[d] for d in turned)))

    def _aim_reinforcements(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")] if self._aim_assemble(seat, card) else []

    def _reinforcements(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Renforts: one MOD on each of 3 distinct territories of the deck's kind the seat
        controls; with fewer, fewer MODs (seed FAQ: "les MODs en trop sont perdus")."""
        kind = next(k for k, deck in KIND_DECK.items() if deck == DECK_OF[card])
        self.card_places = [kind, REINFORCEMENTS, []]
        self.phase = CARD_PLACE
        self._card_place_auto(events)

    def _card_place_targets(self, seat: int) -> list[int]:
        kind, _, chosen = cast("list[Any]", self.card_places)
        return [t for t in self.controlled(seat) if KINDS[t] == kind and t not in chosen]

    def _card_place_auto(self, events: list[Event]) -> None:
        """Place the reinforcements by themselves while no choice is left: on every territory
        left when there are no more of them than MODs; back to the step when done."""
        seat = self.mover
        places = cast("list[Any]", self.card_places)
        targets = self._card_place_targets(seat)
        if places[1] and 0 < len(targets) <= places[1]:
            for t in targets:
                self.mods[t] += 1
                places[2].append(t)
                events.append(Placed(seat, IDS[t], 1))
            places[1] = 0
        if not places[1] or not targets:
            self.card_places, self.phase = None, INVADE

    def _card_place(self, seat: int, action: Place, events: list[Event]) -> None:
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if t not in self._card_place_targets(seat):
            raise IllegalAction(seat, action, f"{IDS[t]} cannot take a reinforcement")
        count_in(seat, action, action.mods, 1, 1, what="mods")
        places = cast("list[Any]", self.card_places)
        self.mods[t] += 1
        places[1] -= 1
        places[2].append(t)
        events.append(Placed(seat, IDS[t], 1))
        self._card_place_auto(events)
        self._settle(events)

    def _aim_decoys(self, seat: int, card: int) -> list[tuple[str, int, str]]:
        return [("", -1, "")] if any(where >= 0 for where in self.commander[seat]) else []

    def _decoys_revealed(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Leurres démasqués: "Déplacez autant de commandeurs que vous le désirez vers un ou
        plusieurs territoires sous votre contrôle" (seed FAQ: those already on a board), one
        at a time, each once."""
        self.decoys = [k for k, where in enumerate(self.commander[seat]) if where >= 0]
        self.phase = DECOYS

    def _decoy_options(self, seat: int) -> list[Action]:
        return [
            Relocate(COMMANDERS[k], IDS[t])
            for k in self.decoys
            for t in self.controlled(seat)
            if t != self.commander[seat][k]
        ]

    def _relocate(self, seat: int, action: Relocate, events: list[Event]) -> None:
        if Relocate(action.commander, action.territory) not in self._decoy_options(seat):
            raise IllegalAction(seat, action, "that commander cannot go there now")
        k, t = COMMANDERS.index(action.commander), INDEX[action.territory]
        s = self.commander[seat][k]
        self.commander[seat][k] = t
        self.decoys.remove(k)
        if not self.units(s) and self.station[s] < 0:  # the last unit left it: unoccupied
            self.owner[s] = NOBODY
        events.append(Moved(seat, IDS[s], IDS[t], 0, (action.commander,), "decoys"))
        if not self.decoys:
            self.phase = INVADE
            self._settle(events)

    def _end_decoys(self, seat: int, action: EndPhase, events: list[Event]) -> None:
        self.decoys, self.phase = [], INVADE
        self._settle(events)

    def _mod_reduction(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Désarmement: "Chacun de vos adversaires (dans l'ordre du tour) doivent retirer 4 MODs
        chacun ... Vous-même retirez ensuite 2 MODs" (Z31: MODs only, all of them when fewer;
        the remover chooses where; Z17: not the 2-player neutral)."""
        start = self.order.index(seat) if seat in self.order else 0
        after = [self.order[(start + i) % len(self.order)] for i in range(1, len(self.order))]
        self.reduction = [[s, REDUCTION_OPPONENTS] for s in after if self.alive[s]]
        self.reduction.append([seat, REDUCTION_SELF])
        self.phase = REDUCE
        self._reduce_auto(events)

    def _mods_of(self, seat: int) -> list[int]:
        return [t for t in self.controlled(seat) if self.mods[t]]

    def _reduce_auto(self, events: list[Event]) -> None:
        """Remove by themselves the MODs of a seat with no choice (all its MODs go, or they
        stand on one territory); back to the step when every seat is done."""
        while self.reduction:
            seat, left = self.reduction[0]
            where = self._mods_of(seat)
            if len(where) > 1 and sum(self.mods[t] for t in where) > left:
                return
            for t in where:
                self._take_mods(seat, t, min(left, self.mods[t]), events)
            self.reduction.pop(0)
        self.phase = INVADE

    def _take_mods(self, seat: int, t: int, mods: int, events: list[Event]) -> None:
        self.mods[t] -= mods
        self.hits.append(t)
        events.append(UnitsDestroyed(seat, IDS[t], mods))

    def _remove_mods(self, seat: int, action: RemoveMods, events: list[Event]) -> None:
        left = self.reduction[0][1]
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if t not in self._mods_of(seat):
            raise IllegalAction(seat, action, f"no MOD of yours on {IDS[t]}")
        mods = count_in(seat, action, action.mods, 1, min(left, self.mods[t]), what="mods")
        self._take_mods(seat, t, mods, events)
        self.reduction[0][1] -= mods
        if not self.reduction[0][1]:
            self.reduction.pop(0)
        self._reduce_auto(events)
        if self.phase != REDUCE:
            self._settle_hits(events)
            if self.phase != OVER:
                self._settle(events)

    def _armageddon(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Armageddon: "Tous les joueurs, dans l'ordre du tour, peuvent jouer autant de cartes
        nucléaires qu'ils le désirent sans avoir à payer leur coût" (Z26: the player first,
        then the others in turn order, once each; a Nuclear Commander in play is needed, and
        no Frequency Jam, Z25)."""
        start = self.order.index(seat) if seat in self.order else 0
        ring = [self.order[(start + i) % len(self.order)] for i in range(len(self.order))]
        self.armageddon = [s for s in ring if self.alive[s] and self._may_hold(s, [NUCLEAR])]
        self.phase = ARMAGEDDON if self.armageddon else INVADE

    def _pass_nuclear(self, seat: int, action: Pass, events: list[Event]) -> None:
        self.armageddon.pop(0)
        if not self.armageddon:
            self.phase = INVADE
            self._settle(events)

    def _redeployment(
        self, seat: int, card: int, t: int, action: PlayCard, events: list[Event]
    ) -> None:
        """Redéploiement: "Vous pouvez consolider une seconde fois" (one more fortify move)."""
        self.phase = FORTIFY

    # =========================================================================== fortify

    def _links(self, seat: int, t: int) -> list[int]:
        """The territories a fortify move may pass to from ``t``: its neighbours, and between
        ``seat``'s station territories and the landing sites, both ways ("Il est tout à fait
        possible de consolider de la Lune à la Terre")."""
        near = list(NEIGHBOURS[t])
        if KINDS[t] == LAND and self.station[t] == seat:
            near += LANDING_SITES
        if t in BOARD.landing_sites:
            near += [u for u in range(N) if self.station[u] == seat and KINDS[u] == LAND]
        return near

    def _reach(self, seat: int, s: int) -> list[int]:
        """Territories joined to ``s`` by a path of territories ``seat`` controls (003
        "CONSOLIDER SA POSITION": "une voie sécurisée"), along :meth:`_links`."""
        seen = {s}
        todo = deque([s])
        while todo:
            for u in self._links(seat, todo.popleft()):
                if u not in seen and self.owner[u] == seat:
                    seen.add(u)
                    todo.append(u)
        seen.discard(s)
        return sorted(seen)

    def _fortify_sources(self, seat: int) -> list[int]:
        """The territories ``seat`` may fortify from: its own, with two units or more."""
        return [s for s in self.controlled(seat) if self.units(s) >= 2]

    def _may_fortify(self, seat: int) -> bool:
        """Whether ``seat`` has a fortify move (the step's test, without listing them): a
        source with another own territory linked to it (then reachable)."""
        owner = self.owner
        return any(
            any(owner[u] == seat for u in self._links(seat, s)) and self._moves(seat, s, [], 1)
            for s in self._fortify_sources(seat)
        )

    def _fortify_options(self, seat: int) -> list[Action]:
        """Every Fortify of ``seat``: sources in board order, then targets (:meth:`_reach`)
        in board order. Territories joined by own paths form groups, each found once: a
        source reaches the rest of its group."""
        legal: list[Action] = []
        group_of: dict[int, list[int]] = {}
        for s in self._fortify_sources(seat):
            group = group_of.get(s)
            if group is None:
                group = sorted([s, *self._reach(seat, s)])
                for t in group:
                    group_of[t] = group
            moves = self._moves(seat, s, [], 1)  # the same from a source to any target
            legal += [move_template(Fortify, s, t, move) for t in group if t != s for move in moves]
        return legal

    def _fortify(self, seat: int, action: Fortify, events: list[Event]) -> None:
        """One move, any number of units, "une unité au moins doit rester dans le territoire
        d'origine"; no naval or space commander needed ("même si le commandeur correspondant
        n'est pas en jeu")."""
        s = self._seat_territory(seat, action, action.source)
        t = lookup(INDEX, action.target, seat, action, "territory")
        if t not in self._reach(seat, s):
            raise IllegalAction(seat, action, f"no path of yours from {IDS[s]} to {IDS[t]}")
        mods, chosen = self._checked_move(seat, action, s, [], 1)
        self._move_units(seat, (s, t, mods, chosen), events)
        events.append(Moved(seat, IDS[s], IDS[t], mods, names_of(chosen), "fortify"))
        self.fortified = True
        self._finish_turn(events)

    # =========================================================================== dispatch

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        handler = HANDLERS.get((self.phase, type(action)))
        if handler is None:
            raise IllegalAction(seat, action, f"not an action of the {self.phase} step")
        handler(self, seat, action, events)
        return events

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == BID:
            return tuple(s for s in self._living() if self.bids[s] < 0)
        if phase == DEFEND:
            return (cast("dict[str, Any]", self.invasion)["defender"],)
        if phase == CASUALTY:
            return (self.removals[0][1],)
        if phase == REACT:
            return (self.reactors[0],)
        if phase == REDUCE:
            return (self.reduction[0][0],)
        if phase == ARMAGEDDON:
            return (self.armageddon[0],)
        return (self.mover,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        legal: list[Action]
        if phase == CLAIM:
            legal = [CLAIMS[t] for t in self._claimable()]
        elif phase == REINFORCE:
            legal = [place_template(t, self.batch) for t in self.controlled(seat)]
        elif phase == PIECES:
            legal = [
                PlacePiece(piece, IDS[t])
                for piece in self.pieces[seat]
                for t in self.controlled(seat)
                if piece != "station" or (KINDS[t] == LAND and self.station[t] < 0)
            ]
        elif phase == BID:
            legal = [Bid(Amount(0, self.energy[seat]))]
        elif phase == MARKER:
            legal = [ChooseMarker(p) for p in self._free_markers()]
        elif phase == PLACE:
            legal = [place_template(t, self.to_place) for t in self.controlled(seat)]
        elif phase == HIRE:
            legal = [
                HIRES[k][t]
                for k in range(K)
                if not self.in_play(seat, k)
                for t in self.controlled(seat)
            ]
            legal.append(END_PHASE)
        elif phase == STATIONS:
            legal = [BUILD_STATIONS[t] for t in self._station_sites(seat)]
            legal.append(END_PHASE)
        elif phase == BUY:
            legal = [BUY_CARDS[k] for k in self._buyable(seat)]
            legal.append(END_PHASE)
        elif phase == INVADE:
            legal = self._card_plays(seat)
            invasions, captures = self._attacks(seat)
            legal += [invade_template(s, t) for s, t in invasions]
            for s, t in captures:
                legal += self._move_templates(Capture, seat, s, t)
            legal.append(END_PHASE)
        elif phase == REACT:
            legal = [PASS, *self._card_plays(seat)]
        elif phase == END_CARDS:
            legal = [*self._card_plays(seat), END_PHASE]
        elif phase == CARD_PLACE:
            legal = [Place(IDS[t], Amount(1, 1)) for t in self._card_place_targets(seat)]
        elif phase == DECOYS:
            legal = [*self._decoy_options(seat), END_PHASE]
        elif phase == REDUCE:
            left = self.reduction[0][1]
            legal = [
                RemoveMods(IDS[t], Amount(1, min(left, self.mods[t]))) for t in self._mods_of(seat)
            ]
        elif phase == ARMAGEDDON:
            legal = [PASS, *self._card_plays(seat)]
        elif phase == ROLL:
            legal = self._roll_options()
        elif phase == DEFEND:
            most = self._defence_most(cast("dict[str, Any]", self.invasion)["target"])
            legal = [Defend(dice) for dice in range(most, 0, -1)]
        elif phase == CASUALTY:
            legal = [Remove(name) for name in self._losing()]
        elif phase == STATION:
            legal = list(STATION_CHOICES)
        elif phase == OCCUPY:
            s, _, least, forced = cast("list[Any]", self.occupation)
            legal = [occupy_template(move) for move in self._moves(seat, s, forced, least)]
        elif phase == BONUS:
            legal = [ChooseDeck(COMMANDERS[k]) for k in self._bonus_decks(seat)]
        else:  # FORTIFY
            legal = [*self._fortify_options(seat), END_PHASE]
        return tuple(legal)

    # =========================================================================== the end

    def points(self, seat: int) -> int:
        """003 "GAGNER LA PARTIE": "+1 PV par territoire contrôlé, quel que soit son type", the
        bonus of each whole continent or colony (Z6: as its income), and "+ les bonus en PVs
        indiqués par certaines cartes dans la main du joueur ... que si le commandeur
        correspondant est toujours en jeu" (Influence coloniale, 3 each)."""
        if not self.alive[seat]:
            return 0
        total = len(self.controlled(seat)) + sum(self._bonus(r) for r in self.regions_of(seat))
        for card in self.hands[seat]:
            if CARDS[card].kind == COLONY_INFLUENCE and self.in_play(seat, DECK_OF[card]):
                total += COLONY_INFLUENCE_VP
        return total

    def _key(self, seat: int) -> tuple[int, ...]:
        """The order of the end (003 "Égalités"): points, then energy, then units in play;
        eliminated seats after, the last eliminated first."""
        if not self.alive[seat]:
            out = [s for s, _ in self.eliminations].index(seat)
            return (-1, out, 0, 0)
        return (0, self.points(seat), self.energy[seat], self._units_of(seat))

    def _ranking(self) -> tuple[tuple[int, ...], ...]:
        groups: dict[tuple[int, ...], list[int]] = {}
        for seat in range(self.seats):
            groups.setdefault(self._key(seat), []).append(seat)
        return tuple(tuple(groups[key]) for key in sorted(groups, reverse=True))

    def _finish(self, reason: EndReason, events: list[Event]) -> None:
        self.phase, self.end_reason = OVER, str(reason)
        self._result = self._ranked(reason)
        events.append(
            MatchEnded(tuple(self.points(s) for s in range(self.seats)), self._result.winners)
        )

    def _ranked(self, reason: EndReason) -> Result:
        ranking = self._ranking()
        winners = ranking[0] if reason != EndReason.STEP_LIMIT else ()
        return Result(
            ranking,
            tuple(float(self.points(s)) for s in range(self.seats)),
            str(reason),
            f"year {self.year}",
            winners=winners,
        )

    def _step_limit_result(self) -> Result:
        self.phase, self.end_reason = OVER, str(EndReason.STEP_LIMIT)
        return self._ranked(EndReason.STEP_LIMIT)

    # =========================================================================== views

    def _observation(self, seat: int) -> Risk2210Observation:
        inv = self.invasion
        invasion = None
        if inv is not None:
            invasion = InvasionView(
                inv["seat"],
                IDS[inv["source"]],
                IDS[inv["target"]],
                inv["defender"],
                inv["rolls"],
                inv["contested"],
                inv["dice"],
                names_of(inv["commanders"]),
            )
        occupation = None
        if self.occupation is not None:
            s, t, least, forced = self.occupation
            occupation = OccupationView(IDS[s], IDS[t], least, names_of(forced))
        to_place = 0
        if seat == self.mover and self.phase in (REINFORCE, PLACE):
            to_place = self.batch if self.phase == REINFORCE else self.to_place
        # Positional, in the fields' order: by keyword, matching 40 names costs more than
        # building every field (issue 19).
        return Risk2210Observation(
            seat,
            self.variant,
            BOARD,  # board
            self.phase,
            self.year,
            self.mover,
            tuple(self.order),
            tuple(self.owner),  # owners
            tuple(self.mods),
            tuple(self.station),  # stations
            self._devastated_view(),
            self._commanders_view(),
            tuple(self.energy),
            tuple(self.alive),
            self._hand_view(seat),
            self.unseen[seat],  # unseen
            self._hand_sizes_view(),
            tuple(len(d) for d in self.decks),  # deck_sizes
            tuple(len(d) for d in self.territory_decks),  # territory_decks
            self.bids[seat] if self.bids[seat] >= 0 else None,  # my_bid
            tuple(self.revealed),  # bids
            tuple(self.markers),
            to_place,  # mods_to_place
            tuple(self.pieces[seat]) if self.phase == PIECES else (),  # pieces_left
            self.bought,  # cards_bought
            self.contested,  # contested_captures
            invasion,
            occupation,
            # losing:
            self._losing() if self.phase == CASUALTY and self.removals[0][1] == seat else (),
            self.fortified,
            self.invaded,
            tuple(self.jammed),
            tuple(self.ceasefire),
            tuple(IDS[t] for t in self.hidden_energy[seat]),  # hidden_energy
            tuple(len(drawn) for drawn in self.hidden_energy),  # hidden_energy_cards
            self.extraction,
            tuple(IDS[t] for t in self.scouts[seat]),  # scouts
            tuple(len(drawn) for drawn in self.scouts),  # scout_cards
            tuple(IDS[t] for t in self.earth_targets),  # earth_targets
            self.card_places[1] if self.card_places else 0,  # reinforcements_left
        )

    # The parts of the observation that seldom change are kept with a copy of the state they
    # were made from, and made again only when that state differs (issue 19): comparing two
    # short lists costs less than building the view.

    def _devastated_view(self) -> tuple[str, ...]:
        """The devastated territories' ids (003 "Terres dévastées")."""
        if self.devastated != self._seen_devastated:
            self._seen_devastated = list(self.devastated)
            self._devastated_shown = tuple(IDS[t] for t in self.devastated)
        return self._devastated_shown

    def _commanders_view(self) -> tuple[tuple[str, ...], ...]:
        """Per seat, per commander, its territory's id or "" (not in play)."""
        if self.commander != self._seen_commanders:
            self._seen_commanders = [list(row) for row in self.commander]
            self._commanders_shown = tuple(
                tuple([PLACE_OR_NONE[p] for p in row]) for row in self.commander
            )
        return self._commanders_shown

    def _hand_sizes_view(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, how many cards of each deck its hand holds (public)."""
        if self.hands != self._seen_hands:
            self._seen_hands = [list(hand) for hand in self.hands]
            self._hand_sizes_shown = tuple(_deck_counts(hand) for hand in self.hands)
        return self._hand_sizes_shown

    def _hand_view(self, seat: int) -> tuple[CardView, ...]:
        """The cards of ``seat``'s hand whose faces it has seen, in card order."""
        hand = self.hands[seat]
        seen = hand[: len(hand) - self.unseen[seat]]
        kept = self._hands_shown.get(seat)
        if kept is None or kept[0] != seen:
            kept = (seen, tuple(CARD_VIEWS[c] for c in sorted(seen)))
            self._hands_shown[seat] = kept
        return kept[1]

    def _spectator_board(self) -> spectator.Board:
        """Public facts only: each territory's holder (none for the neutral, marked
        "neutral"; "devastated" ones), its units, its station and commanders; per seat its
        territories, units, energy, cards and status; the year."""
        places = {}
        for t, name in enumerate(IDS):
            holder = self.owner[t]
            marks: list[str] = []
            if t in self.devastated:
                marks.append("devastated")
            if holder == NEUTRAL:
                marks.append("neutral")
            if self.station[t] >= 0:
                marks.append("station")
            if holder >= 0:
                marks += [f"{COMMANDERS[k]} commander" for k in self.commanders_at(holder, t)]
            places[name] = spectator.place(
                holder if holder >= 0 else None, self.units(t), tuple(marks)
            )
        seats: tuple[dict[str, int | str], ...] = tuple(
            {
                "territories": len(self.controlled(s)),
                "units": self._units_of(s),
                "energy": self.energy[s],
                "cards": len(self.hands[s]),
                "status": self._status(s),
            }
            for s in range(self.seats)
        )
        lines = ("set-up",) if not self.year else (f"year {self.year} of {YEARS}",)
        return spectator.Board(places, seats, lines)

    def _status(self, seat: int) -> str:
        if self._result is not None and seat in self._result.winners:
            return "winner"
        if not self.alive[seat]:
            return "eliminated"
        return "their turn" if self.year and seat == self.mover else "in play"

    def summary(self) -> list[str]:
        """Per seat its territories, units, energy and cards (public facts: its points wait
        for the end, which shows the Colony Influence cards), then its points once over."""
        lines = [
            f"seat {s}: {len(self.controlled(s))} territories, {self._units_of(s)} units, "
            f"{self.energy[s]} energy, {len(self.hands[s])} cards"
            + ("" if self.alive[s] else " (eliminated)")
            for s in range(self.seats)
        ]
        if self._result is not None:
            lines.append("points: " + ", ".join(str(self.points(s)) for s in range(self.seats)))
        return lines

    # =========================================================================== hidden

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Draw again what ``seat`` (None: a spectator) may not know: the order of every deck,
        the faces of the other seats' cards and of its own unseen ones (each keeps its deck:
        how many of each deck a hand holds is public), and the bids not yet revealed."""
        for deck in self.territory_decks:
            shuffle(rng, deck)
        hidden: list[tuple[int, int]] = []  # (seat, position in hand)
        for other in range(self.seats):
            hand = self.hands[other]
            start = len(hand) - self.unseen[other] if other == seat else 0
            hidden += [(other, i) for i in range(start, len(hand))]
        for k in range(K):
            spots = [(s, i) for s, i in hidden if DECK_OF[self.hands[s][i]] == k]
            pool = [self.hands[s][i] for s, i in spots] + self.decks[k]
            shuffle(rng, pool)
            for (s, i), card in zip(spots, pool, strict=False):
                self.hands[s][i] = card
            self.decks[k] = pool[len(spots) :]
        for other in range(self.seats):
            if other != seat and self.bids[other] >= 0:
                self.bids[other] = rng.randint(0, self.energy[other])
        for secrets, pile in ((self.hidden_energy, 1), (self.scouts, 0)):
            self._redraw_secret_cards(secrets, self.territory_decks[pile], seat, rng)

    def _redraw_secret_cards(
        self, secrets: list[list[int]], deck: list[int], seat: int | None, rng: random.Random
    ) -> None:
        """Territory cards drawn in secret by the seats other than ``seat`` (Énergie cachée,
        Force de reconnaissance), drawn again with the deck they came from."""
        drawn = [(s, i) for s in range(self.seats) if s != seat for i in range(len(secrets[s]))]
        pool = [secrets[s][i] for s, i in drawn] + deck
        shuffle(rng, pool)
        for (s, i), t in zip(drawn, pool, strict=False):
            secrets[s][i] = t
        deck[:] = pool[len(drawn) :]

    def _restored(self) -> None:
        if self.end_reason is not None:
            self._result = self._ranked(EndReason(self.end_reason))


def _deck_counts(hand: list[int]) -> tuple[int, ...]:
    """How many cards of each deck ``hand`` holds."""
    counts = [0] * K
    for card in hand:
        counts[DECK_OF[card]] += 1
    return tuple(counts)


CARD_VIEWS: Final = tuple(
    CardView(c.id, c.deck, c.name_en, c.name_fr, c.cost, c.timing) for c in CARDS
)
"""Each card as a hand shows it (frozen: every observation shares them)."""


HANDLERS: dict[tuple[str, type[Action]], Any] = {
    (CLAIM, Claim): Risk2210Match._claim,
    (REINFORCE, Place): Risk2210Match._reinforce,
    (PIECES, PlacePiece): Risk2210Match._place_piece,
    (BID, Bid): Risk2210Match._bid,
    (MARKER, ChooseMarker): Risk2210Match._choose_marker,
    (PLACE, Place): Risk2210Match._place,
    (HIRE, Hire): Risk2210Match._hire,
    (HIRE, EndPhase): Risk2210Match._end_phase,
    (STATIONS, BuildStation): Risk2210Match._build,
    (STATIONS, EndPhase): Risk2210Match._end_phase,
    (BUY, BuyCard): Risk2210Match._buy,
    (BUY, EndPhase): Risk2210Match._end_phase,
    (INVADE, Invade): Risk2210Match._invade,
    (INVADE, PlayCard): Risk2210Match._play_card,
    (REACT, PlayCard): Risk2210Match._play_card,
    (REACT, Pass): Risk2210Match._pass,
    (END_CARDS, PlayCard): Risk2210Match._play_card,
    (END_CARDS, EndPhase): Risk2210Match._end_phase,
    (CARD_PLACE, Place): Risk2210Match._card_place,
    (DECOYS, Relocate): Risk2210Match._relocate,
    (DECOYS, EndPhase): Risk2210Match._end_decoys,
    (REDUCE, RemoveMods): Risk2210Match._remove_mods,
    (ARMAGEDDON, PlayCard): Risk2210Match._play_card,
    (ARMAGEDDON, Pass): Risk2210Match._pass_nuclear,
    (INVADE, Capture): Risk2210Match._capture,
    (INVADE, EndPhase): Risk2210Match._end_phase,
    (ROLL, Roll): Risk2210Match._roll,
    (ROLL, Retreat): Risk2210Match._retreat,
    (DEFEND, Defend): Risk2210Match._defend,
    (CASUALTY, Remove): Risk2210Match._remove,
    (STATION, StationChoice): Risk2210Match._station_choice,
    (OCCUPY, Occupy): Risk2210Match._occupy,
    (BONUS, ChooseDeck): Risk2210Match._choose_deck,
    (FORTIFY, Fortify): Risk2210Match._fortify,
    (FORTIFY, EndPhase): Risk2210Match._end_phase,
}
"""Which handler plays each kind of action in each phase; any other pair is refused."""

EFFECTS: dict[str, tuple[Any, Any]] = {
    "energy_crisis": (Risk2210Match._aim_none, Risk2210Match._energy_crisis),
    "territorial_station": (Risk2210Match._aim_station, Risk2210Match._territorial_station),
    "assemble_mods": (Risk2210Match._aim_assemble, Risk2210Match._assemble),
    "frequency_jam": (Risk2210Match._aim_player, Risk2210Match._jam),
    "hidden_energy": (Risk2210Match._aim_water_card, Risk2210Match._hidden_energy),
    "energy_extraction": (Risk2210Match._aim_extraction, Risk2210Match._energy_extraction),
    "cease_fire": (Risk2210Match._aim_defender, Risk2210Match._cease_fire),
    "stealth_mods": (Risk2210Match._aim_stealth, Risk2210Match._stealth_mods),
    "redeployment": (Risk2210Match._aim_none, Risk2210Match._redeployment),
    "land_death_trap": (Risk2210Match._aim_trap, Risk2210Match._death_trap),
    "water_death_trap": (Risk2210Match._aim_trap, Risk2210Match._death_trap),
    "orbital_mines": (Risk2210Match._aim_trap, Risk2210Match._death_trap),
    "stealth_station": (Risk2210Match._aim_stealth_station, Risk2210Match._stealth_station),
    "evacuation": (Risk2210Match._aim_evacuation, Risk2210Match._evacuation),
    "rocket_strike_land": (Risk2210Match._aim_rocket, Risk2210Match._rocket_strike),
    "rocket_strike_water": (Risk2210Match._aim_rocket, Risk2210Match._rocket_strike),
    "rocket_strike_moon": (Risk2210Match._aim_rocket, Risk2210Match._rocket_strike),
    "assassin_bomb": (Risk2210Match._aim_assassin, Risk2210Match._assassin_bomb),
    "scatter_bomb_land": (Risk2210Match._aim_none, Risk2210Match._scatter_bomb),
    "scatter_bomb_water": (Risk2210Match._aim_none, Risk2210Match._scatter_bomb),
    "scatter_bomb_moon": (Risk2210Match._aim_none, Risk2210Match._scatter_bomb),
    "the_mother": (Risk2210Match._aim_none, Risk2210Match._region_bomb),
    "aqua_brother": (Risk2210Match._aim_none, Risk2210Match._region_bomb),
    "nicky_boy": (Risk2210Match._aim_none, Risk2210Match._region_bomb),
    "scout_forces": (Risk2210Match._aim_land_card, Risk2210Match._scout_forces),
    "invade_earth": (Risk2210Match._aim_land_card, Risk2210Match._invade_earth),
    "reinforcements": (Risk2210Match._aim_reinforcements, Risk2210Match._reinforcements),
    "decoys_revealed": (Risk2210Match._aim_decoys, Risk2210Match._decoys_revealed),
    "mod_reduction": (Risk2210Match._aim_none, Risk2210Match._mod_reduction),
    "armageddon": (Risk2210Match._aim_none, Risk2210Match._armageddon),
}
"""The cards played so far in this engine, by kind: (their aims, their effect). The others
are bought and held, not yet playable (RULES.md)."""
