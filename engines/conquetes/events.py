"""What happens in a Conquêtes match, as typed events in order (read-only records).

Private: :class:`CardsDealt` and :class:`CardsDrawn` (to the drawer) and :class:`CardGiven`
(to the receiver, the giver knowing its own action): any other seat sees them without the
regions, but with the count (hand sizes are public). :class:`SupportAdded` is the chooser's
alone: no other seat sees even that a card was added, as the count of a support is announced
only when it is committed (001 "en annonce le nombre, et les engage face cachée";
:class:`SupportCommitted`). Seat -1 is the solo bot, which has no hand and draws face up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.core.contract import Event


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


@dataclass(slots=True)
class TurnStarted(Event):
    """Turn number ``turn`` (from 1) of ``seat`` (-1: the solo bot) begins."""

    seat: int
    turn: int


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


@dataclass(slots=True)
class RegionPlayed(Event):
    """``seat`` put ``region`` into its camp, face up."""

    seat: int
    region: str


@dataclass(slots=True)
class BotDrew(Event):
    """Solo: the bot drew ``region`` face up and ``fate`` followed: ``played`` (into its camp),
    ``loot`` (already in its camp), ``attack`` (in the player's camp, attacked from
    ``source``) or ``discarded`` (in the player's camp with no bordering bot region, or the
    deck ran out before the attack began)."""

    region: str
    fate: str
    source: str = ""


@dataclass(slots=True)
class AttackDeclared(Event):
    """``attacker`` (-1: the bot) attacks ``defender``'s ``target`` from its ``source``."""

    attacker: int
    source: str
    defender: int
    target: str


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


@dataclass(slots=True)
class SupportCommitted(Event):
    """``seat`` committed ``count`` support cards face down and announced the count."""

    seat: int
    count: int


@dataclass(slots=True)
class SupportRevealed(Event):
    """``seat``'s support is turned face up: its cards and their total value (the bot's are
    drawn from the deck face up)."""

    seat: int
    regions: tuple[str, ...]
    total: int


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


@dataclass(slots=True)
class CardDiscarded(Event):
    """Solo: ``seat`` discarded a card over its limit (the discard pile is public)."""

    seat: int
    region: str


@dataclass(slots=True)
class DeckExhausted(Event):
    """The deck is empty for the ``times``-th time."""

    times: int


@dataclass(slots=True)
class DeckReshuffled(Event):
    """At 4 players, the discard was shuffled into a new deck of ``size`` cards."""

    size: int


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


@dataclass(slots=True)
class BotScored(Event):
    """Solo, end of the game: the bot's regions, loot, continents won and points."""

    regions: tuple[str, ...]
    loot: tuple[str, ...]
    continents: tuple[str, ...]
    points: int


@dataclass(slots=True)
class MatchEnded(Event):
    """The match ended: ``reason`` and the winning seats (several: a shared victory; none:
    the solo bot won, or the step limit stopped the match)."""

    reason: str
    winners: tuple[int, ...]


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
