"""What happens in an Africa match, as typed events in order (read-only records).

Private: :class:`MessageSent` to one power (to the recipient; the others see sender and
recipient without the text; the sender has it in its observation). Private as a whole, seen
by no other power nor spectator: :class:`OrderGiven` and :class:`OrdersSubmitted`, what a
power writes on its sheet and when it hands it in (002 2 "chaque joueur écrit en secret"):
neither how many orders it gives nor when may show. Every sheet is revealed by
:class:`OrdersRead` once every power has submitted (002 3 "Une fois que tous les joueurs ont
rempli leur fiche d'ordres, un joueur volontaire les recueille puis les lit"). The messages
and ends of talk of a diplomacy round are all delivered when the round is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.core.contract import Event


@dataclass(slots=True)
class StartPlaced(Event):
    """Set-up: ``seat`` (``power``) put its first presence on ``territory``."""

    seat: int
    power: str
    territory: str


@dataclass(slots=True)
class TurnStarted(Event):
    """Turn ``turn`` (1-8) of year ``year`` begins with its diplomacy phase."""

    turn: int
    year: int


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


@dataclass(slots=True)
class DiplomacyEnded(Event):
    """Diplomacy: ``seat`` has finished talking this turn (known when its round is complete);
    ``phase`` is the phase now."""

    seat: int
    phase: str


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


@dataclass(slots=True)
class Developed(Event):
    """Reading (002 3.1): ``count`` development tokens put on ``territory`` (now ``total``)."""

    territory: str
    count: int
    total: int


@dataclass(slots=True)
class PresencePlaced(Event):
    """Reading (002 3.1, 3.2): a new presence of ``seat`` on ``territory``; ``how`` is
    ``"explore"`` or ``"land"``."""

    seat: int
    territory: str
    how: str


@dataclass(slots=True)
class OrderVoid(Event):
    """Reading (002 3.1 REMARQUE): ``seat``'s exploration or landing towards ``territory`` had
    no presence left in stock and was void."""

    seat: int
    territory: str


@dataclass(slots=True)
class PresenceRemoved(Event):
    """Conflicts (002 4): ``seat``'s presence on ``territory`` went back to its stock; ``wars``
    and ``alliances`` are the declarations it received there."""

    seat: int
    territory: str
    wars: int
    alliances: int


@dataclass(slots=True)
class ColonyFounded(Event):
    """Colonies (002 5): ``territory`` became a colony for good, with ``seats`` present."""

    territory: str
    seats: tuple[int, ...]
    colonies: int


@dataclass(slots=True)
class Scored(Event):
    """End (002 "LA FIN DE LA PARTIE"): ``seat``'s points: presences alone and sharing a colony,
    alliances declared in its embassy in the last turn."""

    seat: int
    alone: int
    shared: int
    alliances: int
    points: int


@dataclass(slots=True)
class MatchEnded(Event):
    """The match is over: ``reason`` and the winners (none on a tie at the top)."""

    reason: str
    winners: tuple[int, ...]


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
