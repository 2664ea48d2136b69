"""The PettingZoo environment (issue 19, item 3): PettingZoo's own API and seed tests on every
supported game, and, in random states, a mask that is exactly the legal actions."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from engines.core import Amount, Match, UnknownGame, amount_field
from engines.registry import get_game
from rl.catalogue import ANY
from rl.env import ArenaEnv, catalogue
from rl.games import SPECS, spec

# Every supported game in every variant, at its smallest and largest seat counts.
CASES = [
    (game, variant.name, seats)
    for game in sorted(SPECS)
    for variant in get_game(game).variants
    for seats in sorted({variant.seats[0], variant.seats[-1]})
]


def walk(env: ArenaEnv, steps: int, seed: int) -> None:
    """Play ``steps`` random legal actions (fewer if the match ends)."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if env.match.is_over():
            return
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize(("game", "variant", "seats"), CASES)
def test_pettingzoo_api_test_passes(game, variant, seats):
    api_test(ArenaEnv(game, variant, seats, options={"max_steps": 300}), num_cycles=60)


@pytest.mark.parametrize(("game", "variant", "seats"), CASES[:1] + CASES[-1:])
def test_pettingzoo_seed_test_passes(game, variant, seats):
    seed_test(lambda: ArenaEnv(game, variant, seats), num_cycles=60)


def test_the_same_seed_and_actions_make_the_same_match():
    first, second = ArenaEnv("risk", "hasbro", 4), ArenaEnv("risk", "hasbro", 4)
    first.reset(seed=3)
    second.reset(seed=3)
    walk(first, 200, seed=1)
    walk(second, 200, seed=1)
    assert first.match.snapshot() == second.match.snapshot()


def test_a_match_played_to_its_end_rewards_the_winner():
    env = ArenaEnv("risk", "hasbro", 2)
    env.reset(seed=1)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        # Always the most armies on the first legal index: a quick, decided match.
        allowed = np.flatnonzero(observation["action_mask"])
        env.step(int(allowed[-2] if len(allowed) > 1 and rng.random() < 0.9 else allowed[0]))
    result = env.match.result()
    assert result.winners  # seed 1 and this policy: a win by the rules, not the step limit
    expected = {
        f"seat_{seat}": (1.0 if seat in result.winners else -1.0) if result.winners else 0.0
        for seat in range(2)
    }
    assert rewards == expected
    assert not env.agents


def test_the_step_limit_truncates_the_match_without_rewards():
    env = ArenaEnv("risk", "hasbro", 3, options={"max_steps": 40})
    env.reset(seed=2)
    walk(env, 40, seed=0)
    assert env.match.is_over()
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)


def test_the_seats_of_a_simultaneous_decision_are_selected_in_turn():
    env = ArenaEnv("africa", "standard", 3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    simultaneous = 0
    previous = None
    while not env.match.is_over():
        movers = env.match.to_move()
        seat = int(env.agent_selection.removeprefix("seat_"))
        assert seat in movers
        if len(movers) > 1 and previous is not None and previous[1] == movers:
            simultaneous += 1
            # While others wait, the seat after the one that just acted is selected.
            later = [s for s in movers if s > previous[0]]
            assert seat == (later[0] if later else movers[0])
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        previous = (seat, movers)
    assert simultaneous > 50  # the diplomacy and the orders were played


def test_an_action_the_mask_forbids_is_refused():
    env = ArenaEnv("risk", "hasbro", 3)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal now"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_a_game_without_a_catalogue_is_refused_by_name():
    with pytest.raises(UnknownGame, match="no environment for 'chess' yet"):
        spec("chess")


def applies(match: Match, seat: int, action) -> bool:
    copy = type(match).restore(match.snapshot())
    copy.apply(seat, action)
    return True


@settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@pytest.mark.parametrize("game", sorted(SPECS))
@given(data=st.data(), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 400))
def test_the_mask_is_exactly_the_legal_actions_and_each_applies(game, data, seed, steps):
    _, variant, seats = data.draw(st.sampled_from([case for case in CASES if case[0] == game]))
    env = ArenaEnv(game, variant, seats)
    env.reset(seed=seed)
    walk(env, steps, seed)
    if env.match.is_over():
        return
    table = catalogue(game, variant, seats)
    for seat in range(seats):
        legal = env.match.legal_actions(seat)
        mask = env.observe(f"seat_{seat}")["action_mask"]
        allowed = np.flatnonzero(mask)
        # The keys allowed are the legal templates' keys, each once.
        keys = {table.key_of(int(i)) for i in allowed}
        expected = set()
        for template in legal:
            name = amount_field(template)
            expected.add(template if name is None else _key(template, name))
        assert keys == expected
        # Every allowed index is a distinct concrete action in a legal template's range, the
        # ends of every range included, and it applies.
        actions = [env.action(f"seat_{seat}", int(i)) for i in allowed]
        assert len(set(actions)) == len(actions)
        for template in legal:
            name = amount_field(template)
            if name is None:
                assert template in actions
                continue
            amount: Amount = getattr(template, name)
            values = {
                getattr(a, name)
                for a in actions
                if type(a) is type(template) and _key(a, name) == _key(template, name)
            }
            assert {amount.low, amount.high} <= values <= set(amount)
        for action in actions:
            assert applies(env.match, seat, action)


def _key(action, name):
    return replace(action, **{name: ANY})
