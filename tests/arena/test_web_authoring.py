"""The authors' pages: sign up, log in and out, bots, versions, tokens shown once, league
entries, challenges and match logs, through the services the API uses; another user's bot is a
404, another's log a 403; bad input is a form error that changes nothing; CSRF is enforced."""

from __future__ import annotations

import pytest
from api_helpers import make_bot, make_league, make_user, play
from conquest.bots.models import Bot, BotToken, BotVersion
from conquest.bots.services import token_authenticate, token_issue
from conquest.leagues.models import Entry
from conquest.leagues.services import entry_create, entry_withdraw, league_update
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.matches.selectors import full_replay
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.throttling import ScopedRateThrottle

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-7"


def logged_in(user) -> Client:
    """A browser logged in as ``user``."""
    client = Client()
    client.force_login(user)
    return client


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def errors_of(response, form: str = "form") -> dict:
    """The errors of the page's ``form`` (the page is a 200 that shows them)."""
    assert response.status_code == 200, response.status_code
    errors = response.context[form].errors
    assert errors, "the form has no errors"
    return errors


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """The rate limits count in the cache: each test starts with none spent."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


# --- the whole journey ----------------------------------------------------------------------


def test_an_author_signs_up_and_runs_a_bot_from_the_browser(bob):
    browser = Client()
    assert browser.get(url("web-signup")).status_code == 200
    response = browser.post(
        url("web-signup"),
        {"username": "carol", "password": PASSWORD, "password_again": PASSWORD},
    )
    assert response.status_code == 302 and response.url == url("web-dashboard")
    carol = get_user_model().objects.get(username="carol")
    assert carol.check_password(PASSWORD)
    page = browser.get(url("web-dashboard"))
    assert page.status_code == 200 and page.context["user"] == carol

    # a bot, then a version
    response = browser.post(
        url("web-bot-new"), {"name": "carolbot", "description": "rushes", "games": ["risk"]}
    )
    bot = Bot.objects.get(name="carolbot")
    assert (bot.owner, bot.games, bot.description) == (carol, ["risk"], "rushes")
    assert response.status_code == 302 and response.url == url("web-bot-manage", bot.pk)
    response = browser.post(
        url("web-version-new", bot.pk), {"kind": "house", "player": "random", "notes": "first"}
    )
    assert response.status_code == 302
    version = BotVersion.objects.get(bot=bot)
    assert (version.number, version.kind, version.player, version.notes) == (
        1,
        "house",
        "random",
        "first",
    )

    # a token, shown once
    response = browser.post(url("web-token-new", bot.pk), {"name": "laptop"})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    plaintext = response.context["plaintext"]
    assert plaintext.startswith("cab_") and plaintext in response.content.decode()
    token = BotToken.objects.get(bot=bot)
    assert token.name == "laptop" and plaintext not in str(vars(token))
    assert token_authenticate(token=plaintext).pk == token.pk
    for later in (url("web-bot-manage", bot.pk), url("web-dashboard"), url("web-bot-new")):
        page = browser.get(later)
        assert page.status_code == 200 and plaintext not in page.content.decode()
    manage = browser.get(url("web-bot-manage", bot.pk)).content.decode()
    assert "laptop" in manage and token.prefix in manage
    assert url("web-token-revoke", bot.pk, token.pk) in manage

    # revoked, it no longer authenticates
    response = browser.post(url("web-token-revoke", bot.pk, token.pk))
    assert response.status_code == 302 and response.url == url("web-bot-manage", bot.pk)
    assert token_authenticate(token=plaintext) is None
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert url("web-token-revoke", bot.pk, token.pk) not in (
        browser.get(url("web-bot-manage", bot.pk)).content.decode()
    )

    # into a league
    league = make_league()
    response = browser.post(
        url("web-entry-new", bot.pk), {"league": league.pk, "version": version.pk}
    )
    assert response.status_code == 302
    mine = Entry.objects.get(version=version)
    assert mine.league == league and mine.active
    dashboard = browser.get(url("web-dashboard")).content.decode()
    assert url("web-league", league.pk) in dashboard
    assert url("web-challenge", league.pk) in dashboard

    # a challenge against bob's bot, then the new match's link
    theirs = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    page = browser.get(url("web-challenge", league.pk))
    assert page.status_code == 200 and list(page.context["form"].fields) == ["seat_0", "seat_1"]
    response = browser.post(
        url("web-challenge", league.pk), {"seat_0": mine.pk, "seat_1": theirs.pk}, follow=True
    )
    match = Match.objects.get()
    assert (match.origin, match.rated, match.requested_by) == ("challenge", False, carol)
    assert [s.entry_id for s in match.seats.order_by("seat")] == [mine.pk, theirs.pk]
    assert response.status_code == 200 and response.context["match"] == match
    assert url("web-match", match.pk) in response.content.decode()
    dashboard = browser.get(url("web-dashboard")).content.decode()
    assert url("web-match", match.pk) in dashboard and url("web-match-log", match.pk) in dashboard

    # withdrawn
    response = browser.post(url("web-entry-withdraw", mine.pk))
    assert response.status_code == 302
    mine.refresh_from_db()
    assert not mine.active

    # logged out by POST only
    assert browser.get(url("web-logout")).status_code == 405
    response = browser.post(url("web-logout"))
    assert response.status_code == 302 and response.url == url("web-home")
    response = browser.get(url("web-dashboard"))
    assert response.status_code == 302 and response.url.startswith(url("web-login"))


def test_log_in_with_a_password(alice):
    alice.set_password(PASSWORD)
    alice.save()
    browser = Client()
    assert browser.get(url("web-login")).status_code == 200
    response = browser.post(url("web-login"), {"username": "alice", "password": "wrong"})
    assert response.status_code == 200 and response.context["form"].non_field_errors()
    assert "_auth_user_id" not in browser.session
    response = browser.post(url("web-login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response.url == url("web-dashboard")
    assert browser.get(url("web-dashboard")).context["user"] == alice


def test_the_authors_pages_need_a_login(alice):
    bot, _ = make_bot(alice, "alicebot")
    anonymous = Client()
    for page in (
        url("web-dashboard"),
        url("web-bot-new"),
        url("web-bot-manage", bot.pk),
        url("web-challenge", make_league().pk),
        url("web-match-log", 1),
    ):
        response = anonymous.get(page)
        assert response.status_code == 302, page
        assert response.url == f"{url('web-login')}?next={page}"
    response = anonymous.post(url("web-token-new", bot.pk), {"name": "x"})
    assert response.status_code == 302 and not BotToken.objects.exists()


def test_the_dashboard_lists_only_the_users_own(alice, bob):
    league = make_league()
    a = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    b = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    make_bot(bob, "bobother")
    match = matches.match_schedule(league=league, entries=[a, b], rated=False)
    page = logged_in(alice).get(url("web-dashboard"))
    assert page.status_code == 200
    assert [bot.name for bot in page.context["bots"]] == ["alicebot"]
    assert list(page.context["entries"]) == [a]
    assert list(page.context["matches"]) == [match]
    assert url("web-match-log", match.pk) in page.content.decode()
    assert list(logged_in(make_user("carol")).get(url("web-dashboard")).context["matches"]) == []


# --- another user's bot ---------------------------------------------------------------------


def test_another_users_bot_is_not_found(alice, bob):
    bot, version = make_bot(alice, "alicebot")
    token, plaintext = token_issue(bot=bot)
    league = make_league()
    entry = entry_create(league=league, version=version)
    before = (
        Bot.objects.get(pk=bot.pk).description,
        BotVersion.objects.count(),
        BotToken.objects.count(),
        Entry.objects.count(),
    )
    for user in (bob, make_user("staffer", staff=True)):
        browser = logged_in(user)
        assert browser.get(url("web-bot-manage", bot.pk)).status_code == 404
        assert browser.get(url("web-bot-manage", 999999)).status_code == 404
        posts = [
            (url("web-bot-manage", bot.pk), {"description": "mine now", "enabled": "on"}),
            (url("web-version-new", bot.pk), {"kind": "house", "player": "random"}),
            (url("web-token-new", bot.pk), {"name": "stolen"}),
            (url("web-token-revoke", bot.pk, token.pk), {}),
            (url("web-entry-new", bot.pk), {"league": league.pk, "version": version.pk}),
            (url("web-entry-withdraw", entry.pk), {}),
        ]
        for page, data in posts:
            response = browser.post(page, data)
            assert response.status_code == 404, page
            assert "stolen" not in response.content.decode()
    after = (
        Bot.objects.get(pk=bot.pk).description,
        BotVersion.objects.count(),
        BotToken.objects.count(),
        Entry.objects.count(),
    )
    assert after == before
    assert token_authenticate(token=plaintext) is not None
    entry.refresh_from_db()
    assert entry.active


def test_a_token_of_another_bot_is_not_found(alice):
    bot, _ = make_bot(alice, "alicebot")
    other, _ = make_bot(alice, "otherbot")
    token, plaintext = token_issue(bot=other)
    response = logged_in(alice).post(url("web-token-revoke", bot.pk, token.pk))
    assert response.status_code == 404
    assert token_authenticate(token=plaintext) is not None


# --- match logs -----------------------------------------------------------------------------

LOG = (
    "[2026-11-24 10:00:00] claimed by worker-1\n"
    "[2026-11-24 10:00:01] step 3: seat 0 bot log: alice thinks\n"
    "[2026-11-24 10:00:02] step 4: seat 1 bot log: bob schemes\n"
)


@pytest.fixture
def logged_match(alice, bob):
    league = make_league()
    a = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    b = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    match = matches.match_schedule(league=league, entries=[a, b], rated=False)
    Match.objects.filter(pk=match.pk).update(log=LOG)
    return match


def test_a_match_log_shows_the_users_own_seats(alice, bob, logged_match):
    page = logged_in(alice).get(url("web-match-log", logged_match.pk))
    assert page.status_code == 200 and page.context["seats"] == [0]
    text = page.content.decode()
    assert "alice thinks" in text and "bob schemes" not in text and "claimed by" not in text
    page = logged_in(bob).get(url("web-match-log", logged_match.pk))
    assert [line["text"] for line in page.context["lines"]] == ["bob schemes"]
    staff = logged_in(make_user("staffer", staff=True)).get(url("web-match-log", logged_match.pk))
    assert [line["text"] for line in staff.context["lines"]] == ["alice thinks", "bob schemes"]


def test_a_match_log_is_forbidden_to_others(logged_match):
    browser = logged_in(make_user("carol"))
    page = browser.get(url("web-match-log", logged_match.pk))
    assert page.status_code == 403
    assert "thinks" not in page.content.decode() and "schemes" not in page.content.decode()
    assert browser.get(url("web-match-log", 999999)).status_code == 404


# --- full replays -----------------------------------------------------------------------------


@pytest.fixture
def played(alice, bob):
    """A finished match, alice's bot in seat 1."""
    league = make_league()
    b = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    a = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    return play(league, [b, a], seed=21)


