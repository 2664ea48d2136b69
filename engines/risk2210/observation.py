"""What one seat may know of a Risk 2210 A.D. match: the open boards, its own secrets.

Never in it: another seat's command cards (their number per deck is public, 003 "NOTES
IMPORTANTES": "Le nombre et le type des cartes ... une information publique. Le contenu exact
... toujours tenu secret"), the faces of the cards this seat bought until its purchases are
done, the order of any deck, another seat's bid before every bid is in, the seed. Lists "per
territory" follow ``board.territories``, lists "per seat" the seats, lists "per commander"
``COMMANDERS`` (land, naval, space, nuclear, diplomat), which also names the command decks.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.risk2210.board import Board

NEUTRAL = -1
"""Owner of the 2-player neutral's territories."""
NOBODY = -2
"""Owner of an unoccupied territory (no unit, no station) or a devastated one."""


@dataclass(frozen=True, slots=True)
class CardView:
    """A command card in this seat's hand: its id, deck, English and French names, energy
    cost and timing (``before_first_invasion``, ``after_opponent_declares_invasion``,
    ``end_of_your_turn`` or ``end_of_game``)."""

    id: str
    deck: str
    name_en: str
    name_fr: str
    cost: int
    timing: str


@dataclass(frozen=True, slots=True)
class InvasionView:
    """The invasion under way: ``seat`` attacks ``target`` (held by ``defender``: a seat, or
    -1 the neutral) from ``source``; rolls made; ``contested``: the target held enemy units
    when it was declared; the attacking dice and the commanders that took part in the last
    roll (0 and none before the first)."""

    seat: int
    source: str
    target: str
    defender: int
    rolls: int
    contested: bool
    dice: int
    commanders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OccupationView:
    """A capture waiting for its occupation: from ``source`` into ``target``, at least
    ``minimum`` units, ``commanders`` among them (those of the last roll)."""

    source: str
    target: str
    minimum: int
    commanders: tuple[str, ...]


@dataclass(slots=True)
class Risk2210Observation:
    """One seat's view.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen."""

    seat: int
    variant: str
    board: Board  # static: the same object for every observation of the game
    phase: str  # claim, reinforce, pieces, bid, marker, place, hire, stations, buy, invade,
    # react, roll, defend, casualty, station, occupy, bonus, fortify, end_cards, card_place, over
    year: int  # 1-5; 0 during the set-up
    mover: int  # the seat whose turn (or set-up placement) it is; -1 while everyone bids
    order: tuple[int, ...]  # this year's seats in turn order (markers 1, 2, ...); () before
    owners: tuple[int, ...]  # per territory: a seat, -1 the neutral, -2 nobody
    mods: tuple[int, ...]  # per territory
    stations: tuple[int, ...]  # per territory: the seat whose station stands there, or -1
    devastated: tuple[str, ...]  # the 4 devastated territories (003 "Terres dévastées")
    commanders: tuple[tuple[str, ...], ...]  # per seat, per commander: its territory, or ""
    energy: tuple[int, ...]  # per seat: public ("La quantité d'énergie ... accessible à tous")
    alive: tuple[bool, ...]  # per seat
    hand: tuple[CardView, ...]  # this seat's cards whose faces it has seen
    unseen: int  # cards this seat bought this turn, face down until its purchases are done
    hand_sizes: tuple[tuple[int, ...], ...]  # per seat, per deck: public
    deck_sizes: tuple[int, ...]  # per command deck
    territory_decks: tuple[int, ...]  # cards left in the land, water and lunar decks
    my_bid: int | None  # this seat's bid this year, once placed and until all are revealed
    bids: tuple[int, ...]  # per seat, this year's bids once all are revealed (-1: none)
    markers: tuple[int, ...]  # per seat: its turn-order marker this year (0: none yet)
    mods_to_place: int  # the deciding seat's MODs still to place (set-up batch or income)
    pieces_left: tuple[str, ...]  # set-up: the pieces the deciding seat has still to place
    cards_bought: int  # by the mover this turn (at most 4)
    contested_captures: int  # by the mover this turn (the conquest bonus at 3)
    invasion: InvasionView | None
    occupation: OccupationView | None
    losing: tuple[str, ...]  # phase casualty: the commanders the deciding seat chooses among
    fortified: bool  # the mover has made its fortify move this turn
    invaded: bool  # the mover declared an invasion or took a territory: step 4 is closed
    jammed: tuple[int, ...]  # seats under a Frequency Jam this turn: they play no card
    ceasefire: tuple[int, ...]  # seats whose territories the mover may not attack this turn
    hidden_energy: tuple[str, ...]  # this seat's Hidden Energy territories, paid at its end
    hidden_energy_cards: tuple[int, ...]  # per seat: Hidden Energy cards waiting (public)
    extraction: bool  # the mover played Energy Extraction this turn
    scouts: tuple[str, ...]  # this seat's Force de reconnaissance territories, still waiting
    scout_cards: tuple[int, ...]  # per seat: Force de reconnaissance cards waiting (public)
    earth_targets: tuple[str, ...]  # Invasion de la Terre: the mover's Moon may attack these
    reinforcements_left: int  # Renforts: MODs the mover still places (phase card_place)
