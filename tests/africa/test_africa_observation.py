"""The observation kept up to date equals one built from scratch, at every step (issue 19).

The match keeps each power's views of the message log in a list extended only when a message
reaches that power (``AfricaMatch._messages_seen``), and an observation's ``messages`` is a
:class:`MessageLog` over that list's first items. Along seeded random play with messages on,
for every variant and seat count, every power observed at random steps (so that several
rounds may be delivered between two of its observations, and a power is observed while its
word of the round waits) sees exactly what a match restored from the snapshot shows, whose
views are built afresh, and the messages the rules let it see: every message it sent or
received, the text of one between two others blanked (002 1 "entre deux joueurs"), then its
own word of the round; and an observation taken earlier still shows what it showed then.
A log behaves as the tuple of its items.
"""

from __future__ import annotations

import random

import pytest
from africa_helpers import ALL_VARIANT_SEATS, new_match, random_action
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.africa.match import AfricaMatch
from engines.africa.observation import AfricaObservation, MessageLog, MessageView


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
    kept = [(observation, ()) for observation in map(match.observation, range(seats))]
    while not match.is_over():
        for seat in range(seats):
            if rng.random() < 0.4:
                observation = match.observation(seat)
                assert observation == from_scratch(match, seat)
                assert observation.messages == messages_seen(match, seat)
                kept.append((observation, messages_seen(match, seat)))
        match.apply(*random_action(match, rng))
    assert any(observation.messages for observation, _ in kept)
    for observation, then in kept:
        assert observation.messages == then and tuple(observation.messages) == then
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


VIEWS = [MessageView(turn, turn % 3, "all", f"text {turn}") for turn in range(1, 6)]
WORD = MessageView(6, 1, "france", "my word")


@pytest.mark.parametrize(
    ("log", "items"),
    [
        (MessageLog(VIEWS, 0, None), ()),
        (MessageLog(VIEWS, 0, WORD), (WORD,)),
        (MessageLog(VIEWS, 3, None), tuple(VIEWS[:3])),
        (MessageLog(VIEWS, 4, WORD), (*VIEWS[:4], WORD)),
    ],
)
def test_a_log_behaves_as_the_tuple_of_its_items(log, items):
    assert len(log) == len(items) and bool(log) == bool(items)
    assert list(log) == list(items) and list(reversed(log)) == list(reversed(items))
    for i in range(-len(items) - 2, len(items) + 2):
        if -len(items) <= i < len(items):
            assert log[i] is items[i]
        else:
            with pytest.raises(IndexError):
                log[i]
    for start in (None, -2, 0, 1, 9):
        for stop in (None, -1, 2, 9):
            for step in (None, 1, 2, -1):
                assert log[start:stop:step] == items[start:stop:step]
                assert type(log[start:stop:step]) is tuple
    assert log == items and items == log and (log != items) is False
    assert log == MessageLog(list(items), len(items), None)
    assert log != list(items) and log != (*items, WORD)
    assert hash(log) == hash(items) and repr(log) == repr(items)
    assert all(item in log for item in items) and MessageView(0, 0, "all", "") not in log
    assert [log.index(item) for item in items] == [items.index(item) for item in items]
    assert log.count(WORD) == items.count(WORD)


def test_a_log_does_not_see_views_appended_later():
    views = list(VIEWS[:2])
    log = MessageLog(views, 2, WORD)
    views += VIEWS[2:]
    assert log == (*VIEWS[:2], WORD) and len(log) == 3 and log[2] is WORD
    assert list(reversed(log)) == [WORD, VIEWS[1], VIEWS[0]]