def test_the_owner_of_a_bot_downloads_the_full_replay_from_the_match_page(alice, played):
    browser = logged_in(alice)
    page = browser.get(url("web-match", played.pk)).content.decode()
    assert url("web-match-replay", played.pk) in page
    assert f"replay match-{played.pk}.json --seat 1=mybot:MyBot" in page
    response = browser.get(url("web-match-replay", played.pk))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f"attachment; filename=match-{played.pk}.json"
    assert response.content.decode() == full_replay(played)


def test_nobody_else_downloads_the_full_replay(played):
    replay = url("web-match-replay", played.pk)
    carol = logged_in(make_user("carol"))
    for client in (Client(), carol):
        assert replay not in client.get(url("web-match", played.pk)).content.decode()
    assert Client().get(replay).status_code == 302  # to the login page
    refused = carol.get(replay)
    assert refused.status_code == 403 and "only the owners" in refused.content.decode()
    staff = logged_in(make_user("staffer", staff=True)).get(replay)
    assert staff.status_code == 200


def test_the_match_page_says_why_the_full_replay_is_refused(alice, played):
    seats = [seat.entry for seat in played.seats.all()]
    paired = matches.match_schedule(league=played.league, entries=seats, seed=played.seed)
    browser = logged_in(alice)
    page = browser.get(url("web-match", played.pk)).content.decode()
    assert url("web-match-replay", played.pk) not in page and "still in play" in page
    assert browser.get(url("web-match-replay", played.pk)).status_code == 409
    Match.objects.filter(pk=paired.pk).update(status=Match.Status.FINISHED)
    league_update(league=played.league, replays_downloadable=False)
    page = browser.get(url("web-match", played.pk)).content.decode()
    assert "does not hand out its matches&#x27; full replays" in page
    assert browser.get(url("web-match-replay", played.pk)).status_code == 403


