"""API leagues, entries, standings and challenges: staff run leagues, users enter their own
bots, a bot token enters and challenges for its own bot only."""

from __future__ import annotations

import pytest
from api_helpers import (
    bot_client,
    client_for,
    error_of,
    make_bot,
    make_league,
    make_user,
    play,
)
from conquest.bots.services import token_issue, version_create
from conquest.leagues.models import Entry, League
from conquest.leagues.services import entry_create
from conquest.matches.models import Match
from conquest.ratings.models import RatingChange
from conquest.relay.presence import Presence, presences
from django.core.cache import cache
from django.forms.models import model_to_dict
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from engines.registry import get_game

pytestmark = pytest.mark.django_db

RISK_VERSION = get_game("risk").engine_version
LEAGUE = {"name": "Risk duel", "game": "risk", "variant": "hasbro", "seats": 2}


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff():
    return make_user("root", staff=True)


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


# --- leagues --------------------------------------------------------------------------------


def test_staff_create_a_league(staff):
    data = {**LEAGUE, "decision_seconds": 0.5, "ladder": "paused", "options": {}}
    response = client_for(staff).post("/api/leagues/", data, format="json")
    assert response.status_code == 201, response.content
    league = League.objects.get()
    assert response.json()["id"] == league.pk
    assert league.engine_version == RISK_VERSION == response.json()["engine_version"]
    assert (league.decision_seconds, league.ladder) == (0.5, "paused")


def test_only_staff_create_leagues(alice):
    assert client_for(alice).post("/api/leagues/", LEAGUE, format="json").status_code == 403
    assert APIClient().post("/api/leagues/", LEAGUE, format="json").status_code == 401
    staff_bot, _ = make_bot(make_user("root", staff=True), "staffbot")
    _, plaintext = token_issue(bot=staff_bot)
    assert bot_client(plaintext).post("/api/leagues/", LEAGUE, format="json").status_code == 403
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"variant": "nope"}, "variant"),
        ({"seats": 9}, "seats"),
        ({"options": {"no_such_option": 1}}, "options"),
        ({"options": [1]}, "options"),
        ({"ladder": "sometimes"}, "ladder"),
        ({"engine_version": "x"}, "engine_version"),
    ],
)
def test_invalid_leagues_are_refused(staff, change, field):
    response = client_for(staff).post("/api/leagues/", {**LEAGUE, **change}, format="json")
    assert response.status_code == 400
    assert field in error_of(response)["fields"]
    assert not League.objects.exists()


def test_a_duplicate_league_name_is_refused(staff):
    make_league(LEAGUE["name"])
    response = client_for(staff).post("/api/leagues/", LEAGUE, format="json")
    assert response.status_code == 400
    assert "name" in error_of(response)["fields"]
    assert League.objects.count() == 1


def test_anyone_reads_leagues():
    league = make_league("b-league")
    make_league("a-league", game="conquetes", variant="standard", seats=3)
    listing = APIClient().get("/api/leagues/").json()
    assert [x["name"] for x in listing["results"]] == ["a-league", "b-league"]
    detail = APIClient().get(f"/api/leagues/{league.pk}/").json()
    assert detail["game"] == "risk" and detail["seats"] == 2
    assert APIClient().get("/api/leagues/999999/").status_code == 404


def test_staff_edit_a_league_and_its_ladder(staff):
    league = make_league()
    response = client_for(staff).patch(
        f"/api/leagues/{league.pk}/", {"ladder": "active", "elo_k": 16}, format="json"
    )
    assert response.status_code == 200, response.content
    league.refresh_from_db()
    assert (league.ladder, league.elo_k) == ("active", 16.0)


def test_only_staff_edit_leagues(alice):
    league = make_league()
    before = model_to_dict(league)
    response = client_for(alice).patch(
        f"/api/leagues/{league.pk}/", {"ladder": "active"}, format="json"
    )
    assert response.status_code == 403
    league.refresh_from_db()
    assert model_to_dict(league) == before


