"""What happens in a classic Risk match, as typed events in order (read-only records).

Three events are private. Every other seat and spectator sees :class:`CardDrawn` and
:class:`MissionDealt` without the card or the mission: that a seat drew a card or got a
mission is public, as around the table (000 "une carte d'objectif à chacun", "prendre une
carte au Talon"). :class:`MissionChanged` is not shown to them at all: it always means "this
seat's mission is now 24 territories", so its mere existence would tell the mission (000
"un objectif particulier qu'il tient secret"; "Il justifie sa victoire en découvrant sa
carte", at the end only).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.core.contract import Event


@dataclass(slots=True)
class TerritoriesDealt(Event):
    """Set-up: ``owner`` (a seat, or -1 for the neutral army / allié) gets these territories."""

    owner: int
    territories: tuple[str, ...]
    armies_each: int
    die: int = 0  # the die rolled for them in "La conquête du monde" (0: no die)


@dataclass(slots=True)
class MissionDealt(Event):
    """``seat`` gets its secret mission (private: others see that it got one, not which)."""

    seat: int
    mission: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> MissionDealt:
        return replace(self, mission="")


@dataclass(slots=True)
class MissionChanged(Event):
    """``seat``'s destroy mission became its written fallback (private as a whole: other
    seats and spectators do not see that it happened)."""

    seat: int
    mission: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None


@dataclass(slots=True)
class Claimed(Event):
    """``seat`` claimed a free territory with one army."""

    seat: int
    territory: str


@dataclass(slots=True)
class Placed(Event):
    """``seat`` placed armies on a territory of ``owner`` (itself, or -1 for the third force)."""

    seat: int
    owner: int
    territory: str
    armies: int


@dataclass(slots=True)
class TurnStarted(Event):
    """``seat``'s turn began in ``round``; it receives ``reinforcements`` before any set."""

    seat: int
    round: int
    reinforcements: int
    cards_drawn: int


@dataclass(slots=True)
class CardsTraded(Event):
    """``seat`` traded ``cards`` for ``armies``; +2 went on each of ``bonus_territories``."""

    seat: int
    cards: tuple[str, ...]
    armies: int
    bonus_territories: tuple[str, ...]


@dataclass(slots=True)
class DiceRolled(Event):
    """One roll of a battle: the dice (highest first) and the armies each side lost."""

    source: str
    target: str
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


@dataclass(slots=True)
class Conquered(Event):
    """``owner``'s armies from ``source`` took ``target`` from ``previous_owner``."""

    owner: int
    source: str
    target: str
    previous_owner: int


@dataclass(slots=True)
class Moved(Event):
    """Armies moved from ``source`` to ``target`` (``why``: "occupy" or "fortify")."""

    source: str
    target: str
    armies: int
    why: str


@dataclass(slots=True)
class Eliminated(Event):
    """``seat`` lost its last territory to ``by`` (-1: the third force), who took its cards."""

    seat: int
    by: int
    cards_taken: int


@dataclass(slots=True)
class CardDrawn(Event):
    """``seat`` drew a card (private: others see that a card was drawn, not which; 000
    Conquête "qu'il conserve sans la faire voir")."""

    seat: int
    card: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardDrawn:
        return replace(self, card="")


@dataclass(slots=True)
class MatchEnded(Event):
    """The match ended: ``reason`` and the winning seats (empty on a step-limit draw)."""

    reason: str
    winners: tuple[int, ...]
    mission: str = ""  # the winner's mission, shown as the book says ("découvrant sa carte")


EVENT_TYPES = (
    TerritoriesDealt,
    MissionDealt,
    MissionChanged,
    Claimed,
    Placed,
    TurnStarted,
    CardsTraded,
    DiceRolled,
    Conquered,
    Moved,
    Eliminated,
    CardDrawn,
    MatchEnded,
)
