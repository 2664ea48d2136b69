"""Properties of random legal play, for every variant and seat count (Hypothesis).

Hypothesis chooses every action among the legal ones (``st.data()``), from the match's
creation to its end (at most ``STEPS`` actions). After each action the tests check: the 90
cards are all somewhere (deck, discard, loot, hands, camps, support), three of each region,
also in a world redrawn for a seat; a region is in play at most once; private events reach
others without their cards, and supports are revealed in pairs; the legal listing is exact.
Replays, snapshots and hidden information are checked for every game by the conformance
suite (``tests/conformance``).
"""

from __future__ import annotations

import random

import pytest
from conquetes_helpers import ALL_VARIANT_SEATS, IDS, N, everywhere, new_match, unplayed
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines.conquetes.actions import (
    AddSupport,
    Attack,
    CommitSupport,
    DiscardCard,
    DrawTwo,
    GiveCard,
    PlayRegion,
)
from engines.conquetes.events import (
    CardGiven,
    CardsDealt,
    CardsDrawn,
    MatchEnded,
    SupportAdded,
    SupportRevealed,
)
from engines.conquetes.match import REGION, ConquetesMatch
from engines.conquetes.observation import NOBODY
from engines.core.contract import IllegalAction, visible_event

STEPS = 3000  # random play ends in 60-200 actions; handing the excess back and forth, more
PROPERTY = settings(
    max_examples=5,
    deadline=None,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
REGIONS = set(IDS)


def choose(data, match: ConquetesMatch):
    """The seat to move and a legal action for it, both chosen by Hypothesis."""
    (seat,) = match.to_move()
    legal = match.legal_actions(seat)
    assert legal, f"seat {seat} to move in phase {match.phase} has no legal action"
    return seat, legal[data.draw(st.integers(0, len(legal) - 1), label="action")]


def candidates(seats: int) -> list:
    """Every action of every kind a seat could send, legal or not."""
    actions = [DrawTwo(), CommitSupport()]
    for r in IDS:
        actions += [PlayRegion(r), AddSupport(r), DiscardCard(r)]
        actions += [GiveCard(r, to) for to in range(-1, seats + 1)]
    actions += [Attack(a, b) for a in IDS for b in IDS]
    return actions


# ---------------------------------------------------------------------------- invariants


def check_cards(match: ConquetesMatch) -> None:
    """Three cards of each region, each somewhere once; a support being chosen is in its hand."""
    assert sorted(everywhere(match).items()) == [(r, 3) for r in range(N)]
    cards = unplayed(match)
    assert len(cards) == len(set(cards))
    if match.phase == "support":
        assert set(match.selection) <= set(match.hands[match.current])


def check_view(match: ConquetesMatch, salt: int) -> None:
    """A seat's view holds its own hand and the public counts; a world redrawn for it keeps
    the cards' invariants (that it shows the seat the same, the conformance suite checks)."""
    for seat in range(match.seats):
        view = match.observation(seat)
        hand = sorted((IDS[REGION[c]] for c in match.hands[seat]), key=IDS.index)
        assert list(view.hand) == hand
        assert view.hand_sizes == tuple(len(h) for h in match.hands)
        assert view.deck_size == len(match.deck)
        if match.phase != "over":
            check_cards(match.redraw_hidden(seat, random.Random(salt)))


def check_events(match: ConquetesMatch, events: list) -> None:
    """Private events reach other seats and spectators without their cards; supports are
    revealed only in pairs, when the attack is resolved."""
    for event in events:
        owner = event.private_to
        if owner is None:
            continue
        assert isinstance(event, CardsDealt | CardsDrawn | SupportAdded | CardGiven)
        for seat in [*range(match.seats), None]:
            seen = visible_event(event, seat)
            if seat == owner:
                assert seen == event
            elif isinstance(event, SupportAdded):
                assert seen is None  # not even the count before the commitment
            else:
                assert not getattr(seen, "regions", ()) and not getattr(seen, "region", "")
    revealed = [e for e in events if isinstance(e, SupportRevealed)]
    assert len(revealed) in (0, 2)


def check_listing(data, match: ConquetesMatch, everything: list) -> None:
    """Listed actions apply on a restored copy; unlisted ones are refused, changing nothing."""
    (seat,) = match.to_move()
    legal = set(match.legal_actions(seat))
    state = match.snapshot()
    picks = data.draw(st.lists(st.sampled_from(everything), max_size=4), label="probe")
    for action in [*picks, *list(legal)[:2]]:
        copy = ConquetesMatch.restore(state)
        if action in legal:
            copy.apply(seat, action)
        else:
            with pytest.raises(IllegalAction):
                copy.apply(seat, action)
            assert copy.snapshot() == state
    assert match.snapshot() == state


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@PROPERTY
@given(data=st.data(), seed=SEEDS)
def test_random_play_keeps_the_invariants(variant, seats, data, seed):
    match = new_match(variant, seats, seed)
    everything = candidates(seats)
    check_events(match, match.setup_events)
    check_cards(match)
    check_view(match, seed)
    for step in range(STEPS):
        if match.is_over():
            break
        if step % 7 == 0:
            check_listing(data, match, everything)
        seat, action = choose(data, match)
        events = match.apply(seat, action)
        check_cards(match)
        check_events(match, events)
        check_view(match, seed + step)
        in_play = [r for r in range(N) if match.owner[r] != NOBODY]
        assert len(in_play) == len(set(in_play))
        for event in events:
            if isinstance(event, MatchEnded):
                assert match.is_over() and event.winners == match.result().winners
    assert match.is_over(), "a match ends by itself before STEPS actions"
