"""What happens in a Conquêtes match, as typed events in order (read-only records).

Private: :class:`CardsDealt` and :class:`CardsDrawn` (to the drawer) and :class:`CardGiven`
(to the receiver, the giver knowing its own action): any other seat sees them without the
regions, but with the count (hand sizes are public). :class:`SupportAdded` is the chooser's
alone: no other seat sees even that a card was added, as the count of a support is announced
only when it is committed (001 "en annonce le nombre, et les engage face cachée";
:class:`SupportCommitted`). Seat -1 is the solo bot, which has no hand and draws face up.

Each event says itself in words for spectators, region names included:

>>> AttackDeclared(0, "maghreb", 1, "europe_occidentale").describe(["Ann", "Bob"])
"Ann attacks Bob's Europe Occidentale from Maghreb."
>>> CardsDrawn(1, ("chine", "inde"), 2, "draw_two").redacted().describe(["Ann", "Bob"])
'Bob draws 2 cards (two more).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.conquetes.board import MAP
from engines.core.contract import Event

_WHY = {"turn": "for the turn", "draw_two": "(two more)", "replacement": "in replacement"}
""":class:`CardsDrawn`'s reasons in words."""


def _who(names: Sequence[str], seat: int, bot: str = "The bot") -> str:
    """The name of ``seat``, or ``bot`` for the solo bot (-1)."""
    return bot if seat < 0 else names[seat]


def _name(region: str) -> str:
    """A region's name for people."""
    return MAP.names[MAP.index[region]]


def _continent(continent: str) -> str:
    """A continent's name for people."""
    return next(c.name for c in MAP.continents if c.id == continent)


def _cards(count: int) -> str:
    """``count`` cards, in words."""
    return f"{count} card" if count == 1 else f"{count} cards"


def _list(regions: tuple[str, ...]) -> str:
    """``": A, B"`` naming ``regions``, or nothing when there are none (a redacted event)."""
    return ": " + ", ".join(map(_name, regions)) if regions else ""


@dataclass(slots=True)
class CardsDealt(Event):
    """Set-up: ``seat`` is dealt ``count`` cards, ``regions`` in board order (private: others
    see the count only)."""

    seat: int
    regions: tuple[str, ...]
    count: int

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardsDealt:
        return replace(self, regions=())

    def describe(self, names: Sequence[str]) -> str:
        """Others see the count only."""
        return f"{_who(names, self.seat)} is dealt {_cards(self.count)}{_list(self.regions)}."


@dataclass(slots=True)
class TurnStarted(Event):
    """Turn number ``turn`` (from 1) of ``seat`` (-1: the solo bot) begins."""

    seat: int
    turn: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Turn {self.turn}: {_who(names, self.seat, 'the bot')} plays."


