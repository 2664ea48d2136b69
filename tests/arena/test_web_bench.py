"""``manage.py bench_site``, quickly: it fills PostgreSQL with generated bots, leagues and
matches as the platform records them, and measures the pages (the long run: docs/benchmarks.md).
"""

from __future__ import annotations

import io

import pytest
from conquest.leagues.models import Entry
from conquest.matches.models import EntrySeatTally, Match
from conquest.ratings.models import RatingChange
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_site_benchmark_fills_a_consistent_database_and_times_every_page():
    out = io.StringIO()
    call_command(
        "bench_site", bots=24, matches=300, leagues=2, samples=3, stdout=out, stderr=io.StringIO()
    )
    report = out.getvalue()
    for page in ("leaderboard", "bot page", "match list", "match list, by bot", "match page"):
        assert f"\n{page} " in report, report
    assert Match.objects.filter(status="finished").count() == 300
    assert RatingChange.objects.count() == 300 * 4
    # Each entry's games, history, seats and tallies agree, as recording would have left them.
    for entry in Entry.objects.select_related("league"):
        seats = entry.seats.all()
        tallies = EntrySeatTally.objects.filter(entry=entry)
        assert entry.games == entry.rating_changes.count() == seats.count()
        assert sum(t.games for t in tallies) == entry.games
        assert sum(t.wins for t in tallies) == seats.filter(placement=1).count()
        assert entry.league.rated_count == 150