def test_the_game_of_a_league_with_matches_is_fixed(staff, alice, bob):
    league = make_league()
    entries = [entry_create(league=league, version=make_bot(u, f"{u}bot")[1]) for u in (alice, bob)]
    play(league, entries)
    response = client_for(staff).patch(f"/api/leagues/{league.pk}/", {"seats": 3}, format="json")
    assert response.status_code == 400
    assert "fixed" in error_of(response)["fields"]["seats"][0]
    league.refresh_from_db()
    assert league.seats == 2


# --- entries --------------------------------------------------------------------------------


def test_enter_your_own_version(alice):
    league = make_league()
    _, version = make_bot(alice, "conqueror")
    response = client_for(alice).post(
        f"/api/leagues/{league.pk}/entries/", {"version": version.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    entry = Entry.objects.get()
    assert (entry.league, entry.version) == (league, version)
    body = response.json()
    assert body["id"] == entry.pk
    assert (body["bot_name"], body["owner"], body["version_number"]) == ("conqueror", "alice", 1)
    again = client_for(alice).post(
        f"/api/leagues/{league.pk}/entries/", {"version": version.pk}, format="json"
    )
    assert again.status_code == 400
    assert "already" in error_of(again)["fields"]["version"][0]
    assert Entry.objects.count() == 1


def test_a_house_player_enters_only_leagues_of_a_game_it_plays(alice):
    league = make_league("conquetes-2", game="conquetes", variant="standard")
    _, attacker = make_bot(alice, "blunt", player="attacker")  # plays classic Risk only
    response = client_for(alice).post(
        f"/api/leagues/{league.pk}/entries/", {"version": attacker.pk}, format="json"
    )
    assert response.status_code == 400
    assert "'attacker' does not play conquetes" in error_of(response)["fields"]["version"][0]
    assert not Entry.objects.exists()
    _, heuristic = make_bot(alice, "thinker", player="heuristic")
    assert entry_create(league=league, version=heuristic).version == heuristic


def test_another_users_version_cannot_be_entered(alice, bob):
    league = make_league()
    _, version = make_bot(alice, "conqueror")
    response = client_for(bob).post(
        f"/api/leagues/{league.pk}/entries/", {"version": version.pk}, format="json"
    )
    assert response.status_code == 403
    assert not Entry.objects.exists()


def test_a_bot_token_enters_its_own_bots_versions_only(alice):
    league = make_league()
    mine, my_version = make_bot(alice, "mine")
    _, sibling_version = make_bot(alice, "sibling")
    _, plaintext = token_issue(bot=mine)
    client = bot_client(plaintext)
    url = f"/api/leagues/{league.pk}/entries/"
    assert client.post(url, {"version": sibling_version.pk}, format="json").status_code == 403
    assert not Entry.objects.exists()
    assert client.post(url, {"version": my_version.pk}, format="json").status_code == 201
    assert list(Entry.objects.values_list("version", flat=True)) == [my_version.pk]


@pytest.mark.parametrize("problem", ["unknown", "wrong game", "disabled"])
def test_entries_the_service_refuses(alice, problem):
    league = make_league()
    bot, version = make_bot(alice, "conqueror", games=["conquetes"])
    version_id = 999999 if problem == "unknown" else version.pk
    if problem == "disabled":
        bot.games, bot.enabled = ["risk"], False
        bot.save()
    response = client_for(alice).post(
        f"/api/leagues/{league.pk}/entries/", {"version": version_id}, format="json"
    )
    assert response.status_code == 400
    assert "version" in error_of(response)["fields"]
    assert not Entry.objects.exists()


def test_withdraw_an_entry(alice, bob):
    league = make_league()
    entry = entry_create(league=league, version=make_bot(alice, "conqueror")[1])
    assert client_for(bob).delete(f"/api/entries/{entry.pk}/").status_code == 403
    assert APIClient().delete(f"/api/entries/{entry.pk}/").status_code == 401
    entry.refresh_from_db()
    assert entry.active
    assert client_for(alice).delete(f"/api/entries/{entry.pk}/").status_code == 204
    entry.refresh_from_db()
    assert not entry.active
    assert APIClient().get(f"/api/entries/{entry.pk}/").json()["active"] is False


def test_a_bot_token_withdraws_its_own_bots_entries_only(alice):
    league = make_league()
    mine, my_version = make_bot(alice, "mine")
    _, sibling_version = make_bot(alice, "sibling")
    my_entry, sibling_entry = (
        entry_create(league=league, version=my_version),
        entry_create(league=league, version=sibling_version),
    )
    client = bot_client(token_issue(bot=mine)[1])
    assert client.delete(f"/api/entries/{sibling_entry.pk}/").status_code == 403
    sibling_entry.refresh_from_db()
    assert sibling_entry.active
    assert client.delete(f"/api/entries/{my_entry.pk}/").status_code == 204


# --- standings, history, matches ------------------------------------------------------------


def test_standings_are_ordered_by_conservative_rating(alice, bob):
    league = make_league()
    entries = [entry_create(league=league, version=make_bot(alice, f"bot{i}")[1]) for i in range(3)]
    for entry, (mu, sigma, elo) in zip(
        entries, [(20.0, 5.0, 1500), (30.0, 6.0, 1400), (20.0, 5.0, 1600)], strict=True
    ):
        Entry.objects.filter(pk=entry.pk).update(
            mu=mu, sigma=sigma, elo=elo, ordinal=mu - 3 * sigma
        )
    entry_create(league=make_league("other"), version=make_bot(bob, "elsewhere")[1])
    body = APIClient().get(f"/api/leagues/{league.pk}/standings/").json()
    assert body["count"] == 3
    rows = body["results"]
    assert [(r["rank"], r["bot_name"]) for r in rows] == [(1, "bot1"), (2, "bot2"), (3, "bot0")]
    assert rows[0]["ordinal"] == 12.0 and rows[0]["mu"] == 30.0 and rows[0]["sigma"] == 6.0
    assert rows[0]["owner"] == "alice" and rows[0]["version_number"] == 1
    second = APIClient().get(f"/api/leagues/{league.pk}/standings/", {"offset": 1}).json()
    assert [(r["rank"], r["bot_name"]) for r in second["results"]] == [(2, "bot2"), (3, "bot0")]


def test_history_and_league_matches_after_rated_matches(alice, bob):
    league = make_league()
    entries = [
        entry_create(league=league, version=make_bot(u, f"{u}bot", player="attacker")[1])
        for u in (alice, bob)
    ]
    first = play(league, entries, seed=1)
    second = play(league, entries[::-1], seed=2)
    unrated = play(league, entries, seed=3, rated=False)
    history = APIClient().get(f"/api/entries/{entries[0].pk}/history/").json()
    assert [(h["seq"], h["match"]) for h in history["results"]] == [
        (1, first.pk),
        (2, second.pk),
    ]
    change = RatingChange.objects.get(entry=entries[0], match=second)
    assert history["results"][1]["elo_after"] == change.elo_after
    entry = APIClient().get(f"/api/entries/{entries[0].pk}/").json()
    assert entry["games"] == 2 and entry["elo"] == change.elo_after
    matches = APIClient().get(f"/api/leagues/{league.pk}/matches/").json()
    assert [m["id"] for m in matches["results"]] == [unrated.pk, second.pk, first.pk]
    page = APIClient().get(f"/api/leagues/{league.pk}/matches/", {"limit": 1}).json()
    assert page["count"] == 3 and len(page["results"]) == 1 and page["next"]


# --- challenges -----------------------------------------------------------------------------


@pytest.fixture
def duel(alice, bob):
    league = make_league()
    a = entry_create(league=league, version=make_bot(alice, "alicebot")[1])
    b = entry_create(league=league, version=make_bot(bob, "bobbot")[1])
    return league, a, b


def test_challenge_queues_an_unrated_match(alice, duel):
    league, a, b = duel
    response = client_for(alice).post(
        f"/api/leagues/{league.pk}/challenges/", {"entries": [a.pk, b.pk]}, format="json"
    )
    assert response.status_code == 201, response.content
    match = Match.objects.get()
    body = response.json()
    assert body["id"] == match.pk and body["status"] == "queued" == match.status
    assert (match.origin, match.rated, match.requested_by) == ("challenge", False, alice)
    assert [s["entry"] for s in body["seats"]] == [a.pk, b.pk]
    assert body["requested_by"] == "alice"
    assert "seed" not in body


@pytest.mark.parametrize(
    "entries", [["b", "a"], ["a"], ["a", "a"], ["a", 999999], ["a", "elsewhere"], []]
)
def test_refused_challenges_create_no_match(alice, duel, entries):
    league, a, b = duel
    elsewhere = entry_create(
        league=make_league("other"),
        version=version_create(bot=b.version.bot, kind="house", player="random"),
    )
    ids = {"a": a.pk, "b": b.pk, "elsewhere": elsewhere.pk}
    response = client_for(alice).post(
        f"/api/leagues/{league.pk}/challenges/",
        {"entries": [ids.get(e, e) for e in entries]},
        format="json",
    )
    assert response.status_code == 400
    assert "entries" in error_of(response)["fields"]
    assert not Match.objects.exists()


def test_challenges_need_a_user(duel):
    league, a, b = duel
    response = APIClient().post(
        f"/api/leagues/{league.pk}/challenges/", {"entries": [a.pk, b.pk]}, format="json"
    )
    assert response.status_code == 401
    assert not Match.objects.exists()


def test_a_bot_token_challenges_for_its_own_bot_only(alice, duel):
    league, a, b = duel
    sibling = entry_create(league=league, version=make_bot(alice, "sibling")[1])
    client = bot_client(token_issue(bot=a.version.bot)[1])
    url = f"/api/leagues/{league.pk}/challenges/"
    assert client.post(url, {"entries": [sibling.pk, b.pk]}, format="json").status_code == 403
    assert not Match.objects.exists()
    assert client.post(url, {"entries": [a.pk, b.pk]}, format="json").status_code == 201


def test_challenges_are_throttled(alice, duel, monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "challenge", "2/hour")
    league, a, b = duel
    client = client_for(alice)
    url = f"/api/leagues/{league.pk}/challenges/"
    for _ in range(2):
        assert client.post(url, {"entries": [a.pk, b.pk]}, format="json").status_code == 201
    response = client.post(url, {"entries": [a.pk, b.pk]}, format="json")
    assert response.status_code == 429
    assert error_of(response)["wait"] > 0
    assert Match.objects.count() == 2


# --- why an entry cannot play (issue 20, item 3) --------------------------------------------


def _remote_entry(owner, league):
    bot, _ = make_bot(owner, "remote-bot")
    return entry_create(league=league, version=version_create(bot=bot, kind="remote"))


def test_an_entry_says_why_it_cannot_play_and_a_challenge_repeats_it(alice, settings):
    league = make_league("duel")
    remote = _remote_entry(alice, league)
    house = entry_create(league=league, version=make_bot(alice, "house-bot")[1])
    client = client_for(alice)
    assert client.get(f"/api/entries/{house.pk}/").json()["waiting"] is None
    waiting = client.get(f"/api/entries/{remote.pk}/").json()["waiting"]
    assert waiting.startswith("a remote bot not connected to the gateway")
    challenge = client.post(
        f"/api/leagues/{league.pk}/challenges/", {"entries": [remote.pk, house.pk]}, format="json"
    )
    (message,) = error_of(challenge)["fields"]["entries"]
    assert message.endswith(f"cannot play: {waiting}")
    presences().connect(Presence(remote.version.bot_id, "gateway:1", "c1", 4))
    try:
        assert client.get(f"/api/entries/{remote.pk}/").json()["waiting"] is None
    finally:
        presences().disconnect(Presence(remote.version.bot_id, "gateway:1", "c1", 4))
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_redis_url": ""})
    waiting = client.get(f"/api/entries/{remote.pk}/").json()["waiting"]
    assert "this platform runs no gateway (ARENA_GATEWAY_REDIS_URL is not set)" in waiting
    entered = client.post(
        f"/api/leagues/{make_league('other').pk}/entries/",
        {"version": remote.version_id},
        format="json",
    )
    assert entered.status_code == 201 and entered.json()["waiting"] == waiting
    client.delete(f"/api/entries/{house.pk}/")
    assert client.get(f"/api/entries/{house.pk}/").json()["waiting"].startswith("withdrawn")
