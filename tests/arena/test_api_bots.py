"""API bots, versions and bot tokens: owners change only their own; a bot token acts only for
its bot; a token's plaintext is shown once."""

from __future__ import annotations

import hashlib

import pytest
from api_helpers import bot_client, client_for, error_of, make_bot, make_league, make_user
from conquest.bots.models import Bot, BotToken, BotVersion
from conquest.bots.services import token_issue, version_freeze
from conquest.leagues.services import entry_create
from django.utils import timezone
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def mallory():
    return make_user("mallory")


def bot_state(bot) -> tuple:
    bot = Bot.objects.get(pk=bot.pk)
    return bot.name, bot.description, bot.games, bot.enabled, bot.owner_id


# --- bots -----------------------------------------------------------------------------------


def test_anyone_lists_and_reads_bots(alice):
    bot, _ = make_bot(alice, "conqueror")
    make_bot(make_user("bob"), "bobbot")
    listing = APIClient().get("/api/bots/").json()
    assert listing["count"] == 2
    assert [b["name"] for b in listing["results"]] == ["bobbot", "conqueror"]
    only = APIClient().get("/api/bots/", {"owner": "alice"}).json()
    assert [b["name"] for b in only["results"]] == ["conqueror"]
    detail = APIClient().get(f"/api/bots/{bot.pk}/").json()
    assert detail["owner"] == "alice" and detail["games"] == ["conquetes", "risk"]


def test_create_a_bot(alice):
    response = client_for(alice).post(
        "/api/bots/",
        {"name": "conqueror", "description": "rushes", "games": ["risk"]},
        format="json",
    )
    assert response.status_code == 201, response.content
    bot = Bot.objects.get(name="conqueror")
    assert bot.owner == alice and bot.games == ["risk"] and bot.description == "rushes"
    assert response.json()["id"] == bot.pk


def test_creating_a_bot_needs_a_user(alice):
    response = APIClient().post("/api/bots/", {"name": "x"}, format="json")
    assert response.status_code == 401
    mine, _ = make_bot(alice, "mine")
    _, plaintext = token_issue(bot=mine)
    response = bot_client(plaintext).post("/api/bots/", {"name": "spawn"}, format="json")
    assert response.status_code == 403
    assert error_of(response)["code"] == "permission_denied"
    assert list(Bot.objects.values_list("name", flat=True)) == ["mine"]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "x", "games": ["chess"]}, "games"),
        ({"name": "not a slug"}, "name"),
        ({"name": "taken"}, "name"),
        ({"name": "y", "owner": 1}, "owner"),
    ],
)
def test_invalid_bots_are_refused(alice, data, field):
    make_bot(alice, "taken")
    response = client_for(alice).post("/api/bots/", data, format="json")
    assert response.status_code == 400
    assert field in error_of(response)["fields"]
    assert Bot.objects.count() == 1


