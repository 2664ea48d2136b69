"""Driving a match with players: the loop every runner (local, worker) shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engines.core.contract import Action
from engines.replay import Recorder


class Player(Protocol):
    """A decision maker for one seat: given what it may know and do, it picks an action.

    House bots and the bot SDK implement this; a player receives exactly the observation
    and legal actions a remote bot would.
    """

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """Return one action: a legal action, with any Amount template filled in."""
        ...


def play(recorder: Recorder, players: Sequence[Player]) -> None:
    """Ask the players for actions until the match is over (illegal actions raise)."""
    match = recorder.match
    while not match.is_over():
        seat = match.to_move()[0]
        action = players[seat].act(match.observation(seat), match.legal_actions(seat))
        recorder.apply(seat, action)
