"""The website's bot page (rating history, results by seat, faults by kind, recent matches)
and the match list (filters, keyset pages), with their query counts."""

from __future__ import annotations

import itertools
import re

import celery
import pytest
from api_helpers import make_bot, make_league, make_user, play
from conquest.bots import services as bot_services
from conquest.leagues import services as league_services
from conquest.matches import services as match_services
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import rating_histories
from conquest.ratings.models import RatingChange
from conquest.versiontests import services as version_test_services
from conquest.versiontests.models import VersionTest
from conquest.web.charts import rating_chart
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

SEED = 1_987_654_321
"""A seed no page may show."""


def enter(league, version):
    return league_services.entry_create(league=league, version=version)


def two_bots(league, owner=None):
    """Bots alpha (described) and beta, each entered in ``league``; (alpha, entries)."""
    owner = owner or make_user("alice")
    alpha, v1 = make_bot(owner, "alpha")
    bot_services.bot_update(bot=alpha, description="Attacks <b>first</b>.")
    _, w1 = make_bot(make_user("bob"), "beta", player="attacker")
    return alpha, [enter(league, v1), enter(league, w1)]


def page(path, **params):
    response = Client().get(path, params)
    return response, response.content.decode()


def bot_url(bot):
    return f"/bots/{bot.pk}/"


def polylines(html) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, p.split(","))) for p in points.split()]
        for points in re.findall(r'<polyline class="line" points="([^"]+)"', html)
    ]


# --- the bot page ---------------------------------------------------------------------------


def test_the_bot_page_shows_owner_versions_history_and_results_by_seat():
    league = make_league()
    alpha, (a, b) = two_bots(league)
    for i in range(4):  # seats rotated: alpha sits in seat 0, then 1, then 0, then 1
        play(league, [a, b] if i % 2 == 0 else [b, a], seed=SEED + i)
    response, html = page(bot_url(alpha))
    assert response.status_code == 200
    assert "alice" in html and "alpha" in html
    assert "Attacks &lt;b&gt;first&lt;/b&gt;." in html, "the description, escaped"
    assert "v1" in html and "random" in html and "house" in html

    a.refresh_from_db()
    history = list(RatingChange.objects.filter(entry=a).order_by("seq"))
    assert len(history) == 4
    elo_line, mu_line = polylines(html)
    assert len(elo_line) == len(mu_line) == 5, "the ratings before the first match, then 4"
    xs = [x for x, _ in elo_line]
    assert xs == sorted(xs) and len(set(xs)) == 5
    # Higher Elo is drawn higher (smaller y): the line follows the history's ups and downs.
    elos = [history[0].elo_before] + [c.elo_after for c in history]
    ys = [y for _, y in elo_line]
    for i in range(4):
        if elos[i + 1] != elos[i]:
            assert (elos[i + 1] > elos[i]) == (ys[i + 1] < ys[i])
    assert f"Elo from 1500 to {a.elo:.0f}" in html
    assert "<title>Rating history of alpha v1 in risk-2</title>" in html
    assert 'aria-label="Rating history of alpha v1 in risk-2.' in html
    assert f"{a.elo:.1f}" in html and f"{a.mu:.2f}" in html and f"{3 * a.sigma:.2f}" in html

    # Results by seat, as the seats recorded them.
    seats = MatchSeat.objects.filter(entry=a)
    (section,) = response.context["sections"]
    for number in (0, 1):
        mine = [s for s in seats if s.seat == number]
        results = section.record.seats[number]
        assert (results.games, results.wins) == (2, sum(s.placement == 1 for s in mine))
        assert results.average_placement == sum(s.placement for s in mine) / 2
    assert section.record.games == 4
    # The recent matches, through the shared rows, with placements and links.
    for match in Match.objects.all():
        assert f'href="/matches/{match.pk}/"' in html
    assert "1st" in html and "2nd" in html
    assert str(SEED) not in html and "seed" not in html.lower()


