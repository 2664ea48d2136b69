"""What one Africa observation costs as the message log grows (issue 19, item 2).

For each log length it restores a 4-power standard match in its first diplomacy round with
that many messages already delivered (texts of 40 characters, to every recipient in turn),
then times, as medians over many samples:

- ``steady``: ``observation(seat)`` when nothing changed since that seat's last observation
  (what a bot asked again, a spectator or a runner pays);
- ``delivered``: the first ``observation(seat)`` after a diplomacy round delivered one more
  message to every power (what each power pays at each decision of the diplomacy phase).

It uses only the public match API, so the same file measures any checkout of the engines:

    .venv/bin/python scripts/africa_observation_cost.py
    cd ../old && PYTHONPATH=. ../new/.venv/bin/python ../new/scripts/africa_observation_cost.py
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from engines.africa.actions import EndDiplomacy, Message
from engines.africa.match import AfricaMatch
from engines.africa.variants import ALL, POWERS
from engines.registry import get_game

LENGTHS = (0, 100, 1000, 10000)
SEATS = 4
TEXT = "a promise of forty characters, this one."


def with_log(length: int) -> dict[str, Any]:
    """The snapshot of a 4-power match at its first diplomacy round, ``length`` messages
    delivered."""
    match = get_game("africa").new_match("standard", SEATS, seed=1)
    while len(match.to_move()) == 1:  # the placement, one power at a time
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    state = match.snapshot()
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


def delivered(state: dict[str, Any], samples: int) -> float:
    """Median µs of the first ``observation(0)`` after a round delivered a message to all."""
    times = []
    for _ in range(samples):
        match = restored(state)
        for seat in range(SEATS):
            match.apply(seat, Message("all", TEXT) if seat == 1 else EndDiplomacy())
        start = time.perf_counter_ns()
        match.observation(0)
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def main() -> None:
    """Print the table of medians per log length."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=list(LENGTHS))
    parser.add_argument("--calls", type=int, default=2000, help="steady calls per length")
    parser.add_argument("--samples", type=int, default=60, help="delivered samples per length")
    args = parser.parse_args()
    print("messages  steady µs  delivered µs  (medians; africa/standard, 4 powers)")
    for length in args.lengths:
        state = with_log(length)
        print(
            f"{length:8d}  {steady(state, args.calls):9.2f}  {delivered(state, args.samples):12.2f}"
        )


if __name__ == "__main__":
    main()
