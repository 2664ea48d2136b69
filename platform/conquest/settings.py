"""Settings, read from the environment (django-environ).

With nothing set, this is the **embedded default**: SQLite and a folder broker (arenafs)
under ``ARENA_HOME`` (``var/`` in the repository), no service to install. Production sets
``DATABASE_URL`` (PostgreSQL) and ``BROKER_URL`` (Redis); see ``deploy/README.md``.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import environ
from kombu.transport import TRANSPORT_ALIASES

REPO = Path(__file__).resolve().parents[2]
env = environ.Env()
ARENA_HOME = Path(env.str("ARENA_HOME", default=str(REPO / "var")))
ARENA_HOME.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in ARENA_HOME."""
    if "SECRET_KEY" in env:
        return env.str("SECRET_KEY")
    path = ARENA_HOME / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "conquest.bots",
    "conquest.leagues",
    "conquest.matches",
    "conquest.ratings",
    "conquest.tournaments",
    "conquest.gateway",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "conquest.urls"
WSGI_APPLICATION = "conquest.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{ARENA_HOME / 'arena.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several worker processes write at once: wait for the lock, take it at BEGIN, use WAL.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# Keep connections open between requests and tasks (a reconnect per match costs milliseconds).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=300)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": env.str("CACHE_URL")}
        if "CACHE_URL" in env
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = ARENA_HOME / "static"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "conquest.bots.authentication.BotTokenAuthentication",
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "conquest.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "challenge": env.str("CHALLENGE_RATE", default="10/hour"),
        "register": env.str("REGISTER_RATE", default="20/hour"),
        "login": env.str("LOGIN_RATE", default="30/minute"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Conquest Arena API",
    "DESCRIPTION": "Bots, leagues, matches, ratings and replays.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
}

# --- Celery: the broker is Redis in production, a folder (conquest/matches/broker.py) embedded.
_BROKER_DIR = ARENA_HOME / "broker"
TRANSPORT_ALIASES["arenafs"] = "conquest.matches.broker:Transport"
CELERY_BROKER_URL = env.str("BROKER_URL", default="arenafs://")
if CELERY_BROKER_URL.startswith("arenafs://"):
    for folder in ("control", "taken"):
        (_BROKER_DIR / folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR),
        "data_folder_out": str(_BROKER_DIR),
        "control_folder": str(_BROKER_DIR / "control"),
        "processed_folder": str(_BROKER_DIR / "taken"),
        "polling_interval": 0.01,
    }
else:
    # Redis redelivers a message nobody acknowledged after this many seconds.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env.int("BROKER_VISIBILITY_TIMEOUT", default=3600)
    }
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE_FILENAME = str(ARENA_HOME / "celerybeat-schedule")
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Celery closes Django's database connection around every task unless told to reuse it;
# reconnecting costs milliseconds per match. Connections are recycled every 1000 tasks.
CELERY_DB_REUSE_MAX = 1000

# --- The arena's own knobs (seconds unless stated). ---
ARENA = {
    # A running match's lease; the worker renews it, others may take the match once it lapses.
    "LEASE_SECONDS": env.float("ARENA_LEASE_SECONDS", default=60.0),
    # A match is given up (status error) after this many claims.
    "MAX_ATTEMPTS": env.int("ARENA_MAX_ATTEMPTS", default=3),
    # A queued match whose message was not picked up in this long is sent again.
    "REQUEUE_AFTER_SECONDS": env.float("ARENA_REQUEUE_AFTER_SECONDS", default=300.0),
    # Wall-clock limit on one match, and the memory its sandbox may add (MiB).
    "MATCH_WALL_SECONDS": env.float("ARENA_MATCH_WALL_SECONDS", default=1800.0),
    "MATCH_MEMORY_MB": env.int("ARENA_MATCH_MEMORY_MB", default=1024),
    # How often the periodic tasks run.
    "LADDER_TICK_SECONDS": env.float("ARENA_LADDER_TICK_SECONDS", default=5.0),
    "SWEEP_SECONDS": env.float("ARENA_SWEEP_SECONDS", default=15.0),
    "TOURNAMENT_TICK_SECONDS": env.float("ARENA_TOURNAMENT_TICK_SECONDS", default=5.0),
    # Remote bots (conquest/gateway): the Redis of the presences of connected bots and of the
    # spectator streams (default: the broker's, when it is Redis; none: no remote bots).
    "GATEWAY_REDIS_URL": env.str(
        "ARENA_GATEWAY_REDIS_URL",
        default=CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else "",
    ),
    # A bot whose stream dropped has this long to reconnect before its matches forfeit it.
    "RECONNECT_GRACE_SECONDS": env.float("ARENA_RECONNECT_GRACE_SECONDS", default=30.0),
    # The most matches one bot plays at once (its Hello asks, this caps), the largest message
    # a bot may send (bytes), and the period of the pings that measure its round trip.
    "BOT_MAX_MATCHES": env.int("ARENA_BOT_MAX_MATCHES", default=16),
    "BOT_MAX_MESSAGE_BYTES": env.int("ARENA_BOT_MAX_MESSAGE_BYTES", default=65536),
    "PING_INTERVAL_SECONDS": env.float("ARENA_PING_INTERVAL_SECONDS", default=5.0),
    # A gateway's presence entries lapse this long after it stops refreshing them (it died).
    "GATEWAY_TTL_SECONDS": env.float("ARENA_GATEWAY_TTL_SECONDS", default=15.0),
}
CELERY_BEAT_SCHEDULE = {
    "fill-ladders": {
        "task": "conquest.leagues.tasks.fill_ladders",
        "schedule": ARENA["LADDER_TICK_SECONDS"],
    },
    "requeue-lapsed-matches": {
        "task": "conquest.matches.tasks.requeue_lapsed",
        "schedule": ARENA["SWEEP_SECONDS"],
    },
    "advance-tournaments": {
        "task": "conquest.tournaments.tasks.advance_tournaments",
        "schedule": ARENA["TOURNAMENT_TICK_SECONDS"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
