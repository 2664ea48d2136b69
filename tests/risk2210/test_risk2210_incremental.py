"""The listings and views made the fast way equal the same made from scratch, at every step.

Issue 19: the step tests (is there an invasion, a capture, a fortify move?) stop at the first
found, an action's check looks at its source only, the fortify listing finds each group of
joined territories once, and the observation keeps its seldom-changing parts (devastated
territories, commanders' places, hands) until their state changes. Random legal play over
every seat count and option set compares each with the plain computation after every action,
for the seats asked and the mover (and the whole observation with a match rebuilt from its
snapshot, which keeps nothing).
"""

from __future__ import annotations

import pytest
from risk2210_helpers import IDS, new_match, play_random

from engines.core.contract import Amount
from engines.risk2210.actions import Fortify
from engines.risk2210.match import CARD_VIEWS, PLACE_OR_NONE, Risk2210Match, _deck_counts
from engines.risk2210.variants import COMMANDERS

OPTION_SETS = [
    {},
    {"defender_dice": "choose"},
    {"energy_extraction": "one_colony", "scatter_land_cards": 3, "sajon_bonus": 3},
]
CASES = [(seats, options) for seats in (2, 3, 4, 5) for options in OPTION_SETS]


def fortify_from_scratch(match: Risk2210Match, seat: int) -> list[Fortify]:
    """Every fortify move, each source's reach searched on its own (003 "CONSOLIDER SA
    POSITION")."""
    legal = []
    for s in match.controlled(seat):
        if match.units(s) < 2:
            continue
        moves = match._moves(seat, s, [], 1)
        legal += [
            Fortify(IDS[s], IDS[t], Amount(fewest, most), names)
            for t in match._reach(seat, s)
            for fewest, names, most in moves
        ]
    return legal


def check(match: Risk2210Match) -> bool:
    """Compare every fast piece with its plain computation, for the seats asked now and the
    mover; never stops play."""
    fresh = type(match).restore(match.snapshot())
    for seat in sorted({*match.to_move(), *([match.mover] if match.mover >= 0 else [])}):
        invasions, captures = match._attacks(seat)
        first = match._attacks(seat, first=True)
        assert bool(first[0] or first[1]) == bool(invasions or captures)
        assert first == (invasions[:1], []) or first == ([], captures[:1]) or first == ([], [])
        for s in match.controlled(seat):
            own = match._attacks(seat, (s,))
            assert own == ([p for p in invasions if p[0] == s], [p for p in captures if p[0] == s])
        fortify = fortify_from_scratch(match, seat)
        assert match._fortify_options(seat) == fortify
        assert match._may_fortify(seat) == bool(fortify)
        observation = match.observation(seat)
        hand = match.hands[seat]
        seen = hand[: len(hand) - match.unseen[seat]]
        assert observation.devastated == tuple(IDS[t] for t in match.devastated)
        assert observation.commanders == tuple(
            tuple(PLACE_OR_NONE[p] for p in row) for row in match.commander
        )
        assert observation.hand == tuple(CARD_VIEWS[c] for c in sorted(seen))
        assert observation.hand_sizes == tuple(_deck_counts(hand) for hand in match.hands)
        assert observation == fresh.observation(seat)
    return False


@pytest.mark.parametrize(("seats", "options"), CASES)
def test_the_fast_listings_and_views_equal_the_plain_ones(seats, options):
    seed = seats * 10 + len(options)
    match = new_match(seats, seed, max_steps=800, **options)
    play_random(match, seed, until=check)
    assert match.is_over()


def test_the_observation_fields_hold_what_they_name():
    """The observation is built positionally (faster than by keyword): each field by name."""
    match = new_match(4, 3)
    play_random(match, 3, until=lambda m: m.year == 2 and m.phase == "invade")
    seat = match.mover
    observation = match.observation(seat)
    assert observation.owners == tuple(match.owner)
    assert observation.stations == tuple(match.station)
    assert observation.mods == tuple(match.mods)
    assert observation.energy == tuple(match.energy)
    assert observation.bids == tuple(match.revealed)
    assert observation.markers == tuple(match.markers)
    assert observation.deck_sizes == tuple(len(d) for d in match.decks)
    assert observation.territory_decks == tuple(len(d) for d in match.territory_decks)
    assert observation.unseen == match.unseen[seat]
    assert observation.cards_bought == match.bought
    assert observation.contested_captures == match.contested
    assert observation.hidden_energy_cards == tuple(len(d) for d in match.hidden_energy)
    assert observation.scout_cards == tuple(len(d) for d in match.scouts)
    assert (observation.fortified, observation.invaded) == (match.fortified, match.invaded)
    assert observation.extraction == match.extraction
    assert len(observation.commanders[seat]) == len(COMMANDERS)
