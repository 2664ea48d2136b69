"""What happens in an Africa match, as typed events in order (read-only records).

Private: :class:`MessageSent` to one power (to the recipient; the others see sender and
recipient without the text; the sender has it in its observation). Private as a whole, seen
by no other power nor spectator: :class:`OrderGiven` and :class:`OrdersSubmitted`, what a
power writes on its sheet and when it hands it in (002 2 "chaque joueur écrit en secret"):
neither how many orders it gives nor when may show. Every sheet is revealed by
:class:`OrdersRead` once every power has submitted (002 3 "Une fois que tous les joueurs ont
rempli leur fiche d'ordres, un joueur volontaire les recueille puis les lit"). The messages
and ends of talk of a diplomacy round are all delivered when the round is complete.

Each event says itself in an English sentence for people (``describe``), naming the
territories as the map does and each seat by the name it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.africa.board import MAP
from engines.africa.observation import ORDERS
from engines.africa.variants import POWER_NAMES, POWERS, RELATIONS, WAR, YEARS
from engines.core.contract import Event, plural

SEAT_OF = {power: seat for seat, power in enumerate(POWERS)}
"""The seat playing each power (seat ``i`` plays ``POWERS[i]``)."""


def place_name(territory: str) -> str:
    """A territory's name on the map (the id itself if the map has none).

    >>> place_name("cap_town"), place_name("atlantis")
    ('Cap Town', 'atlantis')
    """
    t = MAP.index.get(territory)
    return territory if t is None else MAP.names[t]


def power_name(power: str, names: Sequence[str]) -> str:
    """The name of the seat playing ``power`` (the power's id if no seat plays it)."""
    seat = SEAT_OF.get(power)
    return names[seat] if seat is not None and seat < len(names) else power


def order_words(territory: str, order: str, names: Sequence[str]) -> str:
    """A line of an order sheet in words: the order to the presence on ``territory``
    (``"develop"``, ``"hold"`` or an explored territory), a landing (``territory`` is
    ``"land"``) or a relation (``territory`` is a power, ``order`` the relation).

    >>> order_words("alger", "libye", ["Ann", "Bob"]), order_words("land", "dakar", [])
    ('explore Libye from Alger', 'land on Dakar')
    >>> order_words("france", "war", ["Ann", "Bob"]), order_words("alger", "hold", [])
    ('war on Bob', 'hold Alger')
    """
    if territory == "land":
        return f"land on {place_name(order)}"
    if order in RELATIONS:
        return f"{'war on' if order == WAR else 'alliance with'} {power_name(territory, names)}"
    if order in ("develop", "hold"):
        return f"{order} {place_name(territory)}"
    return f"explore {place_name(order)} from {place_name(territory)}"


@dataclass(slots=True)
class StartPlaced(Event):
    """Set-up: ``seat`` (``power``) put its first presence on ``territory``."""

    seat: int
    power: str
    territory: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann (France) places its first presence on Alger.'"""
        power = POWER_NAMES.get(self.power, self.power)
        where = place_name(self.territory)
        return f"{names[self.seat]} ({power}) places its first presence on {where}."


@dataclass(slots=True)
class TurnStarted(Event):
    """Turn ``turn`` (1-8) of year ``year`` begins with its diplomacy phase."""

    turn: int
    year: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Turn 2 of 8 (1885) begins: the powers talk.'"""
        return f"Turn {self.turn} of {len(YEARS)} ({self.year}) begins: the powers talk."


@dataclass(slots=True)
class MessageSent(Event):
    """Diplomacy: ``seat`` (``sender``) told ``to`` (a power, or ``"all"``) ``text``;
    delivered with the other messages of its round, when the round is complete.

    A message to one power is private to it (``recipient`` is its seat); others see it
    without the text. A message to all is public.
    """

    seat: int
    sender: str
    to: str
    recipient: int | None
    text: str

    @property
    def private_to(self) -> int | None:
        return self.recipient

    def redacted(self) -> MessageSent:
        return replace(self, text="")

    def describe(self, names: Sequence[str]) -> str:
        """The message with its text; redacted (no text), only who wrote to whom."""
        who = names[self.seat]
        if self.recipient is None:
            return f'{who} tells everyone: "{self.text}"'
        if not self.text:
            return f"{who} sends {names[self.recipient]} a private message."
        return f'{who} tells {names[self.recipient]}: "{self.text}"'


@dataclass(slots=True)
class DiplomacyEnded(Event):
    """Diplomacy: ``seat`` has finished talking this turn (known when its round is complete);
    ``phase`` is the phase now."""

    seat: int
    phase: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann has finished talking.', saying when the writing of the orders begins."""
        then = " The powers write their orders in secret." if self.phase == ORDERS else ""
        return f"{names[self.seat]} has finished talking.{then}"


@dataclass(slots=True)
class OrderGiven(Event):
    """Orders: ``seat`` wrote ``order`` on its sheet (private as a whole: no one else learns
    that it wrote anything, 002 2 "en secret")."""

    seat: int
    order: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann writes on its sheet: develop Alger.' (seen by that seat alone)."""
        territory, _, order = self.order.partition(": ")
        return f"{names[self.seat]} writes on its sheet: {order_words(territory, order, names)}."


@dataclass(slots=True)
class OrdersSubmitted(Event):
    """Orders: ``seat`` handed in its sheet (private as a whole: no one else learns when; the
    sheets are read together, 002 3)."""

    seat: int

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann hands in its order sheet.' (seen by that seat alone)."""
        return f"{names[self.seat]} hands in its order sheet."


@dataclass(slots=True)
class OrdersRead(Event):
    """Reading (002 3): ``seat``'s whole sheet, defaults filled in.

    ``orders`` holds one ``(territory, order)`` per presence, ``order`` being ``"develop"``,
    ``"hold"`` or the explored territory; ``landing`` is a territory or ``""``;
    ``relations`` one ``(power, relation)`` per other power.
    """

    seat: int
    power: str
    orders: tuple[tuple[str, str], ...]
    landing: str
    relations: tuple[tuple[str, str], ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann's sheet: develop Alger, land on Dakar, war on Bob, alliance with Cid.'"""
        lines = [order_words(t, order, names) for t, order in self.orders]
        if self.landing:
            lines.append(order_words("land", self.landing, names))
        lines.extend(order_words(power, relation, names) for power, relation in self.relations)
        return f"{names[self.seat]}'s sheet: {', '.join(lines) or 'nothing'}."


@dataclass(slots=True)
class Developed(Event):
    """Reading (002 3.1): ``count`` development tokens put on ``territory`` (now ``total``)."""

    territory: str
    count: int
    total: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Alger gets 2 development tokens (3 of 4).'"""
        t = MAP.index.get(self.territory)
        squares = f" of {MAP.squares[t]}" if t is not None else ""
        tokens = plural(self.count, "development token")
        return f"{place_name(self.territory)} gets {tokens} ({self.total}{squares})."


@dataclass(slots=True)
class PresencePlaced(Event):
    """Reading (002 3.1, 3.2): a new presence of ``seat`` on ``territory``; ``how`` is
    ``"explore"`` or ``"land"``."""

    seat: int
    territory: str
    how: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann explores Libye.' or 'Ann lands on Dakar.'"""
        verb = "lands on" if self.how == "land" else "explores"
        return f"{names[self.seat]} {verb} {place_name(self.territory)}."


@dataclass(slots=True)
class OrderVoid(Event):
    """Reading (002 3.1 REMARQUE): ``seat``'s exploration or landing towards ``territory`` had
    no presence left in stock and was void."""

    seat: int
    territory: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann has no presence left: the order towards Libye is void.'"""
        where = place_name(self.territory)
        return f"{names[self.seat]} has no presence left: the order towards {where} is void."


@dataclass(slots=True)
class PresenceRemoved(Event):
    """Conflicts (002 4): ``seat``'s presence on ``territory`` went back to its stock; ``wars``
    and ``alliances`` are the declarations it received there."""

    seat: int
    territory: str
    wars: int
    alliances: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann loses its presence on Alger (2 wars, 1 alliance).'"""
        why = f"{plural(self.wars, 'war')}, {plural(self.alliances, 'alliance')}"
        return f"{names[self.seat]} loses its presence on {place_name(self.territory)} ({why})."


@dataclass(slots=True)
class ColonyFounded(Event):
    """Colonies (002 5): ``territory`` became a colony for good, with ``seats`` present."""

    territory: str
    seats: tuple[int, ...]
    colonies: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Alger becomes a colony of Ann and Bob (colony 3).'"""
        held = " and ".join(names[seat] for seat in self.seats)
        where = place_name(self.territory)
        return f"{where} becomes a colony of {held} (colony {self.colonies})."


@dataclass(slots=True)
class Scored(Event):
    """End (002 "LA FIN DE LA PARTIE"): ``seat``'s points: presences alone and sharing a colony,
    alliances declared in its embassy in the last turn."""

    seat: int
    alone: int
    shared: int
    alliances: int
    points: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'Ann scores 19 points: 2 presences alone and 1 shared on colonies, 0 alliances
        in its embassy.'"""
        alone = plural(self.alone, "presence")
        embassy = plural(self.alliances, "alliance")
        return (
            f"{names[self.seat]} scores {self.points} points: {alone} alone and {self.shared} "
            f"shared on colonies, {embassy} in its embassy."
        )


@dataclass(slots=True)
class MatchEnded(Event):
    """The match is over: ``reason`` and the winners (none on a tie at the top)."""

    reason: str
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. 'The match is over (last turn): Ann wins.' or '...: no winner.'"""
        verdict = " and ".join(names[seat] for seat in self.winners)
        verdict = f"{verdict} wins" if verdict else "no winner"
        return f"The match is over ({self.reason.replace('_', ' ')}): {verdict}."


EVENT_TYPES = (
    StartPlaced,
    TurnStarted,
    MessageSent,
    DiplomacyEnded,
    OrderGiven,
    OrdersSubmitted,
    OrdersRead,
    Developed,
    PresencePlaced,
    OrderVoid,
    PresenceRemoved,
    ColonyFounded,
    Scored,
    MatchEnded,
)
