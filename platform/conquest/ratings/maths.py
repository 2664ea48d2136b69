"""Rating maths: pairwise Elo by finishing place, and OpenSkill (Weng-Lin, Plackett-Luce).

Elo: every pair of seats is one game (win 1, draw ½, loss 0, by placement); a seat's change is
``K / (n - 1) × Σ (S − E)`` over its n − 1 opponents, so one match moves a seat by at most K
whatever the seat count, and a two-seat match is classic Elo. ``E = 1 / (1 + 10^((Rb − Ra)/400))``.
Changes are computed from the ratings before the match, so the order of seats does not matter.

OpenSkill's Plackett-Luce model rates the whole ranking at once (ties allowed); the ladder is
ordered by the conservative estimate ``μ − 3σ``. :func:`plackett_luce` is openskill's
``PlackettLuce.rate`` for one player a team (no weights, scores or margins), written out with
the library's own operations in the library's order, so its floats are the library's, bit for
bit (``tests/arena/test_ratings_maths.py`` compares them on random matches, ties included).
The library's ``rate`` deep-copies and checks its arguments and takes 4–5× as long, which
a recomputation of a million results cannot afford (docs/benchmarks.md, "Issue 19:
recomputing ratings").
"""

from __future__ import annotations

from math import exp, sqrt
from typing import Final, NamedTuple

from openskill.models import PlackettLuce

ELO_START: Final = 1500.0
_MODEL: Final = PlackettLuce()
MU_START: Final = _MODEL.mu
SIGMA_START: Final = _MODEL.sigma
_TAU_SQUARED: Final = _MODEL.tau * _MODEL.tau
_BETA_SQUARED: Final = _MODEL.beta**2
_KAPPA: Final = _MODEL.kappa


class Rating(NamedTuple):
    """One entry's ratings at a point in time."""

    elo: float = ELO_START
    mu: float = MU_START
    sigma: float = SIGMA_START

    @property
    def conservative(self) -> float:
        """μ − 3σ: the skill the entry has with about 99.7% confidence."""
        return conservative(self.mu, self.sigma)


def conservative(mu: float, sigma: float) -> float:
    """μ − 3σ.

    >>> conservative(25.0, 25 / 3)
    0.0
    """
    return mu - 3 * sigma


def elo_changes(ratings: list[float], placements: list[int], k: float) -> list[float]:
    """Each seat's Elo change, pairwise by placement (1 = first; equal placements draw).

    >>> elo_changes([1500.0, 1500.0], [1, 2], k=32)
    [16.0, -16.0]
    >>> [round(d, 2) for d in elo_changes([1500.0, 1500.0, 1500.0], [1, 2, 2], k=32)]
    [16.0, -8.0, -8.0]
    """
    seats = list(zip(ratings, placements, strict=True))
    changes = []
    for i, (mine, place) in enumerate(seats):
        total = 0.0
        for j, (theirs, their_place) in enumerate(seats):
            if i != j:
                score = 1.0 if place < their_place else 0.5 if place == their_place else 0.0
                total += score - 1.0 / (1.0 + 10.0 ** ((theirs - mine) / 400.0))
        changes.append(k * total / (len(seats) - 1))
    return changes


def plackett_luce(
    mus: list[float], sigmas: list[float], placements: list[int]
) -> list[tuple[float, float]]:
    """Each seat's (μ, σ) after a match with these placements (1 = first; equal ones tie).

    openskill 6's ``PlackettLuce().rate`` for one player a team (Weng and Lin 2011,
    algorithm 4), its operations in its order: σ widened by τ, the seats sorted by placement
    (stably), ``c``, the sums over each tie group and those below it, then ω and δ per seat.
    The library's per-player factors σ²/σ²ᵢ and its weight are exactly 1 for one-player teams
    and drop out; so does its averaging of tied seats' μ changes, which compares each player
    with itself in the library (the same object) and adds 0.

    >>> after = plackett_luce([25.0, 25.0], [8.0, 8.0], [1, 2])
    >>> [(round(mu, 2), round(sigma, 2)) for mu, sigma in after]
    [(27.51, 7.75), (22.49, 7.75)]
    """
    n = len(mus)
    order = sorted(range(n), key=placements.__getitem__)
    ranks = [placements[i] for i in order]
    widened = [sqrt(sigmas[i] * sigmas[i] + _TAU_SQUARED) for i in order]
    variances = [sigma**2 for sigma in widened]
    total = 0.0
    for variance in variances:
        total += variance + _BETA_SQUARED
    c = sqrt(total)
    strengths = [exp(mus[i] / c) for i in order]
    group_start = [ranks.index(rank) for rank in ranks]
    group_end = [n - ranks[::-1].index(rank) for rank in ranks]
    sums = []  # over the seat's tie group and every seat placed below it, in order
    for start in group_start:
        summed = strengths[start]
        for below in range(start + 1, n):
            summed += strengths[below]
        sums.append(summed)
    c_squared = c**2
    after: list[tuple[float, float]] = [(0.0, 0.0)] * n
    for i, seat in enumerate(order):
        omega = 0.0
        delta = 0.0
        strength = strengths[i]
        for q in range(group_end[i]):
            ties = group_end[q] - group_start[q]
            share = strength / sums[q]
            delta += share * (1 - share) / ties
            if q == i:
                omega += (1 - share) / ties
            else:
                omega -= share / ties
        variance = variances[i]
        omega *= variance / c
        delta *= variance / c_squared
        delta *= sqrt(variance) / c
        after[seat] = (mus[seat] + omega, widened[i] * sqrt(max(1 - delta, _KAPPA)))
    return after


def rate(before: list[Rating], placements: list[int], k: float) -> list[Rating]:
    """Everyone's ratings after a match with these placements (1 = first)."""
    deltas = elo_changes([r.elo for r in before], placements, k)
    skills = plackett_luce([r.mu for r in before], [r.sigma for r in before], placements)
    return [
        Rating(r.elo + d, mu, sigma)
        for r, d, (mu, sigma) in zip(before, deltas, skills, strict=True)
    ]
