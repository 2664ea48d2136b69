"""The decisions a seat takes in Conquêtes, as typed actions.

Regions and cards are named by their region ids (``"maghreb"``); the three copies of a region
are alike. After its automatic draw a player takes one of :class:`DrawTwo`,
:class:`PlayRegion` or :class:`Attack` (001 "Déroulement du jeu" 2). Support is chosen one card
at a time, face down, and closed with :class:`CommitSupport`, so a bot can list its options
(a hand of ten cards has a thousand subsets, but at most ten distinct next cards):

>>> Attack("maghreb", "europe_occidentale"), AddSupport("chine"), CommitSupport()
(Attack(source='maghreb', target='europe_occidentale'), AddSupport(region='chine'), \
CommitSupport())
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Action


@dataclass(frozen=True, slots=True)
class DrawTwo(Action):
    """Draw two more cards (001 "Déroulement du jeu" 2: "Piocher deux cartes supplémentaires")."""


@dataclass(frozen=True, slots=True)
class PlayRegion(Action):
    """Put a region card from the hand into the own camp, face up (001 "Mettre en jeu une
    nouvelle carte Région"); never a region already in play in any camp."""

    region: str


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack ``target``, an opponent's region bordering ``source``, one of the own regions
    (001 "Attaquer une Région")."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class AddSupport(Action):
    """Put one card of ``region`` from the hand into the support being chosen, face down
    (001 "DÉROULÉ D'UNE ATTAQUE")."""

    region: str


@dataclass(frozen=True, slots=True)
class CommitSupport(Action):
    """Commit the chosen support face down and announce its count (the attacker needs one card
    at least; the defender may commit none)."""


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """Give one card over the limit of ten to the opponent ``to`` (001 "NOTE Si à la fin de son
    tour un joueur a plus de 10 cartes"); every card goes to the first one chosen."""

    region: str
    to: int


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Solo: discard one card over the limit of ten (001 solo "VOTRE TOUR DE JEU" A)."""

    region: str


ACTION_TYPES = (DrawTwo, PlayRegion, Attack, AddSupport, CommitSupport, GiveCard, DiscardCard)
