"""What happens in a Risk 2210 A.D. match, as typed events in order (read-only records).

Private: :class:`CardsSeen` (the faces of the cards a seat bought, shown to it alone once its
purchases are done, 003 "ACHETER DES CARTES DE COMMANDEMENT"; the others see how many) and
:class:`CardTaken` (the conquest bonus's card: its deck is public, its face the seat's).
Private as a whole: :class:`BidPlaced` (a sealed bid: neither how much nor when may show);
:class:`BidsRevealed` shows every bid once all are in.

Each event says itself in an English sentence for people (``describe``), naming territories
as the maps do and each seat by the name it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.core.contract import Event, plural
from engines.risk2210.board import BOARD
from engines.risk2210.cards import CARDS


def place(territory: str) -> str:
    """A territory's name on the maps (the id itself if no map has it).

    >>> place("sea_of_crisis"), place("atlantis")
    ('Sea of Crisis', 'atlantis')
    """
    t = BOARD.index.get(territory)
    return territory if t is None else BOARD.names[t]


def _card(card: str) -> str:
    return next((c.name_en for c in CARDS if c.id == card), card)


def _with(commanders: tuple[str, ...]) -> str:
    if not commanders:
        return ""
    return " with the " + " and ".join(commanders) + f" commander{'s' * (len(commanders) > 1)}"


@dataclass(slots=True)
class TerritoriesDevastated(Event):
    """Set-up: the land territories of the first land cards, devastated for the whole match
    (003 "Terres dévastées")."""

    territories: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Devastated: Alaska, Peru.'"""
        return f"Devastated: {', '.join(place(t) for t in self.territories)}."


@dataclass(slots=True)
class NeutralPlaced(Event):
    """Two players: 3 neutral MODs on each of these territories (003 "RISK 2210 AD POUR 2
    JOUEURS")."""

    territories: tuple[str, ...]
    mods: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'The neutral places 3 MODs on each of 28 territories.'"""
        count = plural(len(self.territories), "territory")
        return f"The neutral places {plural(self.mods, 'MOD')} on each of {count}."


@dataclass(slots=True)
class Claimed(Event):
    """Set-up: ``seat`` put its first MOD on ``territory``."""

    seat: int
    territory: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann claims Peru.'"""
        return f"{names[self.seat]} claims {place(self.territory)}."


@dataclass(slots=True)
class Placed(Event):
    """``seat`` put ``mods`` new MODs on ``territory`` (set-up, income, or a station's MOD)."""

    seat: int
    territory: str
    mods: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann places 3 MODs on Peru.'"""
        return f"{names[self.seat]} places {plural(self.mods, 'MOD')} on {place(self.territory)}."


@dataclass(slots=True)
class PiecePlaced(Event):
    """Set-up, hiring or buying: ``seat``'s ``piece`` (a commander type or ``"station"``)
    goes on ``territory``; ``cost`` the energy paid."""

    seat: int
    piece: str
    territory: str
    cost: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann puts its space station on Peru (5 energy).'"""
        what = "space station" if self.piece == "station" else f"{self.piece} commander"
        paid = f" ({self.cost} energy)" if self.cost else ""
        return f"{names[self.seat]} puts its {what} on {place(self.territory)}{paid}."


@dataclass(slots=True)
class YearStarted(Event):
    """Year ``year`` (1-5) begins with the bids for the turn order."""

    year: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Year 2 begins.'"""
        return f"Year {self.year} begins."


@dataclass(slots=True)
class BidPlaced(Event):
    """``seat`` bid ``energy`` in secret (private as a whole)."""

    seat: int
    energy: int

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann bids 2 energy in secret.' (seen by that seat alone)."""
        return f"{names[self.seat]} bids {self.energy} energy in secret."


