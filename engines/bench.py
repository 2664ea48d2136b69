"""``python -m engines bench``: engine speed and memory on complete matches.

For each player policy it plays complete matches and reports matches per second (everything:
players, observations, engine), engine decisions per second, and the engine's own cost per
decision (everything but the players: observation, legal actions, apply, the shared loop of
:mod:`engines.play`; the seats asked at once share their round's cost) as median and tail
percentiles. Figures and the command that produced them are kept in ``docs/benchmarks.md``.

The same matches are played ``runs`` times and the fastest run is reported, as ``timeit``
does: on a shared machine another process only ever adds time (runs of one build were seen
to differ by 1.7 times here), so the fastest run is the closest to the engine's own cost.
Every run's median is shown beside it.
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

from engines.core.contract import Action, Event
from engines.core.match import Match
from engines.play import Decision, Player, finish, play_rounds
from engines.players import game_player, load_player, player_names
from engines.registry import get_game

POLICIES = ("random", "attacker", "heuristic")
"""The policies benchmarked when none are named: the first two that play the game (the
blunt ``attacker`` is the cheapest strong-enough player where it plays)."""


def default_policies(game: str) -> tuple[str, ...]:
    """The policies benchmarked when none are named.

    >>> default_policies("risk"), default_policies("conquetes")
    (('random', 'attacker'), ('random', 'heuristic'))
    """
    return tuple(p for p in POLICIES if p in player_names(game))[:2]


def run(
    variant: str,
    seats: int,
    games: int,
    seed: int,
    *,
    game_name: str = "risk",
    policies: tuple[str, ...] | None = None,
    runs: int = 1,
) -> int:
    """Benchmark ``games`` matches of ``game_name``/``variant`` for each policy (every seat
    plays it), ``runs`` times; print the figures of the fastest run."""
    game = get_game(game_name)
    game.variant(variant)  # an unknown variant or player fails before anything runs
    policies = policies or default_policies(game_name)
    for policy in policies:
        game_player(policy, game_name)
    print(
        f"{game_name}/{variant}, {seats} seats, {games} complete matches per policy, seeds {seed}.."
    )
    print(f"Python {sys.version.split()[0]} on {host.machine()} ({host.processor() or 'cpu'})")
    module = sys.modules[game.match_class.__module__].__file__ or ""
    print(f"rules {'compiled with mypyc' if module.endswith('.so') else 'in pure Python'}")
    for policy in policies:
        played = [
            _Run(game_name, variant, seats, games=games, seed=seed, policy=policy)
            for _ in range(runs)
        ]
        medians = [statistics.median(run.costs) for run in played]
        best = played[medians.index(min(medians))]
        costs, elapsed, decisions = best.costs, best.elapsed, best.decisions
        engine_seconds = sum(costs) / 1e9
        q = statistics.quantiles(costs, n=100)
        peak = _peak_memory(game_name, variant, seats, seed, policy)
        print(f"\npolicy {policy}" + (f" (the fastest of {runs} runs):" if runs > 1 else ":"))
        print(f"  complete matches/s (players + observations + engine): {games / elapsed:8.2f}")
        print(
            f"  complete matches/s (engine time only):               {games / engine_seconds:8.2f}"
        )
        print(f"  decisions per match (mean):                          {decisions / games:8.0f}")
        rate = decisions / engine_seconds
        print(f"  engine decisions/s (all but the players):            {rate:8.0f}")
        print(
            f"  engine cost per decision, median / p90 / p99 (µs):   "
            f"{statistics.median(costs) / 1000:.2f} / {q[89] / 1000:.2f} / {q[98] / 1000:.2f}"
        )
        if runs > 1:
            shown = " / ".join(f"{median / 1000:.2f}" for median in medians)
            print(f"  median of each run (µs):                             {shown}")
        print(f"  how matches ended: {dict(best.reasons)}")
        print(f"  largest snapshot (JSON bytes): {best.snapshot_bytes}")
        print(f"  peak memory allocated while playing one match: {peak / 1024:.0f} KiB")
    return 0


class _Run:
    """One run of the benchmark: ``games`` matches played by ``policy`` on every seat."""

    def __init__(
        self, game_name: str, variant: str, seats: int, *, games: int, seed: int, policy: str
    ) -> None:
        game = get_game(game_name)
        self.costs = array("q")  # nanoseconds per decision
        self.reasons: Counter[str] = Counter()
        self.decisions = 0
        self.snapshot_bytes = 0
        started = time.perf_counter()
        for index in range(games):
            match = game.new_match(variant, seats, seed + index)
            players = [
                load_player(policy, seed=(seed + index) * 10 + s, game=game_name)
                for s in range(seats)
            ]
            _Timer(match, players, self.costs).play()
            self.decisions += match.steps
            self.reasons[str(match.result().reason)] += 1  # the code, not the enum member
            self.snapshot_bytes = max(self.snapshot_bytes, len(json.dumps(match.snapshot())))
        self.elapsed = time.perf_counter() - started


class _Timer:
    """Plays a match, charging the engine with all its time outside the players
    (observations, legal actions, apply, the loop), each decision of a round with its share."""

    def __init__(self, match: Match, players: list[Player], costs: array[int]) -> None:
        self.match = match
        self.players = players
        self.costs = costs  # nanoseconds per decision
        self.engine = 0  # this round's engine time so far
        self.asked = 0  # this round's decisions
        self.settled = 0  # this round's answers applied

    def play(self) -> None:
        """Play the match to its end."""
        self.mark = time.perf_counter_ns()
        finish(play_rounds(self.match, self.decide, self.settle))
        self.engine += time.perf_counter_ns() - self.mark
        self.close_round()

    async def decide(self, decision: Decision) -> Action:
        """The seat's player's action; the time since the last mark is the engine's (the
        benchmark's own bookkeeping is nobody's)."""
        began = time.perf_counter_ns()
        if self.settled:  # a new round begins
            self.close_round()
        self.engine += began - self.mark
        action = self.players[decision.seat].act(decision.observation, decision.legal_actions)
        self.mark = time.perf_counter_ns()
        self.asked += 1
        return action

    def settle(self, decision: Decision, action: Action) -> list[Event]:
        """Apply the action."""
        self.settled += 1
        return self.match.apply(decision.seat, action)

    def close_round(self) -> None:
        """Share the round's engine time among its decisions."""
        self.costs.extend([self.engine // self.asked] * self.asked)
        self.engine = self.asked = self.settled = 0


def _peak_memory(game: str, variant: str, seats: int, seed: int, policy: str) -> int:
    """Peak bytes allocated (tracemalloc) while one match is created and played."""
    players = [load_player(policy, seed=seed * 10 + s, game=game) for s in range(seats)]
    tracemalloc.start()
    _Timer(get_game(game).new_match(variant, seats, seed), players, array("q")).play()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak
