"""The website's public pages: the home page, a league's leaderboard, tournaments and their
brackets; what they show, in which order, how many queries, and nothing hidden."""

from __future__ import annotations

import re

import pytest
from api_helpers import make_bot, make_league, make_user, play
from conquest.leagues import selectors as league_selectors
from conquest.leagues import services as leagues
from conquest.leagues.models import Entry, League
from conquest.matches import services as matches
from conquest.matches.models import Match, MatchSeat
from conquest.tournaments import selectors as tournament_selectors
from conquest.tournaments import services as tournament_services
from conquest.tournaments.models import Tournament, TournamentEntry
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from tournament_helpers import decide, decide_round, field, games_of, tournament

from engines.registry import games

pytestmark = pytest.mark.django_db

SEED = 918_273_645
"""A match seed no page may show (distinctive enough not to appear by chance)."""


def enter(league, owner, name: str) -> Entry:
    """A new house bot of ``owner`` entered in ``league``."""
    _, version = make_bot(owner, name, games=(league.game,))
    return leagues.entry_create(league=league, version=version)


def finish(league, entries, placements, *, rated=True, codes=None, faults=None, seed=SEED):
    """A match of ``entries`` (seat order) recorded as finished with ``placements``, seat
    codes and faults, without playing it; a rated one takes the league's next place in its
    sequence of rated results, as ``match_record`` gives it (ratings untouched)."""
    match = matches.match_schedule(league=league, entries=entries, rated=rated, seed=seed)
    now = timezone.now()
    for seat in match.seats.all():
        seat.placement = placements[seat.seat]
        seat.score = float(len(placements) - placements[seat.seat])
        seat.code = (codes or {}).get(seat.seat, "normal")
        seat.faults = (faults or {}).get(seat.seat, 0)
        seat.save()
    seq = None
    if rated:
        League.objects.filter(pk=league.pk).update(rated_count=F("rated_count") + 1)
        seq = League.objects.get(pk=league.pk).rated_count
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, started_at=now, finished_at=now, rated_seq=seq
    )
    matches.tally_recount()  # recorded in bulk: the tallies counted again
    return match


def rate(entry: Entry, *, mu: float, sigma: float, elo: float, games: int = 0) -> None:
    """Give ``entry`` these ratings (μ − 3σ as its ordinal)."""
    Entry.objects.filter(pk=entry.pk).update(
        mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, elo=elo, games=games
    )


def text_of(response) -> str:
    """The page's HTML."""
    assert response.status_code == 200
    return response.content.decode()


def in_order(html: str, *needles: str) -> bool:
    """Does ``html`` hold ``needles`` one after the other, in this order?"""
    at = 0
    for needle in needles:
        at = html.find(needle, at)
        if at == -1:
            return False
        at += len(needle)
    return True


@pytest.fixture
def ladder():
    """A two-seat Conquêtes league: three entries rated apart, finished matches (rated,
    unrated, with faults and a forfeit), a scheduled and a running one."""
    owner = make_user("owner")
    league = make_league("duel", game="conquetes", variant="standard", seats=2)
    alpha, beta, gamma = (enter(league, owner, n) for n in ("alpha", "beta", "gamma"))
    rate(alpha, mu=30.0, sigma=2.0, elo=1612.345, games=5)  # ordinal 24
    rate(beta, mu=32.0, sigma=4.0, elo=1700.0, games=4)  # ordinal 20: better Elo, ranked lower
    rate(gamma, mu=20.0, sigma=5.0, elo=1400.0, games=3)  # ordinal 5
    # alpha: seat 0 won 2 of 3, seat 1 won 1 of 2; one forfeit with 3 faults, 1 more fault.
    finish(league, [alpha, beta], [1, 2])
    finish(league, [alpha, gamma], [1, 2], faults={0: 1})
    finish(league, [alpha, beta], [2, 1], codes={0: "timeout"}, faults={0: 3})
    finish(league, [beta, alpha], [2, 1])
    finish(league, [gamma, alpha], [1, 2])
    finish(league, [alpha, gamma], [2, 1], rated=False)  # unrated: not counted
    matches.match_schedule(league=league, entries=[beta, gamma], seed=SEED)
    running = matches.match_schedule(league=league, entries=[gamma, beta], seed=SEED)
    Match.objects.filter(pk=running.pk).update(
        status=Match.Status.RUNNING, started_at=timezone.now()
    )
    return {"league": league, "alpha": alpha, "beta": beta, "gamma": gamma, "running": running}


