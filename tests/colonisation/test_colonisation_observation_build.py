"""The observation, built positionally for speed (issue 19), holds in each named field what
that field names, and the same as a match rebuilt from scratch (its snapshot restored), at
every step of random play over every seat count and option set, for every seat."""

from __future__ import annotations

import pytest
from colonisation_helpers import IDS, N, new_match, play_random

from engines.colonisation.match import ColonisationMatch
from engines.colonisation.observation import COLUMNS

OPTION_SETS = [{}, {"trading": "none"}, {"school_cost": 2, "symbols": "us"}, {"years": 2}]
CASES = [(seats, options) for seats in (3, 4, 5, 6) for options in OPTION_SETS]


def check(match: ColonisationMatch) -> bool:
    """Compare every seat's observation field by field with the state; never stops play."""
    fresh = type(match).restore(match.snapshot())
    for seat in range(match.seats):
        view = match.observation(seat)
        assert (view.seat, view.variant, view.phase) == (seat, match.variant, match.phase)
        assert (view.deck, view.school_cost) == (
            match.options["symbols"],
            match.options["school_cost"],
        )
        assert (view.year, view.last_year) == (match.year, match.last_year)
        assert view.first_player == (match.first if match.first >= 0 else None)
        assert view.mover == (match.mover if match.mover >= 0 else None)
        for name in ("owner", "hostile", "armies", "diplomats", "generals", "schools", "homes"):
            assert getattr(view, name) == tuple(getattr(match, name)), name
        for name in ("eliminated", "points", "rolls", "ready"):
            assert getattr(view, name) == tuple(getattr(match, name)), name
        for name in ("used_armies", "used_diplomats", "used_generals"):
            assert getattr(view, name) == tuple(getattr(match, name)), name
        hidden = match.phase == COLUMNS
        assert view.columns == tuple(
            0 if hidden and match.owner[t] != seat else match.column[t] for t in range(N)
        )
        assert view.hits == tuple((IDS[t], roll) for t, roll in match.hits)
        war = match.war
        if war is None:
            assert view.war is None
        else:
            shown = view.war
            assert (shown.attacker, shown.defender) == (war["attacker"], war["defender"])
            assert (shown.source, shown.target) == (IDS[war["source"]], IDS[war["target"]])
            assert shown.fronts == tuple((IDS[n], a) for n, a in war["fronts"])
            assert (shown.general, shown.diplomat) == (war["general"], war["diplomat"])
            assert shown.decider == (war["decider"] if war["decider"] >= 0 else None)
            assert shown.rounds == war["rounds"]
        assert view == fresh.observation(seat)
    return False


@pytest.mark.parametrize(("seats", "options"), CASES)
def test_every_observation_field_holds_what_it_names(seats, options):
    seed = seats * 10 + len(options)
    match = new_match(seats, seed, **options)
    play_random(match, seed, until=check)
    assert match.is_over()
