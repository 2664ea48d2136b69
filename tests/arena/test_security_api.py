"""The attacks of the security review (issue 14), each shown to fail: users' API tokens read
from the database, throttles and the login lockout escaped with a forged X-Forwarded-For,
password guessing on the admin's, the website's and the API's logins, the settings that
`check --deploy` warns about, huge page sizes and offsets, and error fields that are not lists.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from api_helpers import client_for, error_of, make_league, make_user
from axes.models import AccessAttempt
from conquest.accounts.models import UserToken
from conquest.accounts.services import MAX_TOKENS, token_digest, user_token_issue
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery staple"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_and_fresh(settings):
    """A fast password hasher, and no throttle history from other tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def database_dump() -> str:
    """Every row of every table, as text."""
    buffer = StringIO()
    call_command("dumpdata", stdout=buffer)
    return buffer.getvalue()


# --- users' API tokens at rest --------------------------------------------------------------


def test_a_users_api_token_is_nowhere_in_the_database():
    response = APIClient().post(
        "/api/auth/register", {"username": "alice", "password": PASSWORD}, format="json"
    )
    token = response.json()["token"]
    dump = database_dump()
    assert token not in dump
    assert token_digest(token=token) in dump
    assert with_token(token).get("/api/auth/me").json()["username"] == "alice"
    assert with_token(token + "x").get("/api/auth/me").status_code == 401


LEGACY_TABLE = """
CREATE TABLE authtoken_token (
    "key" varchar(40) NOT NULL PRIMARY KEY,
    created timestamp with time zone NOT NULL,
    user_id integer NOT NULL UNIQUE REFERENCES auth_user (id) DEFERRABLE INITIALLY DEFERRED
)
"""


def test_tokens_issued_in_clear_before_the_migration_still_work_after_it_and_are_gone():
    alice, bob = make_user("alice"), make_user("bob")
    keys = {alice: secrets.token_hex(20), bob: secrets.token_hex(20)}  # DRF's key format
    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", "0001_initial")])
    with connection.cursor() as cursor:
        cursor.execute(LEGACY_TABLE)
        for user, key in keys.items():
            cursor.execute(
                "INSERT INTO authtoken_token (key, created, user_id) VALUES (%s, %s, %s)",
                [key, timezone.now() - timedelta(days=30), user.pk],
            )
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # as if committed before the migration
    executor.loader.build_graph()
    executor.migrate([("accounts", "0002_hash_legacy_tokens")])

    assert "authtoken_token" not in connection.introspection.table_names()
    dump = database_dump()
    for user, key in keys.items():
        assert key not in dump
        assert with_token(key).get("/api/auth/me").json()["username"] == user.username
        assert UserToken.objects.get(user=user).created_at < timezone.now() - timedelta(days=29)


def test_a_user_holds_a_bounded_number_of_tokens_the_least_recently_used_go_first():
    alice = make_user("alice")
    used, unused = user_token_issue(user=alice), user_token_issue(user=alice)
    assert with_token(used).get("/api/auth/me").status_code == 200
    later = [user_token_issue(user=alice) for _ in range(MAX_TOKENS - 1)]
    assert UserToken.objects.filter(user=alice).count() == MAX_TOKENS
    assert with_token(unused).get("/api/auth/me").status_code == 401
    for token in (used, later[0], later[-1]):
        assert with_token(token).get("/api/auth/me").status_code == 200


# --- throttles and forged X-Forwarded-For ---------------------------------------------------


def login(client=None, password="wrong", **headers):
    client = client or APIClient()
    data = {"username": "alice", "password": password}
    return client.post("/api/auth/token", data, format="json", **headers)


def test_a_forged_x_forwarded_for_does_not_escape_the_login_throttle(monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "login", "3/minute")
    make_user("alice")
    for i in range(3):
        assert login(HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").status_code == 400
    response = login(HTTP_X_FORWARDED_FOR="198.51.100.77")
    assert response.status_code == 429
    assert error_of(response)["code"] == "throttled"


def test_a_forged_x_forwarded_for_does_not_escape_the_registration_throttle(monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "register", "2/hour")
    for i in range(3):
        response = APIClient().post(
            "/api/auth/register",
            {"username": f"user{i}", "password": PASSWORD},
            format="json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
        )
    assert response.status_code == 429
    assert get_user_model().objects.count() == 2


def test_behind_one_proxy_the_client_is_the_address_it_saw(settings, monkeypatch):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "login", "2/minute")
    make_user("alice")
    # The client forges the left part; our proxy appends the address it saw.
    for forged in ("203.0.113.1", "203.0.113.2"):
        assert login(HTTP_X_FORWARDED_FOR=f"{forged}, 192.0.2.10").status_code == 400
    assert login(HTTP_X_FORWARDED_FOR="203.0.113.3, 192.0.2.10").status_code == 429
    assert login(HTTP_X_FORWARDED_FOR="192.0.2.11").status_code == 400  # another client


