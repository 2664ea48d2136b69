"""What happens in a classic Risk match, as typed events in order (read-only records).

Three events are private. Every other seat and spectator sees :class:`CardDrawn` and
:class:`MissionDealt` without the card or the mission: that a seat drew a card or got a
mission is public, as around the table (000 "une carte d'objectif à chacun", "prendre une
carte au Talon"). :class:`MissionChanged` is not shown to them at all: it always means "this
seat's mission is now 24 territories", so its mere existence would tell the mission (000
"un objectif particulier qu'il tient secret"; "Il justifie sa victoire en découvrant sa
carte", at the end only).

Each event says itself in words for spectators (:meth:`Event.describe`), with the territories'
English names and the seats' names; the third force (owner -1) is "the neutral army".

The module is compiled with the rules (its classes native, :mod:`engines.core.records`): the
events made several times a turn define their own ``__init__``, which mypyc compiles.

>>> names = ["Ann", "Bob"]
>>> Conquered(0, "alaska", "kamchatka", 1).describe(names)
'Ann conquers Kamchatka from Bob'
>>> DiceRolled("alaska", "kamchatka", (6, 5, 2), (4, 1), 1, 1).describe(names)
'Alaska attacks Kamchatka: 6-5-2 against 4-1, attacker loses 1, defender 1'
>>> CardDrawn(1, "wild-2").redacted().describe(names)
'Bob draws a card'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.core.contract import Event
from engines.risk import missions
from engines.risk.board import WORLD

NAMES = dict(zip(WORLD.territories, WORLD.names, strict=True))
"""Each territory's English name by id."""
MISSION_TEXTS = {card.id: card.text_en for card in missions.ALL}
"""Each mission's English text by id."""
WINS = {
    "world_conquered": "by holding the whole world",
    "opponent_eliminated": "by eliminating the opponent",
    "mission_accomplished": "by accomplishing its mission",
}


def _who(owner: int, names: Sequence[str], first: bool = False) -> str:
    """A seat's name, or the third force's (owner -1), ``first`` in a sentence."""
    if owner >= 0:
        return names[owner]
    return "The neutral army" if first else "the neutral army"


def _armies(count: int) -> str:
    return f"{count} army" if count == 1 else f"{count} armies"


def _card(card: str) -> str:
    """A card by its public id: a territory's, or a wild card's."""
    return f"the {NAMES[card]} card" if card in NAMES else "a wild card"


def _listed(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(slots=True)
class TerritoriesDealt(Event):
    """Set-up: ``owner`` (a seat, or -1 for the neutral army / allié) gets these territories."""

    owner: int
    territories: tuple[str, ...]
    armies_each: int
    die: int = 0  # the die rolled for them in "La conquête du monde" (0: no die)

    def describe(self, names: Sequence[str]) -> str:
        who = _who(self.owner, names, first=True)
        rolled = f" rolls a {self.die} and" if self.die else ""
        count = len(self.territories)
        held = f"{count} territory" if count == 1 else f"{count} territories"
        return f"{who}{rolled} receives {held}, {_armies(self.armies_each)} on each"


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

    def describe(self, names: Sequence[str]) -> str:
        if not self.mission:
            return f"{names[self.seat]} receives a secret mission"
        return f"{names[self.seat]} receives the mission: {MISSION_TEXTS[self.mission]}"


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

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]}'s mission becomes: {MISSION_TEXTS[self.mission]}"


@dataclass(slots=True)
class Claimed(Event):
    """``seat`` claimed a free territory with one army."""

    seat: int
    territory: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} claims {NAMES[self.territory]}"


@dataclass(slots=True)
class Placed(Event):
    """``seat`` placed armies on a territory of ``owner`` (itself, or -1 for the third force)."""

    seat: int
    owner: int
    territory: str
    armies: int

    def __init__(self, seat: int, owner: int, territory: str, armies: int) -> None:
        self.seat = seat
        self.owner = owner
        self.territory = territory
        self.armies = armies

    def describe(self, names: Sequence[str]) -> str:
        armies = _armies(self.armies)
        if self.owner < 0:
            armies = f"{self.armies} neutral {'army' if self.armies == 1 else 'armies'}"
        return f"{names[self.seat]} places {armies} on {NAMES[self.territory]}"