# --- home -----------------------------------------------------------------------------------


def test_home_shows_games_leagues_live_matches_results_and_tournaments(ladder):
    league = ladder["league"]
    played = play(league, [ladder["beta"], ladder["gamma"]], seed=SEED)
    winner = played.seats.get(placement=1).entry.version.bot.name
    cup = tournament_services.tournament_create(
        league=league, name="spring-cup", format="round_robin"
    )
    tournament_services.tournament_registration_open(tournament=cup)
    tournament_services.tournament_create(league=league, name="secret-draft", format="round_robin")
    html = text_of(Client().get(reverse("web-home")))
    for game in games():
        assert game.name in html and escape(game.description) in html
        assert all(variant.name in html for variant in game.variants)
    assert reverse("web-league", args=[league.pk]) in html
    assert reverse("web-match", args=[ladder["running"].pk]) in html
    assert reverse("web-match", args=[played.pk]) in html
    assert in_order(html, "Recent results", reverse("web-match", args=[played.pk]), winner)
    assert reverse("web-tournament", args=[cup.pk]) in html
    assert "secret-draft" not in html  # drafts are not public
    assert reverse("web-signup") in html and reverse("api-docs") in html
    assert str(SEED) not in html


def test_home_lists_only_leagues_in_play():
    make_league("quiet-league", game="conquetes", variant="standard")
    on = make_league("busy-league", game="conquetes", variant="standard", ladder="active")
    html = text_of(Client().get(reverse("web-home")))
    assert "busy-league" in html and "quiet-league" not in html
    assert reverse("web-league", args=[on.pk]) in html


# --- league ---------------------------------------------------------------------------------


def test_league_ranks_active_entries_by_conservative_rating(ladder):
    response = Client().get(reverse("web-league", args=[ladder["league"].pk]))
    html = text_of(response)
    board = response.context["board"]
    assert [(r.rank, r.entry.version.bot.name) for r in board.rows] == [
        (1, "alpha"),
        (2, "beta"),
        (3, "gamma"),
    ]
    assert in_order(html, ">alpha<", ">beta<", ">gamma<")
    assert reverse("web-bot", args=[ladder["alpha"].version.bot_id]) in html
    assert "1612.3" in html  # Elo with one decimal
    assert "30.00 ± 6.00" in html  # μ ± 3σ with two decimals


def test_league_counts_wins_by_seat_faults_and_forfeits_in_finished_rated_matches(ladder):
    response = Client().get(reverse("web-league", args=[ladder["league"].pk]))
    html = text_of(response)
    rows = {r.entry.version.bot.name: r.record for r in response.context["board"].rows}
    alpha = rows["alpha"]
    assert [(s.seat, s.games, s.wins) for s in alpha.seats] == [(0, 3, 2), (1, 2, 1)]
    assert (alpha.faults, alpha.forfeits) == (4, 1)
    assert [(s.games, s.wins) for s in rows["gamma"].seats] == [(1, 1), (1, 0)]
    assert "67%" in html and "50%" in html  # 2 of 3, 1 of 2
    # Running and scheduled matches have no placement: nobody's record counts them.
    assert sum(s.games for r in rows.values() for s in r.seats) == 2 * 5


def test_league_shows_withdrawn_entries_apart(ladder):
    leagues.entry_withdraw(entry=ladder["beta"])
    url = reverse("web-league", args=[ladder["league"].pk])
    board = Client().get(url).context["board"]
    assert [r.entry.version.bot.name for r in board.rows] == ["alpha", "gamma"]
    assert [r.rank for r in board.rows] == [1, 2]
    assert (board.active_count, board.withdrawn_count) == (2, 1)
    withdrawn = Client().get(url, {"entries": "withdrawn"}).context["board"]
    assert [(r.rank, r.entry.version.bot.name) for r in withdrawn.rows] == [(None, "beta")]


