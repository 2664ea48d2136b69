"""Time a player alone: the CPU each ``act`` call takes, per decision, over seeded matches in
which the player holds every seat (issue 19).

    .venv/bin/python scripts/bench_player.py --game conquetes --variant standard --seats 2 \\
        --player bots.house.conquetes_heuristic:ConquetesHeuristicPlayer --games 20 --runs 3

Only ``player.act`` is timed (``time.process_time_ns`` around each call, so another process
on the machine adds nothing but clock noise); observations, legal actions and the engine are
not. ``--baseline module:Class`` (a copy of an older player, importable from the path) is
asked the same decisions, in the same process, alternating which of the two goes first, and
must choose the same action every time: an A/B of two versions of a player on the very same
observations, which also proves that they decide alike. The fastest of ``--runs`` runs is
reported, as ``timeit`` does; every run's mean is shown beside it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from engines.play import Player
from engines.players import game_player
from engines.registry import get_game


def _players(name: str, game: str, seed: int, seats: int) -> list[Player]:
    cls = game_player(name, game)
    return [cls(seed=seed * 10 + s) for s in range(seats)]


def run_once(args: argparse.Namespace) -> tuple[list[int], list[int], int]:
    """One run: the CPU ns of each of the player's decisions, the baseline's (empty without
    one) and the number of decisions on which the two chose differently."""
    game = get_game(args.game)
    mine: list[int] = []
    theirs: list[int] = []
    differ = 0
    clock = time.process_time_ns
    for index in range(args.games):
        seed = args.seed + index
        match = game.new_match(args.variant, args.seats, seed, dict(args.option))
        players = _players(args.player, args.game, seed, args.seats)
        baselines = _players(args.baseline, args.game, seed, args.seats) if args.baseline else []
        while not match.is_over():
            seat = match.to_move()[0]
            observation, legal = match.observation(seat), match.legal_actions(seat)
            old: Any = None
            baseline_first = bool(baselines) and len(mine) % 2 == 1
            if baseline_first:
                started = clock()
                old = baselines[seat].act(observation, legal)
                theirs.append(clock() - started)
            started = clock()
            action = players[seat].act(observation, legal)
            mine.append(clock() - started)
            if baselines and not baseline_first:
                started = clock()
                old = baselines[seat].act(observation, legal)
                theirs.append(clock() - started)
            if baselines and old != action:
                differ += 1
                print(f"seed {seed} step {match.steps}: {action!r} but the baseline {old!r}")
            match.apply(seat, action)
    return mine, theirs, differ


def _line(label: str, costs: Sequence[int], means: Sequence[float]) -> str:
    runs = " / ".join(f"{m:.1f}" for m in means)
    return (
        f"{label}: mean {statistics.fmean(costs) / 1000:8.1f} µs, median "
        f"{statistics.median(costs) / 1000:8.1f} µs CPU per decision (mean of each run: {runs})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run, print the figures; 1 if the baseline ever differed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conquetes")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--player", default="heuristic", help="a player name or module:Class")
    parser.add_argument("--baseline", help="module:Class asked the same decisions")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=lambda text: tuple(text.split("=", 1)),
        help="a match option name=value",
    )
    args = parser.parse_args(argv)
    played = [run_once(args) for _ in range(args.runs)]
    means = [statistics.fmean(mine) / 1000 for mine, _, _ in played]
    mine = played[means.index(min(means))][0]
    print(
        f"{args.game}/{args.variant}, {args.seats} seats, {args.games} matches, seeds {args.seed}.."
    )
    print(f"{len(mine)} decisions per run, {args.runs} runs, the fastest shown")
    print(_line(args.player, mine, means))
    if args.baseline:
        old_means = [statistics.fmean(old) / 1000 for _, old, _ in played]
        fastest = played[old_means.index(min(old_means))][1]
        print(_line(args.baseline, fastest, old_means))
        ratio = statistics.fmean(fastest) / statistics.fmean(mine)
        print(f"baseline / player (mean CPU per decision): {ratio:.2f}x")
        total = sum(d for _, _, d in played)
        print(f"decisions where the two differ: {total} of {len(mine) * args.runs}")
        return 1 if total else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
