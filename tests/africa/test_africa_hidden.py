"""``redraw_hidden``: worlds a power cannot tell from the real one (contract, ``Match``).

For every variant and seat count, at many steps of random play, for every power and for a
spectator (``None``) (that the copy shows it the same, the conformance suite checks): what the
viewer may not know — the other powers' sheets (002 2 "chaque joueur écrit en secret"), their
words of the diplomacy round not yet delivered, the texts of messages between two others (002
1 "entre deux joueurs") — changes in some draws and stays something the rules allow; and
random play goes on legally from the copy to the end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from africa_helpers import ALL_VARIANT_SEATS, DE, FR, GB, new_match, play_random, random_action

from engines.africa.actions import (
    Declare,
    Develop,
    EndDiplomacy,
    Explore,
    Hold,
    Land,
    Message,
    SubmitOrders,
)
from engines.africa.board import MAP
from engines.africa.events import OrdersRead
from engines.africa.match import AfricaMatch
from engines.core import visible_events

DRAWS = 4  # copies drawn per viewer and state


def viewers(match: AfricaMatch) -> list[int | None]:
    return [*range(match.seats), None]


def hidden(match: AfricaMatch, viewer: int | None) -> list:
    """What ``viewer`` may not know: other powers' sheets and words, others' private texts."""
    power = None if viewer is None else match.powers[viewer]
    texts = [t for _, s, to, t in match.messages if to not in ("all", power) and s != viewer]
    others = [s for s in range(match.seats) if s != viewer]
    sheets = [(match.orders[s], match.landing[s], match.declared[s]) for s in others]
    return [texts, sheets, [match.queued[s] for s in others]]


def check_copy(match: AfricaMatch, copy: AfricaMatch, viewer: int | None) -> None:
    """The copy is a state the rules allow, its public facts unchanged (that ``viewer`` is
    shown the same in it, the conformance suite checks for every game)."""
    public = ("presence", "developed", "colony", "relations", "done", "phase", "turn")
    assert all(getattr(copy, name) == getattr(match, name) for name in public)
    assert [m[:3] for m in copy.messages] == [m[:3] for m in match.messages]
    for seat in range(match.seats):
        said = copy.queued[seat]
        assert (said is None) == (match.queued[seat] is None)
        delivered = sum(m[0] == match.turn and m[1] == seat for m in copy.messages)
        if copy.phase == "diplomacy":
            assert copy.sent[seat] == delivered + bool(said) <= copy.options["messages"]
        if said:
            assert len(said[1]) <= copy.options["message_length"]
        if copy.phase != "orders":
            continue
        # Every order written is one the rules allow on this board (002 2.1-2.3).
        for source, order in copy.orders[seat].items():
            t = MAP.index[source]
            assert seat in copy.presence[t]
            if order not in ("develop", "hold"):
                assert MAP.borders(t, MAP.index[order])
        if copy.landing[seat]:
            t = MAP.index[copy.landing[seat]]
            assert MAP.coastal[t] and not copy.presence[t]
        assert copy.powers[seat] not in copy.declared[seat]


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_redrawn_worlds_look_the_same_and_play_on(variant, seats):
    rng = random.Random(f"{variant}{seats}")
    match = new_match(variant, seats, seed=1, messages=3, message_length=20)
    changed = Counter()
    step = 0
    while not match.is_over():
        if step % 9 == 0:
            for viewer in viewers(match):
                for _ in range(DRAWS):
                    copy = match.redraw_hidden(viewer, rng)
                    check_copy(match, copy, viewer)
                    changed[viewer] += hidden(copy, viewer) != hidden(match, viewer)
        match.apply(*random_action(match, rng))
        step += 1
    assert all(changed[viewer] for viewer in viewers(match)), changed
    # Play goes on legally, to the end, from a redrawn state (orders under way).
    match = new_match(variant, seats, seed=2)
    play_random(match, seed=3, until=lambda m: m.turn == 2 and m.phase == "orders")
    play_random(match, seed=4, until=lambda m: any(m.orders))
    for viewer in viewers(match):
        copy = match.redraw_hidden(viewer, random.Random(5))
        play_random(copy, seed=6)
        assert copy.is_over()


def test_other_sheets_are_written_again_but_not_the_own():
    """002 2 "chaque joueur écrit en secret": France cannot know what Great Britain wrote nor
    whether it has handed its sheet in; its own sheet is its own."""
    match = new_match("historical", 3)
    for seat in (GB, FR, DE):
        match.apply(seat, EndDiplomacy())
    match.apply(GB, Develop("alexandrie"))
    match.apply(GB, Declare("france", "war"))
    match.apply(GB, SubmitOrders())
    match.apply(FR, Land("dakar"))
    sheets = set()
    for salt in range(12):
        copy = match.redraw_hidden(FR, random.Random(salt))
        assert (copy.orders[FR], copy.landing[FR]) == ({}, "dakar")
        assert copy.done == [True, False, False]
        sheets.add(repr((copy.orders[GB], copy.landing[GB], copy.declared[GB])))
    assert len(sheets) > 3
    spectator = match.redraw_hidden(None, random.Random(1))
    check_copy(match, spectator, None)


def test_words_of_the_round_and_private_texts_are_drawn_again():
    """002 1: a word said this round is not heard before the round ends; what two other
    powers tell each other is never heard by a third, though it sees that they talk."""
    match = new_match("historical", 3)
    match.apply(GB, Message("germany", "secret"))
    match.apply(FR, Message("all", "hello"))
    match.apply(DE, Message("great_britain", "reply"))
    match.apply(GB, Message("france", "and you"))
    words, texts = set(), set()
    for salt in range(20):
        copy = match.redraw_hidden(FR, random.Random(salt))
        check_copy(match, copy, FR)
        assert [m[3] for m in copy.messages][1] == "hello"
        texts.add((copy.messages[0][3], copy.messages[2][3]))
        words.add(repr(copy.queued[GB]))
        assert copy.queued[FR] is None and copy.queued[DE] is None
    assert len(texts) > 1 and len(words) > 2 and "[]" in words
    own = match.redraw_hidden(GB, random.Random(0))
    assert own.messages == match.messages and own.queued == match.queued


def test_a_spectator_sees_no_order_nor_hand_in_only_the_reading():
    """002 2 "en secret", 002 3 "les recueille puis les lit": until the reading a spectator
    and the other powers are shown nothing of the sheets, their length or their timing; then
    every sheet."""
    match = new_match("historical", 4)
    for seat in range(4):
        match.apply(seat, EndDiplomacy())
    sheets = [[Hold("alexandrie"), Land("dakar")], [Explore("alger", "sahara")], [], []]
    shown = {seat: [] for seat in [*range(4), None]}
    for seat in (3, 0, 1):
        for action in [*sheets[seat], SubmitOrders()]:
            events = match.apply(seat, action)
            for viewer in shown:
                if viewer != seat:
                    shown[viewer] += visible_events(events, viewer)
    assert all(seen == [] for seen in shown.values())
    reading = visible_events(match.apply(2, SubmitOrders()), None)
    read = [e for e in reading if isinstance(e, OrdersRead)]
    assert [(e.seat, e.landing) for e in read] == [(0, "dakar"), (1, ""), (2, ""), (3, "")]
    assert read[1].orders == (("alger", "sahara"),)
