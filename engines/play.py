"""Driving a match with players: the one loop every runner shares (local play, the benchmark,
the platform's workers).

Every seat in ``to_move()`` is asked at once (the contract makes their decisions independent),
then their actions are applied in seat order: with remote bots, a simultaneous decision
(Africa's secret orders) costs one round trip for all seats, not one per seat.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from engines.core.contract import Action, Event, IllegalAction
from engines.core.match import Match
from engines.replay import Recorder

T = TypeVar("T")


class Player(Protocol):
    """A decision maker for one seat: given what it may know and do, it picks an action.

    House bots and the bot SDK implement this; a player receives exactly the observation
    and legal actions a remote bot would.
    """

    def act(self, observation: Any, legal_actions: tuple[Action, ...]) -> Action:
        """Return one action: a legal action, with any Amount template filled in."""
        ...


class Decision(NamedTuple):
    """A seat asked to decide: what it may know and what it may do now (a tuple: one is
    made for every decision)."""

    seat: int
    observation: Any
    legal_actions: tuple[Action, ...]


Decide = Callable[[Decision], Awaitable[T]]
"""Asks one seat; the answer goes to ``settle`` (an action, or whatever a runner needs)."""
Settle = Callable[[Decision, T], Sequence[Event]]
"""Plays a seat's answer on the match and returns the events it caused."""


async def play_rounds(match: Match, decide: Decide[T], settle: Settle[T]) -> None:
    """Play ``match`` to its end: ask every seat to move at once, then settle their answers
    in seat order.

    >>> from engines.registry import get_game
    >>> match = get_game("africa").new_match("standard", 3, seed=1, options={"max_steps": 9})
    >>> async def first(decision):
    ...     return decision.legal_actions[0]
    >>> asked = []
    >>> def settle(decision, action):
    ...     asked.append(decision.seat)
    ...     return match.apply(decision.seat, action)
    >>> finish(play_rounds(match, first, settle))
    >>> match.is_over(), len(asked)
    (True, 9)
    """
    try:  # on an event loop the seats asked at once decide concurrently
        asyncio.get_running_loop()
        concurrent = True
    except RuntimeError:  # stepped by finish(): one after the other
        concurrent = False
    while not match.is_over():
        movers = match.to_move()
        if len(movers) == 1:  # the common case, kept cheap
            seat = movers[0]
            decision = Decision(seat, match.observation(seat), match.legal_actions(seat))
            settle(decision, await decide(decision))
            continue
        asked = [Decision(s, match.observation(s), match.legal_actions(s)) for s in movers]
        if concurrent:
            answers = await asyncio.gather(*(decide(decision) for decision in asked))
        else:
            answers = [await decide(decision) for decision in asked]
        for decision, answer in zip(asked, answers, strict=True):
            if match.is_over():  # the step limit may end a match between two seats' actions
                break
            settle(decision, answer)


def finish(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits for I/O to its end, without an event loop.

    >>> async def two():
    ...     return 2
    >>> finish(two())
    2
    """
    try:
        coroutine.send(None)
    except StopIteration as end:
        value: T = end.value  # StopIteration.value is untyped: the coroutine's T
        return value
    coroutine.close()
    raise RuntimeError("a seat waited for I/O: play this match on an event loop")


Fault = Callable[[int, Exception], None]
"""Told of a seat's fault: its player raised, or chose an illegal action."""
Watch = Callable[[Decision, Action], None]
"""Told of each decision and the action its player answered (before it is applied)."""


def play(
    recorder: Recorder,
    players: Sequence[Player],
    *,
    on_fault: Fault | None = None,
    on_decision: Watch | None = None,
) -> None:
    """Ask the players for actions until the match is over.

    Without ``on_fault`` a player's error or illegal action raises. With it, as on the
    platform, the fault is reported to ``on_fault(seat, error)`` and the game's default action
    is played for the seat instead. ``on_decision(decision, action)`` is told of each answer
    (the default action when the player raised) outside the players' fault boundary: what it
    raises stops the match.

    >>> from engines.replay import start
    >>> class Crash:
    ...     def act(self, observation, legal_actions):
    ...         raise ValueError("boom")
    >>> recorder = start("africa", "standard", 3, 1, options={"max_steps": 6})
    >>> faults = []
    >>> play(recorder, [Crash()] * 3, on_fault=lambda seat, error: faults.append(seat))
    >>> recorder.match.is_over(), len(faults)
    (True, 6)
    """
    game = recorder.match.game

    async def decide(decision: Decision) -> Action:
        try:
            action = players[decision.seat].act(decision.observation, decision.legal_actions)
        except Exception as error:
            if on_fault is None:
                raise
            on_fault(decision.seat, error)
            action = game.default_action(decision.legal_actions)
        if on_decision is not None:
            on_decision(decision, action)
        return action

    def settle(decision: Decision, action: Action) -> Sequence[Event]:
        try:
            return recorder.apply(decision.seat, action)
        except IllegalAction as error:
            if on_fault is None:
                raise
            on_fault(decision.seat, error)
            return recorder.apply(decision.seat, game.default_action(decision.legal_actions))

    finish(play_rounds(recorder.match, decide, settle))
