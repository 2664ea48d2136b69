"""Hidden information in Risk : la colonisation: the drawn cards until the auction ends, each
seat's bids, each seat's school columns until all are revealed (B9, C1, C8).

``redraw_hidden`` draws worlds a seat cannot tell from the real one (the conformance suite
checks for every game that the copy shows the viewer the same): here, that what the viewer
may not know changes in some draws and stays something the rules allow, that its own secrets
never change, and that play goes on legally from a copy to the end. And a spectator or
another seat is shown nothing of a bid or a card laid, neither its content nor its timing.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from colonisation_helpers import (
    ALL_SEATS,
    BLUE,
    IDS,
    RED,
    YELLOW,
    arrange,
    idx,
    new_match,
    play_random,
    script,
)

from bots.house.random_player import RandomPlayer
from engines.colonisation.actions import ArrangeSchool, Bid, EndTurn
from engines.colonisation.events import CardsDrawn, LotSold
from engines.colonisation.match import ColonisationMatch
from engines.colonisation.variants import MILITARY
from engines.core import visible_events

DRAWS = 4


def viewers(match: ColonisationMatch) -> list[int | None]:
    return [*range(match.seats), None]


def hidden(match: ColonisationMatch, viewer: int | None) -> list:
    """What ``viewer`` may not know now."""
    others = [s for s in range(match.seats) if s != viewer]
    if match.phase == "auction":
        return [[match.drawn[s][0] for s in others], [match.bids[s] for s in others]]
    if match.phase == "columns":
        return [[match.column[t] for t in match.to_lay[s]] for s in others]
    return []


def check_copy(match: ColonisationMatch, copy: ColonisationMatch, viewer: int | None) -> None:
    """The copy is a state the rules allow, with the same public facts and the viewer's own
    secrets unchanged."""
    public = ("owner", "armies", "schools", "starting", "holders", "phase", "year", "lot_bids")
    assert all(getattr(copy, name) == getattr(match, name) for name in public)
    assert [d[1] for d in copy.drawn] == [d[1] for d in match.drawn]
    firsts = [d[0] for d in copy.drawn]
    assert len(set(firsts) | {d[1] for d in copy.drawn}) == 2 * copy.seats
    if viewer is not None:
        assert copy.drawn[viewer] == match.drawn[viewer]
        assert copy.bids[viewer] == match.bids[viewer]
        assert [copy.column[t] for t in copy.to_lay[viewer]] == [
            match.column[t] for t in match.to_lay[viewer]
        ]
    for seat in range(copy.seats):
        assert (copy.bids[seat] < 0) == (match.bids[seat] < 0)
        assert copy.bids[seat] < copy.starting[seat]
        assert copy.laid[seat] == match.laid[seat] or copy.laid[seat] < len(copy.to_lay[seat])
        assert (copy.laid[seat] == len(copy.to_lay[seat])) == (
            match.laid[seat] == len(match.to_lay[seat])
        )
    events = [e for e in copy.setup_events if isinstance(e, CardsDrawn)]
    assert [(e.first, e.second) for e in events] == [(IDS[a], IDS[b]) for a, b in copy.drawn]


@pytest.mark.parametrize(("variant", "seats"), ALL_SEATS)
def test_redrawn_worlds_look_the_same_and_play_on(variant, seats):
    rng = random.Random(f"{variant}{seats}")
    match = new_match(seats, seed=seats)
    changed: Counter = Counter()
    step = 0
    while not match.is_over():
        if match.phase in ("auction", "columns") and step % 2 == 0:
            for viewer in viewers(match):
                for _ in range(DRAWS):
                    copy = match.redraw_hidden(viewer, rng)
                    check_copy(match, copy, viewer)
                    changed[viewer] += hidden(copy, viewer) != hidden(match, viewer)
        seat = rng.choice(match.to_move())
        play_random_one(match, seat, rng)
        step += 1
    assert all(changed[viewer] for viewer in viewers(match)), changed
    # Play goes on legally, to the end, from a redrawn state (bids and columns under way).
    for phase in ("auction", "columns"):
        match = new_match(seats, seed=seats + 1)
        play_random(
            match,
            seed=3,
            until=lambda m, p=phase: (
                m.phase == p and any(m.bids[s] >= 0 or m.laid[s] for s in range(m.seats))
            ),
        )
        assert not match.is_over()
        for viewer in viewers(match):
            copy = match.redraw_hidden(viewer, random.Random(5))
            play_random(copy, seed=6)
            assert copy.is_over()


def play_random_one(match: ColonisationMatch, seat: int, rng: random.Random) -> None:
    action = RandomPlayer(rng.randrange(1 << 30)).act(
        match.observation(seat), match.legal_actions(seat)
    )
    match.apply(seat, action)


def test_the_first_cards_are_drawn_again_but_never_the_viewers_own():
    """004 "Début": each seat "les regarde toutes les deux"; the others see only the second
    (C1: shown for the auction) until the auction ends."""
    match = new_match(4, seed=9)
    firsts = set()
    for salt in range(10):
        copy = match.redraw_hidden(RED, random.Random(salt))
        assert copy.drawn[RED] == match.drawn[RED]
        assert copy.observation(RED) == match.observation(RED)
        firsts.add(tuple(copy.drawn[s][0] for s in (YELLOW, BLUE, 3)))
        drawn = [e for e in copy.setup_events if isinstance(e, CardsDrawn)]
        assert [e.first for e in drawn] == [IDS[d[0]] for d in copy.drawn]
    assert len(firsts) > 5


def test_a_bid_leaves_no_trace_until_its_lot_closes():
    """C1: "one sealed-bid auction per tradeable card": another seat or a spectator is shown
    nothing of a bid, neither how much nor when; the lot's close shows every bid."""
    match = new_match(4, seed=4)
    before = {s: match.observation(s) for s in (YELLOW, BLUE, 3)}
    events = match.apply(RED, Bid(4))
    for viewer in (YELLOW, BLUE, 3, None):
        assert visible_events(events, viewer) == []
    assert {s: match.observation(s) for s in before} == before
    bids = set()
    for salt in range(12):
        bids.add(match.redraw_hidden(YELLOW, random.Random(salt)).bids[RED])
    assert len(bids) > 3
    match.apply(BLUE, Bid(2))
    (sold,) = [e for e in visible_events(match.apply(3, Bid(4)), None) if isinstance(e, LotSold)]
    assert sold.bids == (-1, 4, 2, 4) and sold.buyer == RED  # the tie: red is left of yellow