def test_the_fault_counts_by_kind_are_recorded_and_shown():
    # A 1 s bank: the fair attacker's ~190 decisions, measured against the wall clock, never
    # time out on a busy machine; the looping seat spends it all on its first decision (a
    # timeout), then times out after 0.02 s: 2 timeouts, a forfeit all the same.
    league = make_league(decision_seconds=0.02, time_bank_seconds=1.0, max_faults=2)
    bot, _ = make_bot(make_user("staff", staff=True), "cheater", player="random")
    illegal, looping = (
        bot_services.version_create(bot=bot, kind="house", player=player, staff=True)
        for player in ("arena_players:IllegalPlayer", "arena_players:LoopingPlayer")
    )
    _, other = make_bot(make_user("bob"), "fair", player="attacker")
    fair = enter(league, other)
    cheating, slow = enter(league, illegal), enter(league, looping)
    play(league, [cheating, fair], seed=SEED)  # through the runner and match_record
    play(league, [fair, slow], seed=SEED + 1)
    seat = MatchSeat.objects.get(entry=cheating)
    assert (seat.code, seat.faults, seat.illegal_actions, seat.timeouts) == ("illegal", 2, 2, 0)
    seat = MatchSeat.objects.get(entry=slow)
    assert (seat.code, seat.faults, seat.timeouts, seat.illegal_actions) == ("timeout", 2, 2, 0)
    assert MatchSeat.objects.get(entry=fair, seat=0).faults == 0
    # Seats written directly: a crash and a disconnection in a finished match.
    match = match_services.match_schedule(league=league, entries=[cheating, fair], seed=SEED)
    Match.objects.filter(pk=match.pk).update(status="finished")
    match.seats.filter(entry=cheating).update(
        placement=2, code="disconnect", faults=3, crashes=2, disconnects=1
    )
    match.seats.filter(entry=fair).update(placement=1)

    response, html = page(bot_url(bot))
    (section,) = response.context["sections"]
    record = section.record
    assert (record.games, record.faults) == (3, 7)
    assert (record.timeouts, record.crashes, record.illegal_actions, record.disconnects) == (
        2,
        2,
        2,
        1,
    )
    assert dict(record.forfeit_list) == {
        "timeout": 1,
        "crash": 0,
        "illegal": 1,
        "disconnect": 1,
        "forfeit": 0,
    }
    faults = re.search(r'<table class="faults">.*?</table>', html, re.S).group(0)
    cells = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="num">(\d+)</td>', faults))
    assert cells == {
        "Games": "3",
        "Timeouts": "2",
        "Crashes": "2",
        "Illegal actions": "2",
        "Disconnects": "1",
        "All faults": "7",
    }
    forfeits = re.search(r'<table class="forfeits">.*?</table>', html, re.S).group(0)
    assert '<th scope="row">illegal</th><td class="num">1</td>' in forfeits
    # The other bot's page counts only its own seats.
    fair_page = Client().get(f"/bots/{other.bot_id}/").context["sections"][0].record
    assert (fair_page.games, fair_page.faults) == (3, 0)


def test_a_rerun_clears_the_counts_by_kind():
    league = make_league()
    _, (a, b) = two_bots(league)
    match = match_services.match_schedule(league=league, entries=[a, b], seed=SEED)
    Match.objects.filter(pk=match.pk).update(status="error")
    match.seats.update(faults=2, timeouts=1, crashes=1, illegal_actions=1, disconnects=1)
    assert match_services.match_rerun(match=match)
    assert set(
        match.seats.values_list("faults", "timeouts", "crashes", "illegal_actions", "disconnects")
    ) == {(0, 0, 0, 0, 0)}


