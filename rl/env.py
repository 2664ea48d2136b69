"""A PettingZoo AEC environment over any supported game of the registry.

Agents are ``seat_0`` ... ``seat_{n-1}``. The agent selected is a seat of the match's
``to_move()``; when several seats decide at once (a simultaneous decision, independent by the
engine contract) they are selected in turn, each action applied as it comes, the selection
going round from the seat that just acted. An action is an index of the game's
:class:`~rl.catalogue.Catalogue`; the observation is ``{"observation": float32 array,
"action_mask": int8 array}``, both made only from the seat's own ``observation(seat)`` and
``legal_actions(seat)``; :meth:`ArenaEnv.structured_observation` gives the engine's
observation itself. Rewards come at the end: +1 to each winner and -1 to every other seat; 0
to all when nobody won (a draw, or the step limit, which truncates instead of terminating).
"""

from __future__ import annotations

import secrets
from functools import cache
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from engines.core import Action, Match
from engines.registry import get_game
from rl.catalogue import Catalogue, Legal
from rl.games import spec

STEP_LIMIT_REASON = "step_limit"
DEFAULT_LEVELS = 5


def agent_name(seat: int) -> str:
    """The agent of ``seat``."""
    return f"seat_{seat}"


@cache
def catalogue(game: str, variant: str, seats: int, levels: int = DEFAULT_LEVELS) -> Catalogue:
    """The fixed action catalogue of ``game``'s ``variant`` for ``seats`` seats (built once)."""
    get_game(game).variant(variant)  # UnknownGame for a wrong name
    return Catalogue(spec(game).keys(variant, seats), levels=levels)


class ArenaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """One game, variant and seat count of the registry as an AEC environment.

    >>> env = ArenaEnv("risk", "hasbro", 3)
    >>> env.reset(seed=7)
    >>> env.agent_selection, env.structured_observation("seat_0").phase
    ('seat_0', 'claim')
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": [],
        "name": "conquest_arena",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        variant: str,
        seats: int,
        *,
        options: dict[str, Any] | None = None,
        levels: int = DEFAULT_LEVELS,
    ) -> None:
        super().__init__()
        self.game = get_game(game)
        self.variant = variant
        self.seats = seats
        self.match_options = dict(options or {})
        self.spec = spec(game)
        self.catalogue = catalogue(game, variant, seats, levels)
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.match: Match = self._new_match(0)
        size = len(self._features(0))
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (len(self.catalogue),), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(len(self.catalogue)) for agent in self.possible_agents
        }
        self._legal: dict[int, Legal] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the catalogue's indexes."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match from ``seed`` (a random one when None): the same seed, the same
        match for the same actions."""
        self.match = self._new_match(secrets.randbelow(2**31) if seed is None else seed)
        self._legal = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.match.to_move()[0])

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its features and the mask of its legal actions."""
        seat = self._seat[agent]
        return {"observation": self._features(seat), "action_mask": self._legal_of(seat).mask}

    def structured_observation(self, agent: str) -> Any:
        """The engine's own observation of ``agent``'s seat."""
        return self.match.observation(self._seat[agent])

    def action(self, agent: str, index: int) -> Action:
        """The concrete action of ``index`` for ``agent`` now (ValueError if not legal)."""
        return self._legal_of(self._seat[agent]).action(index)

    def step(self, action: int | None) -> None:
        """Play the selected agent's action, an index its mask allows."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        seat = self._seat[agent]
        self.match.apply(seat, self.action(agent, int(action)))
        self._legal = {}
        self._cumulative_rewards[agent] = 0.0
        if self.match.is_over():
            self._finish()
        else:
            self.agent_selection = agent_name(self._next_seat(seat))
        self._accumulate_rewards()

    def close(self) -> None:
        """Nothing to release."""

    def render(self) -> None:
        """No rendering: the platform's viewer shows matches."""

    def _new_match(self, seed: int) -> Match:
        return self.game.new_match(self.variant, self.seats, seed, self.match_options)

    def _features(self, seat: int) -> Any:
        return self.spec.features(self.match.observation(seat), self.seats).array()

    def _legal_of(self, seat: int) -> Legal:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.catalogue.legal(self.match.legal_actions(seat))
        return legal

    def _next_seat(self, seat: int) -> int:
        """The next seat to move: going round from ``seat``, so that the seats of a
        simultaneous decision are selected in turn."""
        movers = self.match.to_move()
        later = [s for s in movers if s > seat]
        return later[0] if later else movers[0]

    def _finish(self) -> None:
        result = self.match.result()
        truncated = result.reason == STEP_LIMIT_REASON
        for agent in self.agents:
            seat = self._seat[agent]
            if result.winners:
                self.rewards[agent] = 1.0 if seat in result.winners else -1.0
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated


def env(game: str, variant: str, seats: int, **kwargs: Any) -> ArenaEnv:
    """The environment of ``game``'s ``variant`` for ``seats`` seats (see :class:`ArenaEnv`)."""
    return ArenaEnv(game, variant, seats, **kwargs)
