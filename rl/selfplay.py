"""An example self-play loop: every seat of an environment played by one policy, a function
from a seat's observation (features and mask) to an action index.

>>> from rl.env import ArenaEnv
>>> env = ArenaEnv("risk", "hasbro", 3, options={"max_steps": 300})
>>> played = self_play(env, random_policy(seed=1), seed=7)
>>> played.steps, played.rewards
(300, {'seat_0': 0.0, 'seat_1': 0.0, 'seat_2': 0.0})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rl.env import ArenaEnv

Policy = Callable[[dict[str, Any]], int]
"""Chooses an action index from an observation ``{"observation", "action_mask"}``."""


@dataclass(frozen=True)
class Played:
    """A match played to its end: the actions taken and each agent's total reward."""

    steps: int
    rewards: dict[str, float]


def random_policy(seed: int) -> Policy:
    """A policy choosing uniformly among the legal actions (the mask), from ``seed``."""
    rng = np.random.default_rng(seed)

    def policy(observation: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    return policy


def self_play(env: ArenaEnv, policy: Policy, seed: int) -> Played:
    """Play one match of ``env`` from ``seed``, every seat choosing with ``policy``."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)  # a finished agent leaves
            continue
        env.step(policy(observation))
        steps += 1
    return Played(steps, totals)
