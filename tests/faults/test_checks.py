"""The suite's checks (``checks.py``) catch what they are meant to: each is shown a healthy
league, then the same league broken the way it looks for (on the tests' database)."""

from __future__ import annotations

from datetime import timedelta

import checks
import pytest
from checks import Excuse
from conquest.bots import services as bots
from conquest.leagues import services as leagues
from conquest.leagues.models import League
from conquest.matches import services as matches
from conquest.matches.models import EntrySeatTally, Match, MatchSeat
from conquest.matches.runner import build_seats, run
from conquest.matches.selectors import match_spec
from conquest.ratings.models import RatingChange
from django.contrib.auth.models import User
from django.utils import timezone

from engines.players import player_class

pytestmark = pytest.mark.django_db(transaction=True)  # double_counted() opens its transaction
WORKER = "test:1:checks"


def _league():
    owner = User.objects.create_user(username="owner")
    league = leagues.league_create(
        name="checks", game="risk", variant="hasbro", seats=2, ladder="off",
        options={"max_steps": 200}, allow_same_owner=True,
    )  # fmt: skip
    entries = []
    for name in ("ann", "ben", "cat"):
        bot = bots.bot_create(owner=owner, name=name, games=["risk"])
        version = bots.version_create(bot=bot, kind="house", player="random")
        entries.append(leagues.entry_create(league=league, version=version))
    return league, entries


def _queued(league, entries, seed: int = 0) -> Match:
    """A match of ``entries`` marked queued (no message sent: nothing here touches Redis)."""
    match = matches.match_schedule(league=league, entries=entries, seed=seed)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.QUEUED)
    return match


def _played(league, entries, seed: int) -> Match:
    """A rated match of ``entries``, played and recorded in-process as a worker would."""
    match = _queued(league, entries, seed)
    assert matches.match_claim(match_id=match.pk, owner=WORKER)
    spec = match_spec(match.pk)
    outcome = run(spec, build_seats(spec, player_class))
    assert matches.match_record(match_id=match.pk, owner=WORKER, outcome=outcome)
    match.refresh_from_db()
    return match


@pytest.fixture(name="ladder")
def ladder_fixture():
    """A league with three rated matches recorded, and its entries."""
    league, entries = _league()
    played = [_played(league, [entries[i], entries[(i + 1) % 3]], seed=i) for i in range(3)]
    return league, entries, played


def test_a_healthy_league_has_nothing_double_counted_and_ratings_equal(ladder):
    league, _, played = ladder
    assert checks.double_counted(league.pk) == []
    assert checks.rating_differences(league.pk) == []
    assert checks.lost({m.pk for m in played}, []) == []
    assert checks.stuck({m.pk for m in played}) == []


def test_a_missing_or_extra_rating_change_is_double_counted(ladder):
    league, _, played = ladder
    RatingChange.objects.filter(match=played[0]).first().delete()
    found = checks.double_counted(league.pk)
    assert [(p.match_id, p.what) for p in found] == [(played[0].pk, "1 rating changes for 2 seats")]
    assert checks.rating_differences(league.pk) != []


def test_a_gap_in_the_rated_sequence_and_a_wrong_count_are_double_counted(ladder):
    league, _, played = ladder
    Match.objects.filter(pk=played[2].pk).update(rated_seq=7)
    RatingChange.objects.filter(match=played[2]).update(seq=7)
    League.objects.filter(pk=league.pk).update(rated_count=4)
    found = [p.what for p in checks.double_counted(league.pk)]
    assert any("rated sequence is not 1..3" in what for what in found), found
    assert any("rated_count 4 for 3 results" in what for what in found), found


def test_a_tally_that_is_not_the_sum_of_the_results_is_double_counted(ladder):
    league, _, _ = ladder
    EntrySeatTally.objects.filter(entry__league=league).update(games=5)
    assert any("tally of entry" in p.what for p in checks.double_counted(league.pk))


def test_an_error_is_lost_and_a_forfeit_is_lost_unless_a_bot_fault_excuses_it(ladder):
    _, _, played = ladder
    Match.objects.filter(pk=played[0].pk).update(status="error", end_reason="boom")
    MatchSeat.objects.filter(match=played[1], seat=0).update(code="disconnect")
    ids = {m.pk for m in played}
    assert {p.match_id for p in checks.lost(ids, [])} == {played[0].pk, played[1].pk}
    seat = MatchSeat.objects.get(match=played[1], seat=0)
    bot_id = seat.entry.version.bot_id
    around = played[1].started_at - timedelta(seconds=1), played[1].finished_at
    excused = Excuse(bot_id, frozenset({"disconnect"}), *around)
    assert {p.match_id for p in checks.lost(ids, [excused])} == {played[0].pk}
    other_code = Excuse(bot_id, frozenset({"timeout"}), *around)
    assert played[1].pk in {p.match_id for p in checks.lost(ids, [other_code])}
    later = timezone.now() + timedelta(hours=1)
    another_time = Excuse(bot_id, frozenset({"disconnect"}), later, later)
    assert played[1].pk in {p.match_id for p in checks.lost(ids, [another_time])}


def test_a_match_still_queued_is_stuck(ladder):
    league, entries, _ = ladder
    match = _queued(league, entries[:2])
    assert [(p.match_id, p.status) for p in checks.stuck({match.pk})] == [(match.pk, "queued")]
    assert match.pk in checks.pending_ids(league.pk)
