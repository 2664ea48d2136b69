"""The Risk : la colonisation house bots and runners: the heuristic is legal everywhere and
clearly better than random; the generic heuristic, the benchmark and the evaluation run the
game."""

from __future__ import annotations

import pytest
from colonisation_helpers import ALL_SEATS

from bots.house.choice import bounds, fill
from bots.house.colonisation_heuristic import ColonisationHeuristicPlayer
from bots.house.evaluate import main as evaluate
from bots.house.heuristic import HeuristicPlayer
from bots.house.random_player import RandomPlayer
from engines.bench import run as bench
from engines.play import play
from engines.replay import start, verify


class Checked:
    """A player whose every action must be one of its legal actions (a quantity: within a
    listed template's range)."""

    def __init__(self, player) -> None:
        self.player = player
        self.kinds: set[str] = set()

    def act(self, observation, legal_actions):
        action = self.player.act(observation, legal_actions)
        listed = action in legal_actions or any(
            type(t) is type(action)
            and bounds(t) is not None
            and fill(t, getattr(action, "armies", -1)) == action
            and action.armies in bounds(t)
            for t in legal_actions
        )
        assert listed, (action, observation.phase)
        self.kinds.add(type(action).__name__)
        return action


def _play(seats: int, seed: int, hero: int, **options):
    players = [
        Checked(ColonisationHeuristicPlayer(seed=seed))
        if s == hero
        else RandomPlayer(seed * 10 + s)
        for s in range(seats)
    ]
    recorder = start("colonisation", "standard", seats, seed, options=options)
    play(recorder, players)
    return recorder, players


@pytest.mark.parametrize(("variant", "seats"), ALL_SEATS)
def test_the_heuristic_plays_only_legal_actions_and_replays_reproduce(variant, seats):
    kinds: set[str] = set()
    for seed in range(4):
        recorder, players = _play(seats, seed, hero=seed % seats, school_cost=seed % 2)
        kinds |= players[seed % seats].kinds
        assert verify(recorder.replay()) == []
    assert {"Bid", "BuildSchool", "Move", "EndTurn"} <= kinds


def test_the_heuristic_beats_random_clearly():
    """Four seats, 60 games, seats rotating: the heuristic wins far more than the 25 % of a
    random player (docs/benchmarks.md has the 200-game figures at 3, 4 and 6 seats)."""
    games = 60
    wins = 0
    for seed in range(games):
        recorder, _ = _play(4, seed, hero=seed % 4)
        wins += seed % 4 in recorder.match.result().winners
    assert wins / games > 0.45


def test_the_generic_heuristic_dispatches_to_colonisation():
    recorder = start("colonisation", "standard", 5, 0)
    play(recorder, [HeuristicPlayer(seed=s) for s in range(5)])
    assert recorder.match.is_over() and recorder.match.result().reason != "step_limit"


def test_bench_and_evaluate_run_colonisation(capsys):
    assert bench("standard", 3, 1, 0, game_name="colonisation") == 0
    evaluate(["--game", "colonisation", "--variant", "standard", "--seats", "3", "--games", "3"])
    out = capsys.readouterr().out
    assert "policy heuristic" in out and "game colonisation, variant standard" in out
