"""Microseconds per encode and decode of each game's wire data (issue 19, item 4): an
observation, a list of legal actions, a chosen action and one event, as a bot and the worker
exchange them every decision.

    .venv/bin/python scripts/bench_codec.py --rounds 5 --compare

Positions come from one seeded random match per game (its first variant, 4 seats where
allowed). Decoding starts from parsed messages (gRPC parses them), encoding ends at the
message. ``--compare`` also times the generic converters the package had before (kept for the
tests in ``tests/bots/reference_codec.py``), alternating with the package's round by round,
and prints the ratios of the best rounds (the least disturbed by a loaded machine).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from bots.house.random_player import RandomPlayer
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import GameCodec, codec
from engines.registry import games

REFERENCE = Path(__file__).resolve().parent.parent / "tests" / "bots" / "reference_codec.py"
OPERATIONS = (
    "encode observation",
    "decode observation",
    "encode legal actions",
    "decode legal actions",
    "encode action",
    "decode action",
    "encode event",
    "decode event",
)


@dataclass(frozen=True)
class Sample:
    """What one deciding seat is sent and answers, in both forms."""

    observation: Any
    legal: tuple[Any, ...]
    action: Any
    events: list[Any]
    sent_observation: pb.Observation
    sent_legal: list[pb.Action]
    sent_action: pb.Action
    sent_events: list[str]


def samples(wire: GameCodec, decisions: int, seed: int) -> tuple[dict[str, Any], list[Sample]]:
    """The decoded setup and ``decisions`` positions of a seeded random match."""
    variant = wire.game.variants[0]
    seats = 4 if 4 in variant.seats else max(variant.seats)
    match = wire.game.new_match(variant.name, seats, seed, options={"max_steps": 10 * decisions})
    players = [RandomPlayer(seed=seed + s) for s in range(seats)]
    setup = wire.decode_setup(wire.encode_setup(match.observation(0)))
    found: list[Sample] = []
    while len(found) < decisions and not match.is_over():
        seat = match.to_move()[0]
        observation, legal = match.observation(seat), match.legal_actions(seat)
        action = players[seat].act(observation, legal)
        events = match.apply(seat, action)
        found.append(
            Sample(
                observation,
                legal,
                action,
                events,
                _parsed(wire.encode_observation(observation)),
                [_parsed(m) for m in wire.encode_actions(legal)],
                _parsed(wire.encode_action(action)),
                wire.encode_events(events),
            )
        )
    return setup, found


def _parsed(message: Any) -> Any:
    return type(message).FromString(message.SerializeToString())


def operations(
    wire: GameCodec, setup: dict[str, Any], reference: ModuleType | None
) -> dict[str, tuple[Callable[[Sample], object], Callable[[Sample], int]]]:
    """Each operation on a sample, and how many units (calls, or events) it covers."""
    if reference is None:
        return {
            "encode observation": (lambda s: wire.encode_observation(s.observation), _one),
            "decode observation": (
                lambda s: wire.decode_observation(s.sent_observation, setup),
                _one,
            ),
            "encode legal actions": (lambda s: wire.encode_actions(s.legal), _one),
            "decode legal actions": (lambda s: wire.decode_legal_actions(s.sent_legal), _one),
            "encode action": (lambda s: wire.encode_action(s.action), _one),
            "decode action": (lambda s: wire.decode_action(s.sent_action), _one),
            "encode event": (lambda s: wire.encode_events(s.events), _events),
            "decode event": (lambda s: [wire.decode_event(t) for t in s.sent_events], _events),
        }
    old = reference
    return {
        "encode observation": (lambda s: old.encode_observation(wire, s.observation), _one),
        "decode observation": (
            lambda s: old.decode_observation(wire, s.sent_observation, setup),
            _one,
        ),
        "encode legal actions": (
            lambda s: [old.encode_action(wire, a) for a in s.legal],
            _one,
        ),
        "decode legal actions": (
            lambda s: tuple(old.decode_action(wire, m, True) for m in s.sent_legal),
            _one,
        ),
        "encode action": (lambda s: old.encode_action(wire, s.action), _one),
        "decode action": (lambda s: old.decode_action(wire, s.sent_action, False), _one),
        "encode event": (lambda s: old.encode_events(s.events), _events),
        "decode event": (lambda s: [old.decode_event(wire, t) for t in s.sent_events], _events),
    }


def _one(sample: Sample) -> int:
    return 1


def _events(sample: Sample) -> int:
    return len(sample.sent_events)


def timed(
    operation: tuple[Callable[[Sample], object], Callable[[Sample], int]], found: list[Sample]
) -> float:
    """Microseconds per unit of ``operation`` over every sample."""
    run, units = operation
    start = time.perf_counter()
    for sample in found:
        run(sample)
    elapsed = time.perf_counter() - start
    return elapsed * 1e6 / max(1, sum(units(s) for s in found))


def load_reference() -> ModuleType:
    """tests/bots/reference_codec.py, the generic converters."""
    spec = importlib.util.spec_from_file_location("reference_codec", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Print the table (and the ratios with --compare)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200, help="positions per game")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (the best kept)")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--compare", action="store_true", help="also time the old converters")
    parser.add_argument("--games", nargs="*", help="only these games")
    args = parser.parse_args()
    reference = load_reference() if args.compare else None
    print(
        "game        operation               new µs" + ("    old µs   old/new" if reference else "")
    )
    for game in games():
        if args.games and game.name not in args.games:
            continue
        wire = codec(game.name)
        setup, found = samples(wire, args.decisions, args.seed)
        new = operations(wire, setup, None)
        old = operations(wire, setup, reference) if reference is not None else None
        for name in OPERATIONS:
            new_times, old_times = [], []
            for _ in range(args.rounds):
                new_times.append(timed(new[name], found))
                if old is not None:
                    old_times.append(timed(old[name], found))
            line = f"{game.name:<11} {name:<22} {min(new_times):>8.1f}"
            if old_times:
                ratio = min(old_times) / min(new_times)
                line += f"  {min(old_times):>8.1f}  {ratio:>7.1f}x"
            print(line, flush=True)


if __name__ == "__main__":
    main()