# --- bad input: form errors, nothing changed ------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"username": "dave", "password": PASSWORD, "password_again": "other"}, "password_again"),
        ({"username": "dave", "password": "123", "password_again": "123"}, "password"),
        ({"username": "dave", "password": "password", "password_again": "password"}, "password"),
        ({"username": "bad name!", "password": PASSWORD, "password_again": PASSWORD}, "username"),
        ({"username": "ALICE", "password": PASSWORD, "password_again": PASSWORD}, "username"),
        ({}, "username"),
    ],
)
def test_bad_sign_ups_are_form_errors(alice, data, field):
    browser = Client()
    response = browser.post(url("web-signup"), data)
    assert field in errors_of(response)
    assert get_user_model().objects.count() == 1
    assert "_auth_user_id" not in browser.session


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "not a slug!"}, "name"),
        ({"name": "taken"}, "name"),  # the service: a bot of that name exists
        ({"name": "fresh", "games": ["chess"]}, "games"),
        ({}, "name"),
    ],
)
def test_bad_bots_are_form_errors(alice, data, field):
    make_bot(make_user("bob"), "taken")
    response = logged_in(alice).post(url("web-bot-new"), data)
    assert field in errors_of(response)
    assert list(Bot.objects.values_list("name", flat=True)) == ["taken"]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "house", "player": ""}, "player"),  # the service: a house version needs one
        ({"kind": "remote", "player": "random"}, "player"),  # the service: remote has none
        ({"kind": "house", "player": "engines.players:Nope"}, "player"),  # staff only
        ({"kind": "alien"}, "kind"),
    ],
)
def test_bad_versions_are_form_errors(alice, data, field):
    bot, _ = make_bot(alice, "alicebot")
    response = logged_in(alice).post(url("web-version-new", bot.pk), data)
    assert field in errors_of(response, "version_form")
    assert BotVersion.objects.count() == 1
    assert response.context["bot"] == bot  # the manage page, with the form's errors


