"""The example bots and running an SDK bot offline, unchanged, as ``module:Class``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bots.examples.border_bot import BorderBot
from bots.examples.random_bot import RandomBot
from bots.house.random_player import RandomPlayer
from engines.core import EngineError
from engines.play import play
from engines.players import load_player, player_class
from engines.registry import games
from engines.replay import start

ROOT = Path(__file__).resolve().parents[2]
SETUPS = [
    (game.name, variant.name, seats)
    for game in games()
    for variant in game.variants
    for seats in variant.seats
]


@pytest.mark.parametrize(("game", "variant", "seats"), SETUPS, ids=str)
def test_the_examples_play_every_game_and_variant_legally(game, variant, seats):
    """``play`` raises on an illegal action: every match here ends normally."""
    recorder = start(game, variant, seats, seed=seats, options={"max_steps": 400})
    examples = [BorderBot, RandomBot]
    play(recorder, [examples[s % 2](seed=s) for s in range(seats)])
    assert recorder.match.is_over()


def test_the_border_bot_beats_random_at_risk():
    wins = 0
    for seed in range(20):
        recorder = start("risk", "hasbro", 2, seed, options={"max_steps": 3000})
        border = seed % 2
        players = [RandomPlayer(seed), RandomPlayer(seed)]
        players[border] = BorderBot(seed)
        play(recorder, players)
        wins += recorder.match.result().winners == (border,)
    assert wins >= 16


def test_a_player_is_named_by_module_and_class():
    assert player_class("bots.examples.border_bot:BorderBot") is BorderBot
    assert isinstance(
        load_player("bots.examples.random_bot:RandomBot", seed=1, game="risk"), RandomBot
    )
    with pytest.raises(EngineError, match="cannot import 'no_such_module'"):
        player_class("no_such_module:Bot")
    with pytest.raises(EngineError, match="has no class 'Nobody'"):
        player_class("bots.examples.random_bot:Nobody")


def test_the_quickstart_bot_plays_offline_from_the_current_directory(tmp_path):
    quickstart = (ROOT / "docs" / "bots.md").read_text()
    (tmp_path / "mybot.py").write_text(quickstart.split("```python\n")[1].split("```")[0])
    command = "play risk --variant hasbro --bots mybot:MyBot,heuristic,random --seed 7"
    out = subprocess.run(
        [sys.executable, "-m", "engines", *command.split()],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert "seat 0 (mybot:MyBot)" in out.stdout