def test_a_long_history_is_thinned_to_about_400_points_first_and_last_kept():
    league = make_league()
    alpha, (a, b) = two_bots(league)
    template = match_services.match_schedule(league=league, entries=[a, b], seed=SEED)
    matches = Match.objects.bulk_create(
        Match(league=league, seed=SEED, status="finished") for _ in range(1500)
    )
    RatingChange.objects.bulk_create(
        RatingChange(
            entry=a,
            match=m,
            seq=i + 1,
            elo_before=1500 + i,
            elo_after=1501 + i,
            mu_before=25,
            mu_after=25,
            sigma_before=8 - i / 1000,
            sigma_after=8 - (i + 1) / 1000,
        )
        for i, m in enumerate([template, *matches])
    )
    (history,) = rating_histories(entry_ids=[a.pk]).values()
    assert 350 <= len(history) <= 402
    assert (history[0].games, history[0].elo) == (0, 1500)
    assert (history[1].games, history[-1].games, history[-1].elo) == (1, 1501, 3001)
    steps = {q.games - p.games for p, q in itertools.pairwise(history[1:-1])}
    assert steps == {4}, "evenly spaced"
    response, html = page(bot_url(alpha))
    assert response.status_code == 200
    assert all(len(line) == len(history) for line in polylines(html))
    assert "Over 1501 rated matches: Elo from 1500 to 3001" in html


def test_the_chart_needs_two_points_and_a_new_entry_has_none():
    assert rating_chart([]) is None
    league = make_league()
    alpha, _ = two_bots(league)
    response, html = page(bot_url(alpha))
    assert response.status_code == 200
    assert "No rated match yet" in html and "<svg" not in html


def test_an_unknown_bot_is_404():
    assert Client().get("/bots/999999/").status_code == 404


def test_the_bot_page_makes_as_many_queries_with_many_matches_and_versions(
    django_assert_max_num_queries,
):
    league = make_league()
    alpha, (a, b) = two_bots(league)
    play(league, [a, b], seed=SEED)
    with CaptureQueriesContext(connection) as few:
        assert Client().get(bot_url(alpha)).status_code == 200
    other_league = make_league("risk-3", seats=3)
    _, third = make_bot(make_user("carol"), "gamma")
    c = enter(other_league, third)
    b3 = enter(other_league, b.version)
    for number in (2, 3):
        version = bot_services.version_create(bot=alpha, kind="house", player="random")
        entry = enter(league, version)
        play(league, [entry, b], seed=SEED + number)
        play(other_league, [enter(other_league, version), b3, c], seed=SEED + number)
    for i in range(4):
        play(league, [a, b] if i % 2 else [b, a], seed=SEED + 10 + i)
    with django_assert_max_num_queries(len(few)):
        response = Client().get(bot_url(alpha))
    assert len(response.context["sections"]) == 2
    assert len(response.context["versions"]) == 3
    assert len(few) <= 8, [q["sql"] for q in few.captured_queries]


# --- the match list -------------------------------------------------------------------------


def match_ids(response) -> list[int]:
    return [m.pk for m in response.context["page"].matches]


def test_the_match_list_filters_by_league_bot_status_and_origin():
    league, other_league = make_league(), make_league("risk-2b")
    alpha, (a, b) = two_bots(league)
    gamma_bot, gv = make_bot(make_user("carol"), "gamma")
    c, d = enter(other_league, gv), enter(other_league, b.version)
    finished = play(league, [a, b], seed=SEED)
    scheduled = match_services.match_schedule(league=league, entries=[b, a], seed=SEED)
    challenge = match_services.match_schedule(
        league=other_league, entries=[c, d], origin="challenge", rated=False, seed=SEED
    )
    everything = [challenge.pk, scheduled.pk, finished.pk]

    response, html = page("/matches/")
    assert response.status_code == 200 and match_ids(response) == everything
    assert str(SEED) not in html
    assert match_ids(page("/matches/", league=league.pk)[0]) == [scheduled.pk, finished.pk]
    assert match_ids(page("/matches/", bot="alpha")[0]) == [scheduled.pk, finished.pk]
    assert match_ids(page("/matches/", bot=str(gamma_bot.pk))[0]) == [challenge.pk]
    assert match_ids(page("/matches/", bot="beta")[0]) == everything
    assert match_ids(page("/matches/", status="finished")[0]) == [finished.pk]
    assert match_ids(page("/matches/", status="scheduled", bot="beta")[0]) == [
        challenge.pk,
        scheduled.pk,
    ]
    assert match_ids(page("/matches/", origin="challenge")[0]) == [challenge.pk]
    assert match_ids(page("/matches/", origin="tournament")[0]) == []
    response, html = page("/matches/", bot="alpha")
    assert "Matches of" in html and f'href="/bots/{alpha.pk}/"' in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"league": "999999"}, "Select a valid choice"),
        ({"league": "x"}, "Select a valid choice"),
        ({"status": "won"}, "Select a valid choice. won is not one of the available choices."),
        ({"origin": "moon"}, "moon is not one of the available choices"),
        ({"bot": "nobody"}, "No bot is named “nobody” or has that id."),
        ({"before": "abc"}, "Enter a whole number."),
        ({"after": "-3"}, "Ensure this value is greater than or equal to 1."),
        ({"before": str(10**30)}, "Ensure this value is less than or equal to"),
    ],
)
def test_a_bad_filter_is_a_form_error_not_a_crash(params, message):
    response, html = page("/matches/", **params)
    assert response.status_code == 400
    assert message in html
    assert response.context["page"] is None