def test_the_owner_changes_description_games_and_enabled(alice):
    bot, _ = make_bot(alice, "conqueror")
    response = client_for(alice).patch(
        f"/api/bots/{bot.pk}/",
        {"description": "new", "games": ["conquetes"], "enabled": False},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert bot_state(bot) == ("conqueror", "new", ["conquetes"], False, alice.pk)


def test_a_bots_name_and_owner_cannot_be_changed(alice, mallory):
    bot, _ = make_bot(alice, "conqueror")
    before = bot_state(bot)
    for data in ({"name": "renamed"}, {"owner": mallory.pk}):
        response = client_for(alice).patch(f"/api/bots/{bot.pk}/", data, format="json")
        assert response.status_code == 400
        assert set(error_of(response)["fields"]) == set(data)
    assert bot_state(bot) == before


def test_another_user_cannot_change_or_delete_a_bot(alice, mallory):
    bot, _ = make_bot(alice, "conqueror")
    before = bot_state(bot)
    client = client_for(mallory)
    response = client.patch(f"/api/bots/{bot.pk}/", {"enabled": False}, format="json")
    assert response.status_code == 403
    assert error_of(response)["code"] == "permission_denied"
    assert client.delete(f"/api/bots/{bot.pk}/").status_code == 403
    anonymous = APIClient().patch(f"/api/bots/{bot.pk}/", {"enabled": False}, format="json")
    assert anonymous.status_code == 401
    assert bot_state(bot) == before


def test_a_bot_token_changes_its_own_bot_only(alice):
    mine, _ = make_bot(alice, "mine")
    sibling, _ = make_bot(alice, "sibling")
    _, plaintext = token_issue(bot=mine)
    client = bot_client(plaintext)
    before = bot_state(sibling)
    response = client.patch(f"/api/bots/{sibling.pk}/", {"description": "hi"}, format="json")
    assert response.status_code == 403
    assert client.delete(f"/api/bots/{sibling.pk}/").status_code == 403
    assert bot_state(sibling) == before
    response = client.patch(f"/api/bots/{mine.pk}/", {"description": "hi"}, format="json")
    assert response.status_code == 200
    assert Bot.objects.get(pk=mine.pk).description == "hi"


def test_a_bot_token_cannot_delete_even_its_own_bot(alice):
    mine, _ = make_bot(alice, "mine")
    _, plaintext = token_issue(bot=mine)
    assert bot_client(plaintext).delete(f"/api/bots/{mine.pk}/").status_code == 403
    assert Bot.objects.filter(pk=mine.pk).exists()


def test_the_owner_deletes_a_bot_that_never_entered_a_league(alice):
    bot, _ = make_bot(alice, "conqueror")
    token_issue(bot=bot)
    assert client_for(alice).delete(f"/api/bots/{bot.pk}/").status_code == 204
    assert not Bot.objects.exists() and not BotVersion.objects.exists()
    assert not BotToken.objects.exists()
    assert client_for(alice).get(f"/api/bots/{bot.pk}/").status_code == 404


def test_a_bot_with_league_entries_is_kept(alice):
    bot, version = make_bot(alice, "conqueror")
    entry_create(league=make_league(), version=version)
    response = client_for(alice).delete(f"/api/bots/{bot.pk}/")
    assert response.status_code == 400
    assert "disable it instead" in error_of(response)["message"]
    assert Bot.objects.filter(pk=bot.pk).exists()


def test_an_unknown_bot_is_404(alice):
    response = client_for(alice).get("/api/bots/999999/")
    assert response.status_code == 404
    assert error_of(response) == {
        "status": 404,
        "code": "not_found",
        "message": "no bot with id 999999",
    }


# --- versions -------------------------------------------------------------------------------


def test_versions_are_numbered_and_listed(alice):
    bot, _ = make_bot(alice, "conqueror")
    client = client_for(alice)
    response = client.post(
        f"/api/bots/{bot.pk}/versions/",
        {"kind": "house", "player": "heuristic", "notes": "smarter"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["number"] == 2 and response.json()["frozen"] is False
    remote = client.post(f"/api/bots/{bot.pk}/versions/", {"kind": "remote"}, format="json")
    assert remote.status_code == 201 and remote.json()["number"] == 3
    listing = APIClient().get(f"/api/bots/{bot.pk}/versions/").json()
    assert [(v["number"], v["kind"], v["player"]) for v in listing["results"]] == [
        (1, "house", "random"),
        (2, "house", "heuristic"),
        (3, "remote", ""),
    ]
    one = APIClient().get(f"/api/versions/{listing['results'][1]['id']}/").json()
    assert one["notes"] == "smarter" and one["bot_name"] == "conqueror"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "house", "player": "bots.house.random_player:RandomPlayer"}, "player"),
        ({"kind": "house", "player": "no-such-player"}, "player"),
        ({"kind": "remote", "player": "random"}, "player"),
        ({"kind": "alien"}, "kind"),
    ],
)
def test_non_staff_versions_are_house_players_or_remote(alice, data, field):
    bot, _ = make_bot(alice, "conqueror")
    response = client_for(alice).post(f"/api/bots/{bot.pk}/versions/", data, format="json")
    assert response.status_code == 400
    assert field in error_of(response)["fields"]
    assert bot.versions.count() == 1


