"""Measure a player against a field of others, in any game of the registry.

    python -m bots.house.evaluate --games 200 --seats 4 --variant hasbro
    python -m bots.house.evaluate --game conquetes --variant standard --seats 2 --games 200
    python -m bots.house.evaluate --game conquetes --variant solo --seats 1 \\
        --option bot_level=confirme

The measured player's seat rotates over the games so that seat bias cancels out. A win is a
first place, alone or shared (Conquêtes has shared victories); shared ones are counted apart.
With one seat (Conquêtes solo) there is no field: the match's own bot is the opponent.
"""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from engines.cli import game_names, parse_options, positive, variant_and_seats
from engines.core.contract import EngineError, plural
from engines.play import play
from engines.players import load_player
from engines.replay import start


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the measured player's results; a mistake in the arguments
    exits with status 2 and one line saying what is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="risk", choices=game_names(), help="the game")
    parser.add_argument("--games", type=positive, default=200, help="matches to play")
    parser.add_argument(
        "--seats", type=positive, help="seats per match (default: 4, or the variant's largest)"
    )
    parser.add_argument("--variant", help="the game's variant (default: its first)")
    parser.add_argument("--player", default="heuristic", help="the measured player")
    parser.add_argument("--opponent", default="random", help="every other seat")
    parser.add_argument("--max-steps", type=int, default=None, help="step limit per game")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a match option"
    )
    args = parser.parse_args(argv)
    try:
        _evaluate(args)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None


def _evaluate(args: argparse.Namespace) -> None:
    """Play the games of ``args``; a mistake in them raises EngineError."""
    options = parse_options(args.option)
    if args.max_steps is not None:
        options["max_steps"] = args.max_steps
    variant, args.seats = variant_and_seats(args.game, args.variant, args.seats)
    args.variant = variant.name
    # Mistakes are told before the first game: the match, the player and the opponent.
    start(args.game, args.variant, args.seats, args.seed, options=options)
    for name in (args.player, args.opponent):
        load_player(name, args.seed, args.game)
    solo = args.seats == 1
    field = "the game's own bot" if solo else args.opponent
    wins = shared = limited = steps = 0
    for game in tqdm(range(args.games), desc=f"{args.player} vs {field}"):
        seed = args.seed + game
        hero = game % args.seats
        players = [
            load_player(args.player, seed, args.game)
            if seat == hero
            else load_player(args.opponent, seed * 100 + seat, args.game)
            for seat in range(args.seats)
        ]
        recorder = start(args.game, args.variant, args.seats, seed, options=options)
        play(recorder, players)
        result = recorder.match.result()
        wins += hero in result.winners
        shared += hero in result.winners and len(result.winners) > 1
        limited += result.reason == "step_limit"
        steps += recorder.match.steps
    shown = "".join(f", {k}={v}" for k, v in options.items())
    print(
        f"game {args.game}, variant {args.variant}{shown}, {plural(args.seats, 'seat')}, "
        f"{plural(args.games, 'game')}: "
        f"{args.player} vs {field}"
    )
    baseline = "" if solo else f"; random baseline {1 / args.seats:.1%}"
    print(f"win rate: {wins / args.games:.1%} ({wins}/{args.games}){baseline}")
    if not solo:
        print(f"wins are first places, alone or shared: {shared} of them shared")
    print(f"step-limit games: {limited}; average steps: {steps / args.games:.0f}")


if __name__ == "__main__":
    main()
