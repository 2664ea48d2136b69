"""The website in a real browser (Debian's chromium driven by Playwright) against a live
server: every page, a replay stepped on the map for every game, a live match followed to its
end, sign-up to a bot token, and no hidden information on any page. Screenshots of every page
go to ``out/screenshots/``."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_helpers import make_bot, make_league, make_user, play
from arena_fixtures import entry, user
from arena_workers import wait_for
from browser_helpers import shot
from conquest.leagues import services as leagues
from conquest.matches import services
from conquest.matches.models import Match
from conquest.matches.selectors import full_replay
from conquest.tournaments import services as tournaments
from django.db import connection
from playwright.sync_api import Page, expect

from engines.core import visible_event
from engines.registry import get_game
from engines.replay import Replay, start

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = [
    ("risk", "miro-missions", 3, "attacker"),
    ("conquetes", "standard", 2, "heuristic"),
    ("africa", "standard", 3, "heuristic"),
]
"""A variant of every game with hidden information, and a house player that ends it soon."""


def in_thread(function, *args):
    """``function(*args)`` in a thread of its own, which closes its database connection after:
    Playwright keeps an event loop running in the test's thread, and a match played without
    one (as the sandbox plays it) must not see a loop."""

    def call():
        try:
            return function(*args)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result()


def finished_match(game: str, variant: str, seats: int, player: str, seed: int = 982_451_653):
    """A finished match of ``game`` between house bots, recorded as a worker would."""
    return in_thread(_played, game, variant, seats, player, seed)


def _played(game: str, variant: str, seats: int, player: str, seed: int):
    """The match of :func:`finished_match`, played in this thread."""
    owner = make_user(f"owner-{game}")
    league = make_league(f"{game}-league", game=game, variant=variant, seats=seats)
    entries = []
    for seat in range(seats):
        _, version = make_bot(owner, f"{game}-bot-{seat}", games=[game], player=player)
        entries.append(leagues.entry_create(league=league, version=version))
    return play(league, entries, seed=seed)


def secrets_of(match) -> list[str]:
    """The sentences of the events that only their own seat may see as they are: what no
    spectator may ever read."""
    replay = Replay.from_json(full_replay(match))
    names = list(replay.players)
    recorder = start(replay.game, replay.variant, replay.seats, replay.seed, options=replay.options)
    events = list(recorder.match.setup_events)
    for seat, action in replay.actions:
        events.extend(recorder.apply(seat, action))
    secrets = []
    for event in events:
        public = visible_event(event, None)
        words = event.describe(names)
        if public is None or public.describe(names) != words:
            secrets.append(words)
    return secrets


def test_every_public_page_renders_without_an_error_or_a_foreign_request(live_server, page):
    match = finished_match("risk", "hasbro", 3, "attacker")
    owner = user("organiser")
    league = make_league("risk-tournament", seats=2)
    for n in range(4):
        entry(league, owner, name=f"knight-{n}")
    cup = tournaments.tournament_create(name="Autumn cup", league=league, format="knockout")
    tournaments.tournament_registration_open(tournament=cup)
    for registered in league.entries.all():
        tournaments.tournament_entry_add(tournament=cup, entry=registered)
    tournaments.tournament_start(tournament=cup)
    pages = {
        "home": "/",
        "league": f"/leagues/{match.league_id}/",
        "bot": f"/bots/{match.seats.first().entry.version.bot_id}/",
        "matches": "/matches/",
        "match": f"/matches/{match.pk}/",
        "tournaments": "/tournaments/",
        "tournament": f"/tournaments/{cup.pk}/",
        "login": "/accounts/login/",
        "signup": "/accounts/signup/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, (name, path)
        expect(page.locator("h1")).to_be_visible()
        shot(page, f"page-{name}")
    page.goto(live_server.url + f"/leagues/{match.league_id}/")
    expect(page.locator("table").first).to_contain_text(match.seats.first().entry.version.bot.name)


def test_pages_fit_a_phone_screen(live_server, browser):
    match = finished_match("risk", "hasbro", 3, "attacker")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = phone.new_page()
    try:
        for name, path in {
            "home": "/",
            "league": f"/leagues/{match.league_id}/",
            "match": f"/matches/{match.pk}/",
        }.items():
            page.goto(live_server.url + path)
            expect(page.locator("h1")).to_be_visible()
            # Wide tables scroll inside their own box; the page itself never scrolls sideways.
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (name, width)
            shot(page, f"phone-{name}")
    finally:
        phone.close()


@pytest.mark.parametrize("case", GAMES, ids=[g[0] for g in GAMES])
def test_a_replay_steps_on_the_map(live_server, page: Page, case):
    game = case[0]
    match = finished_match(*case)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    position = page.locator(".viewer .position")
    expect(position).to_have_text(re.compile(r"frame 1 of \d+"))
    total = int(position.inner_text().split()[-1])
    assert total > 2
    places = page.locator(".viewer svg.board g.place")
    expect(places).to_have_count(len(get_game(game).layout.spots))
    page.get_by_role("button", name="Next frame").click()
    expect(position).to_have_text(f"frame 2 of {total}")
    page.locator("#viewer").press("ArrowRight")
    expect(position).to_have_text(f"frame 3 of {total}")
    page.get_by_role("button", name="Last frame").click()
    expect(position).to_have_text(f"frame {total} of {total}")
    # At the end, places are drawn in the seats' colours and the log is in words.
    coloured = page.locator(".viewer svg.board circle:not([fill='#c7ccd6'])")
    assert coloured.count() > 0
    expect(page.locator(".viewer .status")).to_contain_text("Ended")
    assert page.locator(".viewer ol.log li").count() >= total - 1
    page.get_by_role("button", name="First frame").click()
    expect(position).to_have_text(f"frame 1 of {total}")
    page.get_by_role("button", name="Play").click()
    expect(position).not_to_have_text(f"frame 1 of {total}")
    shot(page, f"replay-{game}")


@pytest.mark.parametrize("case", GAMES, ids=[g[0] for g in GAMES])
def test_no_page_shows_hidden_information(live_server, page: Page, case):
    match = finished_match(*case)
    secrets = secrets_of(match)
    assert secrets, "the match should have had hidden information"
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator(".viewer .position")).to_have_text(re.compile(r"frame 1 of \d+"))
    seen = page.content() + page.locator(".viewer ol.log").inner_text()
    frames = page.request.get(f"{live_server.url}/matches/{match.pk}/frames.json").text()
    for text in (seen, frames):
        assert str(match.seed) not in text
        for secret in secrets:
            assert secret not in text, secret


def test_a_live_match_is_followed_to_its_end(live_server, page: Page, workers):
    owner = make_user("live-owner")
    league = make_league("live-risk", seats=2)
    entries = []
    for seat in range(2):
        _, version = make_bot(owner, f"slow-{seat}", games=["risk"], player="attacker")
        version.player = "arena_players:SlowAttacker"
        version.save()
        entries.append(leagues.entry_create(league=league, version=version))
    match = services.match_schedule(league=league, entries=entries, seed=2)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator(".viewer .status")).to_have_text("Waiting for the match…")
    workers("live")
    services.match_enqueue(match_ids=[match.pk])
    position = page.locator(".viewer .position")
    expect(position).to_have_text(re.compile(r"frame \d+ of \d+"), timeout=60_000)
    expect(page.locator(".viewer .status")).to_contain_text("Ended", timeout=120_000)
    # The stream's last entry and the recorded result are written by the worker one after the
    # other: the page may show the end a moment before the result is committed.
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 60, "the result")
    total = int(position.inner_text().split()[-1])
    expect(position).to_have_text(f"frame {total} of {total}")
    shot(page, "live-ended")


def test_sign_up_create_a_bot_and_a_token_shown_once(live_server, page: Page):
    page.goto(live_server.url + "/accounts/signup/")
    page.locator("input[name=username]").fill("newcomer")
    page.locator("input[name=password]").fill("a-long-pass-phrase-42")
    page.locator("input[name=password_again]").fill("a-long-pass-phrase-42")
    page.get_by_role("button", name="Create the account").click()
    expect(page).to_have_url(re.compile(r"/me/$"))
    shot(page, "dashboard-empty")
    page.goto(live_server.url + "/me/bots/new/")
    page.locator("input[name=name]").fill("my-first-bot")
    page.locator("input[name=games][value=risk]").check()
    page.get_by_role("button", name="Create the bot").click()
    expect(page.locator("h1")).to_contain_text("my-first-bot")
    page.locator("form[action$='/tokens/new/'] input[name=name]").fill("laptop")
    page.get_by_role("button", name="Create a token").click()
    token = page.locator(".secret").inner_text().strip()
    assert len(token) > 20
    shot(page, "token-created")
    page.go_back()
    page.reload()
    assert token not in page.content()
    page.goto(live_server.url + "/me/")
    assert token not in page.content()
    expect(page.locator("main")).to_contain_text("my-first-bot")
