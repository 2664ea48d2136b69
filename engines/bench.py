"""``python -m engines bench``: engine speed and memory on complete matches.

For each player policy it plays complete matches and reports matches per second (everything:
players, observations, engine), engine decisions per second, and the engine's own cost per
decision (``legal_actions`` + ``apply``) as median and tail percentiles. Figures and the
command that produced them are kept in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import json
import platform as host
import statistics
import sys
import time
import tracemalloc
from array import array
from collections import Counter

from engines.players import load_player
from engines.registry import get_game

POLICIES = ("random", "attacker")
"""The default policies for Risk; other games default to ``OTHER_POLICIES``."""
OTHER_POLICIES = ("random", "heuristic")


def default_policies(game: str) -> tuple[str, ...]:
    """The policies benchmarked when none are named.

    >>> default_policies("risk"), default_policies("conquetes")
    (('random', 'attacker'), ('random', 'heuristic'))
    """
    return POLICIES if game == "risk" else OTHER_POLICIES


def run(
    variant: str,
    seats: int,
    games: int,
    seed: int,
    *,
    game_name: str = "risk",
    policies: tuple[str, ...] | None = None,
) -> int:
    """Benchmark ``games`` matches of ``game_name``/``variant`` for each policy (every seat
    plays it); print the figures."""
    game = get_game(game_name)
    game.variant(variant)  # an unknown variant fails before anything runs
    print(
        f"{game_name}/{variant}, {seats} seats, {games} complete matches per policy, seeds {seed}.."
    )
    print(f"Python {sys.version.split()[0]} on {host.machine()} ({host.processor() or 'cpu'})")
    for policy in policies or default_policies(game_name):
        costs = array("q")  # nanoseconds per decision
        reasons: Counter[str] = Counter()
        decisions = 0
        snapshot_bytes = 0
        started = time.perf_counter()
        for index in range(games):
            match = game.new_match(variant, seats, seed + index)
            players = [load_player(policy, seed=(seed + index) * 10 + s) for s in range(seats)]
            clock = time.perf_counter_ns
            while not match.is_over():
                seat = match.to_move()[0]
                observation = match.observation(seat)
                t0 = clock()
                legal = match.legal_actions(seat)
                t1 = clock()
                action = players[seat].act(observation, legal)
                t2 = clock()
                match.apply(seat, action)
                costs.append((t1 - t0) + (clock() - t2))
            decisions += match.steps
            reasons[match.result().reason] += 1
            snapshot_bytes = max(snapshot_bytes, len(json.dumps(match.snapshot())))
        elapsed = time.perf_counter() - started
        engine_seconds = sum(costs) / 1e9
        q = statistics.quantiles(costs, n=100)
        peak = _peak_memory(game_name, variant, seats, seed, policy)
        print(f"\npolicy {policy}:")
        print(f"  complete matches/s (players + observations + engine): {games / elapsed:8.2f}")
        print(
            f"  complete matches/s (engine time only):               {games / engine_seconds:8.2f}"
        )
        print(f"  decisions per match (mean):                          {decisions / games:8.0f}")
        rate = decisions / engine_seconds
        print(f"  engine decisions/s (legal_actions + apply):          {rate:8.0f}")
        print(
            f"  engine cost per decision, median / p90 / p99 (µs):   "
            f"{statistics.median(costs) / 1000:.2f} / {q[89] / 1000:.2f} / {q[98] / 1000:.2f}"
        )
        print(f"  how matches ended: {dict(reasons)}")
        print(f"  largest snapshot (JSON bytes): {snapshot_bytes}")
        print(f"  peak memory allocated while playing one match: {peak / 1024:.0f} KiB")
    return 0


def _peak_memory(game: str, variant: str, seats: int, seed: int, policy: str) -> int:
    """Peak bytes allocated (tracemalloc) while one match is created and played."""
    players = [load_player(policy, seed=seed * 10 + s) for s in range(seats)]
    tracemalloc.start()
    match = get_game(game).new_match(variant, seats, seed)
    while not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, players[seat].act(match.observation(seat), match.legal_actions(seat)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak
