"""The sequential probability ratio test of a version test: pure (no Django, no I/O).

The method is fishtest's (official-stockfish/fishtest, ``server/fishtest/stats/LLRcalc.py``
and ``stat_util.py``), written again here:

- Results come in **pairs** of games played on one seed with the seats rotated, and a pair is
  counted by its score: the candidate's two game scores (1 a win, ½ a draw, 0 a loss) added up
  and halved, so one of five values 0, ¼, ½, ¾, 1 (the **pentanomial**: ``counts[i]`` pairs
  scored i/4). Counting pairs rather than games takes the games' correlation through their
  shared seed into account (the variance is that of the pairs).
- The hypotheses are in logistic Elo: H0 the candidate's expected score is L(elo0), H1 it is
  L(elo1), with L(x) = 1 / (1 + 10^(−x/400)). The log-likelihood ratio is the generalised one:
  each hypothesis's distribution is the maximum-likelihood estimate of the five probabilities
  whose expected score is the hypothesis's, found from the observed frequencies by solving
  the secular equation Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0 (fishtest's ``MLE_expected``), and
  LLR = N Σ p̂ᵢ log(pᵢ¹ / pᵢ⁰). A category never seen counts 0.001 pairs (fishtest's
  regularisation), so that every estimate is defined from the first pair on.
- The test stops when the LLR leaves the interval (log(β / (1 − α)), log((1 − β) / α)):
  above, H1 is accepted (the candidate is stronger); below, H0 (it is not).
- The Elo difference is L⁻¹ of the mean pair score, and its 95% interval L⁻¹ of the mean ±
  1.96 standard errors of the mean of N pairs (fishtest's ``get_elo``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The candidate's score in a pair of games, by pentanomial category."""
UNSEEN = 1e-3
"""The pairs a category never seen counts for (fishtest's regularisation)."""
ACCEPTED = "accepted"
REJECTED = "rejected"


def score_of_elo(elo: float) -> float:
    """The expected score of a player ``elo`` logistic Elo stronger than its opponent.

    >>> score_of_elo(0.0)
    0.5
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score`` (±inf at 0 and 1).

    >>> round(elo_of_score(score_of_elo(120.0)), 9)
    120.0
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def bounds(*, alpha: float, beta: float) -> tuple[float, float]:
    """The LLR's lower and upper stopping bounds for the error rates ``alpha`` (accepting a
    candidate that is not stronger) and ``beta`` (rejecting one that is).

    >>> [round(b, 3) for b in bounds(alpha=0.05, beta=0.05)]
    [-2.944, 2.944]
    """
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0 and alpha + beta < 1.0):
        raise ValueError("alpha and beta must lie in (0, 1) with alpha + beta < 1")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def pair_category(first: float, second: float) -> int:
    """The pentanomial category of a pair whose games the candidate scored ``first`` and
    ``second`` (each 0, ½ or 1).

    >>> pair_category(1.0, 0.5)
    3
    """
    return round((first + second) * 2)


def _frequencies(counts: Sequence[float]) -> tuple[float, list[float]]:
    """The number of pairs and each category's frequency, unseen ones regularised."""
    if len(counts) != len(PAIR_SCORES) or any(c < 0 for c in counts):
        raise ValueError(f"counts must be {len(PAIR_SCORES)} numbers of pairs, none negative")
    regular = [c if c > 0 else UNSEEN for c in counts]
    total = sum(regular)
    return total, [c / total for c in regular]


def _secular(values: Sequence[float], probs: Sequence[float]) -> float:
    """The root x of Σ pᵢ vᵢ / (1 + x vᵢ) = 0 between −1/max(v) and −1/min(v), where the
    sum decreases from +∞ to −∞ (every pᵢ > 0, min(v) < 0 < max(v)): by bisection."""
    low, high = -1.0 / max(values), -1.0 / min(values)
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        total = sum(p * v / (1.0 + middle * v) for v, p in zip(values, probs, strict=True))
        if total > 0.0:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def _constrained(probs: Sequence[float], score: float) -> list[float]:
    """The maximum-likelihood category probabilities with expected score ``score``, given
    the observed frequencies ``probs`` (fishtest's ``MLE_expected``)."""
    shifted = [a - score for a in PAIR_SCORES]
    x = _secular(shifted, probs)
    return [p / (1.0 + x * v) for v, p in zip(shifted, probs, strict=True)]


