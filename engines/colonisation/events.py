"""What happens in a Risk : la colonisation match, as typed events in order (read-only records).

Private: :class:`CardsDrawn` (its seat alone sees its first card; the others see the second,
face up for the auction, 004 "Début"). Private as a whole, seen by no other seat nor
spectator: :class:`BidPlaced` (a sealed bid, C1) and :class:`SchoolArranged` (a card laid in a
column, in secret, C8): neither how much nor when may show. :class:`LotSold` reveals every bid
of a lot when its last bid is in; :class:`CardsRevealed` every card when the auction ends;
:class:`ColumnsRevealed` every seat's columns once all are laid out.

Each event says itself in an English sentence for people (``describe``), naming the
territories as the map does and each seat by the name it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.colonisation.board import WORLD
from engines.core.contract import Event, plural


def place(territory: str) -> str:
    """A territory's name on the map (the id itself if the map has none).

    >>> place("eastern_australia"), place("atlantis")
    ('Eastern Australia', 'atlantis')
    """
    t = WORLD.index.get(territory)
    return territory if t is None else WORLD.names[t]


def _with(general: bool, diplomat: bool) -> str:
    persons = [p for p, sent in (("a general command", general), ("a diplomat", diplomat)) if sent]
    return f" with {' and '.join(persons)}" if persons else ""


@dataclass(slots=True)
class CardsDrawn(Event):
    """Set-up: ``seat`` drew ``first`` (kept, private) then ``second`` (tradeable, face up)."""

    seat: int
    first: str
    second: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardsDrawn:
        return replace(self, first="")

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann draws Peru and Ontario (tradeable).'"""
        first = place(self.first) if self.first else "a hidden card"
        return f"{names[self.seat]} draws {first} and {place(self.second)} (tradeable)."


@dataclass(slots=True)
class BidPlaced(Event):
    """Auction: ``seat`` bid ``armies`` on the current lot (private as a whole, C1)."""

    seat: int
    armies: int

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann bids 2 armies in secret.' (seen by that seat alone)."""
        return f"{names[self.seat]} bids {plural(self.armies, 'army')} in secret."


@dataclass(slots=True)
class LotSold(Event):
    """Auction: the second card of ``drawer`` is settled: every seat's bid (-1: the drawer,
    who does not bid), the ``buyer`` (None: nobody bid, the drawer keeps it) and the
    ``price`` in starting armies paid to the drawer (C1)."""

    drawer: int
    card: str
    bids: tuple[int, ...]
    buyer: int | None
    price: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bob buys Peru from Ann for 3 armies.'"""
        card = place(self.card)
        if self.buyer is None:
            return f"Nobody bids on {card}: {names[self.drawer]} keeps it."
        price = plural(self.price, "army")
        return f"{names[self.buyer]} buys {card} from {names[self.drawer]} for {price}."


@dataclass(slots=True)
class CardsRevealed(Event):
    """Set-up: ``seat`` shows the cards it holds after the trade (004 "Début": "chacun place
    toutes ces cartes devant lui")."""

    seat: int
    cards: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann holds Peru, Ontario.'"""
        return f"{names[self.seat]} holds {', '.join(place(c) for c in self.cards)}."


@dataclass(slots=True)
class HomeRolled(Event):
    """Set-up: ``seat`` rolled a die per card (``dice`` follow ``cards``); ``tied`` are the
    territories tied for the highest die (one: the home)."""

    seat: int
    cards: tuple[str, ...]
    dice: tuple[int, ...]
    tied: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann rolls Peru 5, Ontario 2.'"""
        rolls = ", ".join(f"{place(c)} {d}" for c, d in zip(self.cards, self.dice, strict=True))
        tie = " (a tie: it chooses its home)" if len(self.tied) > 1 else ""
        return f"{names[self.seat]} rolls {rolls}{tie}."


