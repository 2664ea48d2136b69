"""Properties of random legal play, for every variant and seat count (Hypothesis).

Hypothesis chooses every action among the legal ones (``st.data()``), message texts included,
from the match's creation to its end (at most ``STEPS`` actions). After each action: no power
has more than 22 presences on the board (002 3.1 REMARQUE), at most one per territory (002
3.1), colonies are never undone (002 5 "définitivement"). The legal listing is exact for a
sample of candidate actions. That orders leave no trace until the reading (002 2 "en
secret"), that powers asked at once decide independently, replays and snapshots are checked
for every game by the conformance suite (``tests/conformance``).
"""

from __future__ import annotations

import json

import pytest
from africa_helpers import ALL_VARIANT_SEATS, IDS, N, new_match
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines.africa.actions import (
    Declare,
    Develop,
    EndDiplomacy,
    Explore,
    Hold,
    Land,
    Message,
    PlaceStart,
    SubmitOrders,
)
from engines.africa.variants import POWERS, PRESENCES
from engines.core.contract import IllegalAction

STEPS = 1500  # random play ends in 200-800 actions
PROPERTY = settings(
    max_examples=3,
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


def candidates() -> list:
    """A sample of every kind of action a power could send, legal or not."""
    actions = [EndDiplomacy(), SubmitOrders()]
    for t in IDS[::3]:
        actions += [PlaceStart(t), Develop(t), Hold(t), Land(t), Explore(t, "kenya")]
    actions += [Declare(p, r) for p in POWERS for r in ("alliance", "war", "peace")]
    actions += [Message(p, "") for p in (*POWERS, "all", "nobody")]
    return actions


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@PROPERTY
@given(data=st.data(), seed=SEEDS)
def test_random_play_keeps_the_invariants(variant, seats, data, seed):
    match = new_match(variant, seats, seed)
    colonies: set[int] = set()
    for step in range(STEPS):
        if match.is_over():
            break
        movers = match.to_move()
        seat = movers[data.draw(st.integers(0, len(movers) - 1), label="seat")]
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} to move in phase {match.phase} has no legal action"
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        if isinstance(action, Message):
            text = data.draw(st.text(max_size=match.options["message_length"]), label="text")
            action = Message(action.to, text)
        if step % 25 == 0:
            listed = set(legal)
            for candidate in candidates():
                if candidate in listed:
                    continue
                before = json.dumps(match.snapshot(), sort_keys=True)
                with pytest.raises(IllegalAction):
                    match.apply(seat, candidate)
                assert json.dumps(match.snapshot(), sort_keys=True) == before
        match.apply(seat, action)
        for s in range(seats):
            assert sum(s in p for p in match.presence) <= PRESENCES
        assert all(len(p) == len(set(p)) for p in match.presence)
        now = {t for t in range(N) if match.colony[t]}
        assert colonies <= now
        colonies = now
    assert match.is_over()


def test_many_messages_and_long_texts_are_refused_without_change():
    """The diplomacy bounds hold for any text: over the size or the count, refused."""
    match = new_match("historical", 3, messages=1, message_length=3)
    before = match.snapshot()
    with pytest.raises(IllegalAction):
        match.apply(0, Message("all", "four"))
    assert match.snapshot() == before
    match.apply(0, Message("all", "é!?"))
    with pytest.raises(IllegalAction):
        match.apply(0, Message("france", ""))