def test_staff_name_code_as_the_api_lets_them(alice):
    staffer = make_user("staffer", staff=True)
    bot, _ = make_bot(staffer, "staffbot")
    response = logged_in(staffer).post(
        url("web-version-new", bot.pk), {"kind": "house", "player": "engines.players:Nope"}
    )
    assert "player" in errors_of(response, "version_form")  # no such class, says the service
    assert "only staff" not in str(response.context["version_form"].errors)


def test_a_bad_token_name_is_a_form_error(alice):
    bot, _ = make_bot(alice, "alicebot")
    response = logged_in(alice).post(url("web-token-new", bot.pk), {"name": "x" * 101})
    assert "name" in errors_of(response, "token_form")
    assert "cab_" not in response.content.decode()
    assert not BotToken.objects.exists()


def test_bad_entries_are_form_errors(alice, bob):
    bot, version = make_bot(alice, "alicebot", games=["risk"])
    risk = make_league()
    conquetes = make_league("conquetes-2", game="conquetes", variant="standard")
    _, bobs_version = make_bot(bob, "bobbot")
    entry_create(league=risk, version=version)
    browser = logged_in(alice)
    page = url("web-entry-new", bot.pk)
    cases = [
        ({"league": conquetes.pk, "version": version.pk}, "league"),  # not one of its games
        ({"league": risk.pk, "version": version.pk}, "version"),  # already entered
        ({"league": risk.pk, "version": bobs_version.pk}, "version"),  # another bot's
        ({"league": 999999, "version": version.pk}, "league"),
        ({}, "league"),
    ]
    for data, field in cases:
        response = browser.post(page, data)
        assert field in errors_of(response, "entry_form"), data
    assert Entry.objects.count() == 1
    assert "already in" in str(browser.post(page, cases[1][0]).context["entry_form"].errors)


def test_a_disabled_bot_cannot_enter(alice):
    bot, version = make_bot(alice, "alicebot")
    Bot.objects.filter(pk=bot.pk).update(enabled=False)
    response = logged_in(alice).post(
        url("web-entry-new", bot.pk), {"league": make_league().pk, "version": version.pk}
    )
    assert "disabled" in str(errors_of(response, "entry_form"))
    assert not Entry.objects.exists()