def test_keyset_pages_do_not_overlap_and_cover_every_match():
    league = make_league()
    _, (a, b) = two_bots(league)
    made = [
        match_services.match_schedule(league=league, entries=[a, b], seed=SEED).pk
        for _ in range(60)
    ]
    response, html = page("/matches/")
    first = response.context["page"]
    assert first.newer is None and "Newer" not in html
    assert f"?before={first.older}" in html
    pages, current = [match_ids(response)], first
    while current.older is not None:
        response = page("/matches/", before=current.older)[0]
        current = response.context["page"]
        pages.append(match_ids(response))
    assert [len(p) for p in pages] == [25, 25, 10]
    seen = [pk for p in pages for pk in p]
    assert seen == sorted(made, reverse=True), "newest first, no overlap, nothing missing"
    # Back from the last page by the "newer" links: the same pages.
    back = [pages[-1]]
    while current.newer is not None:
        response = page("/matches/", after=current.newer)[0]
        current = response.context["page"]
        back.append(match_ids(response))
    assert back[::-1] == pages
    # Filters stay in the links.
    html = page("/matches/", league=league.pk, status="scheduled")[1]
    assert f"league={league.pk}&amp;status=scheduled" in html


def test_the_match_list_makes_as_many_queries_for_many_matches(django_assert_max_num_queries):
    league = make_league()
    _, (a, b) = two_bots(league)
    play(league, [a, b], seed=SEED)
    with CaptureQueriesContext(connection) as few:
        Client().get("/matches/", {"bot": "alpha", "league": league.pk})
    for i in range(30):
        match_services.match_schedule(league=league, entries=[a, b] if i % 2 else [b, a])
    for params in ({"bot": "alpha", "league": league.pk}, {"before": 10**9}, {}):
        with django_assert_max_num_queries(len(few)):
            response = Client().get("/matches/", params)
        assert response.status_code == 200
    assert len(few) <= 8, [q["sql"] for q in few.captured_queries]


def test_the_bot_page_shows_its_version_tests_llr_and_verdict(monkeypatch):
    monkeypatch.setattr(celery.current_app, "send_task", lambda *a, **k: None)
    league = make_league("conquetes-2", game="conquetes", variant="standard", ladder="off")
    alpha, version = make_bot(make_user("alice"), "alpha")
    baseline = enter(league, version)
    candidate = bot_services.version_create(bot=alpha, kind="house", player="heuristic")
    test = version_test_services.version_test_create(
        user=alpha.owner, baseline=baseline, candidate=candidate
    )
    VersionTest.objects.filter(pk=test.pk).update(
        status="accepted", llr=3.01, pairs_2=2, pairs_3=5, pairs_4=9
    )
    html = Client().get(bot_url(alpha)).content.decode()
    row = re.search(r'<table class="version-tests">.*?</table>', html, re.S).group(0)
    assert "v2 against v1" in row and "accepted" in row
    assert "3.01 (-2.94, 2.94)" in row and "0 0 2 5 9" in row
