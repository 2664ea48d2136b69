"""Version tests on real Celery workers (Redis, PostgreSQL): pairs follow from the match-ended
signal, a heuristic candidate is accepted over random and promoted, a second copy of random is
not accepted, and no rating moves."""

from __future__ import annotations

import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.bots import services as bots
from conquest.leagues.models import Entry, League
from conquest.matches.models import Match
from conquest.versiontests import services
from conquest.versiontests.models import VersionTest

pytestmark = pytest.mark.django_db(transaction=True)

# No periodic advancing: pairs must follow from the match-ended signal.
NO_TICK = {"ARENA_TOURNAMENT_TICK_SECONDS": "3600"}


def start_test(player: str, *, seats: int = 2, **settings) -> VersionTest:
    """A Conquêtes league with a random bot on its ladder (and, with more than two seats, a
    pool of three other random bots), and a version test of its second version (``player``)
    against it."""
    lg = league(name="vt-workers", game="conquetes", variant="standard", seats=seats, ladder="off")
    owner = user("author")
    baseline = entry(lg, owner, "random")
    for i in range(3 if seats > 2 else 0):
        entry(lg, user(f"pool-{i}"), "random")
    candidate = bots.version_create(
        bot=baseline.version.bot, kind="house", player=player, staff=True
    )
    return services.version_test_create(
        user=owner, baseline=baseline, candidate=candidate, **settings
    )


def ended(test: VersionTest) -> VersionTest:
    """``test`` once it has stopped and none of its matches is still being played."""
    unended = Match.objects.filter(
        version_test_game__pair__test=test, status__in=("scheduled", "queued", "running")
    )

    def done() -> bool:
        return VersionTest.objects.get(pk=test.pk).status != "running" and not unended.exists()

    return done


def test_heuristic_against_random_is_accepted_then_promoted(workers):
    test = start_test("heuristic")
    one = workers("one", **NO_TICK)
    wait_for(ended(test), 240, "the version test's verdict", [one])
    test.refresh_from_db()
    assert test.status == "accepted", test.pentanomial
    assert test.llr >= 2.94
    # Counted at the verdict, nothing after it: the matches left were cancelled or ignored.
    assert sum(test.pentanomial) + test.voided <= test.pairs.count()
    assert League.objects.get(pk=test.league_id).rated_count == 0, "no rated result"
    assert set(Entry.objects.values_list("games", flat=True)) == {0}
    services.version_test_promote(user=test.requested_by, test=test)
    assert list(Entry.objects.filter(active=True).values_list("pk", flat=True)) == [
        test.candidate_id
    ]


def test_a_second_copy_of_random_is_not_accepted(workers):
    """H1 far away (150 Elo) so that H0 is reached in a few dozen pairs, and α one in a
    million so that the test cannot fail by chance."""
    test = start_test("random", elo1=150.0, alpha=1e-6, max_pairs=400)
    one = workers("one", **NO_TICK)
    wait_for(ended(test), 300, "the version test's verdict", [one])
    test.refresh_from_db()
    assert test.status == "rejected", test.pentanomial


def test_heuristic_against_random_before_a_pool_of_random_bots_is_accepted(workers):
    test = start_test("heuristic", seats=3)
    one = workers("one", **NO_TICK)
    wait_for(ended(test), 300, "the version test's verdict", [one])
    test.refresh_from_db()
    assert test.status == "accepted", test.pentanomial
    played = Match.objects.filter(version_test_game__pair__test=test, status="finished")
    assert played.count() >= 4 * sum(test.pentanomial), "four matches a pair"
    assert League.objects.get(pk=test.league_id).rated_count == 0
