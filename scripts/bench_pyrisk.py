"""Side by side with chronitis/pyrisk (issue 19, item 2): complete 4-player games per second
with the same always-attack policy, decisions and dice rolls per game, and the cost of one
decision end to end, both engines measured in one run, alternating.

    .venv/bin/python scripts/bench_pyrisk.py --pyrisk /path/to/pyrisk --rounds 5 --games 50 \\
        --options cards=off

``--pyrisk`` is a checkout of https://github.com/chronitis/pyrisk: nothing of it is in this
repository; it runs from that path, in a process of its own (``--peer-python``, by default this
Python). Ours plays classic Risk ``hasbro`` for 4 seats with
:class:`bots.house.always_attack.AlwaysAttackPlayer` on every seat in a plain loop (observation,
legal actions, the player, apply), once with the variant's options as they are and once more
for each ``--options`` given (e.g. ``cards=off``; an option this build does not know is reported
and skipped). pyrisk plays with an AI of this script made at run time on pyrisk's ``ai.AI``:
the same policy (claims and places one army at a time at random in the set-up, puts each batch
of reinforcements on one random territory of its own, attacks a random attackable pair to the
end until it cannot, moves everything in, never fortifies). pyrisk's own rules are simpler (no
cards, battles fought to the end, automatic occupation).

Each round runs every side once, one process at a time (a single thread each: one core), in
alternating order: first ``--games`` games timed whole (games per second, by the clock and per
CPU second of the process), then the same games again with every decision timed and the rolls
counted. A decision of ours is one ``apply`` (with its observation, legal actions and player);
pyrisk's are the calls to its AI: each set-up army, each reinforcement, each attack chosen and
the choice to stop, each free move. The cost of a decision is measured around our observation,
legal actions, player and apply; pyrisk's engine does not stop between decisions, so there it is
the time from one decision's start to the next one's (its engine's work and its AI's). A roll
is one throw of the attacker's and the defender's dice. Medians over the rounds are printed,
the ratio as the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any

PEER = "pyrisk"
HASBRO = "hasbro"


def figures(
    *,
    games: int,
    seconds: float,
    cpu: float,
    decisions: int,
    rolls: int,
    dice: int,
    costs: array[int],
) -> dict[str, Any]:
    """One side's figures for one round: ``seconds`` and ``cpu`` time the games whole,
    ``costs`` are the nanoseconds of each decision of the counted replay of the same games.

    >>> figures(games=2, seconds=0.5, cpu=1.0, decisions=4, rolls=6, dice=20,
    ...         costs=array("q", [1000, 2000, 3000, 4000]))["games_per_s"]
    4.0
    """
    percentile = statistics.quantiles(costs, n=100)
    return {
        "games_per_s": games / seconds,
        "games_per_cpu_s": games / cpu,
        "decisions_per_game": decisions / games,
        "rolls_per_game": rolls / games,
        "dice_per_game": dice / games,
        "median_us": statistics.median(costs) / 1000,
        "p90_us": percentile[89] / 1000,
        "p99_us": percentile[98] / 1000,
        "python": platform.python_version(),
    }


# ----------------------------------------------------------------------------- ours


def ours(games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Our side of one round: ``games`` 4-seat ``hasbro`` matches (seeds ``seed``...) of the
    always-attack player on every seat, timed whole, then again with each decision timed."""
    import engines.risk.match  # noqa: PLC0415 (the peer's process never imports our engines)
    from bots.house.always_attack import AlwaysAttackPlayer  # noqa: PLC0415
    from engines.core import Match  # noqa: PLC0415
    from engines.registry import get_game  # noqa: PLC0415
    from engines.risk.events import DiceRolled  # noqa: PLC0415

    risk = get_game("risk")

    def matches() -> Iterator[tuple[Match, list[AlwaysAttackPlayer]]]:
        for game in range(seed, seed + games):
            match = risk.new_match(HASBRO, 4, game, options)
            yield match, [AlwaysAttackPlayer(seed=game * 10 + s) for s in range(4)]

    wall, cpu = time.perf_counter(), time.process_time()
    for match, players in matches():
        while not match.is_over():
            seat = match.to_move()[0]
            action = players[seat].act(match.observation(seat), match.legal_actions(seat))
            match.apply(seat, action)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu

    clock = time.perf_counter_ns
    costs: array[int] = array("q")
    decisions = rolls = dice = 0
    for match, players in matches():
        while not match.is_over():
            began = clock()
            seat = match.to_move()[0]
            action = players[seat].act(match.observation(seat), match.legal_actions(seat))
            events = match.apply(seat, action)
            costs.append(clock() - began)
            for event in events:
                if type(event) is DiceRolled:
                    rolls += 1
                    dice += len(event.attacker) + len(event.defender)
        decisions += match.steps
    found = figures(
        games=games, seconds=wall, cpu=cpu, decisions=decisions, rolls=rolls, dice=dice, costs=costs
    )
    found["compiled"] = (engines.risk.match.__file__ or "").endswith(".so")
    return found


