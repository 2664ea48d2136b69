"""What one nation may know of a Risk : la colonisation match: the open board, its own secrets.

Never in it: another seat's first card before the auction ends, another seat's bid before its
lot closes, another seat's school columns before every seat has laid them out (nor whether it
has finished), the seed. Lists "per territory" follow ``board.territories``; lists "per seat"
are indexed by seat; a territory's owner is a seat, or -1 when it is virgin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engines.colonisation.board import Board

# Phases.
AUCTION: Final = "auction"  # 004 "Début", C1: one sealed-bid auction per second card
HOME: Final = "home"  # 004 "Début": a seat chooses its home among tied territories
COLUMNS: Final = "columns"  # 004 "Ecoles militaires", C8: every seat lays out its columns at once
PRODUCTION: Final = "production"  # 004 "Ecoles militaires": the mover chooses what a school gives
ACTIONS: Final = "actions"  # 004 "Un tour de jeu": one action per territory
SUPPORT: Final = "support"  # 004 "Guerre": the attacker adds support before the rounds
CONTINUE: Final = "continue"  # 004 "Guerre": the round's winner decides
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class WarView:
    """The war under way: ``attacker`` and ``defender`` seats, the attacking ``source`` and
    the ``target``; ``fronts`` the armies each attacking territory has on the border (the
    acting territory first: it loses first); whether a general command and a diplomat follow
    into a conquest; the seat that decides now (None during the support); rounds fought."""

    attacker: int
    defender: int
    source: str
    target: str
    fronts: tuple[tuple[str, int], ...]
    general: bool
    diplomat: bool
    decider: int | None
    rounds: int


@dataclass(frozen=True, slots=True)
class SetupView:
    """The set-up as this seat knows it (004 "Début", C1): per seat its first card ("" while
    it is hidden from this seat: another's, until the auction ends), its second card (face up)
    and who holds that card now, its starting armies (10, plus sales, minus purchases); the
    lot being auctioned (its drawer's seat), this seat's bid on it once placed, and every bid
    of each lot already sold (-1: the drawer)."""

    first_cards: tuple[str, ...]
    second_cards: tuple[str, ...]
    second_holders: tuple[int, ...]
    starting_armies: tuple[int, ...]
    lot: int | None
    my_bid: int | None
    lot_bids: tuple[tuple[int, ...], ...]


@dataclass(slots=True)
class ColonisationObservation:
    """One nation's view of the match. Seat ``i`` plays ``board.seat_colours[i]``.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen."""

    seat: int
    variant: str
    board: Board  # static: the same object for every observation of the game
    deck: str  # "fr" or "us": the card symbols of the conversions (C6)
    school_cost: int  # armies a new school costs (C2)
    phase: str
    year: int  # years begun (1 is 1830); 0 during the set-up
    last_year: int  # the year after which the extra-year dice are rolled (grows with them)
    first_player: int | None  # the seat that began this year's turns
    mover: int | None  # the seat whose turn it is
    owner: tuple[int, ...]  # per territory: a seat, or -1 (virgin)
    hostile: tuple[bool, ...]  # per territory: its owner's armies lie there (004 "Territoire
    # hostile"): it cannot act nor count
    armies: tuple[int, ...]  # per territory (lying ones included)
    diplomats: tuple[int, ...]  # per territory
    generals: tuple[int, ...]  # per territory: general commands
    schools: tuple[int, ...]  # per territory: 1 military + 2 officer + 4 political school
    homes: tuple[int, ...]  # per seat: its home territory, -1 before the set-up ends or once out
    eliminated: tuple[int, ...]  # seats out, in the order they were eliminated
    points: tuple[int, ...]  # per seat: objective points so far
    setup: SetupView  # as this seat knows it (all public once the first year begins)
    columns: tuple[int, ...]  # per territory: its card's column this year (1-6), 0: none;
    # another seat's only once every seat has laid out its cards
    rolls: tuple[int, ...]  # the mover's school rolls this turn
    hits: tuple[tuple[str, int], ...]  # (territory, roll) still to produce, the current first
    ready: tuple[bool, ...]  # per territory: may still take its action this turn
    used_armies: tuple[int, ...]  # per territory: armies that moved or fought this turn
    used_diplomats: tuple[int, ...]  # per territory
    used_generals: tuple[int, ...]  # per territory
    war: WarView | None
