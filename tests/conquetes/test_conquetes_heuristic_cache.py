"""The Conquêtes heuristic's fast pieces (issue 19) equal a computation from scratch.

The player keeps its camps, hand and view between decisions and works on bit masks; these
tests rebuild every piece the straightforward way (lists, ``statistics``, the engine's
``scoring`` module, a fresh player for every decision) and compare, along seeded matches of
every variant and seat count and on Hypothesis' camps.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest
from conquetes_helpers import ALL_VARIANT_SEATS, N, new_match
from hypothesis import given
from hypothesis import strategies as st

from bots.house.conquetes_heuristic import (
    ConquetesHeuristicPlayer,
    _Camps,
    _Geometry,
    _Hand,
    _View,
    value_spread,
)
from engines.conquetes.board import MAP
from engines.conquetes.observation import BOT, ConquetesObservation
from engines.conquetes.scoring import best_territory, continent_winners, territories

GEOMETRY = _Geometry(MAP)
REGIONS = st.sets(st.integers(0, N - 1))


def _bits(regions) -> int:
    return sum(1 << r for r in set(regions))


def _set_of(territory_masks) -> set[frozenset[int]]:
    return {frozenset(r for r in range(N) if mask >> r & 1) for mask in territory_masks}


@given(st.lists(st.integers(1, 6), min_size=2, max_size=100))
def test_the_spread_is_statistics_pstdev_to_the_last_bit(values):
    spread = value_spread(len(values), sum(values), sum(v * v for v in values))
    assert spread == statistics.pstdev(values)


@given(REGIONS, st.integers(0, N - 1))
def test_territories_derived_from_a_camp_of_one_region_less_or_more_are_exact(camp, r):
    expected = {frozenset(t) for t in territories(camp)}
    assert _set_of(GEOMETRY.territories(_bits(camp))) == expected
    match = new_match("standard", 2, seed=0)
    camps = _Camps(match.observation(0), GEOMETRY, late=False, card_worth=0.35)
    mask = _bits(camp)
    grown = camps.territories(mask | 1 << r, mask)
    assert _set_of(grown) == {frozenset(t) for t in territories(camp | {r})}
    shrunk = camps.territories(mask & ~(1 << r), mask)
    assert _set_of(shrunk) == {frozenset(t) for t in territories(camp - {r})}


def _reference_points(obs: ConquetesObservation, owner: int, camp, hand) -> float:
    """The points of the heuristic before issue 19: lists and the scoring module."""
    index = MAP.index
    owners = {index[r]: s for s, regions in enumerate(obs.camps) for r in regions}
    owners.update({index[r]: BOT for r in obs.bot_camp})
    continents = 0.0
    if obs.continent_majority:
        camps = {o: [r for r, p in owners.items() if p == o] for o in {*owners.values(), owner}}
        camps[owner] = list(camp)
        continents = 3.0 * sum(w == owner for w in continent_winners(camps, MAP))
    if owner == BOT:
        return 2.0 * len(camp) + len(obs.loot) + continents
    territory, duplicates = best_territory(camp, hand, MAP)
    return len(territory) + len(duplicates) + continents


def _reference_unseen(obs: ConquetesObservation) -> tuple[float, float]:
    """The unseen values' mean and deviation as the heuristic computed them before issue 19
    (``Counter.update`` of the camps' owner map adds the owners, as it did)."""
    index = MAP.index
    owners = {index[r]: s for s, regions in enumerate(obs.camps) for r in regions}
    owners.update({index[r]: BOT for r in obs.bot_camp})
    seen = Counter(index[r] for r in obs.hand)
    seen.update(owners)
    seen.update(index[r] for r in (*obs.discard, *obs.loot))
    unseen = [v for r, v in enumerate(MAP.values) for _ in range(MAP.copies - seen[r])]
    mean = statistics.fmean(unseen) if unseen else 3.5
    return mean, statistics.pstdev(unseen) if len(unseen) > 1 else 1.5


def _check_view(view: _View, obs: ConquetesObservation, rng: random.Random) -> None:
    """Every piece of ``view`` (possibly kept from earlier decisions) against scratch."""
    index = MAP.index
    fresh = ConquetesHeuristicPlayer().view(obs)
    assert (view.mean, view.spread) == (fresh.mean, fresh.spread) == _reference_unseen(obs)
    hand = [index[r] for r in obs.hand]
    camp = [index[r] for r in obs.camps[obs.seat]]
    assert view.hand.worth == fresh.hand.worth
    assert view.hand.order() == fresh.hand.order()
    for attacking in (True, False):
        assert view.hand.spend_costs(attacking) == fresh.hand.spend_costs(attacking)
    largest = best_territory(camp, [], MAP)[0]
    assert view.camps.territory == _bits(largest)
    me = obs.seat
    assert view.points(me, _bits(camp), view.hand.layers) == _reference_points(obs, me, camp, hand)
    owners = [*range(len(obs.camps)), *([BOT] if obs.bot is not None else [])]
    for _ in range(4):  # camps of one region more or less, as the heuristic asks
        owner = rng.choice(owners)
        theirs = [index[r] for r in (obs.bot_camp if owner == BOT else obs.camps[owner])]
        r = rng.randrange(N)
        changed = [x for x in theirs if x != r] if r in theirs else [*theirs, r]
        got = view.points(owner, _bits(changed), (), _bits(theirs))
        assert got == _reference_points(obs, owner, changed, [])
    for r in set(hand):
        layers, worth = view.hand.less(r)
        left = list(hand)
        left.remove(r)
        assert worth == _Hand(view.camps, left).worth
        played = [*camp, r] if r not in camp else camp
        got = view.points(me, _bits(played), layers, _bits(camp))
        assert got == _reference_points(obs, me, played, left)


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_kept_pieces_and_choices_equal_a_fresh_players(variant, seats):
    """Seeded matches played by the heuristic on every seat: at every decision each kept
    piece equals its computation from scratch, and the action a fresh player's."""
    for seed in range(2):
        rng = random.Random(seed)
        match = new_match(variant, seats, seed)
        players = [ConquetesHeuristicPlayer(seed=s) for s in range(seats)]
        while not match.is_over():
            seat = match.to_move()[0]
            obs, legal = match.observation(seat), match.legal_actions(seat)
            action = players[seat].act(obs, legal)
            assert action == ConquetesHeuristicPlayer().act(obs, legal)
            if match.steps % 3 == 0:
                _check_view(players[seat].view(obs), obs, rng)
            match.apply(seat, action)
