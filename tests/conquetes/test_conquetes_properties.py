"""Properties of random legal play, for every variant and seat count (Hypothesis).

Hypothesis chooses every action among the legal ones (``st.data()``), from the match's
creation to its end (at most ``STEPS`` actions). After each action the tests check: the 90
cards are all somewhere (deck, discard, loot, hands, camps, support), three of each region; a
region is in play at most once; what a seat observes does not change when everything hidden
from it changes (the other hands, the deck's order, the other side's support); private events
reach others without their cards; the legal listing is exact; replays reproduce the match; a
snapshot restored plays on exactly like the original.
"""

from __future__ import annotations

import json
import random

import pytest
from conquetes_helpers import ALL_VARIANT_SEATS, IDS, N, everywhere, new_match
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
from engines.conquetes.match import ConquetesMatch
from engines.conquetes.observation import NOBODY
from engines.core.codec import to_plain
from engines.core.contract import IllegalAction, visible_event
from engines.replay import Replay, start, verify

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
    """Three cards of each region, each somewhere; a support being chosen is in its hand."""
    assert sorted(everywhere(match).items()) == [(r, 3) for r in range(N)]
    if match.phase == "support":
        hand = list(match.hands[match.current])
        for r in match.selection:
            hand.remove(r)


def hide_from(match: ConquetesMatch, seat: int, salt: int) -> ConquetesMatch:
    """A copy of ``match`` where everything ``seat`` may not know is dealt again: the other
    hands (their sizes kept), the other side's support, the deck's order."""
    copy = ConquetesMatch.restore(match.snapshot())
    others = [s for s in range(match.seats) if s != seat]
    pool = list(copy.deck)
    for s in others:
        pool += copy.hands[s]
    attacker = copy.attack[0] if copy.attack else None
    hidden_support = copy.attack_support is not None and attacker != seat
    if hidden_support:
        pool += copy.attack_support
    random.Random(salt).shuffle(pool)
    for s in others:
        copy.hands[s], pool = pool[: len(copy.hands[s])], pool[len(copy.hands[s]) :]
    if hidden_support:
        size = len(copy.attack_support)
        copy.attack_support, pool = pool[:size], pool[size:]
    if copy.phase == "support" and copy.current != seat:
        copy.selection = copy.hands[copy.current][: len(copy.selection)]
    copy.deck = pool
    return copy


def check_privacy(match: ConquetesMatch, salt: int) -> None:
    """A seat's view holds its own hand, and stays the same whatever is hidden from it."""
    for seat in range(match.seats):
        view = match.observation(seat)
        assert list(view.hand) == sorted((IDS[c] for c in match.hands[seat]), key=IDS.index)
        assert view.hand_sizes == tuple(len(h) for h in match.hands)
        assert view.deck_size == len(match.deck)
        plain = to_plain(view)
        del plain["board"]  # static: the same map for every seat
        assert not {"seed", "rng", "deck", "hands", "selection"} & set(plain)
        if match.phase != "over":
            assert hide_from(match, seat, salt).observation(seat) == view


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
    check_privacy(match, seed)
    for step in range(STEPS):
        if match.is_over():
            break
        if step % 7 == 0:
            check_listing(data, match, everything)
        seat, action = choose(data, match)
        events = match.apply(seat, action)
        check_cards(match)
        check_events(match, events)
        check_privacy(match, seed + step)
        in_play = [r for r in range(N) if match.owner[r] != NOBODY]
        assert len(in_play) == len(set(in_play))
        for event in events:
            if isinstance(event, MatchEnded):
                assert match.is_over() and event.winners == match.result().winners
    assert match.is_over(), "a match ends by itself before STEPS actions"
    result = match.result()
    assert sorted(s for group in result.ranking for s in group) == list(range(seats))


# ---------------------------------------------------------------------------- replays


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@settings(PROPERTY, max_examples=3)
@given(data=st.data(), seed=SEEDS)
def test_replays_reproduce_the_match(variant, seats, data, seed):
    recorder = start("conquetes", variant, seats, seed, options={"bot_level": "confirme"})
    for _ in range(STEPS):
        if recorder.match.is_over():
            break
        recorder.apply(*choose(data, recorder.match))
    replay = recorder.replay()
    assert verify(replay) == []
    again = Replay.from_json(replay.to_json())
    assert again.actions == replay.actions
    assert verify(again) == []


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@settings(PROPERTY, max_examples=3)
@given(data=st.data(), seed=SEEDS)
def test_snapshot_then_restore_plays_on_identically(variant, seats, data, seed):
    match = new_match(variant, seats, seed, bot_level="intermediaire")
    before = data.draw(st.integers(0, 120), label="actions before the snapshot")
    for _ in range(before):
        if match.is_over():
            break
        match.apply(*choose(data, match))
    state = json.loads(json.dumps(match.snapshot()))
    copy = ConquetesMatch.restore(state)
    assert copy.snapshot() == match.snapshot()
    for _ in range(STEPS):
        if match.is_over():
            break
        seat, action = choose(data, match)
        assert copy.apply(seat, action) == match.apply(seat, action)
        assert copy.observation(seat) == match.observation(seat)
    assert copy.snapshot() == match.snapshot()
    assert copy.is_over() == match.is_over()
    if match.is_over():
        assert copy.result() == match.result()
