"""``python -m rl.bench``: steps per second of the environment with random masked actions,
per supported game (a script, not a timed test; docs/benchmarks.md has the figures)."""

from __future__ import annotations

import argparse
import platform
import sys
import time

from engines.registry import get_game
from rl.env import ArenaEnv
from rl.games import SPECS
from rl.selfplay import random_policy, self_play


def measure(game: str, variant: str, seats: int, steps: int, seed: int) -> float:
    """Steps per second of random self-play, over matches of at most ``steps`` actions until
    ``steps`` actions were played (seeds ``seed``, ``seed + 1``, ...)."""
    env = ArenaEnv(game, variant, seats, options={"max_steps": steps})
    played = 0
    start = time.perf_counter()
    while played < steps:
        played += self_play(env, random_policy(seed), seed).steps
        seed += 1
    return played / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    """Measure every supported game (or the one named) and print a line per game."""
    parser = argparse.ArgumentParser(prog="python -m rl.bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(SPECS), help="one game (default: every one)")
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seats", type=int, help="seats (default: the variant's largest)")
    parser.add_argument("--steps", type=int, default=20_000, help="actions per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    for name in [args.game] if args.game else sorted(SPECS):
        info = get_game(name)
        variant = info.variant(args.variant) if args.variant else info.variants[0]
        seats = args.seats or variant.seats[-1]
        rate = measure(name, variant.name, seats, args.steps, args.seed)
        print(f"{name}/{variant.name}, {seats} seats: {rate:8.0f} steps/s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