def test_columns_laid_leave_no_trace_until_all_are_revealed():
    """C8: every seat lays out its columns "at once, in secret, revealed together"."""
    match = arrange(
        new_match(3),
        {"peru": (0, 2), "brazil": (0, 2), "egypt": (1, 2), "congo": (1, 2), "japan": (2, 2)},
        mover=BLUE,
        schools={"peru": MILITARY, "brazil": MILITARY, "egypt": MILITARY},
    )
    match.first, match.turns_left = YELLOW, []
    script(match, 4)
    match.apply(BLUE, EndTurn())
    assert match.to_move() == (YELLOW, RED)
    before = match.observation(RED)
    events = match.apply(YELLOW, ArrangeSchool("peru", 5))
    assert all(visible_events(events, v) == [] for v in (RED, BLUE, None))
    assert match.observation(RED) == before
    assert match.observation(YELLOW).columns[idx("peru")] == 5
    spectator = match.spectator_board()
    assert not any(m.startswith("column") for p in spectator.places.values() for m in p.marks)
    layouts = set()
    for salt in range(12):
        copy = match.redraw_hidden(RED, random.Random(salt))
        assert copy.column[idx("egypt")] == 0 and copy.laid[YELLOW] <= 1
        layouts.add(copy.column[idx("peru")])
    assert len(layouts) > 2
    match.apply(YELLOW, ArrangeSchool("brazil", 2))
    events = match.apply(RED, ArrangeSchool("egypt", 1))
    assert match.observation(RED).columns[idx("peru")] == 5
    assert "column 5" in match.spectator_board().places["peru"].marks
    assert visible_events(events, None)
