"""Rating maths: pairwise Elo by finishing place, and OpenSkill (Weng-Lin, Plackett-Luce).

Elo: every pair of seats is one game (win 1, draw ½, loss 0, by placement); a seat's change is
``K / (n - 1) × Σ (S − E)`` over its n − 1 opponents, so one match moves a seat by at most K
whatever the seat count, and a two-seat match is classic Elo. ``E = 1 / (1 + 10^((Rb − Ra)/400))``.
Changes are computed from the ratings before the match, so the order of seats does not matter.

OpenSkill's Plackett-Luce model rates the whole ranking at once (ties allowed); the ladder is
ordered by the conservative estimate ``μ − 3σ``.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

ELO_START = 1500.0
_MODEL = PlackettLuce()
MU_START = _MODEL.mu
SIGMA_START = _MODEL.sigma


@dataclass(frozen=True)
class Rating:
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


def rate(before: list[Rating], placements: list[int], k: float) -> list[Rating]:
    """Everyone's ratings after a match with these placements (1 = first)."""
    deltas = elo_changes([r.elo for r in before], placements, k)
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = _MODEL.rate(teams, ranks=list(placements))
    return [
        Rating(elo=r.elo + d, mu=team[0].mu, sigma=team[0].sigma)
        for r, d, team in zip(before, deltas, rated, strict=True)
    ]
