"""A classic-Risk bot that reads its observation: it reinforces and fortifies the border,
and attacks only where it outnumbers the defender. Other games: :class:`RandomBot`.

    python -m engines play risk --variant hasbro --bots bots.examples.border_bot:BorderBot,random
"""

from __future__ import annotations

from typing import Any

from bots.examples.random_bot import RandomBot
from bots.house.choice import amount_of, by_kind
from bots.sdk import fill, log
from engines.core import Action
from engines.risk.actions import Blitz, Claim, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.observation import RiskObservation

ODDS = 2
"""Blitz only from a territory with at least this many times the defender's armies."""


class BorderBot:
    """Claims where it is strongest, reinforces the most threatened border territory, blitzes
    at good odds, moves everything forward, and fortifies from the interior to the border.

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> type(BorderBot(seed=5).act(match.observation(0), match.legal_actions(0))).__name__
    'Claim'
    """

    def __init__(self, seed: int = 0) -> None:
        self.fallback = RandomBot(seed)

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """The border player's choice among ``legal_actions``."""
        if not isinstance(observation, RiskObservation):
            return self.fallback.act(observation, legal_actions)
        view = _View(observation)
        kinds = by_kind(legal_actions)
        if Claim in kinds:
            return max(kinds[Claim], key=lambda a: view.friends_near(a.territory))
        if TradeCards in kinds:
            return kinds[TradeCards][0]
        if Place in kinds:
            if observation.phase == "place":  # a line of this match's log, for the bot's owner
                log(f"round {observation.round}: {view.held()} territories")
            place = max(kinds[Place], key=lambda a: view.threat(a.territory))
            return fill(place, amount_of(place).high)
        if Occupy in kinds:
            return fill(kinds[Occupy][0], amount_of(kinds[Occupy][0]).high)
        good = [
            a for a in kinds.get(Blitz, []) if view.armies(a.source) >= ODDS * view.armies(a.target)
        ]
        if good:
            blitz = max(good, key=lambda a: view.armies(a.source) - view.armies(a.target))
            return fill(blitz, amount_of(blitz).low)
        forward = [
            a for a in kinds.get(Fortify, []) if view.threat(a.source) == 0 < view.threat(a.target)
        ]
        if forward:
            move = max(forward, key=lambda a: amount_of(a).high)
            return fill(move, amount_of(move).high)
        if EndPhase in kinds:
            return kinds[EndPhase][0]
        return self.fallback.act(observation, legal_actions)


class _View:
    """Questions about the board asked by territory id."""

    def __init__(self, observation: RiskObservation) -> None:
        self.o = observation
        self.me = observation.acting_for  # the allié's turn in miro-2p: its armies, not ours
        self.board = observation.board

    def armies(self, territory: str) -> int:
        """Armies on ``territory``."""
        return self.o.armies[self.board.index[territory]]

    def held(self) -> int:
        """Territories of the owner we move for."""
        return sum(1 for owner in self.o.owners if owner == self.me)

    def _neighbours(self, territory: str) -> tuple[int, ...]:
        return self.board.neighbours[self.board.index[territory]]

    def friends_near(self, territory: str) -> int:
        """Neighbours of ``territory`` held by the owner we move for."""
        return sum(1 for n in self._neighbours(territory) if self.o.owners[n] == self.me)

    def threat(self, territory: str) -> int:
        """Enemy armies next to ``territory``."""
        return sum(
            self.o.armies[n] for n in self._neighbours(territory) if self.o.owners[n] != self.me
        )
