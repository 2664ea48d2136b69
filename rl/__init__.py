"""Reinforcement learning over the engines: a PettingZoo environment for the registry's games
(docs/rl.md). Depends on the engines only, never on the bots or the platform."""

from rl.env import ArenaEnv, env

__all__ = ["ArenaEnv", "env"]