def test_bad_challenges_are_form_errors(alice, bob):
    league = make_league()
    mine = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    theirs = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    gone = entry_create(league=league, version=make_bot(bob, "gonebot")[1])
    entry_withdraw(entry=gone)
    elsewhere = entry_create(league=make_league("other"), version=make_bot(bob, "farbot")[1])
    browser = logged_in(alice)
    page = url("web-challenge", league.pk)
    for data in (
        {"seat_0": mine.pk, "seat_1": mine.pk},  # the service: one seat per entry
        {"seat_0": theirs.pk, "seat_1": mine.pk},  # the first must be mine
        {"seat_0": mine.pk, "seat_1": gone.pk},
        {"seat_0": mine.pk, "seat_1": elsewhere.pk},
        {"seat_0": mine.pk},
    ):
        assert errors_of(browser.post(page, data)), data
    assert not Match.objects.exists()
    same = browser.post(page, {"seat_0": mine.pk, "seat_1": mine.pk})
    assert "only one seat" in str(same.context["form"].errors)


def test_a_challenge_needs_an_entry_of_ones_own(alice, bob):
    league = make_league()
    entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    page = logged_in(alice).get(url("web-challenge", league.pk))
    assert page.status_code == 200 and not page.context["form"].has_own_entry
    assert logged_in(alice).get(url("web-challenge", 999999)).status_code == 404


def test_a_bot_update_goes_through_the_service(alice):
    bot, _ = make_bot(alice, "alicebot")
    browser = logged_in(alice)
    response = browser.post(
        url("web-bot-manage", bot.pk), {"description": "new", "games": ["risk"], "enabled": ""}
    )
    assert response.status_code == 302
    bot.refresh_from_db()
    assert (bot.description, bot.games, bot.enabled) == ("new", ["risk"], False)
    response = browser.post(url("web-bot-manage", bot.pk), {"games": ["chess"]})
    assert "games" in errors_of(response, "bot_form")
    bot.refresh_from_db()
    assert bot.games == ["risk"]


# --- CSRF -----------------------------------------------------------------------------------


def test_every_change_needs_the_csrf_token(alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    bot, _ = make_bot(alice, "alicebot")
    token, plaintext = token_issue(bot=bot)
    for page, data in [
        (url("web-bot-new"), {"name": "sneaky"}),
        (url("web-token-new", bot.pk), {"name": "sneaky"}),
        (url("web-token-revoke", bot.pk, token.pk), {}),
        (url("web-version-new", bot.pk), {"kind": "remote"}),
        (url("web-logout"), {}),
    ]:
        assert browser.post(page, data).status_code == 403, page
    assert Bot.objects.count() == 1 and BotToken.objects.count() == 1
    assert BotVersion.objects.count() == 1
    assert token_authenticate(token=plaintext) is not None
    assert "_auth_user_id" in browser.session

    browser.get(url("web-bot-new"))  # sets the CSRF cookie, as a browser would
    csrf = browser.cookies["csrftoken"].value
    response = browser.post(url("web-bot-new"), {"name": "honest", "csrfmiddlewaretoken": csrf})
    assert response.status_code == 302 and Bot.objects.filter(name="honest").exists()

    assert Client(enforce_csrf_checks=True).post(url("web-signup"), {}).status_code == 403


# --- rate limits, shared with the API -------------------------------------------------------


def test_challenges_share_the_apis_rate_limit(alice, bob, monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "challenge", "2/hour")
    league = make_league()
    mine = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    theirs = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    browser = logged_in(alice)
    data = {"seat_0": mine.pk, "seat_1": theirs.pk}
    assert browser.post(url("web-challenge", league.pk), data).status_code == 302
    api = Client()
    api.force_login(alice)  # the API takes the session too
    response = api.post(
        f"/api/leagues/{league.pk}/challenges/",
        {"entries": [mine.pk, theirs.pk]},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    response = browser.post(url("web-challenge", league.pk), data)
    assert response.status_code == 429
    assert "try again in" in str(response.context["form"].non_field_errors())
    assert Match.objects.count() == 2


def test_sign_ups_and_logins_are_rate_limited(alice, monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "register", "1/hour")
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "login", "2/minute")
    browser = Client()
    data = {"username": "x y", "password": PASSWORD, "password_again": PASSWORD}
    assert browser.post(url("web-signup"), data).status_code == 200  # a form error, counted
    data["username"] = "dave"
    response = browser.post(url("web-signup"), data)
    assert response.status_code == 429 and "try again in" in response.content.decode()
    assert not get_user_model().objects.filter(username="dave").exists()
    alice.set_password(PASSWORD)
    alice.save()
    for _ in range(2):
        wrong = browser.post(url("web-login"), {"username": "alice", "password": "wrong"})
        assert wrong.status_code == 200
    response = browser.post(url("web-login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 429 and "try again in" in response.content.decode()
    assert "_auth_user_id" not in browser.session
