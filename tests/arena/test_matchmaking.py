"""Ladder matchmaking: who plays first, against whom, in which seat, how many at once."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from arena_fixtures import entry, league, user
from conquest.leagues.matchmaking import fill_ladder, fill_ladders
from conquest.leagues.models import Entry, League
from conquest.matches.models import Match, MatchSeat
from django.db.models import F

pytestmark = pytest.mark.django_db


def finish_all(lg: League) -> None:
    """Pretend every pending match finished (matchmaking only counts them)."""
    for match in Match.objects.filter(league=lg).pending():
        match.status = Match.Status.FINISHED
        match.save()
        Entry.objects.filter(seats__match=match).update(games=F("games") + 1)


def test_the_cap_on_pending_and_the_rate_per_tick_are_kept():
    lg = league(
        seats=2,
        game="conquetes",
        variant="standard",
        ladder_matches_per_tick=3,
        ladder_max_pending=5,
    )
    for i in range(6):
        entry(lg, user(f"u{i}"))
    assert len(fill_ladder(lg, random.Random(1))) == 3
    assert len(fill_ladder(lg, random.Random(2))) == 2
    assert fill_ladder(lg, random.Random(3)) == []
    assert Match.objects.filter(league=lg).pending().count() == 5
    assert set(Match.objects.values_list("status", flat=True)) == {"queued"}


def test_a_paused_or_off_ladder_gets_no_matches():
    lg = league(seats=2, game="conquetes", variant="standard")
    for i in range(4):
        entry(lg, user(f"u{i}"))
    for state in (League.Ladder.PAUSED, League.Ladder.OFF):
        lg.ladder = state
        lg.save()
        assert fill_ladders() == 0
    lg.ladder = League.Ladder.ACTIVE
    lg.save()
    assert fill_ladders() > 0


def test_new_and_uncertain_entries_play_first():
    lg = league(seats=2, game="conquetes", variant="standard", ladder_matches_per_tick=1)
    veterans = [entry(lg, user(f"v{i}")) for i in range(4)]
    Entry.objects.filter(pk__in=[e.pk for e in veterans]).update(games=30, sigma=2.0)
    newcomer = entry(lg, user("new"))
    for seed in range(5):
        Match.objects.all().delete()
        [match] = fill_ladder(lg, random.Random(seed))
        assert newcomer.pk in {s.entry_id for s in match.seats.all()}


def test_opponents_are_the_nearest_in_conservative_rating():
    lg = league(seats=2, game="conquetes", variant="standard", ladder_matches_per_tick=1)
    ratings = {"low": -5.0, "mid": 10.0, "near": 11.0, "high": 30.0}
    made = {}
    for name, ordinal in ratings.items():
        made[name] = entry(lg, user(name))
        Entry.objects.filter(pk=made[name].pk).update(ordinal=ordinal, games=10, sigma=3.0)
    Entry.objects.filter(pk=made["mid"].pk).update(games=0, sigma=8.0)  # the focal entry
    [match] = fill_ladder(lg, random.Random(4))
    assert {s.entry_id for s in match.seats.all()} == {made["mid"].pk, made["near"].pk}


def test_entries_of_one_owner_never_meet_unless_the_league_allows_it():
    lg = league(
        seats=2,
        game="conquetes",
        variant="standard",
        ladder_matches_per_tick=4,
        ladder_max_pending=100,
    )
    alice, bob = user("alice"), user("bob")
    for owner in (alice, alice, alice, bob):
        entry(lg, owner)
    for seed in range(10):
        fill_ladder(lg, random.Random(seed))
        finish_all(lg)
    for match in Match.objects.filter(league=lg):
        owners = {s.entry.version.bot.owner_id for s in match.seats.all()}
        assert owners == {alice.pk, bob.pk}
    lg.allow_same_owner = True
    lg.save()
    fill_ladder(lg, random.Random(99))
    tables = [
        {s.entry.version.bot.owner_id for s in m.seats.all()}
        for m in Match.objects.filter(league=lg).pending()
    ]
    assert {alice.pk} in tables


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_entry_sits_in_every_seat_about_equally(seats):
    lg = league(seats=seats, ladder_matches_per_tick=5, ladder_max_pending=100)
    for i in range(seats + 2):
        entry(lg, user(f"p{i}"))
    rng = random.Random(seats)
    for _ in range(12):
        fill_ladder(lg, rng)
        finish_all(lg)
    counts = Counter(MatchSeat.objects.filter(match__league=lg).values_list("entry", "seat"))
    for e in Entry.objects.filter(league=lg):
        per_seat = [counts[(e.pk, s)] for s in range(seats)]
        assert max(per_seat) - min(per_seat) <= 1, per_seat
    games = [e.games for e in Entry.objects.filter(league=lg)]
    assert max(games) - min(games) <= seats, games


def test_withdrawn_entries_and_disabled_bots_are_not_scheduled():
    lg = league(
        seats=2,
        game="conquetes",
        variant="standard",
        ladder_matches_per_tick=10,
        ladder_max_pending=100,
    )
    kept = [entry(lg, user(f"k{i}")) for i in range(2)]
    withdrawn, disabled = entry(lg, user("w")), entry(lg, user("d"))
    withdrawn.active = False
    withdrawn.save()
    bot = disabled.version.bot
    bot.enabled = False
    bot.save()
    fill_ladder(lg, random.Random(0))
    used = set(MatchSeat.objects.values_list("entry", flat=True))
    assert used == {e.pk for e in kept}