def proxy_count(**env) -> str:
    base = {k: v for k, v in os.environ.items() if k != "NUM_PROXIES"}
    show = "from django.conf import settings; print(settings.REST_FRAMEWORK['NUM_PROXIES'])"
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", show],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def test_the_proxy_count_comes_from_the_environment_and_trusts_no_header_by_default():
    assert proxy_count() == "0"
    assert proxy_count(NUM_PROXIES="2") == "2"


# --- the login lockout: admin, website, API -------------------------------------------------


@pytest.fixture
def staff():
    return get_user_model().objects.create_user(
        username="alice", password=PASSWORD, is_staff=True, is_superuser=True
    )


def admin_login(client, password, **headers):
    data = {"username": "alice", "password": password, "next": "/admin/"}
    return client.post("/admin/login/", data, **headers)


def test_the_admin_login_locks_out_an_address_that_keeps_failing(client, settings, staff):
    limit = settings.AXES_FAILURE_LIMIT
    for i in range(limit - 1):
        forged = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{i}"}
        assert admin_login(client, "wrong", **forged).status_code == 200  # the form, again
    locking = admin_login(client, "wrong", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert locking.status_code == 429
    assert "Too many failed logins" in locking.content.decode()
    # Now even the right password is refused from this address, whatever header it forges...
    refused = admin_login(client, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert refused.status_code == 429
    assert "_auth_user_id" not in client.session
    # ... on the website's login and the API's too,
    site = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert site.status_code == 429 and "_auth_user_id" not in client.session
    assert login(password=PASSWORD).status_code == 429
    # while another address logs in.
    elsewhere = admin_login(client, PASSWORD, REMOTE_ADDR="192.0.2.7")
    assert elsewhere.status_code == 302 and client.session["_auth_user_id"] == str(staff.pk)


def test_the_lockout_ends_after_the_cool_off(client, settings, staff):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "wrong")
    assert admin_login(client, PASSWORD).status_code == 429
    cool_off = settings.AXES_COOLOFF_TIME
    AccessAttempt.objects.update(attempt_time=timezone.now() - cool_off - timedelta(seconds=1))
    assert admin_login(client, PASSWORD).status_code == 302


def test_the_api_login_lockout_is_a_429_in_the_api_error_shape(settings, staff):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login().status_code == 400
    response = login()
    assert response.status_code == 429
    error = error_of(response)
    assert error["code"] == "throttled"
    assert error["wait"] == settings.AXES_COOLOFF_TIME.total_seconds()
    assert login(password=PASSWORD).status_code == 429
    assert not UserToken.objects.exists()


def test_behind_a_proxy_the_lockout_counts_the_address_it_saw(client, settings, staff):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for i in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}, 192.0.2.10")
    refused = admin_login(client, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.99, 192.0.2.10")
    assert refused.status_code == 429
    assert admin_login(client, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.11").status_code == 302


# --- check --deploy with the documented production environment ------------------------------


def production_environment() -> dict[str, str]:
    """The ``export`` lines of deploy/README.md's security section, with a real secret key."""
    readme = (ROOT / "deploy" / "README.md").read_text()
    section = readme.split("## Production: security settings", 1)[1].split("\n## ", 1)[0]
    found = dict(re.findall(r"^export (\w+)=(\S+)", section, flags=re.MULTILINE))
    assert {"DEBUG", "SECRET_KEY", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE"} <= set(found)
    return {**found, "SECRET_KEY": secrets.token_urlsafe(60)}


def test_check_deploy_reports_nothing_in_the_documented_production_environment(tmp_path):
    # Not the test run's own allowance for Playwright (browser_helpers), which the check refuses.
    base = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {**base, **production_environment(), "ARENA_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout


def test_behind_a_tls_proxy_https_is_served_and_http_redirected(settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert APIClient().get("/api/", HTTP_X_FORWARDED_PROTO="https").status_code == 200
    plain = APIClient().get("/api/")
    assert plain.status_code == 301 and plain["Location"] == "https://testserver/api/"


# --- pages and error fields -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("offset=9223372036854775808", "offset"),
        ("offset=-1", "offset"),
        ("offset=ten", "offset"),
        ("limit=0", "limit"),
        ("limit=-5", "limit"),
        ("limit=many", "limit"),
    ],
)
def test_bad_limits_and_offsets_are_400s_naming_them(query, field):
    response = APIClient().get(f"/api/matches/?{query}")
    assert response.status_code == 400
    error = error_of(response)
    assert list(error["fields"]) == [field] and error["fields"][field][0]


def test_a_huge_limit_gets_the_largest_page():
    make_league("first")
    make_league("second")
    response = APIClient().get("/api/leagues/?limit=9223372036854775808&offset=1")
    assert response.status_code == 200
    page = response.json()
    assert page["count"] == 2 and len(page["results"]) == 1
    assert "limit=200" in page["previous"]


def test_every_error_field_holds_a_list_of_messages():
    league = make_league()
    alice = client_for(make_user("alice"))
    response = alice.post(f"/api/leagues/{league.pk}/entries/", {"version": 405}, format="json")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"version": ["no version with id 405"]}
    response = alice.post(
        f"/api/leagues/{league.pk}/challenges/", {"entries": [404, 405]}, format="json"
    )
    assert error_of(response)["fields"] == {"entries": ["no entries with ids [404, 405]"]}
