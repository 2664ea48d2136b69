"""API accounts: registration, API tokens, the current user."""

from __future__ import annotations

import pytest
from api_helpers import bot_client, client_for, error_of, make_bot, make_user
from conquest.accounts.models import UserToken
from conquest.accounts.services import token_digest
from conquest.bots.services import token_issue, token_revoke
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

User = get_user_model()
PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def _fast_and_fresh(settings):
    """A fast password hasher, and no throttle history from other tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


def register(**data):
    return APIClient().post("/api/auth/register", data, format="json")


@pytest.mark.django_db
def test_register_creates_the_user_and_returns_its_api_token():
    response = register(username="alice", password=PASSWORD, email="alice@example.org")
    assert response.status_code == 201, response.content
    body = response.json()
    user = User.objects.get(username="alice")
    assert body == {"id": user.pk, "username": "alice", "token": body["token"]}
    assert UserToken.objects.get(user=user).digest == token_digest(token=body["token"])
    assert response["Cache-Control"] == "no-store"
    assert user.email == "alice@example.org"
    assert user.check_password(PASSWORD) and user.password != PASSWORD
    assert not user.is_staff
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert me.get("/api/auth/me").json()["username"] == "alice"


@pytest.mark.django_db
def test_the_email_is_optional():
    assert register(username="bob", password=PASSWORD).status_code == 201
    assert User.objects.get(username="bob").email == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "why"),
    [("123", "too short"), ("password1", "too common"), ("12345678901", "entirely numeric")],
)
def test_weak_passwords_are_refused_by_djangos_validators(password, why):
    response = register(username="carol", password=password)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid"
    assert any(why in message for message in error["fields"]["password"]), error
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.django_db
def test_a_password_like_the_username_is_refused():
    response = register(username="dorothea-sparrow", password="dorothea-sparrow")
    assert response.status_code == 400
    assert "password" in error_of(response)["fields"]
    assert not User.objects.exists()


@pytest.mark.django_db
def test_a_taken_username_is_refused_and_the_first_account_kept():
    assert register(username="alice", password=PASSWORD).status_code == 201
    response = register(username="Alice", password="another " + PASSWORD)
    assert response.status_code == 400
    assert "taken" in error_of(response)["fields"]["username"][0]
    assert User.objects.count() == 1
    assert User.objects.get().check_password(PASSWORD)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {"username": "has space", "password": PASSWORD},
        {"username": "ok", "password": PASSWORD, "email": "not-an-email"},
        {"password": PASSWORD},
        {"username": "ok"},
        {"username": "ok", "password": PASSWORD, "is_staff": True},
    ],
)
def test_malformed_registrations_are_refused(data):
    response = register(**data)
    assert response.status_code == 400
    assert error_of(response)["fields"]
    assert not User.objects.exists()


@pytest.mark.django_db
def test_registration_is_throttled(monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "register", "2/hour")
    assert register(username="u1", password=PASSWORD).status_code == 201
    assert register(username="u2", password=PASSWORD).status_code == 201
    response = register(username="u3", password=PASSWORD)
    assert response.status_code == 429
    error = error_of(response)
    assert error["code"] == "throttled"
    assert 0 < error["wait"] <= 3600
    assert int(response["Retry-After"]) == error["wait"]
    assert not User.objects.filter(username="u3").exists()


@pytest.mark.django_db
def test_good_credentials_get_a_new_api_token_each_time():
    user = User.objects.create_user(username="erin", password=PASSWORD)
    response = APIClient().post(
        "/api/auth/token", {"username": "erin", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    again = APIClient().post(
        "/api/auth/token", {"username": "erin", "password": PASSWORD}, format="json"
    )
    first, second = response.json()["token"], again.json()["token"]
    assert first != second  # a new token each time: none is kept to be shown again
    assert set(UserToken.objects.filter(user=user).values_list("digest", flat=True)) == {
        token_digest(token=first),
        token_digest(token=second),
    }
    for token in (first, second):
        me = APIClient()
        me.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        assert me.get("/api/auth/me").json()["username"] == "erin"


@pytest.mark.django_db
def test_token_for_bad_credentials_is_refused_and_creates_nothing():
    User.objects.create_user(username="erin", password=PASSWORD)
    response = APIClient().post(
        "/api/auth/token", {"username": "erin", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert error_of(response)["fields"]["non_field_errors"]
    assert not UserToken.objects.exists()


@pytest.mark.django_db
def test_me_needs_authentication():
    response = APIClient().get("/api/auth/me")
    assert response.status_code == 401
    assert error_of(response)["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Bot"


@pytest.mark.django_db
def test_me_is_the_current_user():
    user = make_user("frank")
    body = client_for(user).get("/api/auth/me").json()
    assert body["id"] == user.pk and body["username"] == "frank"
    assert body["is_staff"] is False and body["bot"] is None
    assert "password" not in body


@pytest.mark.django_db
def test_me_with_a_bot_token_names_the_bot():
    user = make_user("grace")
    bot, _ = make_bot(user, "gracebot")
    _, plaintext = token_issue(bot=bot)
    body = bot_client(plaintext).get("/api/auth/me").json()
    assert body["username"] == "grace"
    assert body["bot"] == {"id": bot.pk, "name": "gracebot"}


@pytest.mark.django_db
@pytest.mark.parametrize("header", ["Token nonsense", "Bot cab_nonsense", "Bot a b"])
def test_bad_credentials_are_401(header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get("/api/auth/me")
    assert response.status_code == 401
    assert error_of(response)["code"] == "authentication_failed"


@pytest.mark.django_db
def test_a_revoked_bot_token_no_longer_authenticates():
    bot, _ = make_bot(make_user("heidi"), "heidibot")
    record, plaintext = token_issue(bot=bot)
    assert bot_client(plaintext).get("/api/auth/me").status_code == 200
    token_revoke(token=record)
    assert bot_client(plaintext).get("/api/auth/me").status_code == 401
