"""The version test's SPRT (pure maths): fishtest's LLR, its bounds, the Elo estimate, and its
error rates measured in simulation (seeded, so every run draws the same pairs)."""

from __future__ import annotations

import math
import random

import pytest
from conquest.versiontests import sprt
from hypothesis import assume, given, settings
from hypothesis import strategies as st

counts = st.lists(st.integers(0, 60), min_size=5, max_size=5).filter(any)
elos = st.tuples(st.floats(-200, 150), st.floats(5, 200)).map(lambda t: (t[0], t[0] + t[1]))


def test_the_constrained_estimate_has_the_hypothesis_score_and_sums_to_one():
    _, observed = sprt._frequencies([3, 10, 25, 12, 4])
    for score in (0.3, 0.5, 0.57, 0.8):
        estimate = sprt._constrained(observed, score)
        assert math.isclose(sum(estimate), 1.0, abs_tol=1e-9)
        mean = sum(p * a for p, a in zip(estimate, sprt.PAIR_SCORES, strict=True))
        assert math.isclose(mean, score, abs_tol=1e-9)


def test_the_llr_is_near_the_brownian_approximation_on_many_pairs():
    """fishtest's LLR_alt2: N (s1 − s0)(2s − s0 − s1) / (2 var) close to the exact GLR."""
    pairs = [40, 160, 400, 240, 60]
    total = sum(pairs)
    mean = sum(c * a for c, a in zip(pairs, sprt.PAIR_SCORES, strict=True)) / total
    var = sum(c * (a - mean) ** 2 for c, a in zip(pairs, sprt.PAIR_SCORES, strict=True)) / total
    s0, s1 = sprt.score_of_elo(0.0), sprt.score_of_elo(20.0)
    approximate = total * (s1 - s0) * (2 * mean - s0 - s1) / var / 2
    assert sprt.llr(pairs, elo0=0.0, elo1=20.0) == pytest.approx(approximate, rel=0.02)


@settings(max_examples=150, deadline=None)
@given(counts=counts, elo=elos, data=st.data())
def test_a_better_pair_never_lowers_the_llr(counts, elo, data):
    elo0, elo1 = elo
    assume(any(counts[:4]))
    worse = data.draw(st.sampled_from([i for i in range(4) if counts[i]]))
    better = data.draw(st.integers(worse + 1, 4))
    moved = list(counts)
    moved[worse] -= 1
    moved[better] += 1
    before = sprt.llr(counts, elo0=elo0, elo1=elo1)
    after = sprt.llr(moved, elo0=elo0, elo1=elo1)
    assert after >= before - 1e-9


@settings(max_examples=100, deadline=None)
@given(counts=counts, elo=elos)
def test_mirrored_results_mirror_the_llr_of_mirrored_hypotheses(counts, elo):
    """Swapping candidate and baseline (the pairs mirrored, the hypotheses negated and
    exchanged) turns the LLR round: H1 and H0 trade places."""
    elo0, elo1 = elo
    mirrored = sprt.llr(counts[::-1], elo0=-elo1, elo1=-elo0)
    assert mirrored == pytest.approx(-sprt.llr(counts, elo0=elo0, elo1=elo1), abs=1e-6)


@settings(max_examples=100, deadline=None)
@given(alpha=st.floats(0.001, 0.49), beta=st.floats(0.001, 0.49), value=st.floats(-20, 20))
def test_bounds_straddle_zero_and_the_verdict_follows_them(alpha, beta, value):
    lower, upper = sprt.bounds(alpha=alpha, beta=beta)
    assert lower < 0 < upper
    expected = sprt.ACCEPTED if value >= upper else sprt.REJECTED if value <= lower else None
    assert sprt.verdict(value, alpha=alpha, beta=beta) == expected


@pytest.mark.parametrize("alpha, beta", [(0.0, 0.05), (0.05, 1.0), (0.6, 0.5)])
def test_impossible_error_rates_are_refused(alpha, beta):
    with pytest.raises(ValueError, match="alpha and beta"):
        sprt.bounds(alpha=alpha, beta=beta)


@settings(max_examples=100, deadline=None)
@given(counts=counts)
def test_the_elo_interval_holds_the_estimate(counts):
    estimate = sprt.elo_estimate(counts)
    assert estimate is not None and estimate.pairs == sum(counts)
    assert estimate.low < estimate.elo < estimate.high


def test_the_elo_estimate_of_known_pairs():
    """Mean pair score 0.625 over 100 pairs: 88.7 Elo, 95% within the Elo of the mean ±
    1.96 standard errors."""
    pairs = [10, 10, 30, 20, 30]
    estimate = sprt.elo_estimate(pairs)
    assert estimate.elo == pytest.approx(88.74, abs=0.01)
    scores = [a for a, n in zip(sprt.PAIR_SCORES, pairs, strict=True) for _ in range(n)]
    margin = 1.959964 * math.sqrt(sum((a - 0.625) ** 2 for a in scores) / 100 / 100)
    assert estimate.low == pytest.approx(sprt.elo_of_score(0.625 - margin), abs=0.01)
    assert estimate.high == pytest.approx(sprt.elo_of_score(0.625 + margin), abs=0.01)
    assert sprt.elo_estimate([0] * 5) is None


def test_pair_categories():
    assert [sprt.pair_category(a, b) for a, b in [(0, 0), (0, 0.5), (1, 0), (0.5, 1), (1, 1)]] == [
        0,
        1,
        2,
        3,
        4,
    ]


def error_rate(*, elo: float, runs: int, seed: int, draw: float = 0.2) -> tuple[float, float]:
    """The share of ``runs`` simulated tests (H0 0 Elo, H1 50 Elo, α = β = 0.05) of a
    candidate ``elo`` stronger that accept it, and their mean number of pairs."""
    rng = random.Random(seed)
    probabilities = sprt.pair_probabilities(elo=elo, draw=draw)
    results = [
        sprt.simulate(
            probabilities=probabilities, elo0=0.0, elo1=50.0, alpha=0.05, beta=0.05, rng=rng
        )
        for _ in range(runs)
    ]
    assert all(decided is not None for decided, _ in results)
    accepted = sum(decided == sprt.ACCEPTED for decided, _ in results)
    return accepted / runs, sum(pairs for _, pairs in results) / runs


def test_equal_strengths_are_accepted_at_most_about_alpha():
    """The false positive rate: two copies of one bot accepted in about α of the tests at
    most (300 runs, seeded; the margin is three standard errors of the measured rate: the
    generalised LLR of a test that ends after a hundred pairs errs a little above α, about
    5.4% to 6.1% in runs of a thousand of ``manage.py sprt_simulate``)."""
    rate, _ = error_rate(elo=0.0, runs=300, seed=7)
    assert rate <= 0.05 + 0.035


def test_a_candidate_as_strong_as_h1_is_accepted_at_least_about_one_minus_beta():
    rate, _ = error_rate(elo=50.0, runs=300, seed=8)
    assert rate >= 0.95 - 0.035


def test_a_much_stronger_candidate_is_accepted_quickly():
    """A heuristic against random is hundreds of Elo apart: every test accepts, in a few
    dozen pairs."""
    rate, pairs = error_rate(elo=400.0, runs=100, seed=9, draw=0.1)
    assert rate == 1.0
    assert pairs < 40
