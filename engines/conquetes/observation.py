"""What one seat may know of a Conquêtes match: the open camps and its own hand.

Never in it: another seat's hand (only its size, 001 gives no secrecy to the count), the order
of the deck, another seat's support before the reveal (not even its count before it is
committed, 001 "en annonce le nombre, et les engage face cachée", so ``steps`` does not count
its cards yet), the seed. The discard pile is public (001 "NOTE Les cartes de la défausse
sont consultables à tout moment"), and so is the solo bot's loot, whose every card was drawn
face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.conquetes.board import Board

BOT = -1
"""Owner id of the solo bot (001 "Le mode Solo")."""
NOBODY = -2
"""Owner id of a region not in play."""

# Phases.
ACTION = "action"  # the turn's one action (001 "Déroulement du jeu" 2)
SUPPORT = "support"  # a seat chooses its support card by card (001 "DÉROULÉ D'UNE ATTAQUE")
EXCESS = "excess"  # the turn's player gives (solo: discards) its cards over ten
OVER = "over"


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack under way, as the observing seat may see it.

    Counts are None until announced; ``chooser`` is the seat choosing its support now.
    ``my_support`` holds the observer's own cards only: chosen so far (still in its hand) or
    committed face down; the other side's cards are seen only in the reveal's events.
    """

    attacker: int  # a seat, or -1 for the solo bot
    defender: int
    source: str
    target: str
    source_value: int
    target_value: int
    attack_count: int | None
    defence_count: int | None
    chooser: int
    my_support: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BotView:
    """Solo: the bot's level and its support cards in attack and defence (001 solo table)."""

    level: str
    attack_support: int
    defence_support: int


@dataclass(slots=True)
class ConquetesObservation:
    """One seat's view. Regions are ids; camps and hands follow the board's order.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen."""

    seat: int
    variant: str
    board: Board  # static: the same object for every observation of the game
    phase: str  # action, support, excess or over
    turn_seat: int  # whose turn it is (-1: the solo bot)
    turn: int  # turns begun so far, every seat's and the bot's
    camps: tuple[tuple[str, ...], ...]  # per seat, face up
    hand: tuple[str, ...]  # this seat's cards only, the support it is choosing included
    hand_sizes: tuple[int, ...]  # per seat: public
    deck_size: int
    discard: tuple[str, ...]  # face up, oldest first
    exhaustions: int  # times the deck ran out so far
    reshuffled: tuple[str, ...]  # the discard that became the deck when it ran out (at 4)
    exhaustions_to_end: int  # 001 "Fin du jeu": 1 at 2-3 players and solo, 2 at 4
    continent_majority: bool  # 001 "Variante" in play
    attack: AttackView | None
    excess: int  # cards still to give (solo: discard) before the turn ends
    excess_to: int | None  # the opponent chosen to receive them, once chosen
    bot: BotView | None  # solo only
    bot_camp: tuple[str, ...]  # solo: the bot's regions, face up
    loot: tuple[str, ...]  # solo: the bot's loot pile
    steps: int  # actions so far; a support another seat is choosing counts once committed
