"""What one seat may know of a classic Risk match: the open board and its own secrets.

Never in it: another seat's cards or mission, the order of the deck, the seed.

The module is compiled with the rules (its classes native, :mod:`engines.core.records`): the
records made for every decision define their own ``__init__``, which mypyc compiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engines.core.records import Record
from engines.risk.board import Board

NEUTRAL: Final = -1
"""Owner id of the third force: the 003 neutral army or the 000 allié."""
UNOWNED: Final = -2
"""Owner id of a territory nobody has claimed yet (only during the 003 claim)."""


@dataclass(frozen=True, slots=True)
class CardView(Record):
    """A card in the seat's own hand: its id, territory (None for a wild card) and symbol."""

    id: str
    territory: str | None
    symbol: str


@dataclass(frozen=True, slots=True)
class MissionView(Record):
    """The seat's own secret mission as it stands now (a destroy card may have fallen back)."""

    id: str
    text_fr: str
    text_en: str


@dataclass(frozen=True, slots=True)
class Occupation(Record):
    """A conquest waiting for its occupation: armies to move from ``source`` to ``target``."""

    source: str
    target: str
    minimum: int
    maximum: int

    def __init__(self, source: str, target: str, minimum: int, maximum: int) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "maximum", maximum)


@dataclass(frozen=True, slots=True)
class PendingAttack(Record):
    """An attack announced and waiting for the defender's dice (phase ``defend``): from
    ``source`` against ``target`` with the attacker's ``dice``; ``keep`` for a Blitz (rolls
    with the most dice until the target falls or the source has ``keep`` armies), None for
    one roll."""

    source: str
    target: str
    dice: int
    keep: int | None

    def __init__(self, source: str, target: str, dice: int, keep: int | None) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "keep", keep)


@dataclass(slots=True)
class RiskObservation(Record):
    """One seat's view. ``owners`` and ``armies`` follow ``board.territories``' order.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen."""

    seat: int
    variant: str
    board: Board  # static: the same object for every observation of the game
    phase: str  # claim, setup, place, attack, defend, occupy, fortify, ally_place, ally_attack,
    # over
    turn_seat: int  # whose turn it is
    acting_for: int  # the owner the deciding seat moves now: itself, or -1 for the allié
    round: int  # 0 during set-up, then 1, 2, ... (a round is one turn of every seat)
    owners: tuple[int, ...]  # seat owning each territory; -1 neutral army / allié; -2 unclaimed
    armies: tuple[int, ...]
    alive: tuple[bool, ...]  # per seat
    hand: tuple[CardView, ...]  # this seat's cards only
    hand_sizes: tuple[int, ...]  # per seat: public
    mission: MissionView | None  # this seat's mission only
    colours: tuple[str, ...]  # per seat, for "destroy the X armies" missions
    deck_size: int
    discard: tuple[str, ...]  # traded cards, face up (000 "les cartes qui ont servi")
    trades_done: int  # sets traded so far by everyone (drives progressive values)
    next_set_value: int | None  # armies for the next progressive set; None under the table
    armies_to_place: int
    occupation: Occupation | None
    attack: PendingAttack | None  # the attack waiting for the defender's dice (phase defend)
    conquered_this_turn: bool
    steps: int

    def __init__(  # noqa: PLR0917 (by position, as the dataclass's own)
        self,
        seat: int,
        variant: str,
        board: Board,
        phase: str,
        turn_seat: int,
        acting_for: int,
        round: int,
        owners: tuple[int, ...],
        armies: tuple[int, ...],
        alive: tuple[bool, ...],
        hand: tuple[CardView, ...],
        hand_sizes: tuple[int, ...],
        mission: MissionView | None,
        colours: tuple[str, ...],
        deck_size: int,
        discard: tuple[str, ...],
        trades_done: int,
        next_set_value: int | None,
        armies_to_place: int,
        occupation: Occupation | None,
        attack: PendingAttack | None,
        conquered_this_turn: bool,
        steps: int,
    ) -> None:
        self.seat = seat
        self.variant = variant
        self.board = board
        self.phase = phase
        self.turn_seat = turn_seat
        self.acting_for = acting_for
        self.round = round
        self.owners = owners
        self.armies = armies
        self.alive = alive
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.mission = mission
        self.colours = colours
        self.deck_size = deck_size
        self.discard = discard
        self.trades_done = trades_done
        self.next_set_value = next_set_value
        self.armies_to_place = armies_to_place
        self.occupation = occupation
        self.attack = attack
        self.conquered_this_turn = conquered_this_turn
        self.steps = steps
