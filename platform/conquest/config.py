"""The arena's own settings, read once from the environment, and the preparation of its home.

:class:`ArenaSettings` is a typed, frozen object built from the ``ARENA_*`` variables (and
``BROKER_URL``); ``conquest.settings`` exposes it as ``settings.ARENA``. A malformed value
fails at once with a ``ValidationError`` naming the variable. A test changes a value with
``settings.ARENA = settings.ARENA.model_copy(update={...})`` through pytest-django's
``settings`` fixture.

Importing the settings writes nothing: :func:`prepare_home` creates the files and folders
the processes need, and the entry points call it before Django starts.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import AliasGenerator, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO = Path(__file__).resolve().parents[2]


class ArenaSettings(BaseSettings):
    """The arena's knobs (seconds unless stated); each field is read from ``ARENA_<NAME>``,
    except ``broker_url`` (``BROKER_URL``)."""

    model_config = SettingsConfigDict(
        alias_generator=AliasGenerator(validation_alias=lambda name: f"ARENA_{name.upper()}"),
        frozen=True,
        use_attribute_docstrings=True,
    )

    home: Path = REPO / "var"
    """The folder of the SQLite database, the folder broker, the logs, the generated secret key
    and the demo's admin password."""
    broker_url: str = Field("arenafs://", validation_alias="BROKER_URL")
    """The Celery broker: Redis in production, ``arenafs://`` (the folder broker in ``home``)
    embedded."""
    # Computed from broker_url; declared before the knobs so that an error in one of them is
    # reported alone.
    gateway_redis_url: str = Field(
        default_factory=lambda data: (
            data["broker_url"] if data["broker_url"].startswith("redis") else ""
        )
    )
    """Remote bots (conquest/gateway): the Redis of the presences of connected bots and of the
    spectator streams (default: the broker's, when it is Redis; empty: no remote bots)."""

    lease_seconds: float = Field(60.0, gt=0)
    """A running match's lease; the worker renews it, others may take the match once it
    lapses."""
    max_attempts: int = Field(3, ge=1)
    """A match is given up (status error) after this many claims."""
    requeue_after_seconds: float = Field(300.0, gt=0)
    """A queued match whose message was not picked up in this long is sent again."""
    match_wall_seconds: float = Field(1800.0, gt=0)
    """Wall-clock limit on one match."""
    match_memory_mb: int = Field(1024, gt=0)
    """The memory one match's sandbox may add (MiB)."""
    remote_matches_per_child: int = Field(1, ge=1)
    """How many remote matches one child process of a remote worker plays at once. 1: each
    match walled off in a process of its own (a step that does not return, a crash or a
    memory limit costs that match alone); more: less memory and CPU per match, but such a
    fault costs the child's other matches their attempt (they are requeued)."""
    ladder_tick_seconds: float = Field(5.0, gt=0)
    """How often matchmaking runs."""
    sweep_seconds: float = Field(15.0, gt=0)
    """How often the lapsed-lease sweep runs."""
    tournament_tick_seconds: float = Field(5.0, gt=0)
    """How often the tournaments' safety-net advance runs."""
    reconnect_grace_seconds: float = Field(30.0, gt=0)
    """A bot whose stream dropped has this long to reconnect before its matches forfeit it."""
    bot_max_matches: int = 16
    """The most matches one bot plays at once (its Hello asks, this caps; at least one)."""
    bot_max_message_bytes: int = Field(65536, gt=0)
    """The largest message a bot may send (bytes)."""
    ping_interval_seconds: float = Field(5.0, gt=0)
    """The period of the pings that measure a bot's round trip."""
    gateway_ttl_seconds: float = Field(15.0, gt=0)
    """A gateway's presence entries lapse this long after it stops refreshing them (it
    died)."""

    # -- The gateway's internal port (issue 14, H2) --
    gateway_internal_host: str = "127.0.0.1"
    """The interface the gateway's internal port (the workers') listens on: loopback, unless
    workers on other hosts need it (then the internal network's; ``run_gateway
    --internal-host`` overrides it)."""
    gateway_secret: SecretStr = SecretStr("")
    """The secret the workers present on the gateway's internal port (empty: derived from
    ``SECRET_KEY``, so processes sharing it need nothing more)."""

    # -- Operations: health and metrics (deploy/operations.md) --
    web_metrics: bool = True
    """The web processes serve their Prometheus metrics at ``/metrics`` (restrict that path at
    the proxy: it is for the monitoring system)."""
    worker_metrics_port: int = Field(0, ge=0, le=65535)
    """The port of a worker process's Prometheus metrics (0: none; each worker process on a
    host needs its own)."""
    gateway_metrics_port: int = Field(0, ge=0, le=65535)
    """The port of the gateway's Prometheus metrics (0: none)."""
    gateway_health_seconds: float = Field(5.0, gt=0)
    """How often the gateway checks Redis; its gRPC health service reports ``NOT_SERVING``
    while Redis does not answer."""
    worker_heartbeat_seconds: float = Field(10.0, gt=0)
    """How often a worker touches its heartbeat file (``home/heartbeats/<worker name>``,
    checked by ``manage.py worker_health``)."""

    @property
    def heartbeat_folder(self) -> Path:
        """The workers' heartbeat files."""
        return self.home / "heartbeats"

    @property
    def broker_folder(self) -> Path:
        """The folder broker's messages (``arenafs://``)."""
        return self.home / "broker"

    @property
    def secret_key_file(self) -> Path:
        """The secret key generated by :func:`prepare_home` when ``SECRET_KEY`` is not set."""
        return self.home / "secret_key"


def prepare_home() -> None:
    """Create what the arena's processes need in ``ARENA_HOME``: the folder itself, ``static``
    (collectstatic's), the folder broker's folders (when ``BROKER_URL`` is ``arenafs://``)
    and, when ``SECRET_KEY`` is not set, the secret-key file (a key generated once, then read
    by every process). Idempotent.

    Called by the entry points before Django reads the settings: ``manage.py``, the Celery app
    (``conquest/celery.py``: workers, beat, any ``celery -A conquest`` command),
    ``conquest/wsgi.py`` and the test run (``tests/plugins/arena_home.py``).
    """
    arena = ArenaSettings()
    arena.home.mkdir(parents=True, exist_ok=True)
    (arena.home / "static").mkdir(exist_ok=True)  # STATIC_ROOT, which WhiteNoise expects
    if arena.broker_url.startswith("arenafs://"):
        for folder in ("control", "taken"):
            (arena.broker_folder / folder).mkdir(parents=True, exist_ok=True)
    if "SECRET_KEY" in os.environ:
        return
    # Readable by its owner only from the start; of two processes starting at once, the
    # first one's key is kept.
    try:
        fd = os.open(arena.secret_key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_urlsafe(50))