def test_league_pages_its_leaderboard(monkeypatch):
    monkeypatch.setattr(league_selectors, "LEADERBOARD_PAGE_SIZE", 2)
    owner = make_user("many")
    league = make_league("crowded", game="conquetes", variant="standard")
    for i in range(5):
        rate(enter(league, owner, f"bot-{i}"), mu=25.0 - i, sigma=1.0, elo=1500.0)
    url = reverse("web-league", args=[league.pk])
    second = Client().get(url, {"page": 2}).context["board"]
    assert [(r.rank, r.entry.version.bot.name) for r in second.rows] == [
        (3, "bot-2"),
        (4, "bot-3"),
    ]
    assert (second.number, second.pages, second.previous, second.next) == (2, 3, 1, 3)
    assert [r.rank for r in Client().get(url, {"page": 99}).context["board"].rows] == [5]
    assert Client().get(url, {"page": "x"}).context["board"].number == 1


def test_league_shows_settings_recent_matches_and_no_seed(ladder):
    league = ladder["league"]
    html = text_of(Client().get(reverse("web-league", args=[league.pk])))
    assert league.engine_version in html and "conquetes" in html and "standard" in html
    newest = Match.objects.filter(league=league).order_by("-pk")
    assert all(reverse("web-match", args=[m.pk]) in html for m in newest)
    assert str(SEED) not in html
    assert "scheduled (ladder)" not in html  # the match log stays out


def test_league_recent_matches_stop_at_twenty(ladder):
    league, alpha, beta = ladder["league"], ladder["alpha"], ladder["beta"]
    made = [matches.match_schedule(league=league, entries=[alpha, beta]) for _ in range(25)]
    html = text_of(Client().get(reverse("web-league", args=[league.pk])))
    linked = set(map(int, re.findall(r'href="/matches/(\d+)/"', html)))
    assert linked == {m.pk for m in made[-20:]}


def test_challenge_link_is_for_signed_in_users(ladder):
    league = ladder["league"]
    url = reverse("web-league", args=[league.pk])
    challenge = reverse("web-challenge", args=[league.pk])
    assert challenge not in text_of(Client().get(url))
    client = Client()
    client.force_login(make_user("visitor"))
    assert challenge in text_of(client.get(url))


def test_unknown_league_is_404():
    assert Client().get(reverse("web-league", args=[999_999])).status_code == 404


def _league_page_queries(league) -> int:
    """Queries of one view of the league's page."""
    client = Client()
    url = reverse("web-league", args=[league.pk])
    client.get(url)  # the engines' registry, the templates
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_league_page_queries_do_not_grow_with_entries_or_matches(
    ladder, django_assert_max_num_queries
):
    league = ladder["league"]
    before = _league_page_queries(league)
    owner = make_user("crowd")
    crowd = [enter(league, owner, f"crowd-{i}") for i in range(30)]
    for i in range(40):
        finish(league, [crowd[i % 30], crowd[(i + 7) % 30]], [1, 2])
    assert _league_page_queries(league) == before
    with django_assert_max_num_queries(7):
        Client().get(reverse("web-league", args=[league.pk]))


def test_recording_keeps_the_tallies_equal_to_a_recount(ladder):
    league, alpha, beta = ladder["league"], ladder["alpha"], ladder["beta"]
    url = reverse("web-league", args=[league.pk])

    def record(name):
        board = Client().get(url).context["board"]
        return next(r.record for r in board.rows if r.entry.version.bot.name == name)

    assert [(s.games, s.wins) for s in record("alpha").seats] == [(3, 2), (2, 1)]
    finish(league, [beta, alpha], [2, 1], faults={1: 2})
    finish(league, [alpha, beta], [2, 1], rated=False)  # unrated: never counted
    played = play(league, [alpha, beta], seed=SEED)  # a real rated result, recorded
    seat = played.seats.get(entry=alpha)
    kept = record("alpha")
    assert [(s.games, s.wins) for s in kept.seats] == [(4, 2 + (seat.placement == 1)), (3, 2)]
    assert kept.faults == 4 + 2 + seat.faults
    matches.tally_recount()
    assert record("alpha") == kept  # the same as counting everything again


# --- tournaments ----------------------------------------------------------------------------


def test_tournament_list_shows_public_tournaments_only():
    entries = field(2, 3)
    public = tournament(entries, "round_robin")
    draft = tournament_services.tournament_create(
        league=entries[0].league, name="not-yet", format="round_robin"
    )
    html = text_of(Client().get(reverse("web-tournaments")))
    assert reverse("web-tournament", args=[public.pk]) in html
    assert "not-yet" not in html
    assert Client().get(reverse("web-tournament", args=[draft.pk])).status_code == 404
    staff = Client()
    staff.force_login(make_user("organiser", staff=True))
    assert "not-yet" in text_of(staff.get(reverse("web-tournaments")))
    assert staff.get(reverse("web-tournament", args=[draft.pk])).status_code == 200