def test_staff_may_name_code(alice):
    staff = make_user("root", staff=True)
    bot, _ = make_bot(staff, "staffbot")
    data = {"kind": "house", "player": "bots.house.random_player:RandomPlayer"}
    response = client_for(staff).post(f"/api/bots/{bot.pk}/versions/", data, format="json")
    assert response.status_code == 201, response.content
    # ...but not through a bot token: staff rights belong to the user.
    _, plaintext = token_issue(bot=bot)
    response = bot_client(plaintext).post(f"/api/bots/{bot.pk}/versions/", data, format="json")
    assert response.status_code == 400
    assert bot.versions.count() == 2


def test_versions_of_another_users_bot_cannot_be_created_or_edited(alice, mallory):
    bot, version = make_bot(alice, "conqueror")
    client = client_for(mallory)
    response = client.post(f"/api/bots/{bot.pk}/versions/", {"kind": "remote"}, format="json")
    assert response.status_code == 403
    response = client.patch(f"/api/versions/{version.pk}/", {"notes": "pwned"}, format="json")
    assert response.status_code == 403
    assert bot.versions.count() == 1
    assert BotVersion.objects.get(pk=version.pk).notes == ""


def test_a_bot_token_creates_and_edits_versions_of_its_bot_only(alice):
    mine, _ = make_bot(alice, "mine")
    sibling, sibling_version = make_bot(alice, "sibling")
    _, plaintext = token_issue(bot=mine)
    client = bot_client(plaintext)
    response = client.post(f"/api/bots/{sibling.pk}/versions/", {"kind": "remote"}, format="json")
    assert response.status_code == 403
    response = client.patch(f"/api/versions/{sibling_version.pk}/", {"notes": "x"}, format="json")
    assert response.status_code == 403
    assert sibling.versions.count() == 1
    assert BotVersion.objects.get(pk=sibling_version.pk).notes == ""
    response = client.post(f"/api/bots/{mine.pk}/versions/", {"kind": "remote"}, format="json")
    assert response.status_code == 201
    assert mine.versions.count() == 2


