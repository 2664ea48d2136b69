"""The observation kept up to date equals one built from scratch, at every step (issue 19).

The match keeps each power's view of the message log and extends it only when a message
reaches that power (``AfricaMatch._messages_seen``). Along seeded random play with messages
on, for every variant and seat count, every power observed at random steps (so that several
rounds may be delivered between two of its observations, and a power is observed while its
word of the round waits) sees exactly what a match restored from the snapshot shows, whose
views are built afresh, and the messages the rules let it see: every message it sent or
received, the text of one between two others blanked (002 1 "entre deux joueurs"), then its
own word of the round.
"""

from __future__ import annotations

import random

import pytest
from africa_helpers import ALL_VARIANT_SEATS, new_match, random_action
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.africa.match import AfricaMatch
from engines.africa.observation import AfricaObservation, MessageView


def from_scratch(match: AfricaMatch, seat: int) -> AfricaObservation:
    """``seat``'s observation in a copy of ``match`` restored from its snapshot: no view kept."""
    copy = AfricaMatch.restore(match.snapshot())
    assert isinstance(copy, AfricaMatch)
    return copy.observation(seat)


def messages_seen(match: AfricaMatch, seat: int) -> tuple[MessageView, ...]:
    """What the rules let ``seat`` see of the log, read off the state."""
    power = match.powers[seat]
    seen = [
        MessageView(turn, sender, to, text if seat == sender or to in ("all", power) else "")
        for turn, sender, to, text in match.messages
    ]
    said = match.queued[seat]
    if said:
        seen.append(MessageView(match.turn, seat, *said))
    return tuple(seen)


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@settings(
    max_examples=2, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_observation_equals_one_built_from_scratch(variant, seats, seed):
    rng = random.Random(seed)
    match = new_match(variant, seats, seed, messages=rng.randint(1, 8), message_length=12)
    kept = [match.observation(seat) for seat in range(seats)]
    while not match.is_over():
        for seat in range(seats):
            if rng.random() < 0.4:
                observation = match.observation(seat)
                assert observation == from_scratch(match, seat)
                assert observation.messages == messages_seen(match, seat)
                kept[seat] = observation
        match.apply(*random_action(match, rng))
    assert any(observation.messages for observation in kept)
    for seat in range(seats):
        assert match.observation(seat) == from_scratch(match, seat)


def test_a_redrawn_copy_views_its_own_log():
    """``redraw_hidden`` writes again the texts between two others, which the match may have
    viewed already: the copy shows every power its own log, as built from scratch."""
    match = new_match("standard", 3, seed=4, messages=2, message_length=12)
    rng = random.Random(4)
    while not any(s != 0 and to not in ("all", "great_britain") for _, s, to, _ in match.messages):
        assert not match.is_over()
        match.apply(*random_action(match, rng))
    for seat in range(3):
        match.observation(seat)
    copy = match.redraw_hidden(0, random.Random(1))
    assert copy.observation(0) == match.observation(0)
    for seat in range(3):
        assert copy.observation(seat) == from_scratch(copy, seat)
        assert copy.observation(seat).messages == messages_seen(copy, seat)
