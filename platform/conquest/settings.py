"""Settings, read from the environment: Django's own through django-environ, the arena's
as one typed, frozen object (``ARENA``, ``conquest/config.py``).

With nothing set, this is the **embedded default**: SQLite and a folder broker (arenafs)
under ``ARENA_HOME`` (``var/`` in the repository), no service to install. Production sets
``DATABASE_URL`` (PostgreSQL) and ``BROKER_URL`` (Redis); see ``deploy/README.md``.

Importing this module writes nothing: ``conquest.config.prepare_home`` creates ``ARENA_HOME``,
the folder broker's folders and the secret-key file, called by the entry points.
"""

from __future__ import annotations

import warnings
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

import environ
from django.core.exceptions import ImproperlyConfigured
from kombu.transport import TRANSPORT_ALIASES

from conquest.config import ArenaSettings

env = environ.Env()
# The arena's own knobs (ARENA_*): settings.ARENA.lease_seconds, ... (conquest/config.py).
ARENA = ArenaSettings()
ARENA_HOME = ARENA.home


def _secret_key() -> str:
    """SECRET_KEY from the environment, else the key prepare_home() kept in ARENA_HOME."""
    if "SECRET_KEY" in env:
        return env.str("SECRET_KEY")
    try:
        return ARENA.secret_key_file.read_text().strip()
    except FileNotFoundError:
        raise ImproperlyConfigured(
            f"SECRET_KEY is not set and {ARENA.secret_key_file} does not exist: set SECRET_KEY,"
            " or start the process through manage.py, celery -A conquest or conquest.wsgi,"
            " which generate it (conquest.config.prepare_home)"
        ) from None


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
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # Failed logins counted and locked out (admin, website, API): see "Security" below.
    "axes",
    "conquest.accounts",
    "conquest.bots",
    "conquest.leagues",
    "conquest.matches",
    "conquest.ratings",
    "conquest.tournaments",
    "conquest.versiontests",
    "conquest.gateway",
    "conquest.api",
    "conquest.web",
]

MIDDLEWARE = [
    # First: /healthz, /readyz and /metrics answered before the host check and the https
    # redirect; then every other request timed (conquest/metrics.py).
    "conquest.health.ProbeMiddleware",
    "conquest.metrics.LatencyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files served by the project itself (no CDN), straight from the apps' folders.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login refused by the lockout into its page (AXES_LOCKOUT_CALLABLE).
    "axes.middleware.AxesMiddleware",
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

with warnings.catch_warnings():  # a URL of no known engine is reported below, in one line
    warnings.simplefilter("ignore")
    DATABASES = {
        "default": env.db("DATABASE_URL", default=f"sqlite:///{ARENA_HOME / 'arena.sqlite3'}")
    }
if DATABASES["default"].get("ENGINE") not in set(environ.Env.DB_SCHEMES.values()):
    _url = urlsplit(env.str("DATABASE_URL"))
    _shown = _url._replace(netloc=_url.netloc.replace(f":{_url.password}@", ":…@"))
    raise ImproperlyConfigured(
        f"DATABASE_URL={urlunsplit(_shown)!r} names no database: give "
        "postgres://USER:PASSWORD@HOST:PORT/NAME, or leave it unset for the embedded SQLite"
    )
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
# A remote worker's threads (thousands) take turns at the database, each closing its connection
# after its turn: with DATABASE_POOL_SIZE they borrow from a pool of that many (psycopg_pool,
# Django's own pooling) instead of opening one per turn (a PostgreSQL connection costs
# milliseconds of CPU on both sides). SQLite has no pool: the setting is ignored there.
_pool_size = env.str("DATABASE_POOL_SIZE", default="0")
if not _pool_size.isdecimal():  # int() takes exactly these
    raise ImproperlyConfigured(
        f"DATABASE_POOL_SIZE={_pool_size!r} is not a number of connections: give e.g. 8, "
        "or 0 for no pool"
    )
DATABASE_POOL_SIZE = int(_pool_size)
if DATABASE_POOL_SIZE > 0 and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's pooling: closing hands it back
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_SIZE,
    }
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
# The website's sign-in (conquest/web): where it lives, and where one lands after it.
LOGIN_URL = "web-login"
LOGIN_REDIRECT_URL = "web-dashboard"
LOGOUT_REDIRECT_URL = "web-home"

STATIC_URL = "static/"
STATIC_ROOT = ARENA_HOME / "static"
# Served from the apps' static folders without collectstatic (one command starts the site);
# collectstatic into STATIC_ROOT still works for a front proxy.
WHITENOISE_USE_FINDERS = True

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "conquest.bots.authentication.BotTokenAuthentication",
        "conquest.accounts.authentication.UserTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # How many proxies of ours stand in front (each appends to X-Forwarded-For): 0 trusts no
    # header, so a forged one never moves a client to another throttle bucket or lockout.
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "conquest.api.common.Pagination",
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
    # Swagger UI and Redoc from the project's static files (drf-spectacular-sidecar).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Security: logins, HTTPS and cookies (docs/platform.md "Security", deploy/README.md).