def test_the_owner_edits_a_version_until_it_has_played(alice):
    _, version = make_bot(alice, "conqueror")
    client = client_for(alice)
    response = client.patch(
        f"/api/versions/{version.pk}/", {"player": "attacker", "notes": "n"}, format="json"
    )
    assert response.status_code == 200, response.content
    version.refresh_from_db()
    assert (version.player, version.notes) == ("attacker", "n")
    version_freeze(version_ids=[version.pk])
    response = client.patch(f"/api/versions/{version.pk}/", {"notes": "later"}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert "frozen" in error["fields"]["non_field_errors"][0]
    assert "frozen" in error["message"]
    version.refresh_from_db()
    assert (version.player, version.notes) == ("attacker", "n")
    assert client.get(f"/api/versions/{version.pk}/").json()["frozen"] is True


def test_a_versions_number_and_bot_cannot_be_patched(alice):
    _, version = make_bot(alice, "conqueror")
    other, _ = make_bot(alice, "other")
    response = client_for(alice).patch(
        f"/api/versions/{version.pk}/", {"number": 9, "bot": other.pk}, format="json"
    )
    assert response.status_code == 400
    version.refresh_from_db()
    assert (version.number, version.bot_id) == (1, version.bot.pk)
    assert version.bot.name == "conqueror"


# --- bot tokens -----------------------------------------------------------------------------


def test_a_token_is_shown_once_and_only_its_hash_is_stored(alice):
    bot, _ = make_bot(alice, "conqueror")
    client = client_for(alice)
    response = client.post(f"/api/bots/{bot.pk}/tokens/", {"name": "laptop"}, format="json")
    assert response.status_code == 201, response.content
    assert response["Cache-Control"] == "no-store"
    body = response.json()
    plaintext = body["token"]
    assert plaintext.startswith("cab_") and len(plaintext) > 40
    record = BotToken.objects.get(pk=body["id"])
    assert record.digest == hashlib.sha256(plaintext.encode()).hexdigest()
    assert record.prefix == plaintext[:12] == body["prefix"]
    stored = [str(value) for value in BotToken.objects.values().get(pk=record.pk).values()]
    assert not any(plaintext in value for value in stored)
    # Never shown again: neither in the list nor anywhere else.
    listing = client.get(f"/api/bots/{bot.pk}/tokens/")
    assert listing.status_code == 200
    assert plaintext not in listing.content.decode()
    (row,) = listing.json()["results"]
    assert set(row) == {"id", "bot", "name", "prefix", "created_at", "last_used_at", "revoked_at"}
    assert row["name"] == "laptop" and row["last_used_at"] is None
    assert plaintext not in client.get(f"/api/bots/{bot.pk}/").content.decode()
    # It works, and its use is recorded.
    assert bot_client(plaintext).get("/api/auth/me").json()["bot"]["id"] == bot.pk
    (row,) = client.get(f"/api/bots/{bot.pk}/tokens/").json()["results"]
    assert row["last_used_at"] is not None


def test_tokens_are_the_owners_business(alice, mallory):
    bot, _ = make_bot(alice, "conqueror")
    token_issue(bot=bot)
    client = client_for(mallory)
    assert client.get(f"/api/bots/{bot.pk}/tokens/").status_code == 403
    response = client.post(f"/api/bots/{bot.pk}/tokens/", {}, format="json")
    assert response.status_code == 403
    assert "token" not in response.json()
    assert APIClient().get(f"/api/bots/{bot.pk}/tokens/").status_code == 401
    assert BotToken.objects.count() == 1


def test_a_bot_token_cannot_list_or_create_tokens(alice):
    bot, _ = make_bot(alice, "conqueror")
    _, plaintext = token_issue(bot=bot)
    client = bot_client(plaintext)
    response = client.get(f"/api/bots/{bot.pk}/tokens/")
    assert response.status_code == 403
    assert "bot token" in error_of(response)["message"]
    assert client.post(f"/api/bots/{bot.pk}/tokens/", {}, format="json").status_code == 403
    assert BotToken.objects.count() == 1


def test_revoking_a_token(alice):
    bot, _ = make_bot(alice, "conqueror")
    record, plaintext = token_issue(bot=bot)
    response = client_for(alice).delete(f"/api/bots/{bot.pk}/tokens/{record.pk}/")
    assert response.status_code == 204
    record.refresh_from_db()
    assert record.revoked_at is not None and record.revoked_at <= timezone.now()
    assert bot_client(plaintext).get("/api/auth/me").status_code == 401
    (row,) = client_for(alice).get(f"/api/bots/{bot.pk}/tokens/").json()["results"]
    assert row["revoked_at"] is not None


def test_only_the_owner_revokes_and_only_through_the_tokens_bot(alice, mallory):
    bot, _ = make_bot(alice, "conqueror")
    other, _ = make_bot(alice, "other")
    record, plaintext = token_issue(bot=bot)
    url = f"/api/bots/{bot.pk}/tokens/{record.pk}/"
    assert client_for(mallory).delete(url).status_code == 403
    assert bot_client(plaintext).delete(url).status_code == 403
    wrong_bot = client_for(alice).delete(f"/api/bots/{other.pk}/tokens/{record.pk}/")
    assert wrong_bot.status_code == 404
    record.refresh_from_db()
    assert record.revoked_at is None
