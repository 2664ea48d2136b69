"""Tournament services: set-up, registration, every format played round by round, pause and
resume, cancel, re-runs, disqualification, priority over the ladder."""

from __future__ import annotations

from collections import Counter

import celery
import pytest
from arena_fixtures import entry, league, user
from conquest.bots.models import BotVersion
from conquest.leagues.matchmaking import fill_ladder
from conquest.matches import services as matches
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import match_spec
from conquest.tournaments import formats, selectors, services
from conquest.tournaments.models import Tournament, TournamentBye, TournamentEntry
from django.core.exceptions import ValidationError
from tournament_helpers import decide, decide_round, field, games_of, seated, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The Celery messages sent: (task name, args, priority)."""
    calls = []

    def send_task(name, args=None, kwargs=None, **options):
        calls.append((name, list(args or ()), options.get("priority")))

    monkeypatch.setattr(celery.current_app, "send_task", send_task)
    return calls


def field_of(error: ValidationError) -> str:
    return next(iter(error.message_dict))


# --- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "wrong"),
    [
        ({"format": "ladder"}, "format"),
        ({"format": "swiss"}, "rounds"),
        ({"format": "round_robin", "rounds": 3}, "rounds"),
        ({"format": "knockout", "advance": 2}, "advance"),
        ({"format": "swiss", "rounds": 2, "advance": 0}, "advance"),
        ({"format": "round_robin", "games": 0}, "games"),
        ({"format": "round_robin", "points": [1, 2]}, "points"),
        ({"format": "round_robin", "points": [1]}, "points"),
        ({"format": "round_robin", "points": ["a", 0]}, "points"),
    ],
)
def test_settings_are_checked_and_errors_name_the_field(settings, wrong):
    lg = league(seats=2, game="conquetes", variant="standard")
    with pytest.raises(ValidationError) as raised:
        services.tournament_create(league=lg, name="cup", **settings)
    assert field_of(raised.value) == wrong


def test_points_default_to_the_seats_beaten():
    lg = league(seats=4)
    made = services.tournament_create(league=lg, name="cup", format="round_robin")
    assert made.points == [3.0, 2.0, 1.0, 0.0] and made.state == Tournament.State.DRAFT
    assert not made.rated


def test_the_lifecycle_refuses_steps_out_of_order():
    entries = field(2, 3)
    made = tournament(entries, "round_robin", start=False)
    services.tournament_entry_remove(registered=TournamentEntry.objects.get(entry=entries[2]))
    with pytest.raises(ValidationError) as raised:
        services.tournament_registration_open(tournament=made)
    assert field_of(raised.value) == "state"
    services.tournament_start(tournament=made)
    for step in (
        services.tournament_start,
        services.tournament_registration_open,
        services.tournament_resume,
    ):
        with pytest.raises(ValidationError, match="running"):
            step(tournament=made)
    with pytest.raises(ValidationError) as raised:
        services.tournament_entry_add(tournament=made, entry=entries[2])
    assert field_of(raised.value) == "state"
    with pytest.raises(ValidationError, match="settings"):
        services.tournament_update(tournament=made, games=2)


def test_registration_checks_the_entry_and_freezes_its_version():
    entries = field(2, 2)
    made = services.tournament_create(league=entries[0].league, name="cup", format="knockout")
    with pytest.raises(ValidationError) as raised:
        services.tournament_entry_add(tournament=made, entry=entries[0])
    assert field_of(raised.value) == "state", "draft: registration not open"
    services.tournament_registration_open(tournament=made)
    services.tournament_entry_add(tournament=made, entry=entries[0])
    assert BotVersion.objects.get(pk=entries[0].version_id).frozen
    for wrong in (entries[0], entry(league(name="other", seats=2), user("zed"))):
        with pytest.raises(ValidationError) as raised:
            services.tournament_entry_add(tournament=made, entry=wrong)
        assert field_of(raised.value) == "entry"
    with pytest.raises(ValidationError) as raised:
        services.tournament_start(tournament=made)
    assert field_of(raised.value) == "entries"


# --- round robin ----------------------------------------------------------------------------


def test_a_round_robin_is_scheduled_whole_seeded_by_rating_and_played_first(
    sent, django_capture_on_commit_callbacks
):
    entries = field(3, 5)
    with django_capture_on_commit_callbacks(execute=True):
        made = tournament(entries, "round_robin", games=3, rated=True)
    assert made.state == Tournament.State.RUNNING
    seeds = dict(TournamentEntry.objects.values_list("entry_id", "seed"))
    assert [seeds[e.pk] for e in entries] == [1, 2, 3, 4, 5]
    games = games_of(made)
    assert len(games) == 10 * 3
    assert {(g.match.status, g.match.origin, g.match.rated) for g in games} == {
        ("queued", "tournament", True)
    }
    assert sorted(m for _, (m,), _ in sent) == sorted(g.match_id for g in games)
    assert {priority for *_, priority in sent} == {matches.PRIORITY["tournament"]}
    counts = Counter((s.entry_id, s.seat) for s in MatchSeat.objects.all())
    assert formats.seat_spread(counts, [e.pk for e in entries], 3) == 0, "3 games: exact"
    for game in games:
        decide(game.match, [1, 2, 3])
    assert services.tournament_advance(tournament=made) == "finished"
    assert services.tournament_advance(tournament=made) == "idle"
    rows = selectors.standings(made)
    assert sum(r.points for r in rows) == 30 * (2 + 1 + 0)
    rates = selectors.seat_win_rates(made)
    assert [r["rate"] for r in rates] == [1.0, 0.0, 0.0], "seat 0 always won here"


def test_a_round_robin_too_large_is_refused_with_the_count():
    entries = field(2, 8)  # C(8, 2) × 100 = 2800 matches
    made = tournament(entries, "round_robin", start=False, games=100)
    with pytest.raises(ValidationError, match="Swiss") as raised:
        services.tournament_start(tournament=made)
    assert field_of(raised.value) == "format"


# --- Swiss ----------------------------------------------------------------------------------


def test_a_swiss_pairs_each_round_by_standing_without_repeats_and_gives_byes():
    entries = field(2, 5)
    made = tournament(entries, "swiss", rounds=4)
    met: Counter = Counter()
    for number in range(1, 5):
        games = games_of(made, number)
        assert len(games) == 2 and made.current_round == number
        assert TournamentBye.objects.filter(tournament=made, round=number).count() == 1
        for game in games:
            met[frozenset(seated(game.match))] += 1
        decide_round(made, number)
        assert services.tournament_advance(tournament=made) == (
            "finished" if number == 4 else f"round {number + 1}"
        )
        made.refresh_from_db()
    assert set(met.values()) == {1}, "no pair met twice"
    byes = Counter(TournamentBye.objects.values_list("entry", flat=True))
    assert set(byes.values()) == {1}, "four different byes"
    rows = selectors.standings(made)
    assert rows[0].tiebreaks.keys() == {"head_to_head", "buchholz", "score", "seed"}
    assert sum(r.points for r in rows) == 8 * 1 + 4 * 0.5  # 8 games, 4 half-point byes


def test_a_swiss_round_waits_for_a_match_in_error_until_it_is_rerun():
    entries = field(2, 4)
    made = tournament(entries, "swiss", rounds=2)
    first, second = games_of(made, 1)
    decide(first.match, [1, 2])
    Match.objects.filter(pk=second.match_id).update(status=Match.Status.ERROR)
    assert services.tournament_advance(tournament=made) == "waiting"
    with pytest.raises(ValidationError) as raised:
        services.tournament_match_rerun(tournament=made, match=first.match)
    assert field_of(raised.value) == "match"
    services.tournament_match_rerun(tournament=made, match=second.match)
    assert Match.objects.get(pk=second.match_id).status == Match.Status.QUEUED
    decide(second.match, [2, 1])
    assert services.tournament_advance(tournament=made) == "round 2"


# --- knockout -------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "n"), [(2, 5), (2, 8), (3, 4), (3, 7), (4, 6)])
def test_a_knockout_plays_down_to_a_final_and_the_best_seed_wins(seats, n):
    entries = field(seats, n)
    made = tournament(entries, "knockout", games=seats)
    sizes = formats.knockout_sizes(n, seats, 1)
    for number, size in enumerate(sizes, start=1):
        byes = TournamentBye.objects.filter(tournament=made, round=number).count()
        assert byes + seats * len({g.table for g in games_of(made, number)}) == size
        decide_round(made, number)  # the lowest entry id (best seed) wins every table
        result = services.tournament_advance(tournament=made)
        assert result == ("finished" if number == len(sizes) else f"round {number + 1}")
    rows = selectors.standings(made)
    assert [r.entry for r in rows][:1] == [TournamentEntry.objects.get(seed=1).pk]
    assert rows[0].tiebreaks["round"] == len(sizes) and rows[0].tiebreaks["place"] == 1
    final = games_of(made, len(sizes))
    assert len({g.table for g in final}) == 1


# --- pause, resume, cancel ------------------------------------------------------------------


def test_pause_holds_queued_matches_and_resume_sends_them_again(
    sent, django_capture_on_commit_callbacks
):
    entries = field(2, 4)
    made = tournament(entries, "round_robin")
    running = games_of(made)[0].match
    Match.objects.filter(pk=running.pk).update(status=Match.Status.RUNNING)
    services.tournament_pause(tournament=made)
    statuses = Counter(Match.objects.values_list("status", flat=True))
    assert statuses == {"scheduled": 5, "running": 1}
    assert services.tournament_advance(tournament=made) == "idle"
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_resume(tournament=made)
    assert Counter(Match.objects.values_list("status", flat=True)) == {"queued": 5, "running": 1}
    assert len(sent) == 5
    held = Match.objects.filter(status="queued").first()
    assert "held back: tournament paused" in held.log


def test_cancel_cancels_every_match_not_ended():
    entries = field(2, 3)
    made = tournament(entries, "round_robin")
    decide(games_of(made)[0].match, [1, 2])
    services.tournament_cancel(tournament=made)
    assert Counter(Match.objects.values_list("status", flat=True)) == {
        "finished": 1,
        "cancelled": 2,
    }
    with pytest.raises(ValidationError):
        services.tournament_resume(tournament=made)


def test_a_tournament_game_is_re_run_by_its_tournament_only():
    made = tournament(field(2, 2), "round_robin")
    match = games_of(made)[0].match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ERROR)
    assert not matches.match_rerun(match=match), "not around the tournament's pause and forfeits"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ERROR
    services.tournament_match_rerun(tournament=made, match=match)
    assert Match.objects.get(pk=match.pk).status != Match.Status.ERROR


def test_a_rerun_while_paused_stays_held():
    entries = field(2, 2)
    made = tournament(entries, "round_robin")
    match = games_of(made)[0].match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ERROR)
    services.tournament_pause(tournament=made)
    services.tournament_match_rerun(tournament=made, match=match)
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED


# --- disqualification -----------------------------------------------------------------------


def test_a_disqualified_entry_forfeits_its_remaining_games_and_its_past_ones_stand():
    entries = field(3, 4)
    made = tournament(entries, "round_robin")
    games = games_of(made)
    out = TournamentEntry.objects.get(entry=entries[0])
    past = next(g for g in games if entries[0].pk in seated(g.match))
    decide(past.match, [1, 2, 3])
    services.tournament_entry_disqualify(registered=out)
    remaining = [g for g in games if g.pk != past.pk and entries[0].pk in seated(g.match)]
    assert remaining
    for game in remaining:
        spec = match_spec(game.match_id)
        kinds = [s.kind for s in spec.seats]
        assert kinds[seated(game.match).index(entries[0].pk)] == "forfeit"
        assert kinds.count("forfeit") == 1
    with pytest.raises(ValidationError) as raised:
        services.tournament_entry_disqualify(registered=out)
    assert field_of(raised.value) == "entry"
    rows = selectors.standings(made)
    assert rows[-1].entry == out.pk and rows[-1].disqualified
    assert rows[-1].games == 1, "its past game stands"


def test_voiding_cancels_its_games_and_none_of_them_count():
    entries = field(2, 3)
    made = tournament(entries, "round_robin")
    [played] = [g for g in games_of(made) if entries[2].pk not in seated(g.match)]
    decide(played.match, [1, 2])
    voided = TournamentEntry.objects.get(entry=entries[0])
    services.tournament_entry_disqualify(registered=voided, void=True)
    statuses = Counter(Match.objects.values_list("status", flat=True))
    assert statuses == {"finished": 1, "cancelled": 1, "queued": 1}
    rows = selectors.standings(made)
    assert all(r.games == 0 and r.points == 0 for r in rows)
    assert rows[-1].entry == voided.pk
    export = selectors.games_table(made)
    assert [g["counted"] for g in export if g["match"] == played.match_id] == [False]


def test_a_knockout_cannot_void_games():
    made = tournament(field(2, 4), "knockout")
    with pytest.raises(ValidationError) as raised:
        services.tournament_entry_disqualify(registered=made.entries.first(), void=True)
    assert field_of(raised.value) == "void"


def test_a_disqualified_entry_is_not_paired_again_in_a_swiss():
    entries = field(2, 4)
    made = tournament(entries, "swiss", rounds=2)
    out = TournamentEntry.objects.get(entry=entries[3])
    services.tournament_entry_disqualify(registered=out)
    decide_round(made, 1)
    assert services.tournament_advance(tournament=made) == "round 2"
    playing = {e for g in games_of(made, 2) for e in seated(g.match)}
    assert entries[3].pk not in playing
    assert TournamentBye.objects.filter(round=2).count() == 1


# --- priority over the ladder ---------------------------------------------------------------


def test_the_ladder_waits_while_tournament_matches_of_its_league_are_queued():
    entries = field(2, 4, ladder="active", ladder_max_pending=50)
    made = tournament(entries, "round_robin")
    lg = entries[0].league
    assert fill_ladder(lg) == []
    services.tournament_pause(tournament=made)
    assert fill_ladder(lg), "a paused tournament holds nothing back"


def test_ladder_and_challenge_messages_go_after_tournament_ones(
    sent, django_capture_on_commit_callbacks
):
    lg = league(seats=2, game="conquetes", variant="standard", ladder="off")
    a, b = entry(lg, user("a")), entry(lg, user("b"))
    ladder = matches.match_schedule(league=lg, entries=[a, b])
    cup = matches.match_schedule(league=lg, entries=[b, a], origin=Match.Origin.TOURNAMENT)
    with django_capture_on_commit_callbacks(execute=True):
        matches.match_enqueue(match_ids=[ladder.pk, cup.pk])
    priorities = {m: p for _, (m,), p in sent}
    assert priorities[cup.pk] < priorities[ladder.pk]