# Failed logins (admin, website, API's auth/token) are counted per client address, as the
# throttles see it (NUM_PROXIES); at LOGIN_FAILURE_LIMIT failures the address may not log in
# for LOGIN_COOLOFF_MINUTES (each refused attempt starts the wait again).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "conquest.accounts.clients.client_address"
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=10)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("LOGIN_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_CALLABLE = "conquest.web.accounts.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # lockouts only: no record of every successful login
AXES_VERBOSE = False

# Off by default: the embedded default and its demo serve plain http on localhost (with DEBUG
# off too). Production behind HTTPS sets them all (deploy/README.md), and
# `manage.py check --deploy` then reports nothing (tests/arena/test_security_api.py).
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=False)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# Behind a proxy that terminates TLS: the header it sets and its value for https, e.g.
# "HTTP_X_FORWARDED_PROTO,https" (only if the proxy always sets or strips that header).
SECURE_PROXY_SSL_HEADER = (
    tuple(env.list("SECURE_PROXY_SSL_HEADER")) if "SECURE_PROXY_SSL_HEADER" in env else None
)
# Django's defaults already pass the other checks (X-Content-Type-Options: nosniff,
# X-Frame-Options: DENY, Referrer-Policy and Cross-Origin-Opener-Policy: same-origin,
# HttpOnly session cookie); they are not weakened here.

# --- Celery: the broker is Redis in production, a folder (conquest/matches/broker.py) embedded.
_BROKER_DIR = ARENA.broker_folder
TRANSPORT_ALIASES["arenafs"] = "conquest.matches.broker:Transport"
# Redis's own transport, but a worker that loses Redis reconnects instead of exiting.
TRANSPORT_ALIASES["redis"] = TRANSPORT_ALIASES["rediss"] = "conquest.matches.broker:RedisTransport"
CELERY_BROKER_URL = ARENA.broker_url
if CELERY_BROKER_URL.startswith("arenafs://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR),
        "data_folder_out": str(_BROKER_DIR),
        "control_folder": str(_BROKER_DIR / "control"),
        "processed_folder": str(_BROKER_DIR / "taken"),
        "polling_interval": 0.01,
    }
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # Redis redelivers a message nobody acknowledged after this many seconds.
        "visibility_timeout": env.int("BROKER_VISIBILITY_TIMEOUT", default=3600),
        # A Redis restart: a pooled connection idle this long is checked (PING) before use,
        # and a consumer's BRPOP overdue by this long is dropped and opened again.
        "health_check_interval": 10,
        "socket_connect_timeout": 5,
        "socket_timeout": 30,  # longer than a BRPOP's wait (1 s): a dead host, not a slow one
        "socket_keepalive": True,
        "retry_on_timeout": True,
    }
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker that loses the broker reconnects for as long as it takes (Celery's default gives up
# after 100 tries and the worker exits), also after an error on a channel.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CHANNEL_ERROR_RETRY = True
# A message sent while the broker restarts is tried again for about 7 s (0, 0.5, 1, 1.5, 2,
# 2 s) before the sender gives up (matches.services marks such a match for the sweep).
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 6,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 2,
}
# A match being played when the broker connection drops is played to its end (its message
# comes back after the visibility timeout and is skipped: the match is no longer queued).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_BEAT_SCHEDULE_FILENAME = str(ARENA_HOME / "celerybeat-schedule")
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Celery closes Django's database connection around every task unless told to reuse it;
# reconnecting costs milliseconds per match. Connections are recycled every 1000 tasks.
CELERY_DB_REUSE_MAX = 1000

CELERY_BEAT_SCHEDULE = {
    "fill-ladders": {
        "task": "conquest.leagues.tasks.fill_ladders",
        "schedule": ARENA.ladder_tick_seconds,
    },
    "requeue-lapsed-matches": {
        "task": "conquest.matches.tasks.requeue_lapsed",
        "schedule": ARENA.sweep_seconds,
    },
    "advance-tournaments": {
        "task": "conquest.tournaments.tasks.advance_tournaments",
        "schedule": ARENA.tournament_tick_seconds,
    },
    "advance-version-tests": {
        "task": "conquest.versiontests.tasks.advance_version_tests",
        "schedule": ARENA.tournament_tick_seconds,
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        # The significant events (conquest/events.py): one JSON object a line, e.g.
        # {"level": "INFO", "event": "match_claimed", "match_id": 7, "attempt": 1, ...,
        #  "time": "2026-11-27T03:11:15.470000+00:00"}.
        "events": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(event)s",
            "rename_fields": {"levelname": "level"},
            "timestamp": "time",
        },
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "events": {"class": "logging.StreamHandler", "formatter": "events"},
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
    "loggers": {
        "conquest.events": {
            "handlers": ["events"],
            "level": env.str("EVENTS_LOG_LEVEL", default="INFO"),
            "propagate": False,
        },
    },
}
