"""The decisions a power takes in Africa, as typed actions.

Territories are named by their ids (``"alger"``), powers by theirs (``"france"``). Set-up
(standard variant): :class:`PlaceStart`, one power at a time. Each turn, every power at once:
the diplomacy phase in rounds (each round one :class:`Message`, or :class:`EndDiplomacy` to
stop talking), then its orders, given as
small actions one at a time — one per presence (:class:`Develop`, :class:`Explore`,
:class:`Hold`), at most one :class:`Land`, one :class:`Declare` per other power — and closed
with :class:`SubmitOrders`; anything not given counts as the book says (nothing; alliance).

A message is listed as a template with ``text=""``: the power sends it with any text up to
the ``message_length`` option.

>>> Explore("alger", "libye"), Declare("germany", "war"), Message("all", "")
(Explore(source='alger', target='libye'), Declare(power='germany', relation='war'), \
Message(to='all', text=''))
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Action


@dataclass(frozen=True, slots=True)
class PlaceStart(Action):
    """Set-up: put the first presence on a coastal territory without any presence (002 "LA MISE
    EN PLACE DU JEU")."""

    territory: str


@dataclass(frozen=True, slots=True)
class Message(Action):
    """Diplomacy: send ``text`` to the power ``to``, or to every other power with ``"all"``
    (002 1 "L'ACTION DIPLOMATIQUE"), delivered at the round's end; it binds no one."""

    to: str
    text: str


@dataclass(frozen=True, slots=True)
class EndDiplomacy(Action):
    """Diplomacy: this power has nothing more to say this turn (known at the round's end)."""


@dataclass(frozen=True, slots=True)
class Develop(Action):
    """Order to the presence on ``territory``: develop it (002 2.1 "développe")."""

    territory: str


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Order to the presence on ``source``: explore the neighbouring ``target`` to put a new
    presence there (002 2.1)."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Order to the presence on ``territory``: do nothing (002 2.1 "rien")."""

    territory: str


@dataclass(frozen=True, slots=True)
class Land(Action):
    """The turn's landing on a coastal territory without any presence (002 2.2)."""

    territory: str


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """The turn's relation towards ``power``: ``"alliance"`` or ``"war"`` (002 2.3)."""

    power: str
    relation: str


@dataclass(frozen=True, slots=True)
class SubmitOrders(Action):
    """Hand in the order sheet; whatever was not given counts as "rien" and "alliance"
    (002 2.1 "Un ordre oublié ou erroné est considéré comme: ne rien faire", 2.3 "Une relation
    diplomatique oubliée ou illisible est considérée comme une alliance")."""


ACTION_TYPES = (
    PlaceStart,
    Message,
    EndDiplomacy,
    Develop,
    Explore,
    Hold,
    Land,
    Declare,
    SubmitOrders,
)