def llr(counts: Sequence[float], *, elo0: float, elo1: float) -> float:
    """The generalised log-likelihood ratio of H1 (the candidate is ``elo1`` logistic Elo
    stronger) against H0 (``elo0``) after the pentanomial ``counts``.

    >>> llr([0, 0, 0, 0, 0], elo0=0.0, elo1=50.0)
    0.0
    >>> llr([1, 4, 10, 4, 1], elo0=0.0, elo1=50.0) < 0 < llr([1, 2, 8, 6, 3], elo0=0.0, elo1=50.0)
    True
    """
    if not elo0 < elo1:
        raise ValueError("elo0 must be below elo1")
    if not any(counts):
        return 0.0
    total, observed = _frequencies(counts)
    p0, p1 = (_constrained(observed, score_of_elo(elo)) for elo in (elo0, elo1))
    return total * sum(
        p * (math.log(q1) - math.log(q0)) for p, q0, q1 in zip(observed, p0, p1, strict=True)
    )


def verdict(value: float, *, alpha: float, beta: float) -> str | None:
    """``ACCEPTED`` once the LLR ``value`` reaches the upper bound, ``REJECTED`` at the lower
    one, None between them (play on)."""
    lower, upper = bounds(alpha=alpha, beta=beta)
    if value >= upper:
        return ACCEPTED
    if value <= lower:
        return REJECTED
    return None


@dataclass(frozen=True)
class EloEstimate:
    """The candidate's logistic Elo difference from the pairs so far, with its 95% interval
    (an end is ±inf while the pairs cannot bound it)."""

    elo: float
    low: float
    high: float
    pairs: int


def elo_estimate(counts: Sequence[float]) -> EloEstimate | None:
    """The Elo difference shown by the pentanomial ``counts``, or None before any pair."""
    if not any(counts):
        return None
    total, observed = _frequencies(counts)
    mean = sum(p * a for p, a in zip(observed, PAIR_SCORES, strict=True))
    variance = sum(p * (a - mean) ** 2 for p, a in zip(observed, PAIR_SCORES, strict=True))
    margin = NormalDist().inv_cdf(0.975) * math.sqrt(variance / total)
    return EloEstimate(
        elo=elo_of_score(mean),
        low=elo_of_score(mean - margin),
        high=elo_of_score(mean + margin),
        pairs=round(sum(counts)),
    )


# --- Simulation: the error rates of the test, measured ----------------------------------------


def pair_probabilities(*, elo: float, draw: float = 0.2) -> list[float]:
    """A pentanomial distribution of a candidate ``elo`` logistic Elo stronger, for the
    simulation: two independent games, each drawn with probability ``draw`` and won with
    the rest of the probability of the expected score."""
    score = score_of_elo(elo)
    win = score - draw / 2.0
    loss = 1.0 - win - draw
    if win < 0.0 or loss < 0.0:
        raise ValueError(f"a draw rate of {draw} is impossible at {elo} Elo")
    game = (loss, draw, win)
    pairs = [0.0] * len(PAIR_SCORES)
    for i, p in enumerate(game):
        for j, q in enumerate(game):
            pairs[i + j] += p * q
    return pairs


def simulate(
    *,
    probabilities: Sequence[float],
    elo0: float,
    elo1: float,
    alpha: float,
    beta: float,
    rng: random.Random,
    max_pairs: int = 10_000,
) -> tuple[str | None, int]:
    """One test played out on pairs drawn from ``probabilities``: its verdict (None if
    ``max_pairs`` pairs did not reach a bound) and the pairs it took."""
    counts = [0] * len(PAIR_SCORES)
    categories = range(len(PAIR_SCORES))
    for pairs in range(1, max_pairs + 1):
        counts[rng.choices(categories, probabilities)[0]] += 1
        decided = verdict(llr(counts, elo0=elo0, elo1=elo1), alpha=alpha, beta=beta)
        if decided is not None:
            return decided, pairs
    return None, max_pairs