# ----------------------------------------------------------------------------- pyrisk


class AlwaysAttack:
    """The always-attack policy in pyrisk's AI interface (mixed into a subclass of its
    ``ai.AI`` at run time): territories are named, which pyrisk finds fastest."""

    player: Any  # pyrisk's Player, set by ai.AI

    def initial_placement(self, empty: list[Any] | None, remaining: int) -> str:
        """An empty territory while there are, then one of its own: one army at a time."""
        if empty:
            return str(random.choice(empty).name)
        return str(random.choice(list(self.player.territories)).name)

    def reinforce(self, available: int) -> dict[str, int]:
        """The whole batch on one random territory of its own."""
        return {random.choice(list(self.player.territories)).name: available}

    def attack(self) -> Iterator[tuple[str, str, Any, Any]]:
        """A random attackable pair, fought to the end (pyrisk's default), until none is left;
        pyrisk's default occupation moves everything in."""
        me = self.player
        while True:
            pairs = [
                (source, target)
                for source in me.territories
                if source.forces > 1
                for target in source.connect
                if target.owner != me
            ]
            if not pairs:
                return
            source, target = random.choice(pairs)
            yield source.name, target.name, None, None

    def freemove(self) -> None:
        """Never fortifies."""
        return


class Tally:
    """What the counted replay of pyrisk's games records."""

    def __init__(self) -> None:
        self.starts: list[int] = []  # perf_counter_ns at each decision's start
        self.costs: array[int] = array("q")
        self.rolls = 0
        self.dice = 0

    def decided(self) -> None:
        """A decision starts now."""
        self.starts.append(time.perf_counter_ns())

    def game_over(self) -> None:
        """The game ended: each decision's cost is the time to the next one's start."""
        self.decided()
        self.costs.extend(b - a for a, b in zip(self.starts, self.starts[1:], strict=False))
        self.starts = []

    def roll(self, attackers: int, defenders: int) -> bool:
        """pyrisk's question before each roll of a battle (carry on? always, as its default):
        one roll of ``min(attackers - 1, 3)`` and ``min(defenders, 2)`` dice."""
        self.rolls += 1
        self.dice += min(attackers - 1, 3) + min(defenders, 2)
        return True


class Counted(AlwaysAttack):
    """:class:`AlwaysAttack` with its decisions timed and its rolls counted (the same choices:
    it draws nothing more from ``random``)."""

    tally: Tally

    def initial_placement(self, empty: list[Any] | None, remaining: int) -> str:
        """See :class:`AlwaysAttack`."""
        self.tally.decided()
        return super().initial_placement(empty, remaining)

    def reinforce(self, available: int) -> dict[str, int]:
        """See :class:`AlwaysAttack`."""
        self.tally.decided()
        return super().reinforce(available)

    def attack(self) -> Iterator[tuple[str, str, Any, Any]]:
        """See :class:`AlwaysAttack`; each pair and the final stop is a decision."""
        self.tally.decided()
        for source, target, _, move in super().attack():
            yield source, target, self.tally.roll, move
            self.tally.decided()

    def freemove(self) -> None:
        """See :class:`AlwaysAttack`."""
        self.tally.decided()


def peer(path: str, games: int, seed: int) -> dict[str, Any]:
    """pyrisk's side of one round, from its checkout at ``path``: ``games`` games, ``random``
    seeded with ``seed``... before each, timed whole, then again with each decision timed."""
    sys.path.insert(0, path)
    base = importlib.import_module("ai").AI
    new_game = importlib.import_module("game").Game

    def play(ai: type, ended: Callable[[], None] = lambda: None) -> None:
        for game in range(seed, seed + games):
            random.seed(game)
            match = new_game(curses=False, color=False, delay=0)
            for name in ("ALPHA", "BRAVO", "CHARLIE", "DELTA"):
                match.add_player(name, ai)
            match.play()
            ended()

    wall, cpu = time.perf_counter(), time.process_time()
    play(type("AlwaysAttackAI", (AlwaysAttack, base), {}))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    tally = Tally()
    play(type("CountedAlwaysAttackAI", (Counted, base), {"tally": tally}), tally.game_over)
    return figures(
        games=games,
        seconds=wall,
        cpu=cpu,
        decisions=len(tally.costs),
        rolls=tally.rolls,
        dice=tally.dice,
        costs=tally.costs,
    )


# ----------------------------------------------------------------------------- the run


def parse_options(text: str) -> dict[str, Any]:
    """``name=value,...`` as match options (whole numbers as integers).

    >>> parse_options("cards=off,max_steps=500")
    {'cards': 'off', 'max_steps': 500}
    """
    pairs = (item.split("=", 1) for item in text.split(",") if item)
    return {name: int(value) if value.isdigit() else value for name, value in pairs}


def side(command: list[str]) -> dict[str, Any]:
    """Run one side of a round in a process of its own and return its figures (raises
    RuntimeError with the process's last line of error if it failed)."""
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode:
        lines = run.stderr.strip().splitlines() or [f"exit status {run.returncode}"]
        raise RuntimeError(lines[-1])
    found: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


