"""The Africa house bots and runners: the heuristic is legal everywhere and clearly better
than random; the benchmark and the evaluation run Africa."""

from __future__ import annotations

import pytest
from africa_helpers import ALL_VARIANT_SEATS

from bots.house.africa_heuristic import AfricaHeuristicPlayer
from bots.house.evaluate import main as evaluate
from bots.house.heuristic import HeuristicPlayer
from bots.house.random_player import RandomPlayer
from engines.bench import run as bench
from engines.play import play
from engines.replay import start, verify


class Checked:
    """A player whose every action must be one of its legal actions (a message: a listed
    template with its text filled in)."""

    def __init__(self, player) -> None:
        self.player = player
        self.phases: set[str] = set()

    def act(self, observation, legal_actions):
        action = self.player.act(observation, legal_actions)
        listed = action if not hasattr(action, "text") else type(action)(action.to, "")
        assert listed in legal_actions, (action, observation.phase)
        self.phases.add(observation.phase)
        return action


def _play(variant: str, seats: int, seed: int, hero: int):
    players = [
        Checked(AfricaHeuristicPlayer(seed=seed)) if s == hero else RandomPlayer(seed * 10 + s)
        for s in range(seats)
    ]
    recorder = start("africa", variant, seats, seed)
    play(recorder, players)
    return recorder, players


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_the_heuristic_plays_only_legal_actions_and_replays_reproduce(variant, seats):
    phases: set[str] = set()
    for seed in range(3):
        recorder, players = _play(variant, seats, seed, hero=seed % seats)
        phases |= players[seed % seats].phases
        assert verify(recorder.replay()) == []
    assert {"diplomacy", "orders"} <= phases


def test_the_heuristic_beats_random_clearly():
    """Four seats, 60 games, seats rotating: the heuristic wins alone far more than the 25 % of
    a random player (a tie at the top is no win: 002 "aucun joueur n'est déclaré vainqueur";
    docs/benchmarks.md has the 200-game figure)."""
    games = 60
    wins = 0
    for seed in range(games):
        recorder, _ = _play("standard", 4, seed, hero=seed % 4)
        wins += seed % 4 in recorder.match.result().winners
    assert wins / games > 0.4


def test_the_generic_heuristic_dispatches_to_africa():
    recorder = start("africa", "historical", 3, 0)
    play(recorder, [HeuristicPlayer(seed=s) for s in range(3)])
    assert recorder.match.is_over()


def test_bench_and_evaluate_run_africa(capsys):
    assert bench("standard", 3, 1, 0, game_name="africa") == 0
    evaluate(["--game", "africa", "--variant", "historical", "--seats", "3", "--games", "3"])
    out = capsys.readouterr().out
    assert "policy heuristic" in out and "game africa, variant historical" in out
