"""Recomputing ratings: the fold of every rated result equals what recording them one by one
stored (multi-seat results, ties, two leagues), chunk after chunk; tampered ratings and history
are found, and ``write`` puts back exactly what recording wrote."""

from __future__ import annotations

import pytest
from arena_fixtures import entry, league, user
from conquest.leagues.models import Entry
from conquest.matches import services
from conquest.matches.models import Match
from conquest.matches.spec import Outcome, SeatOutcome
from conquest.ratings import services as ratings
from conquest.ratings.models import RatingChange
from conquest.ratings.services import rating_recompute

from engines.core.contract import Result

pytestmark = pytest.mark.django_db

_HISTORY = ("entry_id", "match_id", "seq", "elo_before", "elo_after", "mu_before", "mu_after")
_HISTORY += ("sigma_before", "sigma_after")
_ENTRY = ("id", "elo", "mu", "sigma", "ordinal", "games")


def _record(lg, entries, placements: list[int], *, rated: bool = True) -> Match:
    """Play nothing: record a result with these placements as a worker would."""
    match = services.match_schedule(league=lg, entries=entries, rated=rated)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING, lease_owner="test")
    ranking = tuple(
        tuple(seat for seat, p in enumerate(placements) if p == place)
        for place in sorted(set(placements))
    )
    outcome = Outcome(
        result=Result(ranking, tuple(0.0 for _ in placements), "step_limit"),
        seats=[SeatOutcome(placement=p) for p in placements],
        replay_json="{}",
        steps=1,
    )
    assert services.match_record(match_id=match.pk, owner="test", outcome=outcome)
    return match


@pytest.fixture
def recorded():
    """Two leagues (4 and 2 seats) whose results were recorded one by one: ties included."""
    four = league(name="risk-4")
    two = league(name="conquetes-2", game="conquetes", variant="standard", seats=2)
    players = [user(name) for name in ("ann", "bea", "cid", "dan", "eve", "fay")]
    in_four = [entry(four, who) for who in players]
    in_two = [entry(two, who) for who in players[:4]]
    shapes = [[1, 2, 3, 4], [2, 1, 4, 3], [1, 1, 3, 4], [1, 2, 2, 2], [4, 3, 2, 1], [2, 2, 1, 1]]
    for number in range(13):
        seats = [in_four[(number + 5 * s) % 6] for s in range(4)]
        _record(four, seats, shapes[number % len(shapes)])
        _record(two, [in_two[number % 4], in_two[(number + 1) % 4]], [[1, 2], [1, 1]][number % 2])
    _record(four, in_four[:4], [1, 2, 3, 4], rated=False)
    return four, two


def _stored():
    history = sorted(RatingChange.objects.values_list(*_HISTORY))
    return history, sorted(Entry.objects.values_list(*_ENTRY))


def test_the_fold_equals_the_ratings_recorded_one_result_at_a_time(recorded, monkeypatch):
    four, two = recorded
    assert RatingChange.objects.count() == 13 * 4 + 13 * 2, "the unrated result has none"
    assert rating_recompute(league=four) == [] and rating_recompute(league=two) == []
    monkeypatch.setattr(ratings, "CHUNK", 3)  # results straddle chunks
    assert rating_recompute(league=four) == [] and rating_recompute(league=two) == []
    before = _stored()
    assert rating_recompute(league=four, write=True) == []
    assert _stored() == before, "nothing to write"


def test_tampered_ratings_and_history_are_found_and_written_back(recorded, monkeypatch):
    four, two = recorded
    monkeypatch.setattr(ratings, "CHUNK", 4)
    expected = _stored()
    eve = Entry.objects.get(league=four, version__bot__owner__username="eve")
    Entry.objects.filter(pk=eve.pk).update(games=99, mu=1.0)
    changes = RatingChange.objects.filter(entry__league=four).order_by("seq", "entry_id")
    tampered, missing = changes[5], changes[30]
    RatingChange.objects.filter(pk=tampered.pk).update(sigma_after=tampered.sigma_after + 1e-12)
    RatingChange.objects.filter(pk=missing.pk).delete()
    unrated = Match.objects.get(league=four, rated=False)
    RatingChange.objects.create(
        entry=eve, match=unrated, seq=99, elo_before=1, elo_after=2, mu_before=3, mu_after=4,
        sigma_before=5, sigma_after=6,
    )  # fmt: skip
    differences = rating_recompute(league=four)
    assert [(d.entry, d.field) for d in differences] == [
        (eve.pk, "mu"),
        (eve.pk, "games"),
        (0, "history rows"),
        (tampered.entry_id, f"history of match {tampered.match_id}"),
    ]
    assert (differences[2].stored, differences[2].recomputed) == (13 * 4, 13 * 4)
    assert rating_recompute(league=two) == [], "one league's recomputation is its own"
    monkeypatch.setattr(ratings, "LISTED", 0)
    assert [d.field for d in rating_recompute(league=four)][-1:] == ["more history rows"]
    rating_recompute(league=four, write=True)
    assert rating_recompute(league=four) == []
    assert _stored() == expected, "exactly what recording the results wrote"
