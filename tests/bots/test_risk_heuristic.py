"""The heuristic Risk player: legal everywhere, exact odds, clearly better than random."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from bots.house.choice import fill
from bots.house.random_player import RandomPlayer
from bots.house.risk_heuristic import (
    RiskHeuristicPlayer,
    blitz_win_probability,
    defender_max_dice,
)
from engines.core import amount_field
from engines.play import play
from engines.registry import get_game
from engines.replay import start
from engines.risk.actions import Blitz, Place

RISK = get_game("risk")
VARIANT_SEATS = [(v.name, seats) for v in RISK.variants for seats in v.seats]


class Checked:
    """A player whose every action must be one of its legal templates, filled in range."""

    def __init__(self, player) -> None:
        self.player = player
        self.seen: list[tuple[str, int, type]] = []  # (phase, acting_for, action type)

    def act(self, observation, legal_actions):
        action = self.player.act(observation, legal_actions)
        assert any(_fills(t, action) for t in legal_actions), (action, observation.phase)
        self.seen.append((observation.phase, observation.acting_for, type(action)))
        return action


def _fills(template, action) -> bool:
    name = amount_field(template)
    if name is None or type(action) is not type(template):
        return action == template
    value = getattr(action, name)
    return value in getattr(template, name) and fill(template, value) == action


def _play(variant: str, seats: int, seed: int, heuristic_seats, max_steps: int = 3000):
    players = [
        Checked(RiskHeuristicPlayer(seed=seed + s))
        if s in heuristic_seats
        else RandomPlayer(seed=seed * 10 + s)
        for s in range(seats)
    ]
    recorder = start("risk", variant, seats, seed, options={"max_steps": max_steps})
    play(recorder, players)
    return recorder.match, players


@pytest.mark.parametrize(("variant", "seats"), VARIANT_SEATS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_plays_every_variant_legally_to_the_end(variant, seats, seed):
    # Seeds 0 and 1: heuristic seats alternate with random ones; seed 2: all heuristic.
    heuristic = range(seats) if seed == 2 else range(seed % 2, seats, 2)
    match, players = _play(variant, seats, seed, set(heuristic))
    assert match.is_over()
    assert any(isinstance(p, Checked) and p.seen for p in players)


def test_plays_the_allie_against_the_opponent_in_miro_2p():
    seen = set()
    for seed in range(4):
        _, players = _play("miro-2p", 2, seed, {0, 1})
        seen |= {(phase, kind) for p in players for phase, acting, kind in p.seen if acting == -1}
    assert ("ally_place", Place) in seen
    assert ("ally_attack", Blitz) in seen


def _one_roll(attack: int, defence: int) -> dict[tuple[int, int], Fraction]:
    """Exact (attacker losses, defender losses) of one roll, by brute force."""
    outcomes: dict[tuple[int, int], Fraction] = {}
    for roll in product(range(1, 7), repeat=attack + defence):
        a = sorted(roll[:attack], reverse=True)
        d = sorted(roll[attack:], reverse=True)
        lost = sum(x <= y for x, y in zip(a, d, strict=False))
        key = (lost, min(attack, defence) - lost)
        outcomes[key] = outcomes.get(key, 0) + Fraction(1, 6 ** (attack + defence))
    return outcomes


@pytest.mark.parametrize(
    ("attackers", "defenders", "dice", "keep", "expected"),
    [
        # 1 die against 1: the attacker needs a strictly higher face, 15 of 36.
        (2, 1, 2, 1, Fraction(15, 36)),
        # 2 dice against 1 (125/216), else down to 2 against 1.
        (3, 1, 2, 1, Fraction(125, 216) + Fraction(91, 216) * Fraction(15, 36)),
        # 1 die against 2 (beats the higher of two: 55/216), then 2 against 1.
        (2, 2, 2, 1, Fraction(55, 216) * Fraction(15, 36)),
        # 3 against 2 stopping at 3: only one roll, which must win both (2890/7776).
        (4, 2, 2, 3, Fraction(2890, 7776)),
        # Three defence dice: 1 die against 3 (225/1296), against 2, against 1.
        (2, 3, 3, 1, Fraction(225, 1296) * Fraction(55, 216) * Fraction(15, 36)),
        # 3 against 3 stopping at 3: one roll that must win all three.
        (4, 3, 3, 3, _one_roll(3, 3)[0, 3]),
    ],
)
def test_blitz_win_probability_is_exact(attackers, defenders, dice, keep, expected):
    assert blitz_win_probability(attackers, defenders, dice, keep) == pytest.approx(
        float(expected), abs=1e-12
    )


def test_blitz_win_probability_handles_huge_armies():
    assert blitz_win_probability(700, 10) == pytest.approx(1.0)
    assert blitz_win_probability(10, 700, 3) == pytest.approx(0.0)
    assert 0.0 < blitz_win_probability(400, 400) < 1.0


def test_defence_dice_follow_the_variant():
    assert {v.name: defender_max_dice(v.name) for v in RISK.variants} == {
        "hasbro": 2,
        "miro-missions": 2,
        "miro-2p": 2,
        "miro-domination": 2,
        "conquete-du-monde": 3,
        "conquete-du-monde-proportional": 3,
    }


def test_beats_random_players_clearly():
    games, wins = 40, 0
    for seed in range(games):
        hero = seed % 4
        match, _ = _play("hasbro", 4, seed, {hero}, max_steps=20_000)
        result = match.result()
        wins += result.winners == (hero,)
    assert wins >= games // 2, f"{wins}/{games} wins"
