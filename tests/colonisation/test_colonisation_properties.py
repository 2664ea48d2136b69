"""Properties of random legal play, for every seat count and option set (Hypothesis).

Hypothesis chooses every action among the legal ones (``st.data()``), amounts included, from
the match's creation to its end (at most ``STEPS`` actions). After each action: every owned
territory holds an army (C11), virgin ones hold nothing, hostile ones no school nor person
(004 "Territoire hostile"), every living nation holds its home and an eliminated one nothing
(C18), points never go down (004 "Points d'objectifs"), at most one school of each type per
territory (004 "Ecoles militaires"), and once revealed each nation's columns differ by at most
one card (C8). The legal listing is exact for a sample of candidate actions. Replays,
snapshots and hidden information are checked for every game by the conformance suite
(``tests/conformance``) and for the option sets by ``test_colonisation_options.py``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from colonisation_helpers import IDS, N, new_match
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bots.house.choice import bounds, fill
from engines.colonisation.actions import (
    ArrangeSchool,
    Bid,
    BuildSchool,
    ChooseHome,
    Continue,
    DiplomatAct,
    DiplomatMove,
    EndTurn,
    Engage,
    GeneralMove,
    Move,
    Produce,
    Stop,
    Support,
)
from engines.core.contract import IllegalAction

STEPS = 3000  # random play ends in 100-700 actions
PROPERTY = settings(
    max_examples=4,
    deadline=None,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
OPTION_SETS = [
    {},
    {"trading": "none"},
    {"school_cost": 2, "symbols": "us"},
    {"years": 2},
]
CASES = [(seats, options) for seats in (3, 4, 5, 6) for options in OPTION_SETS]


def candidates() -> list:
    """A sample of every kind of action a seat could send, legal or not."""
    actions = [EndTurn(), Engage(), Continue(), Stop(), Bid(0), Bid(3)]
    for t in IDS[::5]:
        actions += [
            ChooseHome(t),
            ArrangeSchool(t, 1),
            Produce(t, "army"),
            Produce(t, "general"),
            BuildSchool(t),
            Move(t, "peru", 1, False, False),
            DiplomatMove(t, "brazil"),
            DiplomatAct(t, "brazil"),
            GeneralMove(t, "brazil"),
            Support(t, 1),
        ]
    return actions


def check_invariants(match) -> None:
    """The state is one the rules allow (see the module docstring)."""
    for t in range(N):
        holder = match.owner[t]
        if holder < 0:
            assert match.armies[t] == match.diplomats[t] == match.generals[t] == 0
            assert match.schools[t] == 0 and not match.hostile[t]
            continue
        assert match.alive[holder]
        assert match.armies[t] >= 1, f"{IDS[t]} is owned with no army"
        if match.hostile[t]:
            assert match.schools[t] == 0 and match.diplomats[t] == match.generals[t] == 0
    for seat in range(match.seats):
        home = match.homes[seat]
        if match.alive[seat] and home >= 0:
            assert match.owner[home] == seat and not match.hostile[home]
        if not match.alive[seat]:
            assert seat not in match.owner and home == -1


def check_columns(match) -> None:
    """Just revealed, every nation's columns differ by at most one card (C8)."""
    for seat in range(match.seats):
        sizes = Counter(match.column[t] for t in match.to_lay[seat])
        counts = [sizes.get(c, 0) for c in range(1, 7)]
        assert 0 not in sizes and max(counts) - min(counts) <= 1, counts


@pytest.mark.parametrize(("seats", "options"), CASES)
@PROPERTY
@given(data=st.data(), seed=SEEDS)
def test_random_play_keeps_the_invariants(seats, options, data, seed):
    match = new_match(seats, seed, **options)
    points = list(match.points)
    for step in range(STEPS):
        if match.is_over():
            break
        movers = match.to_move()
        seat = movers[data.draw(st.integers(0, len(movers) - 1), label="seat")]
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} to move in phase {match.phase} has no legal action"
        template = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        amount = bounds(template)
        action = template
        if amount is not None:
            action = fill(template, data.draw(st.integers(amount.low, amount.high), label="n"))
        if step % 20 == 0:
            listed = set(legal)
            for candidate in candidates():
                if candidate in listed or any(
                    type(t) is type(candidate) and bounds(t) is not None for t in legal
                ):
                    continue
                before = json.dumps(match.snapshot(), sort_keys=True)
                with pytest.raises(IllegalAction):
                    match.apply(seat, candidate)
                assert json.dumps(match.snapshot(), sort_keys=True) == before
        laying = match.phase == "columns"
        match.apply(seat, action)
        check_invariants(match)
        if laying and match.phase != "columns":
            check_columns(match)
        assert all(now >= then for now, then in zip(match.points, points, strict=True))
        points = list(match.points)
    assert match.is_over()
