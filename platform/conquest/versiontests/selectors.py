"""Reads of version tests: the list, one test, and its SPRT figures."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import QuerySet

from conquest.versiontests import sprt
from conquest.versiontests.models import VersionTest


def version_test_list(*, bot_id: int | None = None) -> QuerySet[VersionTest]:
    """Version tests, newest first, with their league, entries, versions, bot and owner; only
    those of bot ``bot_id`` if given."""
    tests = VersionTest.objects.select_related(
        "league", "requested_by", "baseline__version__bot", "candidate__version"
    )
    if bot_id is not None:
        tests = tests.filter(baseline__version__bot_id=bot_id)
    return tests


def version_test_get(test_id: int) -> VersionTest | None:
    """The version test ``test_id``, or None."""
    return version_test_list().filter(pk=test_id).first()


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class Figures:
    """What a test shows: the LLR's bounds, and the Elo difference with its 95% interval
    (None before any pair; an end None while the pairs cannot bound it)."""

    lower_bound: float
    upper_bound: float
    elo: float | None
    elo_low: float | None
    elo_high: float | None


def version_test_figures(test: VersionTest) -> Figures:
    """The bounds and the Elo estimate of ``test``."""
    lower, upper = sprt.bounds(alpha=test.alpha, beta=test.beta)
    estimate = sprt.elo_estimate(test.pentanomial)
    if estimate is None:
        return Figures(lower, upper, None, None, None)
    return Figures(
        lower, upper, _finite(estimate.elo), _finite(estimate.low), _finite(estimate.high)
    )
