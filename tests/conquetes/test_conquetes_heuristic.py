"""The Conquêtes house bots and runners: the heuristic is legal everywhere and clearly better
than random; the command line plays, replays, benchmarks and evaluates Conquêtes."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conquetes_helpers import ALL_VARIANT_SEATS

from bots.house.conquetes_heuristic import ConquetesHeuristicPlayer
from bots.house.heuristic import HeuristicPlayer
from bots.house.random_player import RandomPlayer
from engines.play import play
from engines.replay import start, verify


class Checked:
    """A player whose every action must be one of its legal actions."""

    def __init__(self, player) -> None:
        self.player = player
        self.phases: set[str] = set()

    def act(self, observation, legal_actions):
        action = self.player.act(observation, legal_actions)
        assert action in legal_actions, (action, observation.phase)
        self.phases.add(observation.phase)
        return action


def _play(variant: str, seats: int, seed: int, hero: int, **options):
    players = [
        Checked(ConquetesHeuristicPlayer(seed=seed)) if s == hero else RandomPlayer(seed * 10 + s)
        for s in range(seats)
    ]
    recorder = start("conquetes", variant, seats, seed, options=options)
    play(recorder, players)
    return recorder, players


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_the_heuristic_plays_only_legal_actions_and_replays_reproduce(variant, seats):
    phases: set[str] = set()
    for seed in range(6):
        recorder, players = _play(variant, seats, seed, hero=seed % seats)
        phases |= players[seed % seats].phases
        assert verify(recorder.replay()) == []
    assert {"action", "support"} <= phases


def test_the_heuristic_beats_random_clearly():
    """Two seats, 60 games, seats alternating: the heuristic wins (alone or shared) far more
    than the 50 % of a random player (docs/benchmarks.md has the 200-game figure)."""
    games = 60
    wins = 0
    for seed in range(games):
        recorder, _ = _play("standard", 2, seed, hero=seed % 2)
        wins += seed % 2 in recorder.match.result().winners
    assert wins / games >= 0.8


def test_the_heuristic_beats_the_beginner_bot_more_often_than_random_does():
    """001 "Le mode Solo", level débutant: the heuristic wins most games; random few."""
    games = 30
    heuristic = random = 0
    for seed in range(games):
        recorder, _ = _play("solo", 1, seed, hero=0)
        heuristic += recorder.match.result().winners == (0,)
        recorder = start("conquetes", "solo", 1, seed)
        play(recorder, [RandomPlayer(seed)])
        random += recorder.match.result().winners == (0,)
    assert heuristic / games >= 0.7 and heuristic > 2 * random


def test_the_heuristic_house_player_dispatches_to_the_conquetes_heuristic():
    match = start("conquetes", "continents", 3, 5).match
    player = HeuristicPlayer(seed=1)
    action = player.act(match.observation(0), match.legal_actions(0))
    assert isinstance(player.player, ConquetesHeuristicPlayer)
    assert action in match.legal_actions(0)


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300)


def test_the_local_runner_plays_and_replays_a_solo_match(tmp_path):
    replay = tmp_path / "solo.json"
    out = _run(
        "-m",
        "engines",
        "play",
        "conquetes",
        "--variant",
        "solo",
        "--bots",
        "heuristic",
        "--option",
        "bot_level=confirme",
        "--replay-out",
        str(replay),
    )
    assert out.returncode == 0, out.stderr
    assert "the bot" in out.stdout and "bot (confirme)" in out.stdout
    check = _run("-m", "engines", "replay", str(replay))
    assert check.returncode == 0 and "reproduces exactly" in check.stdout


def test_bench_and_evaluate_take_a_game():
    bench = _run("-m", "engines", "bench", "--game", "conquetes", "--games", "2", "--seats", "2")
    assert bench.returncode == 0, bench.stderr
    assert "conquetes/standard, 2 seats" in bench.stdout
    assert "policy random:" in bench.stdout and "policy heuristic:" in bench.stdout
    evaluate = _run(
        "-m",
        "bots.house.evaluate",
        "--game",
        "conquetes",
        "--variant",
        "solo",
        "--seats",
        "1",
        "--games",
        "4",
        "--option",
        "bot_level=intermediaire",
    )
    assert evaluate.returncode == 0, evaluate.stderr
    assert "heuristic vs the game's own bot" in evaluate.stdout
    assert "bot_level=intermediaire" in evaluate.stdout and "win rate:" in evaluate.stdout
