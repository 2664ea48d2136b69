"""``manage.py bench_ratings``, quickly: it generates rated results in two leagues (4 and 2
seats), spoils their history and times ``recompute_ratings`` comparing, writing and comparing
again, in a child process on the same database (the long run: docs/benchmarks.md)."""

from __future__ import annotations

import io

import pytest
from conquest.leagues.models import League
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute
from django.core.management import call_command
from django.core.management.base import CommandError


@pytest.mark.django_db(transaction=True)  # the child process reads what this one committed
def test_the_ratings_benchmark_times_compare_and_write_and_leaves_the_ratings_recomputed():
    out = io.StringIO()
    call_command("bench_ratings", results=2_000, entries=20, stdout=out, stderr=io.StringIO())
    report = out.getvalue()
    for run in ("compare, every row differs", "--write, every row rewritten", "compare, all equal"):
        assert f"\n{run}  " in report, report
    assert sorted(League.objects.values_list("seats", "rated_count")) == [(2, 1000), (4, 1000)]
    assert RatingChange.objects.count() == 1000 * 4 + 1000 * 2
    assert all(rating_recompute(league=lg) == [] for lg in League.objects.all())
    again = io.StringIO()
    call_command("bench_ratings", results=2_000, entries=20, stdout=again)
    assert "2000 rated results in 2 leagues, generated earlier" in again.getvalue()
    with pytest.raises(CommandError, match="a database of its own"):
        call_command("bench_ratings", results=500, entries=20, stdout=io.StringIO())
