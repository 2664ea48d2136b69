"""A match as spectators follow it: frames of public events in words and the board after them.

One :class:`Feed` serves both ways of watching: a replay's frames, one per action that shows
a spectator something (:func:`replay_frames`), and a live match's, one per flush of the
stream the worker writes. A frame holds only what a spectator may see: the events redacted to
public facts (``visible_events(..., None)``), described with the seats' names, and the
spectator board's places that changed since the last frame. It carries no step number and no
acting seat, which could tell how many hidden actions were taken, or by whom.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import Event, Match, Result, visible_events
from engines.core.codec import to_plain
from engines.core.spectator import Board
from engines.replay import Replay, start


class Feed:
    """Turns a match's events into frames for spectators (see the module's docstring).

    >>> from engines.registry import get_game
    >>> match = get_game("risk").new_match("hasbro", 3, seed=1)
    >>> feed = Feed(match, ["Ann", "Bob", "Cid"])
    >>> feed.add(match.setup_events)
    >>> frame = feed.frame()
    >>> len(frame["board"]["places"]), feed.frame() is None
    (42, True)
    """

    def __init__(self, match: Match, names: Sequence[str]) -> None:
        self.match = match
        self.names = list(names)
        self._lines: list[str] = []
        self._board: Board | None = None

    def add(self, events: Sequence[Event]) -> None:
        """Note ``events`` (as the match made them: they are redacted here)."""
        self._lines.extend(e.describe(self.names) for e in visible_events(events, None))

    def frame(self) -> dict[str, Any] | None:
        """The events noted since the last frame and the board's changes, or None when no
        event was noted (nothing a spectator could see has happened)."""
        if not self._lines and self._board is not None:
            return None
        board = self.match.spectator_board()
        frame = {"events": self._lines, "board": board.changes(self._board)}
        self._lines = []
        self._board = board
        return frame


def result_plain(result: Result | None, names: Sequence[str]) -> dict[str, Any] | None:
    """A result as a spectator sees it: the ranking, scores, reason and its sentence."""
    if result is None:
        return None
    plain: dict[str, Any] = to_plain(result)
    plain["placements"] = [result.placement(seat) for seat in range(len(names))]
    return plain


def replay_frames(replay: Replay, names: Sequence[str]) -> list[dict[str, Any]]:
    """Every frame of ``replay`` as a spectator sees it: the set-up, then one per action that
    shows a spectator something."""
    recorder = start(replay.game, replay.variant, replay.seats, replay.seed, options=replay.options)
    feed = Feed(recorder.match, names)
    feed.add(recorder.match.setup_events)
    frames = [feed.frame()]
    for seat, action in replay.actions:
        feed.add(recorder.apply(seat, action))
        frame = feed.frame()
        if frame is not None:
            frames.append(frame)
    return [f for f in frames if f is not None]
