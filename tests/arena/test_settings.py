"""The two configurations from one code: embedded default and production URLs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
