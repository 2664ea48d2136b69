"""What one Africa observation costs as the message log grows (issue 19, item 2).

For each log length it restores a 4-power standard match in its first diplomacy round with
that many messages already delivered (texts of 40 characters, to every recipient in turn; at
most 100 messages a power this turn), then times, as medians over many samples:

- ``steady``: ``observation(seat)`` when nothing changed since that seat's last observation
  (what a bot asked again, a spectator or a runner pays);
- ``said``: the first ``observation(seat)`` after that seat said its word of the round (a
  message not delivered yet, shown to it after the log);
- ``delivered``: the first ``observation(seat)`` after the round delivered every power's
  message (what each power pays at each decision of the diplomacy phase).

The last two are timed round after round in one match (four messages more a round), as a
match is played: timed right after a restore, an observation also pays for the caches that
restoring a long log left cold, which has nothing to do with the observation.

It uses only the public match API, so the same file measures any checkout of the engines:

    .venv/bin/python scripts/africa_observation_cost.py
    cd ../old && PYTHONPATH=. ../new/.venv/bin/python ../new/scripts/africa_observation_cost.py
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from engines.africa.actions import Message
from engines.africa.match import AfricaMatch
from engines.africa.variants import ALL, POWERS
from engines.registry import get_game

LENGTHS = (0, 100, 1000, 10000)
SEATS = 4
ROUNDS = 100  # the most messages a power may send in a turn (the option's maximum)
TEXT = "a promise of forty characters, this one."


def with_log(length: int) -> dict[str, Any]:
    """The snapshot of a 4-power match at its first diplomacy round, ``length`` messages
    delivered."""
    match = get_game("africa").new_match("standard", SEATS, seed=1)
    while len(match.to_move()) == 1:  # the placement, one power at a time
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    state = match.snapshot()
    state["options"]["messages"] = ROUNDS
    others = [[p for p in (*POWERS[:SEATS], ALL) if p != POWERS[s]] for s in range(SEATS)]
    state["messages"] = [
        [1, i % SEATS, others[i % SEATS][i // SEATS % SEATS], TEXT] for i in range(length)
    ]
    return state


def restored(state: dict[str, Any]) -> AfricaMatch:
    """A match restored from ``state``, its observations built once (a warm view)."""
    match = AfricaMatch.restore(state)
    assert isinstance(match, AfricaMatch)
    for seat in range(SEATS):
        match.observation(seat)
    return match


def steady(state: dict[str, Any], calls: int) -> float:
    """Median µs of ``observation(0)`` called again with nothing changed."""
    match = restored(state)
    times = []
    for _ in range(calls):
        start = time.perf_counter_ns()
        match.observation(0)
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def rounds(state: dict[str, Any], samples: int) -> tuple[float, float]:
    """Median µs of the first ``observation(0)`` after seat 0 said its word of a round, and
    after the round delivered every power's message, over ``samples`` rounds of one match."""
    match = restored(state)
    said, delivered = [], []
    for _ in range(samples):
        match.apply(0, Message("all", TEXT))
        said.append(timed(match))
        for seat in range(1, SEATS):
            match.apply(seat, Message("all", TEXT))
        delivered.append(timed(match))
    return statistics.median(said) / 1000, statistics.median(delivered) / 1000


def timed(match: AfricaMatch) -> int:
    """The ns one ``observation(0)`` takes."""
    start = time.perf_counter_ns()
    match.observation(0)
    return time.perf_counter_ns() - start


def main() -> None:
    """Print the table of medians per log length."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=list(LENGTHS))
    parser.add_argument("--calls", type=int, default=2000, help="steady calls per length")
    parser.add_argument(
        "--samples", type=int, default=60, help=f"rounds per length (said, delivered), 1-{ROUNDS}"
    )
    args = parser.parse_args()
    if not 1 <= args.samples <= ROUNDS:
        parser.error(f"--samples must be 1 to {ROUNDS}: the messages a power may send in a turn")
    print("messages  steady µs  said µs  delivered µs  (medians; africa/standard, 4 powers)")
    for length in args.lengths:
        state = with_log(length)
        said, delivered = rounds(state, args.samples)
        print(f"{length:8d}  {steady(state, args.calls):9.2f}  {said:7.2f}  {delivered:12.2f}")


if __name__ == "__main__":
    main()