@dataclass(slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards into its hand, ``regions`` in board order (private:
    others see the count only).

    ``why``: ``turn`` (001 "Déroulement du jeu" 1), ``draw_two``, or ``replacement`` (001
    "Fin de l'attaque").
    """

    seat: int
    regions: tuple[str, ...]
    count: int
    why: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> CardsDrawn:
        return replace(self, regions=())

    def describe(self, names: Sequence[str]) -> str:
        """Others see the count only."""
        why = _WHY.get(self.why, self.why)
        return f"{_who(names, self.seat)} draws {_cards(self.count)} {why}{_list(self.regions)}."


@dataclass(slots=True)
class RegionPlayed(Event):
    """``seat`` put ``region`` into its camp, face up."""

    seat: int
    region: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{_who(names, self.seat)} puts {_name(self.region)} in play."


@dataclass(slots=True)
class BotDrew(Event):
    """Solo: the bot drew ``region`` face up and ``fate`` followed: ``played`` (into its camp),
    ``loot`` (already in its camp), ``attack`` (in the player's camp, attacked from
    ``source``) or ``discarded`` (in the player's camp with no bordering bot region, or the
    deck ran out before the attack began)."""

    region: str
    fate: str
    source: str = ""

    def describe(self, names: Sequence[str]) -> str:
        drawn = f"The bot draws {_name(self.region)}"
        if self.fate == "played":
            return f"{drawn} and puts it in its camp."
        if self.fate == "loot":
            return f"{drawn}, already in its camp: the card goes to its loot."
        if self.fate == "attack":
            return f"{drawn} and attacks it from {_name(self.source)}."
        return f"{drawn} and discards it."


@dataclass(slots=True)
class AttackDeclared(Event):
    """``attacker`` (-1: the bot) attacks ``defender``'s ``target`` from its ``source``."""

    attacker: int
    source: str
    defender: int
    target: str

    def describe(self, names: Sequence[str]) -> str:
        target = f"{_who(names, self.defender, 'the bot')}'s {_name(self.target)}"
        return f"{_who(names, self.attacker)} attacks {target} from {_name(self.source)}."


@dataclass(slots=True)
class SupportAdded(Event):
    """``seat`` put a card into the support it is choosing (private as a whole: the others
    learn the count when it is committed, 001 "en annonce le nombre")."""

    seat: int
    region: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None

    def describe(self, names: Sequence[str]) -> str:
        """Others are shown nothing at all."""
        return f"{_who(names, self.seat)} adds {_name(self.region)} to its support."


@dataclass(slots=True)
class SupportCommitted(Event):
    """``seat`` committed ``count`` support cards face down and announced the count."""

    seat: int
    count: int

    def describe(self, names: Sequence[str]) -> str:
        committed = f"{_cards(self.count)} face down" if self.count else "no card"
        return f"{_who(names, self.seat)} commits {committed} in support."


@dataclass(slots=True)
class SupportRevealed(Event):
    """``seat``'s support is turned face up: its cards and their total value (the bot's are
    drawn from the deck face up)."""

    seat: int
    regions: tuple[str, ...]
    total: int

    def describe(self, names: Sequence[str]) -> str:
        cards = ", ".join(map(_name, self.regions)) or "no card"
        return f"{_who(names, self.seat)} reveals {cards} in support: {self.total}."


@dataclass(slots=True)
class AttackResolved(Event):
    """Support plus region value on each side; ``conquered`` when the attacker's is strictly
    greater (001 "Résolution")."""

    attacker: int
    defender: int
    source: str
    target: str
    attack_total: int
    defence_total: int
    conquered: bool

    def describe(self, names: Sequence[str]) -> str:
        attacker, defender = _who(names, self.attacker), _who(names, self.defender, "the bot")
        score = f"{self.attack_total} against {self.defence_total}"
        if self.conquered:
            return f"{attacker} conquers {defender}'s {_name(self.target)}, {score}."
        return f"{attacker} fails to take {defender}'s {_name(self.target)}, {score}."


@dataclass(slots=True)
class CardGiven(Event):
    """``seat`` gave a card over its limit to ``to`` (private to the receiver; others, the
    giver included, see no region)."""

    seat: int
    to: int
    region: str

    @property
    def private_to(self) -> int:
        return self.to

    def redacted(self) -> CardGiven:
        return replace(self, region="")

    def describe(self, names: Sequence[str]) -> str:
        """Others see no region: "a card"."""
        card = _name(self.region) if self.region else "a card"
        to = _who(names, self.to, "the bot")
        return f"{_who(names, self.seat)} gives {card} over the hand limit to {to}."


@dataclass(slots=True)
class CardDiscarded(Event):
    """Solo: ``seat`` discarded a card over its limit (the discard pile is public)."""

    seat: int
    region: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{_who(names, self.seat)} discards {_name(self.region)} over the hand limit."


@dataclass(slots=True)
class DeckExhausted(Event):
    """The deck is empty for the ``times``-th time."""

    times: int

    def describe(self, names: Sequence[str]) -> str:
        return "The deck runs out." if self.times == 1 else "The deck runs out again."


@dataclass(slots=True)
class DeckReshuffled(Event):
    """At 4 players, the discard was shuffled into a new deck of ``size`` cards."""

    size: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The discard is shuffled into a new deck of {_cards(self.size)}."


@dataclass(slots=True)
class Scored(Event):
    """End of the game: ``seat``'s chosen ``territory``, the ``duplicates`` it lays down from
    its hand, the continents it wins (variant), its ``points`` and all its ``regions``."""

    seat: int
    territory: tuple[str, ...]
    duplicates: tuple[str, ...]
    continents: tuple[str, ...]
    points: int
    regions: int

    def describe(self, names: Sequence[str]) -> str:
        territory = ", ".join(map(_name, self.territory)) or "none"
        parts = [f"territory {territory}", f"{len(self.duplicates)} duplicates"]
        if self.continents:
            parts.append("continents " + ", ".join(map(_continent, self.continents)))
        scored = f"{_who(names, self.seat)} scores {self.points} points"
        return f"{scored} ({'; '.join(parts)}), with {self.regions} regions in play."


@dataclass(slots=True)
class BotScored(Event):
    """Solo, end of the game: the bot's regions, loot, continents won and points."""

    regions: tuple[str, ...]
    loot: tuple[str, ...]
    continents: tuple[str, ...]
    points: int

    def describe(self, names: Sequence[str]) -> str:
        parts = [f"{len(self.regions)} regions", f"{len(self.loot)} loot cards"]
        if self.continents:
            parts.append("continents " + ", ".join(map(_continent, self.continents)))
        return f"The bot scores {self.points} points ({'; '.join(parts)})."


@dataclass(slots=True)
class MatchEnded(Event):
    """The match ended: ``reason`` and the winning seats (several: a shared victory; none:
    the solo bot won, or the step limit stopped the match)."""

    reason: str
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        why = "the deck is exhausted" if self.reason == "deck_exhausted" else "step limit"
        if len(self.winners) > 1:
            verdict = " and ".join(names[s] for s in self.winners) + " share the victory"
        elif self.winners:
            verdict = f"{names[self.winners[0]]} wins"
        else:
            verdict = "the bot wins" if self.reason == "deck_exhausted" else "no winner"
        return f"The match ends ({why}): {verdict}."


EVENT_TYPES = (
    CardsDealt,
    TurnStarted,
    CardsDrawn,
    RegionPlayed,
    BotDrew,
    AttackDeclared,
    SupportAdded,
    SupportCommitted,
    SupportRevealed,
    AttackResolved,
    CardGiven,
    CardDiscarded,
    DeckExhausted,
    DeckReshuffled,
    Scored,
    BotScored,
    MatchEnded,
)
