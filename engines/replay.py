"""Replays: a match as (engine version, game, variant, options, seed, seats, actions).

Re-simulating a replay reproduces every event and the result exactly; :func:`verify`
says what differs when it does not.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from engines.core.codec import from_plain, json_encoder, to_plain
from engines.core.contract import Action, EngineError, Event, Result
from engines.core.match import Match
from engines.registry import get_game

_digest_line = json_encoder(sort_keys=True)
"""An event's line in a replay's digest (``json.dumps(plain, sort_keys=True)``)."""

FORMAT = "conquest-arena-replay/1"


@dataclass(frozen=True)
class Replay:
    """Everything needed to re-simulate a match, plus what it produced to check against."""

    engine_version: str
    game: str
    variant: str
    options: dict[str, Any]
    seed: int
    seats: int
    actions: tuple[tuple[int, Action], ...]
    events_digest: str
    result: Result | None
    players: tuple[str, ...] = ()

    def to_json(self) -> str:
        """The replay as a JSON document."""
        return json.dumps(
            {
                "format": FORMAT,
                "engine_version": self.engine_version,
                "game": self.game,
                "variant": self.variant,
                "options": self.options,
                "seed": self.seed,
                "seats": self.seats,
                "players": list(self.players),
                "actions": [[seat, to_plain(action)] for seat, action in self.actions],
                "events_digest": self.events_digest,
                "result": to_plain(self.result),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Replay:
        """Parse :meth:`to_json`'s output; a malformed document raises EngineError."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as error:
            raise EngineError(f"replay is not JSON: {error}") from error
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise EngineError(f"not a replay of format {FORMAT}")
        game = get_game(doc["game"])
        types: dict[str, type[Action] | type[Result]] = {t.__name__: t for t in game.action_types}
        types["Result"] = Result
        return cls(
            engine_version=doc["engine_version"],
            game=doc["game"],
            variant=doc["variant"],
            options=doc["options"],
            seed=doc["seed"],
            seats=doc["seats"],
            players=tuple(doc.get("players", ())),
            actions=tuple((seat, from_plain(a, types)) for seat, a in doc["actions"]),
            events_digest=doc["events_digest"],
            result=from_plain(doc["result"], types),
        )


class Recorder:
    """Keeps the actions and a running digest of the events of a match as it is played."""

    def __init__(self, match: Match, players: tuple[str, ...] = ()) -> None:
        self.match = match
        self.players = players
        self.options = dict(match.options)
        self.actions: list[tuple[int, Action]] = []
        self._digest = hashlib.sha256()

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` to the match and record it with its events."""
        events = self.match.apply(seat, action)
        self.actions.append((seat, action))
        self.add_events(events)
        return events

    def add_events(self, events: list[Event]) -> None:
        """Fold ``events`` into the digest (also used for events of the match's creation)."""
        lines = "".join([_digest_line(to_plain(event)) + "\n" for event in events])
        self._digest.update(lines.encode())

    def replay(self) -> Replay:
        """The replay of everything recorded so far."""
        m = self.match
        return Replay(
            engine_version=m.engine_version,
            game=m.game.name,
            variant=m.variant,
            options=self.options,
            seed=m.seed,
            seats=m.seats,
            actions=tuple(self.actions),
            events_digest=self._digest.hexdigest(),
            result=m.result() if m.is_over() else None,
            players=self.players,
        )


def start(
    game: str,
    variant: str,
    seats: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    players: tuple[str, ...] = (),
    version: str | None = None,
) -> Recorder:
    """Create a match played by engine ``version`` (None: the newest) and a recorder for it
    (the creation's events are in the digest)."""
    match = get_game(game).new_match(variant, seats, seed, options, version=version)
    recorder = Recorder(match, players)
    recorder.add_events(match.setup_events)
    return recorder


def simulate(replay: Replay, *, steps: int | None = None) -> Recorder:
    """Re-play every action of ``replay`` (its first ``steps`` only, when given) on a new
    match of the replay's engine version (raises on an illegal action, or BadSetup for a
    version the engine no longer plays).

    >>> recorder = start("risk", "hasbro", 3, 5, players=("random",) * 3)
    >>> for _ in range(4):
    ...     seat = recorder.match.to_move()[0]
    ...     _ = recorder.apply(seat, recorder.match.legal_actions(seat)[0])
    >>> simulate(recorder.replay(), steps=2).match.steps
    2
    """
    recorder = start(
        replay.game,
        replay.variant,
        replay.seats,
        replay.seed,
        options=replay.options,
        players=replay.players,
        version=replay.engine_version,
    )
    for seat, action in replay.actions[:steps]:
        recorder.apply(seat, action)
    return recorder


def verify(replay: Replay) -> list[str]:
    """What differs between ``replay`` and its re-simulation by the replay's engine version
    (empty when it reproduces)."""
    game = get_game(replay.game)
    if replay.engine_version not in game.versions:
        return [f"engine version {replay.engine_version} not in {', '.join(game.versions)}"]
    try:
        again = simulate(replay).replay()
    except EngineError as error:
        return [f"re-simulation failed: {error}"]
    problems = []
    if again.events_digest != replay.events_digest:
        problems.append(f"events differ: digest {again.events_digest} != {replay.events_digest}")
    if again.result != replay.result:
        problems.append(f"result differs: {again.result} != {replay.result}")
    return problems
