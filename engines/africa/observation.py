"""What one power may know of an Africa match: the open board and embassies, its own sheet.

Never in it: another power's orders before the reading, nor whether it has handed its sheet
in (002 2 "chaque joueur écrit en secret"); a word of the diplomacy round before the round is
complete; the text of a message between two other powers (002 1: talks may be "entre deux
joueurs"; who talks with whom is seen); the seed. Who has finished talking is public once the
round is complete.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import index as as_index
from typing import overload

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


class MessageLog(Sequence[MessageView]):
    """The messages one power sees, oldest first: the first ``length`` views of ``views``, a
    list its match only appends to, then ``word`` (this power's word of the round) unless it
    is None.

    Made in constant time however long the log is, and immutable: a message delivered later
    is appended past ``length``, where this sequence does not look. It behaves as the tuple of
    its items: equal to that tuple (and to another log of the same items), hashed and shown as
    it; a slice is a tuple.

    >>> views = [MessageView(1, 0, "all", "hello")]
    >>> log = MessageLog(views, 1, MessageView(1, 1, "all", ""))
    >>> views.append(MessageView(2, 2, "all", "later"))
    >>> len(log), log[-1].sender, [m.text for m in log], log == tuple(log)
    (2, 1, ['hello', ''], True)
    """

    __slots__ = ("_length", "_views", "_word")

    def __init__(self, views: list[MessageView], length: int, word: MessageView | None) -> None:
        self._views = views
        self._length = length
        self._word = word

    def __len__(self) -> int:
        return self._length + (self._word is not None)

    @overload
    def __getitem__(self, index: int) -> MessageView: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[MessageView, ...]: ...

    def __getitem__(self, index: int | slice) -> MessageView | tuple[MessageView, ...]:
        if isinstance(index, slice):
            return tuple(map(self.__getitem__, range(*index.indices(len(self)))))
        i = as_index(index)
        if i < 0:
            i += len(self)
        if 0 <= i < self._length:
            return self._views[i]
        if i == self._length and self._word is not None:
            return self._word
        raise IndexError("message index out of range")

    def __iter__(self) -> Iterator[MessageView]:
        yield from islice(self._views, self._length)
        if self._word is not None:
            yield self._word

    def __reversed__(self) -> Iterator[MessageView]:
        if self._word is not None:
            yield self._word
        views = self._views
        for i in range(self._length - 1, -1, -1):
            yield views[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return tuple(self) == other
        if isinstance(other, MessageLog):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


@dataclass(slots=True)
class AfricaObservation:
    """One power's view. Territories follow the board's order; seats index the powers.

    A read-only record made afresh for every call, like events: not frozen, since the
    observation is built on the hot path of every decision and a frozen dataclass costs
    about nine times as much to build; the parts it shares between calls are frozen.
    ``messages`` is a :class:`MessageLog` of frozen views (a tuple once decoded from the wire),
    made in constant time, so the observation's cost does not grow with the message log."""

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
    messages: Sequence[MessageView]  # every message delivered, oldest first, then this
    # seat's word of the round; the text of a message between two others is ""
    messages_left: int  # this turn
    message_length: int
    my_orders: tuple[tuple[str, str], ...]  # (territory, "develop" | "hold" | target) so far
    my_landing: str  # "" if none yet
    my_relations: tuple[tuple[str, str], ...]  # (power, relation) declared so far