def test_unknown_tournament_is_404():
    assert Client().get(reverse("web-tournament", args=[999_999])).status_code == 404


def test_round_robin_page_shows_standings_with_named_tiebreaks_and_games():
    made = tournament(field(2, 3), "round_robin")
    for game in games_of(made):  # the lowest league entry id wins every game
        ids = list(game.match.seats.order_by("seat").values_list("entry_id", flat=True))
        decide(game.match, [1 if e == min(ids) else 2 for e in ids])
    response = Client().get(reverse("web-tournament", args=[made.pk]))
    html = text_of(response)
    expected = [r["bot"] for r in tournament_selectors.standings_table(made)]
    assert [r["bot"] for r in response.context["standings"]] == expected
    assert in_order(html, 'id="standings"', *(f">{bot}<" for bot in expected))
    assert in_order(html, "head-to-head", "Sonneborn–Berger", "score", "seed")
    assert response.context["standings"][0]["points"] == 2.0
    rates = response.context["seat_win_rates"]
    assert sum(r["wins"] for r in rates) == 3 and all(r["games"] == 3 for r in rates)
    assert response.context["progress"]["done"] == 3
    for game in games_of(made):
        assert reverse("web-match", args=[game.match_id]) in html
        assert str(game.match.seed) not in html
    assert response.context["bracket"] is None


def test_knockout_page_draws_the_bracket_round_by_round():
    made = tournament(field(2, 5), "knockout")  # 5 entries: 3 byes, then 4, then the final
    decide_round(made, 1)
    assert tournament_services.tournament_advance(tournament=made) == "round 2"
    response = Client().get(reverse("web-tournament", args=[made.pk]))
    html = text_of(response)
    bracket = response.context["bracket"]
    assert [(r["number"], r["paired"], r["final"]) for r in bracket] == [
        (1, True, False),
        (2, True, False),
        (3, False, True),
    ]
    first = bracket[0]
    assert len(first["tables"]) == 1 and len(first["byes"]) == 3
    through = {e["entry"]: e["through"] for e in first["tables"][0]["entries"]}
    in_round_2 = set(
        TournamentEntry.objects.filter(
            entry__seats__match__tournament_game__round=2, tournament=made
        ).values_list("pk", flat=True)
    )
    assert through == {e: e in in_round_2 for e in through}
    assert sorted(through.values()) == [False, True]
    assert len(bracket[1]["tables"]) == 2
    assert [r["number"] for r in response.context["rounds"] if r["current"]] == [2]
    assert in_order(html, 'id="bracket"', "Round 1", "Round 2", "Final")
    for game in games_of(made):
        assert reverse("web-match", args=[game.match_id]) in html
        assert str(game.match.seed) not in html


def test_finished_knockout_bracket_names_the_winner():
    made = tournament(field(2, 4), "knockout")
    decide_round(made, 1)
    tournament_services.tournament_advance(tournament=made)
    decide_round(made, 2)
    assert tournament_services.tournament_advance(tournament=made) == "finished"
    made.refresh_from_db()
    assert made.state == Tournament.State.FINISHED
    response = Client().get(reverse("web-tournament", args=[made.pk]))
    bracket = response.context["bracket"]
    assert [r["number"] for r in bracket] == [1, 2] and bracket[-1]["final"]
    final = bracket[-1]["tables"][0]["entries"]
    champion = response.context["standings"][0]["entry"]
    assert [e["entry"] for e in final if e["through"]] == [champion]
    assert "winner" in text_of(response)


def test_tournament_page_hides_match_seeds_and_logs():
    made = tournament(field(2, 3), "swiss", rounds=2)
    seeds = set(
        MatchSeat.objects.filter(match__tournament_game__tournament=made).values_list(
            "match__seed", flat=True
        )
    )
    html = text_of(Client().get(reverse("web-tournament", args=[made.pk])))
    assert seeds and not any(str(seed) in html for seed in seeds)
    assert "scheduled (tournament)" not in html
