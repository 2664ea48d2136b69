"""The decisions a nation takes in Risk : la colonisation, as typed actions.

Territories are named by their ids (``"ontario"``). Set-up: a sealed :class:`Bid` on each
second card put up for auction (every other seat at once, C1), then :class:`ChooseHome` on a
tied home roll. Each played year: :class:`ArrangeSchool`, one school card at a time into its
column (every seat at once, in secret, C8). Each turn: :class:`Produce` when a school roll
offers a choice, then the territories' actions (:class:`Move`, :class:`BuildSchool`) and the
free moves of diplomats and general commands (:class:`DiplomatMove`, :class:`DiplomatAct`,
:class:`GeneralMove`), closed by :class:`EndTurn`. A move into another nation's territory is
a war: :class:`Support` from other territories, :class:`Engage`, then after each round its
winner's :class:`Continue` or :class:`Stop`.

>>> Move("ontario", "quebec", Amount(1, 4), general=False, diplomat=True)
Move(source='ontario', target='quebec', armies=Amount(low=1, high=4), general=False, \
diplomat=True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Action, Amount


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Set-up: the sealed bid, in starting armies, on the second card being auctioned; 0 bids
    nothing (004 "Début": "les mettre aux enchères pour se partager les cartes"; C1)."""

    armies: int | Amount


@dataclass(frozen=True, slots=True)
class ChooseHome(Action):
    """Set-up: the home among the territories tied for the highest die (004 "Début": "il
    choisi l'un de ceux obtenus comme étant sa patrie d'origine")."""

    territory: str


@dataclass(frozen=True, slots=True)
class ArrangeSchool(Action):
    """Start of a year: put the card of ``territory`` (the next school card to lay out) in
    ``column`` 1-6 (004 "Ecoles militaires": "dans l'ordre désiré, celle la plus à gauche étant
    la carte n°1"; C8)."""

    territory: str
    column: int


@dataclass(frozen=True, slots=True)
class Produce(Action):
    """School production: what the school card of ``territory``, hit by a roll, gives: ``kind``
    ``"army"``, ``"general"``, ``"diplomat"``, ``"officer_school"`` or ``"political_school"``
    (004 "Ecoles militaires")."""

    territory: str
    kind: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """``source``'s action: move ``armies`` (with one general command and/or one diplomat) into
    the neighbour ``target``: an own territory, a virgin one (the die decides, 004 "Un tour de
    jeu"), an own hostile one (it becomes a colony), or another nation's (a war, 004
    "Guerre")."""

    source: str
    target: str
    armies: int | Amount
    general: bool
    diplomat: bool


@dataclass(frozen=True, slots=True)
class BuildSchool(Action):
    """``territory``'s action: found a military school there (C2, a designed rule)."""

    territory: str


@dataclass(frozen=True, slots=True)
class DiplomatMove(Action):
    """A diplomat of ``source`` moves alone into the own neighbour ``target`` (004 "Diplomate":
    "Un diplomate peut se déplacer seul"); ``source`` keeps its action."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class DiplomatAct(Action):
    """A diplomat of ``source`` stirs troubles in the neighbour ``target``, another nation's
    territory or a hostile one (004 "Diplomate": "réaliser seul une attaque"); ``source``
    keeps its action."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class GeneralMove(Action):
    """A general command of ``source`` moves alone into the own neighbour ``target`` (004
    "Commandement général": "peut se déplacer seul"); ``source`` keeps its action."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """The nation has finished its turn (004 "Un tour de jeu": "Le joueur déclare qu'il a
    terminé"); its objective points are counted."""


@dataclass(frozen=True, slots=True)
class Support(Action):
    """War set-up: ``territory``, another own territory bordering the target, puts ``armies``
    on the border (004 "Guerre": "L'attaquant peut utiliser plusieurs de ses territoires pour
    soutenir une attaque")."""

    territory: str
    armies: int | Amount


@dataclass(frozen=True, slots=True)
class Engage(Action):
    """War set-up: the support is complete; the rounds begin (004 "Guerre")."""


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """War: the round's winner fights another round (004 "Guerre": "Ensuite le vainqueur
    choisi si le combat continue ou pas")."""


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """War: the round's winner ends the war (004 "Guerre")."""


ACTION_TYPES = (
    Bid,
    ChooseHome,
    ArrangeSchool,
    Produce,
    Move,
    BuildSchool,
    DiplomatMove,
    DiplomatAct,
    GeneralMove,
    EndTurn,
    Support,
    Engage,
    Continue,
    Stop,
)
