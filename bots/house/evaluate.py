"""Measure a player against a field of others in classic Risk.

    python -m bots.house.evaluate --games 200 --seats 4 --variant hasbro

The measured player's seat rotates over the games so that seat bias cancels out.
"""

from __future__ import annotations

import argparse
from importlib.metadata import entry_points

from tqdm import tqdm

from engines.play import play
from engines.replay import start


def load_player(name: str) -> type:
    """The player class registered as ``name`` in the ``conquest_arena.players`` group."""
    found = entry_points(group="conquest_arena.players")
    if name not in found.names:
        raise SystemExit(f"no player {name!r} (known: {', '.join(sorted(found.names))})")
    return found[name].load()


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the measured player's results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--variant", default="hasbro")
    parser.add_argument("--player", default="heuristic", help="the measured player")
    parser.add_argument("--opponent", default="random", help="every other seat")
    parser.add_argument("--max-steps", type=int, default=None, help="step limit per game")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    args = parser.parse_args(argv)
    hero_class, rival_class = load_player(args.player), load_player(args.opponent)
    options = {} if args.max_steps is None else {"max_steps": args.max_steps}
    wins = limited = steps = 0
    for game in tqdm(range(args.games), desc=f"{args.player} vs {args.opponent}"):
        seed = args.seed + game
        hero = game % args.seats
        players = [
            hero_class(seed=seed) if seat == hero else rival_class(seed=seed * 100 + seat)
            for seat in range(args.seats)
        ]
        recorder = start("risk", args.variant, args.seats, seed, options=options)
        play(recorder, players)
        result = recorder.match.result()
        wins += hero in result.winners
        limited += result.reason == "step_limit"
        steps += recorder.match.steps
    print(
        f"variant {args.variant}, {args.seats} seats, {args.games} games: "
        f"{args.player} vs {args.opponent}"
    )
    print(
        f"win rate: {wins / args.games:.1%} ({wins}/{args.games}); "
        f"random baseline {1 / args.seats:.1%}"
    )
    print(f"step-limit games: {limited}; average steps: {steps / args.games:.0f}")


if __name__ == "__main__":
    main()
