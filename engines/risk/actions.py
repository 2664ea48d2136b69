"""The decisions a seat takes in classic Risk, as typed actions.

Territories and cards are named by their public ids (``"alaska"``, ``"wild-1"``). In a
legal-action listing the one quantity field of an action may be an :class:`Amount`: the seat
sends the same action with an integer in that range.

>>> from engines.core import Amount
>>> Attack("alberta", "ontario", dice=Amount(1, 3))  # listed: roll 1 to 3 dice
Attack(source='alberta', target='ontario', dice=Amount(low=1, high=3))
>>> Attack("alberta", "ontario", dice=3)  # sent
Attack(source='alberta', target='ontario', dice=3)
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Action, Amount


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Put one army on a free territory during the claim (003 "Placement initial", 2-3)."""

    territory: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put new armies on a territory: set-up, reinforcements, or the allié's share."""

    territory: str
    armies: int | Amount


@dataclass(frozen=True, slots=True)
class TradeCards(Action):
    """Trade a set of cards for armies; ``bonus_territory`` picks the 003 +2 territory."""

    cards: tuple[str, ...]
    bonus_territory: str | None = None


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Roll once from ``source`` against ``target`` with ``dice`` attacking dice."""

    source: str
    target: str
    dice: int | Amount


@dataclass(frozen=True, slots=True)
class Blitz(Action):
    """Roll the most dice again and again until ``target`` falls or ``source`` has ``keep``.

    The digital "attack until conquered or down to N armies": the same rolls a player would
    make one by one (000 "Combats" 4: "en renouvelant ces engagements autant de fois").
    """

    source: str
    target: str
    keep: int | Amount


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """The attacked seat's dice against the attack announced (option ``defender_dice=choose``):
    000 "C'est l'attaquant qui, le premier, annonce le nombre de dés qu'il va lancer. Le
    défenseur peut donc décider en conséquence"; 003 "le défenseur peut lancer 1 ou 2 dés".
    Against a Blitz, the dice of every one of its rolls (as far as the armies allow)."""

    dice: int


@dataclass(frozen=True, slots=True)
class Occupy(Action):
    """Move ``armies`` from the attacking territory into the one just conquered."""

    armies: int | Amount


@dataclass(frozen=True, slots=True)
class Fortify(Action):
    """Move ``armies`` between two neighbouring territories of the mover."""

    source: str
    target: str
    armies: int | Amount


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Finish the current optional step: trading, attacking (or the allié's turn), moving."""


ACTION_TYPES = (Claim, Place, TradeCards, Attack, Blitz, Defend, Occupy, Fortify, EndPhase)
