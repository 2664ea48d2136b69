"""Misbehaving and slow players for the platform's tests, named as ``arena_players:Class``."""

from __future__ import annotations

import threading
import time

from bots.house.always_attack import AlwaysAttackPlayer
from bots.house.random_player import RandomPlayer
from bots.sdk import log
from engines.risk.actions import Place


class SleepyPlayer(RandomPlayer):
    """A random player that thinks for ``DELAY`` seconds per decision."""

    DELAY = 0.3

    def act(self, observation, legal_actions):
        time.sleep(self.DELAY)
        return super().act(observation, legal_actions)


class SlowAttacker(AlwaysAttackPlayer):
    """The always-attack player, 5 ms per decision: a match lasts a few seconds."""

    def act(self, observation, legal_actions):
        time.sleep(0.005)
        return super().act(observation, legal_actions)


class CrashingPlayer:
    """Raises on every decision."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation, legal_actions):
        raise RuntimeError("bot bug")


class IllegalPlayer:
    """Places armies on a territory that does not exist (Risk), or returns a non-action."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation, legal_actions):
        if any(isinstance(a, Place) for a in legal_actions):
            return Place("atlantis", 1)
        return "no action"


class LoopingPlayer:
    """Never answers."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation, legal_actions):
        while True:
            pass


class LoggingPlayer(RandomPlayer):
    """A random player that writes its seat to the match log at its first decision."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decided = False

    def act(self, observation, legal_actions):
        if not self.decided:
            log(f"hello from seat {observation.seat}")
            self.decided = True
        return super().act(observation, legal_actions)


class GatheringPlayer(LoggingPlayer):
    """A logging player whose first decision waits (30 s at most) until ``MATCHES`` players
    of its class exist in its process, one per match: none of the bot's matches ends before
    the last has started."""

    MATCHES = 3
    _arrived = threading.Condition()
    _players = 0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        with GatheringPlayer._arrived:
            GatheringPlayer._players += 1
            GatheringPlayer._arrived.notify_all()

    def act(self, observation, legal_actions):
        if not self.decided:
            with GatheringPlayer._arrived:
                GatheringPlayer._arrived.wait_for(
                    lambda: GatheringPlayer._players >= self.MATCHES, timeout=30
                )
        return super().act(observation, legal_actions)
