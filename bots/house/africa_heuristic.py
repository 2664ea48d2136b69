"""A readable rule-of-thumb player for Africa: an honest ally that develops and colonises.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: start on a small coastal territory; say to all that it allies with whoever allies
with it, and do so (alliance, except war to a power that declared war on it at the last
reading); develop every territory it holds until it is full; then explore into empty
neighbours, else into neighbours held only by powers allied with it both ways (a shared colony
still scores); land each turn on the smallest free coast.
"""

from __future__ import annotations

import random

from bots.house.choice import ByKind, by_kind
from engines.africa.actions import (
    Declare,
    Develop,
    EndDiplomacy,
    Explore,
    Hold,
    Land,
    Message,
    PlaceStart,
    SubmitOrders,
)
from engines.africa.observation import AfricaObservation
from engines.core import Action

PROMISE = "I ally with every power that allies with me, and I keep my word."


class AfricaHeuristicPlayer:
    """Honest ally: reciprocal relations, develop first, then explore and land.

    >>> from engines.registry import get_game
    >>> match = get_game("africa").new_match("standard", 3, seed=1)
    >>> AfricaHeuristicPlayer().act(match.observation(0), match.legal_actions(0))
    PlaceStart(territory='libye')
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: AfricaObservation, legal_actions: tuple[Action, ...]) -> Action:
        """The heuristic choice among ``legal_actions``."""
        kinds = by_kind(legal_actions)
        if PlaceStart in kinds:
            return min(kinds[PlaceStart], key=lambda a: self._site(obs, a.territory))
        if EndDiplomacy in kinds:
            if not self._said(obs) and Message in kinds:
                for message in kinds[Message]:
                    if message.to == "all":
                        return Message("all", PROMISE[: obs.message_length])
            return kinds[EndDiplomacy][0]
        if Declare in kinds:
            return self._declare(obs, kinds[Declare][0].power)
        for action in legal_actions:
            if isinstance(action, Hold):
                return self._order(obs, action.territory, kinds)
        if Land in kinds:
            targets = {o for _, o in obs.my_orders}
            lands = [a for a in kinds[Land] if a.territory not in targets]
            if lands:
                return min(lands, key=lambda a: self._site(obs, a.territory))
        return kinds[SubmitOrders][0]

    def _said(self, obs: AfricaObservation) -> bool:
        """Whether this power sent a message this turn: the messages go oldest first, so only
        this turn's, at the end, are read (not the whole log)."""
        for message in reversed(obs.messages):
            if message.turn != obs.turn:
                return False
            if message.sender == obs.seat:
                return True
        return False

    def _site(self, obs: AfricaObservation, name: str) -> tuple[int, int, str]:
        """Smaller is better: few squares left to develop, many free neighbours."""
        board = obs.board
        t = board.index[name]
        free = sum(not obs.presences[n] for n in board.neighbours[t])
        return (board.squares[t] - obs.developed[t], -free, name)

    def _declare(self, obs: AfricaObservation, power: str) -> Declare:
        """Alliance, unless that power declared war on us at the last reading."""
        other = obs.powers.index(power)
        hostile = obs.embassies[other][obs.seat] == "war"
        return Declare(power, "war" if hostile else "alliance")

    def _friend(self, obs: AfricaObservation, other: int) -> bool:
        row = obs.embassies
        return row[other][obs.seat] == "alliance" and row[obs.seat][other] == "alliance"

    def _order(self, obs: AfricaObservation, name: str, kinds: ByKind) -> Action:
        """Develop while squares are free; else explore the best neighbour; else hold."""
        for develop in kinds.get(Develop, ()):
            if develop.territory == name:
                return develop
        board = obs.board
        taken = {o for _, o in obs.my_orders} | {obs.my_landing}
        best: tuple[tuple[int, int, str], Explore] | None = None
        for action in kinds.get(Explore, ()):
            if action.source != name or action.target in taken:
                continue
            n = board.index[action.target]
            present = obs.presences[n]
            if present and not all(self._friend(obs, o) for o in present):
                continue
            key = (len(present), board.squares[n] - obs.developed[n], action.target)
            if best is None or key < best[0]:
                best = (key, action)
        if best is not None and obs.stock[obs.seat] > 0:
            return best[1]
        return Hold(name)
