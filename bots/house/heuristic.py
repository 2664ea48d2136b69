"""The ``heuristic`` house player: the rule-of-thumb player of whichever game it plays."""

from __future__ import annotations

from typing import Any

from bots.house.africa_heuristic import AfricaHeuristicPlayer
from bots.house.conquetes_heuristic import ConquetesHeuristicPlayer
from bots.house.risk_heuristic import RiskHeuristicPlayer
from engines.africa.observation import AfricaObservation
from engines.conquetes.observation import ConquetesObservation
from engines.core import Action
from engines.risk.observation import RiskObservation

HEURISTICS: dict[type, type] = {
    RiskObservation: RiskHeuristicPlayer,
    ConquetesObservation: ConquetesHeuristicPlayer,
    AfricaObservation: AfricaHeuristicPlayer,
}
"""Each game's heuristic player, by the class of that game's observations."""


class HeuristicPlayer:
    """Plays any registered game with that game's heuristic, chosen at the first decision.

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> type(HeuristicPlayer(seed=2).act(match.observation(0), match.legal_actions(0))).__name__
    'Claim'
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.player: Any = None

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """The game's heuristic choice among ``legal_actions``."""
        if self.player is None:
            kind = HEURISTICS.get(type(observation))
            if kind is None:
                raise TypeError(f"no heuristic player for {type(observation).__name__}")
            self.player = kind(seed=self.seed)
        return self.player.act(observation, legal_actions)
