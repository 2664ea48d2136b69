"""The rating maths (pure): the hand-written Plackett-Luce update and Elo give the floats that
openskill's ``PlackettLuce.rate`` and the first Elo code gave, bit for bit, ties included."""

from __future__ import annotations

from conquest.ratings.maths import Rating, elo_changes, plackett_luce, rate
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

_LIBRARY = PlackettLuce()


def _library_elo(ratings: list[float], placements: list[int], k: float) -> list[float]:
    """Elo changes as ratings/maths.py computed them before issue 19."""
    n = len(ratings)
    changes = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i == j:
                continue
            expected = 1.0 / (1.0 + 10.0 ** ((ratings[j] - ratings[i]) / 400.0))
            if placements[i] < placements[j]:
                score = 1.0
            elif placements[i] == placements[j]:
                score = 0.5
            else:
                score = 0.0
            total += score - expected
        changes.append(k * total / (n - 1))
    return changes


def _library_rate(before: list[Rating], placements: list[int], k: float) -> list[Rating]:
    """``rate`` as it was before issue 19: openskill's own ``rate`` for μ and σ."""
    deltas = _library_elo([r.elo for r in before], placements, k)
    teams = [[_LIBRARY.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = _LIBRARY.rate(teams, ranks=list(placements))
    return [
        Rating(r.elo + d, team[0].mu, team[0].sigma)
        for r, d, team in zip(before, deltas, rated, strict=True)
    ]


ratings = st.builds(
    Rating,
    st.floats(500, 2500) | st.just(1500.0),
    st.floats(-20, 70) | st.just(25.0),
    st.floats(0.01, 12) | st.just(25 / 3),
)
matches = st.integers(2, 8).flatmap(
    lambda n: st.tuples(
        st.lists(ratings, min_size=n, max_size=n),
        # Any placements from 1 to n: ties anywhere (draws), gaps after them.
        st.lists(st.integers(1, n), min_size=n, max_size=n)
        | st.permutations(list(range(1, n + 1))),
    )
)


@settings(max_examples=500, deadline=None)  # the library is slow on a loaded machine
@given(matches, st.sampled_from([16.0, 32.0, 40.0]))
def test_rate_gives_the_library_s_floats_exactly(match, k):
    before, placements = match
    assert rate(before, placements, k) == _library_rate(before, placements, k)


def test_ties_and_multi_seat_results_match_the_library_on_a_long_fold():
    """Ratings folded over many results, as a recomputation does: errors would compound."""
    fast = [Rating() for _ in range(6)]
    slow = list(fast)
    shapes = [[1, 2, 3, 4], [1, 1, 3, 4], [2, 1, 2, 4], [1, 2], [1, 1], [1, 2, 2, 2], [3, 1, 2]]
    for number in range(600):
        placements = shapes[number % len(shapes)]
        seats = [(number + 5 * s) % 6 for s in range(len(placements))]
        new_fast = rate([fast[s] for s in seats], placements, 32.0)
        new_slow = _library_rate([slow[s] for s in seats], placements, 32.0)
        assert new_fast == new_slow
        for s, a, b in zip(seats, new_fast, new_slow, strict=True):
            fast[s], slow[s] = a, b
    assert len({r.mu for r in fast}) == 6, "the ratings moved apart"


def test_a_two_seat_draw_moves_nothing_between_equals_and_elo_is_zero_sum():
    after = plackett_luce([25.0, 25.0], [25 / 3, 25 / 3], [1, 1])
    assert after[0] == after[1]
    changes = elo_changes([1600.0, 1500.0, 1400.0, 1450.0], [2, 1, 4, 3], k=32)
    assert abs(sum(changes)) < 1e-9
