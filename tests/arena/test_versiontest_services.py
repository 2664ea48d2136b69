"""Version test services, results fed directly: pairs on shared seeds with the seats rotated,
the SPRT stopping at a bound, no rating touched, promotion on the ladder."""

from __future__ import annotations

import io

import celery
import pytest
from arena_fixtures import entry, league, user
from conquest.bots import services as bots
from conquest.leagues.models import Entry
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.matches.selectors import seed_in_play
from conquest.ratings.maths import ELO_START
from conquest.versiontests import services
from conquest.versiontests.models import VersionTest, VersionTestGame
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from tournament_helpers import decide, seated

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def sent(monkeypatch):
    """No message reaches a broker: the matches are decided by the tests."""
    calls = []
    monkeypatch.setattr(celery.current_app, "send_task", lambda *a, **k: calls.append(a))
    return calls


def bot_on_ladder(seats: int, *, others: int = 0):
    """A league of ``seats`` seats with a bot (random, v1) on its ladder, a second version
    (heuristic) not entered, and ``others`` entries of other owners."""
    lg = league(name=f"vt-{seats}", game="conquetes", variant="standard", seats=seats)
    lg.ladder = "off"
    lg.save()
    owner = user(f"author-{seats}")
    baseline = entry(lg, owner, "random")
    candidate = bots.version_create(
        bot=baseline.version.bot, kind="house", player="heuristic", staff=True
    )
    for i in range(others):
        entry(lg, user(f"other-{seats}-{i}"), "random")
    return owner, baseline, candidate


def pending(test: VersionTest) -> list[VersionTestGame]:
    return list(
        VersionTestGame.objects.filter(
            pair__test=test, match__status__in=("scheduled", "queued", "running")
        )
        .select_related("match", "pair")
        .order_by("pair__number", "half", "match_id")
    )


def play(test: VersionTest, *, candidate: int, baseline: int) -> None:
    """Finish every pending match: the candidate takes place ``candidate`` (head to head, the
    baseline the other), in its twin the baseline takes ``baseline``; the others follow in
    seat order. Then count the pairs."""
    for game in pending(test):
        ids = seated(game.match)
        tested, place = (
            (test.candidate_id, candidate)
            if test.candidate_id in ids
            else (test.baseline_id, baseline)
        )
        others = iter(p for p in range(1, len(ids) + 1) if p != place)
        decide(game.match, [place if e == tested else next(others) for e in ids])
    services.version_test_advance(test=test)


def test_head_to_head_pairs_swap_the_seats_on_one_seed():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    games = pending(test)
    assert len(games) == 2 * test.concurrency
    for pair in {g.pair for g in games}:
        halves = [g for g in games if g.pair == pair]
        assert {g.match.seed for g in halves} == {pair.seed}
        assert [seated(g.match) for g in halves] == [
            [test.candidate_id, baseline.pk],
            [baseline.pk, test.candidate_id],
        ]
        assert all(not g.match.rated for g in halves)
    assert Entry.objects.get(pk=test.candidate_id).active is False  # not on the ladder


def test_pool_pairs_seat_the_twins_alike_and_rotate_between_halves():
    owner, baseline, candidate = bot_on_ladder(4, others=3)
    mine = entry(baseline.league, owner, "random")  # the owner's other bot: not an opponent
    test = services.version_test_create(
        user=owner, baseline=baseline, candidate=candidate, concurrency=2
    )
    games = pending(test)
    assert len(games) == 2 * 4
    for pair in {g.pair for g in games}:
        by_half = [
            [seated(g.match) for g in games if g.pair == pair and g.half == h] for h in (0, 1)
        ]
        seats = []
        for twins in by_half:
            with_candidate, with_baseline = twins
            seat = with_candidate.index(test.candidate_id)
            assert with_baseline.index(baseline.pk) == seat
            assert with_candidate[:seat] + with_candidate[seat + 1 :] == (
                with_baseline[:seat] + with_baseline[seat + 1 :]
            )
            seats.append(seat)
            assert not {e.pk for e in Entry.objects.filter(version__bot=baseline.version.bot)} & (
                set(with_candidate) - {test.candidate_id}
            )
        assert seats[1] == (seats[0] + 1) % 4
        assert {g.match.seed for g in games if g.pair == pair} == {pair.seed}
    assert not any(mine.pk in seated(g.match) for g in games)


def test_a_candidate_that_always_wins_is_accepted_and_stops_the_test():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    for _ in range(50):
        play(test, candidate=1, baseline=1)
        test.refresh_from_db()
        if test.status != "running":
            break
    assert test.status == "accepted"
    assert test.pairs_4 == sum(test.pentanomial) and test.llr >= 2.94
    assert not pending(test)  # nothing more is played after the verdict
    counted = sum(test.pentanomial)
    services.version_test_advance(test=test)
    assert sum(VersionTest.objects.get(pk=test.pk).pentanomial) == counted
    # No rating moved: the matches were unrated.
    for e in Entry.objects.filter(pk__in=(test.candidate_id, baseline.pk)):
        assert (e.elo, e.games) == (ELO_START, 0)