@dataclass(slots=True)
class BidsRevealed(Event):
    """Every bid at once (-1: a seat out of the match), all of it spent; ``order`` the seats
    in the order they choose their markers, ties settled by the dice ``rolls`` (per seat, 0
    when it rolled none): 003 "DEBUTER UNE ANNEE"."""

    bids: tuple[int, ...]
    order: tuple[int, ...]
    rolls: tuple[tuple[int, ...], ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bids: Ann 2, Bob 0; Ann chooses first.'"""
        shown = ", ".join(f"{names[s]} {b}" for s, b in enumerate(self.bids) if b >= 0)
        return f"Bids: {shown}; {names[self.order[0]]} chooses first."


@dataclass(slots=True)
class MarkerChosen(Event):
    """``seat`` takes the turn-order marker ``position``."""

    seat: int
    position: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann takes turn-order marker 1.'"""
        return f"{names[self.seat]} takes turn-order marker {self.position}."


@dataclass(slots=True)
class TurnStarted(Event):
    """``seat``'s turn of year ``year``: it collects ``mods`` MODs (its stations' included)
    and ``energy`` energy for ``territories`` territories and its whole regions."""

    seat: int
    year: int
    territories: int
    mods: int
    energy: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's turn (year 1): 12 territories, 5 MODs and 4 energy.'"""
        return (
            f"{names[self.seat]}'s turn (year {self.year}): "
            f"{plural(self.territories, 'territory')}, {plural(self.mods, 'MOD')} and "
            f"{self.energy} energy."
        )


@dataclass(slots=True)
class CardBought(Event):
    """``seat`` bought the top card of ``deck``, face down for 1 energy."""

    seat: int
    deck: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann buys a naval command card.'"""
        return f"{names[self.seat]} buys a {self.deck} command card."


@dataclass(slots=True)
class CardsSeen(Event):
    """``seat`` turns over the cards it bought this turn (private: the others see none)."""

    seat: int
    cards: tuple[str, ...]

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardsSeen:
        return replace(self, cards=())

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann looks at its new cards: Hidden Energy.'"""
        seen = ", ".join(_card(c) for c in self.cards) or "hidden"
        return f"{names[self.seat]} looks at its new cards: {seen}."


@dataclass(slots=True)
class CardTaken(Event):
    """The conquest bonus: ``seat`` takes the top card of ``deck`` (its face private)."""

    seat: int
    deck: str
    card: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardTaken:
        return replace(self, card="")

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann takes a land command card (Scout Forces).'"""
        face = f" ({_card(self.card)})" if self.card else ""
        return f"{names[self.seat]} takes a {self.deck} command card{face}."


@dataclass(slots=True)
class CardPlayed(Event):
    """``seat`` plays ``card`` (its face shown), aimed at ``territory`` and ``player`` when it
    names them ("" and -1 otherwise)."""

    seat: int
    card: str
    territory: str
    player: int
    commander: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann plays Assemble MODs on Peru.'"""
        aim = f" on {place(self.territory)}" if self.territory else ""
        if self.player >= 0:
            whose = f"{self.commander} commander of " if self.commander else ""
            aim += f" against {whose}{names[self.player]}"
        return f"{names[self.seat]} plays {_card(self.card)}{aim}."


@dataclass(slots=True)
class EnergyChanged(Event):
    """``seat``'s energy changed by ``energy`` through a card: ``why`` names it."""

    seat: int
    energy: int
    why: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann gains 4 energy (Hidden Energy).'"""
        verb = "gains" if self.energy >= 0 else "loses"
        return f"{names[self.seat]} {verb} {abs(self.energy)} energy ({self.why})."


@dataclass(slots=True)
class TerritoryDrawn(Event):
    """Hidden Energy: ``seat`` draws the top water card in secret (private: the others see
    that it drew, not which)."""

    seat: int
    territory: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> TerritoryDrawn:
        return replace(self, territory="")

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann draws a water card in secret (New York).'"""
        shown = f" ({place(self.territory)})" if self.territory else ""
        return f"{names[self.seat]} draws a water card in secret{shown}."


@dataclass(slots=True)
class DieRolled(Event):
    """A card's die: ``seat`` rolled ``value`` on a d``sides`` for ``why``."""

    seat: int
    value: int
    sides: int
    why: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann rolls 5 on a d6 (Rocket Strike).'"""
        return f"{names[self.seat]} rolls {self.value} on a d{self.sides} ({self.why})."


@dataclass(slots=True)
class TerritoriesTurnedOver(Event):
    """A card turned over these territory cards (they leave the game)."""

    seat: int
    territories: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann turns over Peru, Tycho.'"""
        shown = ", ".join(place(t) for t in self.territories) or "no card (the deck is empty)"
        return f"{names[self.seat]} turns over {shown}."


@dataclass(slots=True)
class UnitsDestroyed(Event):
    """A card destroyed ``mods`` MODs of ``seat`` (-1: the neutral) on ``territory``."""

    seat: int
    territory: str
    mods: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bob loses 2 MODs on Peru.'"""
        who = names[self.seat] if self.seat >= 0 else "The neutral"
        return f"{who} loses {plural(self.mods, 'MOD')} on {place(self.territory)}."


@dataclass(slots=True)
class ScoutsLanded(Event):
    """Force de reconnaissance: ``seat`` holds the territory its scouts waited for: ``mods``
    MODs land there at once."""

    seat: int
    territory: str
    mods: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's scouts land on Peru: 5 MODs.'"""
        where = place(self.territory)
        return f"{names[self.seat]}'s scouts land on {where}: {plural(self.mods, 'MOD')}."


@dataclass(slots=True)
class InvasionCancelled(Event):
    """A Cease Fire: the invasion of ``target`` is called off, and its attacker may attack
    none of ``seat``'s territories for the rest of its turn."""

    seat: int
    target: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bob's cease-fire calls off the invasion of Peru.'"""
        return f"{names[self.seat]}'s cease-fire calls off the invasion of {place(self.target)}."


@dataclass(slots=True)
class InvasionDeclared(Event):
    """``seat`` invades ``target`` (held by ``defender``: a seat, or -1 the neutral) from
    ``source``."""

    seat: int
    source: str
    target: str
    defender: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann invades Peru (Bob) from Brazil.'"""
        held = names[self.defender] if self.defender >= 0 else "the neutral"
        return (
            f"{names[self.seat]} invades {place(self.target)} ({held}) from {place(self.source)}."
        )


@dataclass(slots=True)
class DiceRolled(Event):
    """One roll: each side's dice, highest first, with the sides of each (6 or 8), and the
    units each side lost."""

    source: str
    target: str
    attacker: tuple[int, ...]
    attacker_sides: tuple[int, ...]
    defender: tuple[int, ...]
    defender_sides: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Brazil rolls 8-3 against Peru's 5: Peru loses 1 unit.'"""

        def dice(values: tuple[int, ...], sides: tuple[int, ...]) -> str:
            return "-".join(
                f"{v}{'*' if s == 8 else ''}" for v, s in zip(values, sides, strict=True)
            )

        lost = [
            f"{place(where)} loses {plural(n, 'unit')}"
            for where, n in (
                (self.source, self.attacker_losses),
                (self.target, self.defender_losses),
            )
            if n
        ]
        return (
            f"{place(self.source)} rolls {dice(self.attacker, self.attacker_sides)} against "
            f"{place(self.target)}'s {dice(self.defender, self.defender_sides)}: "
            f"{' and '.join(lost)} (* a d8)."
        )


@dataclass(slots=True)
class CommanderKilled(Event):
    """``seat``'s ``commander`` died in ``territory``."""

    seat: int
    commander: str
    territory: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's naval commander dies in Peru.'"""
        return f"{names[self.seat]}'s {self.commander} commander dies in {place(self.territory)}."


@dataclass(slots=True)
class Retreated(Event):
    """``seat`` broke off its invasion of ``target``."""

    seat: int
    target: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann breaks off its invasion of Peru.'"""
        return f"{names[self.seat]} breaks off its invasion of {place(self.target)}."


@dataclass(slots=True)
class Captured(Event):
    """``seat`` captured ``target`` from ``source``; ``held_by`` its holder before (a seat, -1
    the neutral, -2 nobody); ``contested``: it held enemy units when the invasion began (the
    conquest bonus counts those)."""

    seat: int
    source: str
    target: str
    held_by: int
    contested: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann captures Peru from Bob.'"""
        if self.held_by >= 0:
            whom = f" from {names[self.held_by]}"
        else:
            whom = " from the neutral" if self.held_by == -1 else ""
        return f"{names[self.seat]} captures {place(self.target)}{whom}."


@dataclass(slots=True)
class StationTaken(Event):
    """The station of ``owner`` on ``territory`` fell to ``seat``: ``replaced`` by one of its
    own, or destroyed."""

    seat: int
    owner: int
    territory: str
    replaced: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann replaces Bob's station on Peru.' (with one of its own)"""
        where = place(self.territory)
        if self.replaced:
            return f"{names[self.seat]} replaces {names[self.owner]}'s station on {where}."
        return f"{names[self.seat]} destroys {names[self.owner]}'s station on {where}."


@dataclass(slots=True)
class Moved(Event):
    """``seat`` moved ``mods`` MODs and ``commanders`` from ``source`` to ``target``: ``why``
    is ``"occupy"``, ``"capture"`` (an unoccupied territory) or ``"fortify"``."""

    seat: int
    source: str
    target: str
    mods: int
    commanders: tuple[str, ...]
    why: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann moves 3 MODs with the land commander from Brazil to Peru (occupy).'"""
        return (
            f"{names[self.seat]} moves {plural(self.mods, 'MOD')}{_with(self.commanders)} from "
            f"{place(self.source)} to {place(self.target)} ({self.why})."
        )


@dataclass(slots=True)
class ConquestBonus(Event):
    """``seat`` captured its third contested territory this turn: 1 energy, and a command card
    when it may take one (003 "Bonus de conquête massive")."""

    seat: int
    energy: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann earns the conquest bonus: 1 energy.'"""
        return f"{names[self.seat]} earns the conquest bonus: {self.energy} energy."


@dataclass(slots=True)
class Eliminated(Event):
    """``seat`` lost its last unit to ``by`` (003 "Éliminer un joueur"): its stations, cards
    and energy are gone."""

    seat: int
    by: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Bob is eliminated by Ann.'"""
        return f"{names[self.seat]} is eliminated by {names[self.by]}."


@dataclass(slots=True)
class MatchEnded(Event):
    """The end (003 "GAGNER LA PARTIE"): per seat its victory points, and the winners."""

    points: tuple[int, ...]
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'The war ends: Ann 30 VP, Bob 22 VP; Ann wins.'"""
        scores = ", ".join(f"{names[s]} {p} VP" for s, p in enumerate(self.points))
        won = " and ".join(names[s] for s in self.winners)
        return f"The war ends: {scores}; {won} win{'s' * (len(self.winners) == 1)}."


EVENT_TYPES = (
    TerritoriesDevastated,
    NeutralPlaced,
    Claimed,
    Placed,
    PiecePlaced,
    YearStarted,
    BidPlaced,
    BidsRevealed,
    MarkerChosen,
    TurnStarted,
    CardBought,
    CardsSeen,
    CardTaken,
    CardPlayed,
    EnergyChanged,
    TerritoryDrawn,
    InvasionCancelled,
    ScoutsLanded,
    DieRolled,
    TerritoriesTurnedOver,
    UnitsDestroyed,
    InvasionDeclared,
    DiceRolled,
    CommanderKilled,
    Retreated,
    Captured,
    StationTaken,
    Moved,
    ConquestBonus,
    Eliminated,
    MatchEnded,
)