@dataclass(slots=True)
class HomeSettled(Event):
    """Set-up: ``seat``'s home is ``home``; ``placed`` the armies on each territory it starts
    with (the home first), ``bonus`` the armies of the colour bonus among them."""

    seat: int
    home: str
    placed: tuple[tuple[str, int], ...]
    bonus: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's home is Peru (13 armies, 3 of them for its colour).'"""
        where = ", ".join(f"{place(t)} {plural(a, 'army')}" for t, a in self.placed)
        extra = f"; {self.bonus} of them for its colour" if self.bonus else ""
        return f"{names[self.seat]}'s home is {place(self.home)} ({where}{extra})."


@dataclass(slots=True)
class FirstPlayerDrawn(Event):
    """Set-up: ``seat`` begins the first year (004 "Un tour de jeu", C22)."""

    seat: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann is drawn to play first.'"""
        return f"{names[self.seat]} is drawn to play first."


@dataclass(slots=True)
class YearStarted(Event):
    """Year ``year`` (``calendar``, e.g. 1830) begins with its die; on a 1 it is skipped
    (004 "Un tour de jeu", C7)."""

    year: int
    calendar: int
    die: int
    skipped: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Year 1830: the die shows 4.'"""
        if self.skipped:
            return f"Year {self.calendar}: the die shows 1, no campaign this year."
        return f"Year {self.calendar}: the die shows {self.die}."


@dataclass(slots=True)
class SchoolArranged(Event):
    """Columns: ``seat`` laid the card of ``territory`` in ``column`` (private as a whole,
    C8)."""

    seat: int
    territory: str
    column: int

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann lays Peru in column 3.' (seen by that seat alone)."""
        return f"{names[self.seat]} lays {place(self.territory)} in column {self.column}."


