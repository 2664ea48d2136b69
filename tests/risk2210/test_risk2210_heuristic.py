"""The Risk 2210 A.D. house bots: the heuristic plays only legal actions, uses its commanders
and its cards, answers out of turn, and wins clearly against random players at every seat
count; the random player, the benchmark and the evaluation run the game."""

from __future__ import annotations

import pytest

from bots.house.evaluate import main as evaluate
from bots.house.random_player import RandomPlayer
from bots.house.risk2210_heuristic import Risk2210HeuristicPlayer
from engines.bench import run as bench
from engines.core import amount_field
from engines.play import play
from engines.replay import start, verify


class Checked:
    """A player whose every action must be one of its legal actions (a quantity: within a
    listed template's range); it records the kinds of actions it took and the cards played."""

    def __init__(self, player) -> None:
        self.player = player
        self.kinds: set[str] = set()
        self.cards: set[str] = set()

    def act(self, observation, legal_actions):
        action = self.player.act(observation, legal_actions)
        listed = action in legal_actions
        for template in legal_actions:
            name = amount_field(template)
            if name is not None and type(template) is type(action):
                value = getattr(action, name)
                listed |= value in getattr(template, name) and _same_but(template, action, name)
        assert listed, (action, observation.phase)
        self.kinds.add(type(action).__name__)
        if type(action).__name__ == "PlayCard":
            self.cards.add(action.card.split(":")[1])
        return action


def _same_but(template, action, name: str) -> bool:
    fields = [f for f in template.__dataclass_fields__ if f != name]
    return all(getattr(template, f) == getattr(action, f) for f in fields)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_heuristic_plays_legally_out_of_turn_too_and_wins(seats):
    wins = 0
    kinds: set[str] = set()
    cards: set[str] = set()
    for seed in range(6):
        hero = seed % seats
        players = [
            Checked(Risk2210HeuristicPlayer(seed)) if s == hero else RandomPlayer(seed * 10 + s)
            for s in range(seats)
        ]
        recorder = start("risk2210", "standard", seats, seed)
        play(recorder, players)
        assert verify(recorder.replay()) == []
        wins += hero in recorder.match.result().ranking[0]
        kinds |= players[hero].kinds
        cards |= players[hero].cards
    assert wins >= 5  # of 6: 94-100 % over 200 games (docs/benchmarks.md)
    assert {"Claim", "Bid", "Hire", "Invade", "Roll", "Occupy", "Fortify"} <= kinds
    assert cards  # it plays command cards


def test_the_evaluation_and_the_benchmark_run_the_game(capsys):
    evaluate(["--game", "risk2210", "--variant", "standard", "--seats", "3", "--games", "4"])
    assert "heuristic vs random" in capsys.readouterr().out
    assert bench("standard", 3, 2, 0, game_name="risk2210") == 0
    assert "risk2210/standard" in capsys.readouterr().out