def test_a_candidate_that_only_draws_is_rejected():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    for _ in range(100):
        for game in pending(test):
            decide(game.match, [1, 1])
        services.version_test_advance(test=test)
        test.refresh_from_db()
        if test.status != "running":
            break
    assert test.status == "rejected"
    assert test.pairs_2 == sum(test.pentanomial) and test.llr <= -2.94


def test_a_failed_match_voids_its_pair_and_another_is_played():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(
        user=owner, baseline=baseline, candidate=candidate, concurrency=1
    )
    first, second = pending(test)
    matches.match_cancel(match=first.match, why="test")
    decide(second.match, [1, 2])
    services.version_test_advance(test=test)
    test.refresh_from_db()
    assert (test.voided, sum(test.pentanomial)) == (1, 0)
    assert [g.pair.number for g in pending(test)] == [2, 2]


def test_promotion_puts_the_candidate_on_the_ladder_in_the_baselines_place():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    with pytest.raises(ValidationError, match="only an accepted candidate"):
        services.version_test_promote(user=owner, test=test)
    VersionTest.objects.filter(pk=test.pk).update(status="accepted")
    with pytest.raises(ValidationError, match="owner"):
        services.version_test_promote(user=user("stranger"), test=test)
    services.version_test_promote(user=owner, test=test)
    assert Entry.objects.get(pk=test.candidate_id).active is True
    assert Entry.objects.get(pk=baseline.pk).active is False
    with pytest.raises(ValidationError, match="promoted already"):
        services.version_test_promote(user=owner, test=test)


def test_creation_is_refused_with_the_field_at_fault():
    owner, baseline, candidate = bot_on_ladder(4, others=1)
    stranger = user("stranger")
    cases = [
        ({"user": stranger}, "baseline"),
        ({"candidate": baseline.version}, "candidate"),
        ({"elo0": 10.0, "elo1": 5.0}, "elo1"),
        ({"alpha": 0.0}, "alpha"),
        ({}, "baseline"),  # a pool of one other bot cannot fill a 4-seat table
    ]
    for changes, field in cases:
        arguments = {"user": owner, "baseline": baseline, "candidate": candidate, **changes}
        with pytest.raises(ValidationError) as error:
            services.version_test_create(**arguments)
        assert field in error.value.message_dict
    assert not VersionTest.objects.exists() and not Match.objects.exists()


def test_a_replay_waits_while_its_seed_is_still_to_be_played():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(
        user=owner, baseline=baseline, candidate=candidate, concurrency=1
    )
    first, second = (game.match for game in pending(test))
    decide(first, [1, 2])
    assert seed_in_play(first)
    decide(second, [2, 1])
    assert not seed_in_play(first) and not seed_in_play(second)


def test_the_simulation_command_reports_the_share_accepted():
    out = io.StringIO()
    call_command("sprt_simulate", "--elo", "400", "--draw", "0.1", "--runs", "20", stdout=out)
    assert "accepted 1.000 ± 0.000" in out.getvalue()


def test_no_pair_is_scheduled_while_the_bot_cannot_play():
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(
        user=owner, baseline=baseline, candidate=candidate, concurrency=1
    )
    bots.bot_update(bot=baseline.version.bot, enabled=False)
    play(test, candidate=1, baseline=2)
    assert not pending(test) and VersionTest.objects.get(pk=test.pk).status == "running"
    bots.bot_update(bot=baseline.version.bot, enabled=True)
    services.version_test_advance_all()
    assert len(pending(test)) == 2
    with pytest.raises(ValidationError, match="one test of a bot at a time"):
        services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    services.version_test_cancel(user=owner, test=test)
    bots.bot_update(bot=baseline.version.bot, enabled=False)
    with pytest.raises(ValidationError, match="disabled"):
        services.version_test_create(user=owner, baseline=baseline, candidate=candidate)


def test_staff_read_and_cancel_tests_in_the_admin(client):
    owner, baseline, candidate = bot_on_ladder(2)
    test = services.version_test_create(user=owner, baseline=baseline, candidate=candidate)
    client.force_login(user("staff", is_staff=True, is_superuser=True))
    changelist = reverse("admin:versiontests_versiontest_changelist")
    assert "running" in client.get(changelist).content.decode()
    change = reverse("admin:versiontests_versiontest_change", args=[test.pk])
    assert client.get(change).status_code == 200
    data = {"action": "cancel", "_selected_action": [test.pk]}
    client.post(changelist, data, follow=True)
    assert VersionTest.objects.get(pk=test.pk).status == "cancelled"
    assert not pending(test)