@dataclass(slots=True)
class TurnStarted(Event):
    """``seat``'s turn began in ``round``; it receives ``reinforcements`` before any set."""

    seat: int
    round: int
    reinforcements: int
    cards_drawn: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round}: {names[self.seat]}'s turn begins, "
            f"with {_armies(self.reinforcements)} to place"
        )


@dataclass(slots=True)
class CardsTraded(Event):
    """``seat`` traded ``cards`` for ``armies``; +2 went on each of ``bonus_territories``."""

    seat: int
    cards: tuple[str, ...]
    armies: int
    bonus_territories: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        cards = _listed([_card(c) for c in self.cards])
        words = f"{names[self.seat]} trades {cards} for {_armies(self.armies)}"
        if self.bonus_territories:
            words += f", and 2 more on {_listed([NAMES[t] for t in self.bonus_territories])}"
        return words


@dataclass(slots=True)
class DiceRolled(Event):
    """One roll of a battle: the dice (highest first) and the armies each side lost."""

    source: str
    target: str
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def __init__(  # noqa: PLR0917 (by position, as the dataclass's own)
        self,
        source: str,
        target: str,
        attacker: tuple[int, ...],
        defender: tuple[int, ...],
        attacker_losses: int,
        defender_losses: int,
    ) -> None:
        self.source = source
        self.target = target
        self.attacker = attacker
        self.defender = defender
        self.attacker_losses = attacker_losses
        self.defender_losses = defender_losses

    def describe(self, names: Sequence[str]) -> str:
        attack = "-".join(map(str, self.attacker))
        defence = "-".join(map(str, self.defender))
        return (
            f"{NAMES[self.source]} attacks {NAMES[self.target]}: {attack} against {defence}, "
            f"attacker loses {self.attacker_losses}, defender {self.defender_losses}"
        )


@dataclass(slots=True)
class Conquered(Event):
    """``owner``'s armies from ``source`` took ``target`` from ``previous_owner``."""

    owner: int
    source: str
    target: str
    previous_owner: int

    def __init__(self, owner: int, source: str, target: str, previous_owner: int) -> None:
        self.owner = owner
        self.source = source
        self.target = target
        self.previous_owner = previous_owner

    def describe(self, names: Sequence[str]) -> str:
        who = _who(self.owner, names, first=True)
        return f"{who} conquers {NAMES[self.target]} from {_who(self.previous_owner, names)}"


@dataclass(slots=True)
class Moved(Event):
    """Armies moved from ``source`` to ``target`` (``why``: "occupy" or "fortify")."""

    source: str
    target: str
    armies: int
    why: str

    def __init__(self, source: str, target: str, armies: int, why: str) -> None:
        self.source = source
        self.target = target
        self.armies = armies
        self.why = why

    def describe(self, names: Sequence[str]) -> str:
        move = "moves" if self.armies == 1 else "move"
        into = "into" if self.why == "occupy" else "to"
        return (
            f"{_armies(self.armies)} {move} from {NAMES[self.source]} {into} {NAMES[self.target]}"
        )


@dataclass(slots=True)
class Eliminated(Event):
    """``seat`` lost its last territory to ``by`` (-1: the third force), who took its cards."""

    seat: int
    by: int
    cards_taken: int

    def describe(self, names: Sequence[str]) -> str:
        words = f"{names[self.seat]} is eliminated by {_who(self.by, names)}"
        count = self.cards_taken
        if not count:
            return words
        cards = f"{count} card" if count == 1 else f"{count} cards"
        if self.by < 0:
            return f"{words}; its {cards} are discarded"
        return f"{words}, who takes its {cards}"


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

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws {_card(self.card) if self.card else 'a card'}"


@dataclass(slots=True)
class MatchEnded(Event):
    """The match ended: ``reason`` and the winning seats (empty on a step-limit draw)."""

    reason: str
    winners: tuple[int, ...]
    mission: str = ""  # the winner's mission, shown as the book says ("découvrant sa carte")

    def describe(self, names: Sequence[str]) -> str:
        reason = self.reason.replace("_", " ")
        if not self.winners:
            return f"The match ends with no winner ({reason})"
        winners = _listed([names[s] for s in self.winners])
        wins = "wins" if len(self.winners) == 1 else "win"
        words = f"{winners} {wins} {WINS.get(self.reason, f'({reason})')}"
        if self.mission:
            words += f": {MISSION_TEXTS[self.mission]}"
        return words


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
