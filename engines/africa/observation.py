"""What one power may know of an Africa match: the open board and embassies, its own sheet.

Never in it: another power's orders before the reading, nor whether it has handed its sheet
in (002 2 "chaque joueur écrit en secret"); a word of the diplomacy round before the round is
complete; the text of a message between two other powers (002 1: talks may be "entre deux
joueurs"; who talks with whom is seen); the seed. Who has finished talking is public once the
round is complete.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.africa.board import Board

# Phases.
PLACEMENT = "placement"  # 002 "LA MISE EN PLACE DU JEU": first presences, one power at a time
DIPLOMACY = "diplomacy"  # 002 1 "L'ACTION DIPLOMATIQUE": every power at once
ORDERS = "orders"  # 002 2 "LA RÉDACTION DES ORDRES": every power at once, in secret
OVER = "over"


@dataclass(frozen=True, slots=True)
class MessageView:
    """A message: ``turn``, sender seat, ``to`` (a power or ``"all"``) and its text (``""``
    for a message between two other powers)."""

    turn: int
    sender: int
    to: str
    text: str


@dataclass(slots=True)
class AfricaObservation:
    """One power's view. Territories follow the board's order; seats index the powers.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen.
    ``messages`` is one of them: a seat's observations share one tuple of frozen views, which
    the match replaces by a longer one only when a message reaches the seat (or the seat says
    its word), so the observation's cost does not grow with the message log."""

    seat: int
    power: str
    powers: tuple[str, ...]  # per seat
    variant: str
    board: Board  # static: the same object for every observation of the game
    phase: str  # placement, diplomacy, orders or over
    turn: int  # 1-8 (0 during the placement)
    year: int  # 1880 ... 1914 (0 during the placement)
    last_turn: int  # 8
    presences: tuple[tuple[int, ...], ...]  # per territory, the seats present
    developed: tuple[int, ...]  # per territory, development tokens
    colonies: tuple[bool, ...]  # per territory
    colonies_left: int  # colony figures not placed yet (22 in the box)
    stock: tuple[int, ...]  # per seat, presences not on the board (of 22)
    embassies: tuple[tuple[str, ...], ...]  # [a][b]: what a declared to b at the last reading
    placer: int | None  # placement: the seat placing now
    done: tuple[bool, ...]  # per seat: finished talking (diplomacy); orders: own sheet only
    messages: tuple[MessageView, ...]  # every message delivered, oldest first, then this
    # seat's word of the round; the text of a message between two others is ""
    messages_left: int  # this turn
    message_length: int
    my_orders: tuple[tuple[str, str], ...]  # (territory, "develop" | "hold" | target) so far
    my_landing: str  # "" if none yet
    my_relations: tuple[tuple[str, str], ...]  # (power, relation) declared so far
