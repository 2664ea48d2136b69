"""The decisions a seat takes in Risk 2210 A.D., as typed actions.

Territories are named by their ids, commanders by their type (``"land"``, ``"naval"``,
``"space"``, ``"nuclear"``, ``"diplomat"``), command decks by the same names. A move of units
is ``mods`` (an Amount in a legal action) and the tuple of the commanders that go with them,
in that order of types: a legal listing has one template per set of commanders allowed.

Set-up: :class:`Claim`, :class:`Place` by threes, :class:`PlacePiece`. Each year: a sealed
:class:`Bid` from every seat at once, then :class:`ChooseMarker` in the bids' order. Each turn:
:class:`Place` the income, :class:`Hire`, :class:`BuildStation`, :class:`BuyCard`, then
:class:`Invade` (each roll a :class:`Roll`, or :class:`Retreat` after one) and
:class:`Capture` of unoccupied territories, then one :class:`Fortify`; :class:`EndPhase`
closes an optional step. Out of turn: :class:`Defend` (option ``defender_dice=choose``) and
:class:`Remove`, which commander dies when a side must lose one and holds several.

>>> Roll(Amount(1, 3), ("land",))
Roll(dice=Amount(low=1, high=3), commanders=('land',))
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Action, Amount


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Set-up: one MOD on an unoccupied, not devastated land territory (003 "SEMER LES
    GERMES DE LA GUERRE": "placez un MOD 1.0 sur un territoire terrestre inoccupé et non
    dévasté")."""

    territory: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """New MODs on a territory of the seat: the set-up's threes ("trois à chaque fois") or a
    turn's income (003 "COLLECTER ET DEPLOYER DES MODs")."""

    territory: str
    mods: int | Amount


@dataclass(frozen=True, slots=True)
class PlacePiece(Action):
    """Set-up: the Land Commander (``"land"``), the Diplomat (``"diplomat"``) or the space
    station (``"station"``) on a territory of the seat, one piece at a time (Z2)."""

    piece: str
    territory: str


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Start of a year: the sealed bid for the turn order, 0 up to all the seat's energy
    (003 "DEBUTER UNE ANNEE"); every living seat bids at once."""

    energy: int | Amount


@dataclass(frozen=True, slots=True)
class ChooseMarker(Action):
    """The turn-order marker the seat takes, in the order of the bids: ``position`` 1 plays
    first ("Celui dont la mise est la plus élevée choisit un marqueur d'ordre du tour")."""

    position: int


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Hire a commander not on a board, for 3 energy, onto a territory the seat controls (003
    "ENGAGER ET PLACER DES COMMANDEURS")."""

    commander: str
    territory: str


@dataclass(frozen=True, slots=True)
class BuildStation(Action):
    """Buy a space station, for 5 energy, onto a land territory the seat controls that has
    none ("une seule station peut être déployée par territoire")."""

    territory: str


@dataclass(frozen=True, slots=True)
class BuyCard(Action):
    """Buy the top card of a command deck, face down, for 1 energy (003 "ACHETER DES CARTES DE
    COMMANDEMENT"): at most 4 a turn, from a deck whose commander is in play."""

    deck: str


@dataclass(frozen=True, slots=True)
class Invade(Action):
    """Declare an invasion of ``target`` from ``source`` (003 "ENVAHIR DES TERRITOIRES")."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """Take an unoccupied territory without dice ("Territoires inoccupés": "Cette « attaque »
    n'est pas considérée comme étant une invasion"): ``mods`` and ``commanders`` move in."""

    source: str
    target: str
    mods: int | Amount
    commanders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """One roll of the invasion under way: ``dice`` attacking dice, ``commanders`` of the
    source that take part, each rolling a d8 where its type allows (Z11)."""

    dice: int | Amount
    commanders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Break off the invasion after a roll ("Interrompre une invasion")."""


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """The defender's dice for this roll (option ``defender_dice=choose``; "le défenseur peut
    lancer 1 ou 2 dés"): listed from the most down, the first being the default action."""

    dice: int


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Which of its commanders the seat loses, when a side must lose one and several stand in
    the territory ("Tant qu'il reste des MODs ... ils peuvent être retirés à la place")."""

    commander: str


@dataclass(frozen=True, slots=True)
class StationChoice(Action):
    """A territory taken with an enemy station: ``replace`` it with one of the seat's, or
    destroy it ("choisir de détruire la station ou de la remplacer")."""

    replace: bool


@dataclass(frozen=True, slots=True)
class Occupy(Action):
    """Move into the territory just captured: at least as many units as the dice of the last
    roll, every commander that took part in it included ("Capter des territoires")."""

    mods: int | Amount
    commanders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChooseDeck(Action):
    """The deck of the conquest bonus's command card ("Bonus de conquête massive")."""

    deck: str


@dataclass(frozen=True, slots=True)
class Fortify(Action):
    """The turn's move of units along a path of territories the seat controls (003
    "CONSOLIDER SA POSITION"), one unit staying behind."""

    source: str
    target: str
    mods: int | Amount
    commanders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play the command card ``card`` (its id) from the hand, paying its energy (003 "JOUER DES
    CARTES DE COMMANDEMENT"): ``territory`` where it acts and ``player`` whom it aims at, for
    the cards that name one ("" and -1 otherwise), and the ``commander`` it aims at (Bombe
    tueuse). A legal listing names one copy of each card held."""

    card: str
    territory: str = ""
    player: int = -1
    commander: str = ""


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Leurres démasqués: move a commander already on a board to a territory the seat
    controls, no path needed (each commander once; ``EndPhase`` stops)."""

    commander: str
    territory: str


@dataclass(frozen=True, slots=True)
class RemoveMods(Action):
    """Désarmement: ``mods`` of the seat's MODs on ``territory`` leave the board, until the
    card's count is met (4 for each opponent, then 2 for the player)."""

    territory: str
    mods: int | Amount


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play no card in the reaction window of an invasion, or no more in Armageddon (asked
    out of turn)."""


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Finish the current optional step: hiring, stations, buying, invading, fortifying."""


ACTION_TYPES = (
    Claim,
    Place,
    PlacePiece,
    Bid,
    ChooseMarker,
    Hire,
    BuildStation,
    BuyCard,
    Invade,
    Capture,
    Roll,
    Retreat,
    Defend,
    Remove,
    StationChoice,
    Occupy,
    ChooseDeck,
    Fortify,
    PlayCard,
    Relocate,
    RemoveMods,
    Pass,
    EndPhase,
)