SPEEDS = (("games/s", "games_per_s"), ("CPU g/s", "games_per_cpu_s"))
"""Complete games per second of the clock and of the process's CPU time (on a loaded machine
the processes wait for a core: the CPU's figure is then the fairer one), each followed by
its ratio to the peer's."""
COLUMNS = (
    ("decisions", "decisions_per_game", "{:.0f}"),
    ("rolls", "rolls_per_game", "{:.0f}"),
    ("dice", "dice_per_game", "{:.0f}"),
    ("p50 µs", "median_us", "{:.2f}"),
    ("p90 µs", "p90_us", "{:.2f}"),
    ("p99 µs", "p99_us", "{:.2f}"),
)
"""The other columns: heading, figure, format (decisions, rolls and dice per game, then the
cost of one decision)."""


def summary(rounds: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The table: each side's medians over the rounds and, for its speeds, the median of its
    rounds' ratios to the peer's.

    >>> row = dict(games_per_s=2.0, games_per_cpu_s=2.0, decisions_per_game=10.0,
    ...            rolls_per_game=5.0, dice_per_game=20.0, median_us=1.0, p90_us=2.0, p99_us=3.0)
    >>> print("\\n".join(summary({PEER: [row], "ours": [row | dict(games_per_s=6.0)]})))
    side              games/s  ratio  CPU g/s  ratio  decisions  rolls  dice  p50 µs  p90 µs  p99 µs
    pyrisk               2.00   1.00     2.00   1.00         10      5    20    1.00    2.00    3.00
    ours                 6.00   3.00     2.00   1.00         10      5    20    1.00    2.00    3.00
    """
    headings = [h for heading, _ in SPEEDS for h in (heading, "ratio")]
    headings += [heading for heading, _, _ in COLUMNS]
    lines = ["  ".join(["side".ljust(16), *headings])]
    for name, results in rounds.items():
        cells = []
        for _, key in SPEEDS:
            ratios = (
                mine[key] / peer[key] for mine, peer in zip(results, rounds[PEER], strict=True)
            )
            cells += [f"{statistics.median(r[key] for r in results):.2f}"]
            cells += [f"{statistics.median(ratios):.2f}"]
        cells += [
            shape.format(statistics.median(r[key] for r in results)) for _, key, shape in COLUMNS
        ]
        aligned = (cell.rjust(len(heading)) for cell, heading in zip(cells, headings, strict=True))
        lines.append("  ".join([name.ljust(16), *aligned]))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The side-by-side run (or, with ``--side``, one side of one round, printed as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyrisk", required=True, help="a checkout of chronitis/pyrisk")
    parser.add_argument("--peer-python", default=sys.executable, help="the Python for pyrisk")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=50, help="games per side and round")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--options",
        action="append",
        default=[],
        metavar="NAME=VALUE,...",
        help="options of one more configuration of ours (repeatable), e.g. cards=off",
    )
    parser.add_argument("--side", choices=("ours", PEER), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.side == PEER:
        print(json.dumps(peer(args.pyrisk, args.games, args.seed)))
        return 0
    if args.side == "ours":
        options = parse_options(args.options[0]) if args.options else {}
        print(json.dumps(ours(args.games, args.seed, options)))
        return 0

    common = ["--pyrisk", args.pyrisk, "--games", str(args.games), "--seed", str(args.seed)]
    commands = {PEER: [args.peer_python, __file__, "--side", PEER, *common]}
    for options in ["", *args.options]:
        name = HASBRO + (f" {options}" if options else "")
        commands[name] = [sys.executable, __file__, "--side", "ours", *common]
        commands[name] += ["--options", options] if options else []
    commit = subprocess.run(
        ["git", "-C", args.pyrisk, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    print(
        f"pyrisk {commit} against ours (risk/{HASBRO}), 4 players, the always-attack policy: "
        f"{args.rounds} rounds of {args.games} games per side, alternating, one process at a "
        f"time, on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f})"
    )
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in commands}
    for number in range(args.rounds):
        order = list(commands) if number % 2 == 0 else list(reversed(commands))
        for name in order:
            if name not in rounds:
                continue
            try:
                rounds[name].append(side(commands[name]))
            except RuntimeError as error:
                if name == PEER:
                    raise
                print(f"ours with {name!r} not measured: {error}")
                del rounds[name]
        shown = ", ".join(f"{name} {rounds[name][-1]['games_per_s']:.2f}" for name in rounds)
        print(f"round {number + 1}: games/s {shown}")
    ours_any = next((results[0] for name, results in rounds.items() if name != PEER), {})
    print(
        f"Python {ours_any.get('python', '?')} (ours), {rounds[PEER][0]['python']} (pyrisk); "
        f"our engines {'compiled with mypyc' if ours_any.get('compiled') else 'in pure Python'}"
    )
    print("\n".join(summary(rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
