"""Secret missions of the Miro-Meccano rule for 3 to 6 players (seed 000, "But du jeu",
"Le vainqueur"), from ``data/risk_missions.json``.

Seats play the colours in the order the destroy cards are listed (yellow, red, blue, black,
purple, green): seat 0 is yellow. The book leaves three cases of "détruire les armées X"
open or answered by the card alone; the options of :data:`OPTIONS` decide them (RULES.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Option
from engines.risk.board import MISSIONS_DATA, Board, MissionCardData


@dataclass(frozen=True, slots=True)
class Mission:
    """One mission card: its texts and its goal in structured form."""

    id: str
    text_fr: str
    text_en: str
    kind: str  # "territories", "continents" or "destroy"
    count: int = 0  # territories: how many
    min_armies: int = 1  # territories: armies each
    continents: tuple[str, ...] = ()  # continents: the ones named
    plus_any: int = 0  # continents: how many more of the player's choice
    colour: str = ""  # destroy: the colour to wipe out


def _mission(card: MissionCardData) -> Mission:
    goal = card["goal"]
    texts = (card["id"], card["text_fr"], card["text_en"])  # the first fields of a Mission
    if goal["type"] == "territories":
        return Mission(
            *texts, kind="territories", count=goal["count"], min_armies=goal["min_armies_each"]
        )
    if goal["type"] == "continents":
        return Mission(
            *texts,
            kind="continents",
            continents=tuple(goal["continents"]),
            plus_any=goal["plus_any_other"],
        )
    return Mission(*texts, kind="destroy", colour=goal["color"])


MISSIONS: tuple[Mission, ...] = tuple(_mission(card) for card in MISSIONS_DATA["missions"])
COLOURS: tuple[str, ...] = tuple(m.colour for m in MISSIONS if m.kind == "destroy")
FALLBACK = Mission(
    id="fallback_24",
    text_fr="Vous devez conquérir 24 territoires aux choix.",
    text_en="Occupy 24 territories of your choice (the written fallback of a destroy card).",
    kind="territories",
    count=24,
)
"""What a destroy card becomes by its own text: "votre but devient ... 24 territoires"."""
ALL: tuple[Mission, ...] = (*MISSIONS, FALLBACK)
FALLBACK_INDEX = len(MISSIONS)

ABSENT_COLOUR = Option(
    "absent_colour_missions",
    "destroy cards of colours no seat plays: 'removed' before the deal (the Parker/Hasbro "
    "rule), or dealt and worth '24_territories'",
    default="removed",
    choices=("removed", "24_territories"),
)
DESTROYED_BY_OTHER = Option(
    "destroyed_by_other",
    "when another seat wipes out your target colour: '24_territories' (the French card) or "
    "'completed' (the Hasbro US rule: your mission is accomplished)",
    default="24_territories",
    choices=("24_territories", "completed"),
)
OPTIONS = (ABSENT_COLOUR, DESTROYED_BY_OTHER)


def dealt_from(seats: int, absent_colour_missions: str) -> list[int]:
    """The cards missions are dealt from (000 "Préparation"), as indices into ``MISSIONS``:
    all, or (option ``absent_colour_missions`` "removed") without the destroy cards of the
    colours no seat plays.

    >>> len(dealt_from(3, "removed")), len(dealt_from(3, "24_territories"))
    (11, 14)
    """
    absent = set(COLOURS[seats:])
    removed = absent_colour_missions == "removed"
    return [
        i
        for i, m in enumerate(MISSIONS)
        if not (removed and m.kind == "destroy" and m.colour in absent)
    ]


def as_read(card: int, seat: int, seats: int) -> int:
    """The mission ``seat`` holds on reading the card dealt to it: the card itself, or the
    fallback for a destroy card of its own colour (the card's text: "Si vous êtes vous-même le
    propriétaire des armées X ... votre but devient automatiquement de conquérir 24
    territoires") or of a colour nobody plays (dealt only under option absent_colour_missions
    "24_territories").

    >>> as_read(MISSIONS.index(next(m for m in MISSIONS if m.colour == "yellow")), 0, 3)
    14
    """
    mission = MISSIONS[card]
    if mission.kind != "destroy":
        return card
    target = COLOURS.index(mission.colour)
    return FALLBACK_INDEX if target == seat or target >= seats else card


def after_elimination(
    index: int, holder: int, victim: int, by: int, destroyed_by_other: str
) -> int | None:
    """The mission of ``holder`` (alive) once ``by`` has eliminated ``victim``: unchanged,
    the fallback (a destroy card of the victim's colour, eliminated by another: the card's
    text "votre but devient automatiquement de conquérir 24 territoires"), or None when the
    elimination accomplishes it (by the holder itself, or by anyone under option
    destroyed_by_other "completed")."""
    mission = ALL[index]
    if mission.kind != "destroy" or mission.colour != COLOURS[victim]:
        return index
    if holder == by or destroyed_by_other == "completed":
        return None
    return FALLBACK_INDEX


def achieved(
    mission: Mission, seat: int, owners: list[int], armies: list[int], board: Board
) -> bool:
    """Whether ``seat`` holds what ``mission`` asks (destroy goals are met at elimination)."""
    if mission.kind == "territories":
        held = sum(1 for t, o in enumerate(owners) if o == seat and armies[t] >= mission.min_armies)
        return held >= mission.count
    if mission.kind == "continents":
        whole = {c.id for c in board.continents if all(owners[t] == seat for t in c.territories)}
        named = set(mission.continents)
        return named <= whole and len(whole - named) >= mission.plus_any
    return False
