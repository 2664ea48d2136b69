"""The two configurations from one code: embedded default and production URLs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from arena_workers import database_url
from conquest.config import ArenaSettings, prepare_home
from django.conf import settings
from pydantic import ValidationError

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json; from django.conf import settings as s; print(json.dumps({"
    "'db': s.DATABASES['default']['ENGINE'], 'name': str(s.DATABASES['default']['NAME']), "
    "'host': s.DATABASES['default'].get('HOST', ''), 'broker': s.CELERY_BROKER_URL, "
    "'cache': s.CACHES['default']['BACKEND'], 'acks_late': s.CELERY_TASK_ACKS_LATE}))"
)


def settings_with(tmp_path, **env) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BROKER_URL")}
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SHOW],
        cwd=ROOT,
        env={**base, "ARENA_HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_nothing_set_is_the_embedded_default(tmp_path):
    got = settings_with(tmp_path)
    assert got["db"] == "django.db.backends.sqlite3"
    assert got["name"] == str(tmp_path / "arena.sqlite3")
    assert got["broker"] == "arenafs://" and got["acks_late"] is True
    assert (tmp_path / "broker").is_dir() and (tmp_path / "secret_key").exists()


def test_production_takes_postgresql_and_redis_from_urls(tmp_path):
    got = settings_with(
        tmp_path,
        DATABASE_URL="postgres://arena:pw@db.internal:5433/arena",
        BROKER_URL="redis://redis.internal:6379/0",
        CACHE_URL="redis://redis.internal:6379/1",
    )
    assert got["db"] == "django.db.backends.postgresql"
    assert (got["name"], got["host"]) == ("arena", "db.internal")
    assert got["broker"] == "redis://redis.internal:6379/0"
    assert got["cache"] == "django.core.cache.backends.redis.RedisCache"


def python_with(code: str, **env: str) -> subprocess.CompletedProcess:
    """Run ``code`` with platform/ on the path and the project's settings, on the embedded
    default (no DATABASE_URL, BROKER_URL, SECRET_KEY or ARENA_* from this process) and
    ``env``."""
    unset = ("DATABASE_URL", "BROKER_URL", "SECRET_KEY")
    base = {k: v for k, v in os.environ.items() if k not in unset and not k.startswith("ARENA_")}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **base,
            "PYTHONPATH": str(ROOT / "platform"),
            "DJANGO_SETTINGS_MODULE": "conquest.settings",
            **env,
        },
        capture_output=True,
        text=True,
    )


SETUP = "import django; django.setup()"


def test_importing_the_settings_writes_nothing(tmp_path):
    home = tmp_path / "home"
    out = python_with(SETUP, ARENA_HOME=str(home), SECRET_KEY="k")
    assert out.returncode == 0, out.stderr
    assert not home.exists()


def test_without_a_secret_key_the_settings_say_how_to_get_one_and_write_nothing(tmp_path):
    home = tmp_path / "home"
    out = python_with(SETUP, ARENA_HOME=str(home))
    assert out.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is not set" in out.stderr
    assert "conquest.config.prepare_home" in out.stderr
    assert not home.exists()


@pytest.mark.parametrize(
    ("variable", "value"),
    [("ARENA_LEASE_SECONDS", "abc"), ("ARENA_MAX_ATTEMPTS", "2.5"), ("ARENA_SWEEP_SECONDS", "0")],
)
def test_a_malformed_value_fails_naming_its_variable(tmp_path, variable, value):
    out = python_with(SETUP, ARENA_HOME=str(tmp_path), SECRET_KEY="k", **{variable: value})
    assert out.returncode != 0
    assert "1 validation error for ArenaSettings" in out.stderr
    assert f"\n{variable}\n" in out.stderr and f"input_value='{value}'" in out.stderr


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("ARENA_LEASE_SECONDS", "abc", "ARENA_LEASE_SECONDS"),
        ("DATABASE_URL", "", "DATABASE_URL='' names no database: give postgres://"),
        ("DATABASE_URL", "postgres//host/arena", "DATABASE_URL='postgres//host/arena' names no"),
        ("DATABASE_POOL_SIZE", "-1", "DATABASE_POOL_SIZE='-1' is not a number of connections"),
        ("DATABASE_POOL_SIZE", "eight", "DATABASE_POOL_SIZE='eight' is not a number of"),
        ("DATABASE_POOL_SIZE", "²", "DATABASE_POOL_SIZE='²' is not a number of"),
    ],
)
def test_manage_py_names_a_malformed_variable_without_a_traceback(tmp_path, variable, value, said):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
    out = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**env, "ARENA_HOME": str(tmp_path), variable: value},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 1
    assert out.stderr.startswith("error: ") and said in out.stderr
    assert "Traceback" not in out.stderr


def test_the_environment_reaches_the_arena_settings(tmp_path):
    show = (
        f"{SETUP}; from django.conf import settings as s; print(s.ARENA.max_attempts,"
        " s.ARENA.lease_seconds, s.ARENA.gateway_redis_url,"
        " s.CELERY_BEAT_SCHEDULE['requeue-lapsed-matches']['schedule'])"
    )
    out = python_with(
        show,
        ARENA_HOME=str(tmp_path),
        SECRET_KEY="k",
        ARENA_MAX_ATTEMPTS="5",
        ARENA_LEASE_SECONDS="7.5",
        ARENA_SWEEP_SECONDS="2",
        BROKER_URL="redis://redis.internal:6379/0",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["5", "7.5", "redis://redis.internal:6379/0", "2.0"]


def test_the_gateway_redis_is_the_brokers_only_when_it_is_redis(monkeypatch):
    monkeypatch.setenv("BROKER_URL", "arenafs://")
    monkeypatch.delenv("ARENA_GATEWAY_REDIS_URL", raising=False)
    assert ArenaSettings().gateway_redis_url == ""
    monkeypatch.setenv("ARENA_GATEWAY_REDIS_URL", "redis://gateways:6379/2")
    assert ArenaSettings().gateway_redis_url == "redis://gateways:6379/2"


def test_the_arena_settings_are_frozen_and_changed_by_copy():
    arena = settings.ARENA
    assert isinstance(arena, ArenaSettings)
    lease = arena.lease_seconds
    with pytest.raises(ValidationError, match="Instance is frozen"):
        arena.lease_seconds = lease + 1
    changed = arena.model_copy(update={"lease_seconds": lease + 1})
    assert (changed.lease_seconds, arena.lease_seconds) == (lease + 1, lease)


def test_prepare_home_creates_the_home_the_broker_folders_and_a_kept_secret_key(
    tmp_path, monkeypatch
):
    home = tmp_path / "home"
    monkeypatch.setenv("ARENA_HOME", str(home))
    monkeypatch.setenv("BROKER_URL", "arenafs://")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    prepare_home()
    assert (home / "broker" / "control").is_dir() and (home / "broker" / "taken").is_dir()
    key = (home / "secret_key").read_text()
    assert len(key) > 50 and (home / "secret_key").stat().st_mode & 0o777 == 0o600
    prepare_home()
    assert (home / "secret_key").read_text() == key


def test_prepare_home_writes_no_key_when_one_is_set_and_no_broker_folder_for_redis(
    tmp_path, monkeypatch
):
    home = tmp_path / "home"
    monkeypatch.setenv("ARENA_HOME", str(home))
    monkeypatch.setenv("BROKER_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("SECRET_KEY", "k")
    prepare_home()
    assert [path.name for path in home.iterdir()] == ["static"]


def test_the_documentation_lists_every_arena_variable_with_its_default():
    doc = (ROOT / "docs" / "platform.md").read_text()
    for name, field in ArenaSettings.model_fields.items():
        variable = field.validation_alias
        assert f"| `{variable}` |" in doc, f"docs/platform.md does not list {variable}"
        if isinstance(field.default, int | float):
            assert f"| `{variable}` | {field.default:g} |" in doc, f"{name}: {field.default:g}"


TURNS = """
import threading
import django
django.setup()
from django.db import connection
from conquest.matches.execution import _database
backends, lock = set(), threading.Lock()
def turn():
    with _database():  # a remote worker's thread: its connection closed after its turn
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
    with lock:
        backends.add(backend)
threads = [threading.Thread(target=turn) for _ in range(20)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(len(backends))
"""


@pytest.mark.django_db
def test_threads_taking_turns_borrow_from_the_pool_of_database_pool_size(tmp_path):
    def backends(pool: str) -> int:
        """How many database connections twenty threads' turns used."""
        out = python_with(
            TURNS,
            DATABASE_URL=database_url(),
            DATABASE_POOL_SIZE=pool,
            SECRET_KEY="k",
            ARENA_HOME=str(tmp_path),
        )
        assert out.returncode == 0, out.stderr
        return int(out.stdout.split()[-1])

    assert backends("2") <= 2  # the pool's connections, lent turn after turn
    assert backends("0") > 2  # no pool: each turn opens its own