@dataclass(slots=True)
class ColumnsRevealed(Event):
    """Columns: every seat has laid out its school cards; ``seat``'s, as (territory, column)
    pairs."""

    seat: int
    columns: tuple[tuple[str, int], ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's school columns: 1 Peru, 4 Ontario.'"""
        laid = ", ".join(f"{c} {place(t)}" for t, c in sorted(self.columns, key=lambda p: p[1]))
        return f"{names[self.seat]}'s school columns: {laid or 'none'}."


@dataclass(slots=True)
class TurnStarted(Event):
    """``seat``'s turn: its school ``rolls`` (three, plus one per continent bonus)."""

    seat: int
    rolls: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's turn: school rolls 3, 1, 6.'"""
        rolls = ", ".join(str(r) for r in self.rolls)
        return f"{names[self.seat]}'s turn: school rolls {rolls}."


@dataclass(slots=True)
class Produced(Event):
    """Production: the school card of ``territory``, in the column of ``roll``, gave ``kind``
    (004 "Ecoles militaires")."""

    seat: int
    territory: str
    roll: int
    kind: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's school in Peru (roll 2) gives an army.'"""
        what = {
            "army": "an army",
            "general": "a general command",
            "diplomat": "a diplomat",
            "officer_school": "a conversion into an officer school",
            "political_school": "a conversion into a political school",
        }.get(self.kind, self.kind)
        where = place(self.territory)
        return f"{names[self.seat]}'s school in {where} (roll {self.roll}) gives {what}."


@dataclass(slots=True)
class Moved(Event):
    """``seat`` moved pieces from ``source`` into its own ``target``; ``colonised``: it was
    its hostile territory, now a colony (004 "Territoire hostile")."""

    seat: int
    source: str
    target: str
    armies: int
    general: bool
    diplomat: bool
    colonised: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann moves 3 armies from Peru to Brazil.'"""
        what = plural(self.armies, "army") if self.armies else "nobody"
        what = f"{what}{_with(self.general, self.diplomat)}"
        if not self.armies:
            what = _with(self.general, self.diplomat).removeprefix(" with ")
        done = " (it becomes a colony)" if self.colonised else ""
        route = f"from {place(self.source)} to {place(self.target)}"
        return f"{names[self.seat]} moves {what} {route}{done}."


@dataclass(slots=True)
class VirginEntered(Event):
    """``seat`` moved from ``source`` towards the virgin ``target``: the ``die`` (C10) let in
    ``armies`` (0: a hostile population refused them, the action spent) and the persons
    said."""

    seat: int
    source: str
    target: str
    die: int
    armies: int
    general: bool
    diplomat: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann enters virgin Brazil (die 5) with 3 armies.'"""
        who, where = names[self.seat], place(self.target)
        if not self.armies:
            return f"{who} is driven back from virgin {where} (die {self.die})."
        sent = f"{plural(self.armies, 'army')}{_with(self.general, self.diplomat)}"
        source = place(self.source)
        return f"{who} enters virgin {where} from {source} (die {self.die}) with {sent}."


@dataclass(slots=True)
class HostileRising(Event):
    """A hostile population: ``territory`` becomes hostile, ``nation`` (the nearest other
    nation, C12; None when there is none) receiving ``armies`` lying armies (half the ``die``,
    rounded up; 004 "Territoire hostile")."""

    nation: int | None
    territory: str
    die: int
    armies: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Brazil turns hostile: Bob receives 2 lying armies there.'"""
        where = place(self.territory)
        if self.nation is None:
            return f"{where} refuses the newcomers; no other nation is left to receive it."
        got = plural(self.armies, "lying army")
        return f"{where} turns hostile: {names[self.nation]} receives {got} there (die {self.die})."


@dataclass(slots=True)
class SchoolBuilt(Event):
    """``seat`` founded a military school in ``territory`` for ``cost`` armies (C2)."""

    seat: int
    territory: str
    cost: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann founds a military school in Peru.'"""
        cost = f" for {plural(self.cost, 'army')}" if self.cost else ""
        return f"{names[self.seat]} founds a military school in {place(self.territory)}{cost}."


@dataclass(slots=True)
class PersonMoved(Event):
    """A ``person`` (``"diplomat"`` or ``"general"``) of ``seat`` moved alone from ``source``
    to ``target``; ``colonised``: its own hostile territory became a colony."""

    seat: int
    person: str
    source: str
    target: str
    colonised: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's diplomat goes from Peru to Brazil.'"""
        who = "general command" if self.person == "general" else self.person
        done = " (it becomes a colony)" if self.colonised else ""
        route = f"from {place(self.source)} to {place(self.target)}"
        return f"{names[self.seat]}'s {who} goes {route}{done}."


@dataclass(slots=True)
class Troubles(Event):
    """A diplomat of ``seat`` from ``source`` stirred troubles in ``target`` (``defender``'s):
    the ``die``, the ``total`` (die, diplomats, +1 against a home), the armies ``removed``,
    whether the diplomat was ``killed`` (a 6) and whether the armies were ``converted`` (a
    hostile target on 2 or 4) (004 "Diplomate")."""

    seat: int
    source: str
    target: str
    defender: int
    die: int
    total: int
    removed: int
    killed: bool
    converted: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's diplomat stirs troubles in Brazil (die 3, total 4): 2 armies leave.'"""
        text = (
            f"{names[self.seat]}'s diplomat stirs troubles in {place(self.target)} "
            f"(die {self.die}, total {self.total}): {plural(self.removed, 'army')} lost"
        )
        if self.converted:
            text += f"; the rest join {names[self.seat]}"
        if self.killed:
            text += "; the diplomat is killed"
        return text + "."


@dataclass(slots=True)
class WarDeclared(Event):
    """``attacker`` moves ``armies`` from ``source`` against ``defender``'s ``target`` (with a
    general command and/or a diplomat to follow a conquest): a war (004 "Guerre")."""

    attacker: int
    defender: int
    source: str
    target: str
    armies: int
    general: bool
    diplomat: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann declares war on Bob: 4 armies from Peru against Brazil.'"""
        sent = f"{plural(self.armies, 'army')}{_with(self.general, self.diplomat)}"
        return (
            f"{names[self.attacker]} declares war on {names[self.defender]}: {sent} from "
            f"{place(self.source)} against {place(self.target)}."
        )


@dataclass(slots=True)
class Supported(Event):
    """War set-up: ``territory`` of ``seat`` puts ``armies`` on the border in support."""

    seat: int
    territory: str
    armies: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann supports from Argentina with 2 armies.'"""
        sent = plural(self.armies, "army")
        return f"{names[self.seat]} supports from {place(self.territory)} with {sent}."


@dataclass(slots=True)
class WarRound(Event):
    """A round of war: each side's dice and total, and its losses; ``front`` is the attacking
    territory (004 "Guerre")."""

    round: int
    front: str
    attacker_dice: tuple[int, ...]
    attacker_total: int
    defender_dice: tuple[int, ...]
    defender_total: int
    attacker_loss: int
    defender_loss: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Round 1: attack 9 against defence 7; the defence loses 2.'"""
        losses = []
        if self.attacker_loss:
            losses.append(f"the attack loses {self.attacker_loss}")
        if self.defender_loss:
            losses.append(f"the defence loses {self.defender_loss}")
        return (
            f"Round {self.round}: attack {self.attacker_total} against defence "
            f"{self.defender_total}; {' and '.join(losses)}."
        )


@dataclass(slots=True)
class WarDecided(Event):
    """The round's winner ``seat`` chose to go on or to stop (004 "Guerre")."""

    seat: int
    go_on: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann fights on.'"""
        return f"{names[self.seat]} {'fights on' if self.go_on else 'stops the war'}."


@dataclass(slots=True)
class WarEnded(Event):
    """The war on ``target`` is over: ``conquered`` by ``attacker`` with ``armies`` moving in
    (its schools, ``schools`` of them, destroyed), or not; ``emptied``: a tied round wiped out
    both sides and the territory is left virgin."""

    attacker: int
    defender: int
    target: str
    conquered: bool
    emptied: bool
    armies: int
    schools: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann conquers Brazil with 3 armies.'"""
        where = place(self.target)
        if self.emptied:
            return f"Both sides are wiped out in {where}: it is left virgin."
        if not self.conquered:
            return f"The war on {where} ends; {names[self.defender]} keeps it."
        ruins = f"; {plural(self.schools, 'school')} destroyed" if self.schools else ""
        return f"{names[self.attacker]} conquers {where} with {plural(self.armies, 'army')}{ruins}."


@dataclass(slots=True)
class Eliminated(Event):
    """``seat`` lost its home to ``by`` and is out; its pieces leave the board (004 "Fin de la
    partie", C18)."""

    seat: int
    by: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bob loses its home to Ann and is out.'"""
        return f"{names[self.seat]} loses its home to {names[self.by]} and is out."


@dataclass(slots=True)
class TurnEnded(Event):
    """``seat`` ended its turn and scored ``gained`` objective points (one per territory it
    controls), ``points`` in all (004 "Points d'objectifs")."""

    seat: int
    gained: int
    points: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann ends its turn: +5 points (20).'"""
        return f"{names[self.seat]} ends its turn: +{self.gained} points ({self.points})."


@dataclass(slots=True)
class ExtraYearRolled(Event):
    """After the last planned year, the die: on 5 or 6 one more year (004 "Fin de la
    partie")."""

    die: int
    extra: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'The die shows 6: one more year.'"""
        then = "one more year" if self.extra else "the game ends"
        return f"The die shows {self.die}: {then}."


@dataclass(slots=True)
class Scored(Event):
    """Final score of ``seat`` (004 "Fin de la partie"): its objective ``points``, plus one per
    territory, a half per army, one per diplomat, general command and school: ``total``."""

    seat: int
    points: int
    territories: int
    armies: int
    diplomats: int
    generals: int
    schools: int
    total: float

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann scores 42.5.'"""
        return (
            f"{names[self.seat]} scores {self.total:g} ({self.points} points, "
            f"{plural(self.territories, 'territory')}, {plural(self.armies, 'army')}, "
            f"{plural(self.diplomats, 'diplomat')}, {plural(self.generals, 'general command')}, "
            f"{plural(self.schools, 'school')})."
        )


@dataclass(slots=True)
class MatchEnded(Event):
    """The match is over: ``reason`` and the ``winners``."""

    reason: str
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'The match is over (last_year): Ann wins.'"""
        if not self.winners:
            return f"The match is over ({self.reason}): no winner."
        who = " and ".join(names[s] for s in self.winners)
        verb = "win" if len(self.winners) > 1 else "wins"
        return f"The match is over ({self.reason}): {who} {verb}."


EVENT_TYPES = (
    CardsDrawn,
    BidPlaced,
    LotSold,
    CardsRevealed,
    HomeRolled,
    HomeSettled,
    FirstPlayerDrawn,
    YearStarted,
    SchoolArranged,
    ColumnsRevealed,
    TurnStarted,
    Produced,
    Moved,
    VirginEntered,
    HostileRising,
    SchoolBuilt,
    PersonMoved,
    Troubles,
    WarDeclared,
    Supported,
    WarRound,
    WarDecided,
    WarEnded,
    Eliminated,
    TurnEnded,
    ExtraYearRolled,
    Scored,
    MatchEnded,
)
