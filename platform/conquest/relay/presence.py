"""Which gateway holds which bot's stream: Redis keys that live while their gateway does.

One hash per connected bot, ``arena:bot:<id>``: the internal address of the gateway holding
its stream, the connection's id and how many matches the bot plays at once. It expires
``GATEWAY_TTL_SECONDS`` after the gateway last refreshed it (every third of that while the
stream is open), so a gateway that dies leaves nothing behind for long. A bot has one
connection: a new one replaces the hash, and the gateway of the old one, whose refresh then
fails, closes it; a refresh that finds the hash gone (Redis restarted, or was away longer
than the TTL) writes it again. Remote bots need Redis: without ``GATEWAY_REDIS_URL`` none is
connected.

**The Redis clients** of the relay (presences, spectator streams, live feeds) and of the
gateway survive a Redis restart: a command that fails on a connection error is retried on a
new connection (``REDIS_RETRIES`` times, with backoff), and a connection idle for
``REDIS_HEALTH_CHECK_SECONDS`` is checked with a PING before use, so a pooled connection
that the restart closed is replaced instead of failing the next command.
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from functools import cache

import redis
import redis.asyncio
import redis.asyncio.retry
import redis.retry
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from redis.backoff import EqualJitterBackoff
from redis.driver_info import DriverInfo

REDIS_CONNECTIONS = 32
"""Redis connections of a process's threads at most (a remote worker has a hundred Celery
threads); see :func:`async_redis_client` for its event loops."""
ASYNC_REDIS_CONNECTIONS = 8
"""Redis connections an event loop's client may open (:func:`async_redis_client`)."""
REDIS_RETRIES = 5
"""How many times a command that failed on a connection error is tried again, after waits
doubling from 0.2 s to at most 2 s, each between half and all of it: 2.5 to 5 s in all."""
REDIS_HEALTH_CHECK_SECONDS = 10
"""A pooled connection idle this long is checked (PING) before its next command."""
# Refresh the hash while it names this connection, write it again if it is gone; 0 when it
# names another connection.
_REFRESH = """
local current = redis.call('HGET', KEYS[1], 'connection')
if current == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if current then return 0 end
redis.call('HSET', KEYS[1], 'gateway', ARGV[3], 'connection', ARGV[1], 'max_matches', ARGV[4])
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
"""
# Delete the hash only while it names this connection.
_FORGET = """
if redis.call('HGET', KEYS[1], 'connection') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass(frozen=True)
class Presence:
    """A bot's open stream: the gateway holding it (internal address), its id, its capacity."""

    bot_id: int
    gateway: str
    connection: str
    max_matches: int


def _key(bot_id: int) -> str:
    return f"arena:bot:{bot_id}"


class Presences:
    """The connected bots, in Redis."""

    def __init__(self, client: redis.Redis, ttl_seconds: float) -> None:
        self.redis = client
        self.ttl_ms = round(ttl_seconds * 1000)
        self._refresh = client.register_script(_REFRESH)
        self._forget = client.register_script(_FORGET)

    def connect(self, presence: Presence) -> None:
        """Record ``presence`` as its bot's stream, replacing any other."""
        key = _key(presence.bot_id)
        with self.redis.pipeline() as pipe:
            pipe.delete(key)
            pipe.hset(
                key,
                mapping={
                    "gateway": presence.gateway,
                    "connection": presence.connection,
                    "max_matches": presence.max_matches,
                },
            )
            pipe.pexpire(key, self.ttl_ms)
            pipe.execute()

    def refresh(self, presence: Presence) -> bool:
        """Keep ``presence`` alive, recording it again if its entry is gone (Redis lost it);
        False when another connection of the bot replaced it."""
        args = [presence.connection, self.ttl_ms, presence.gateway, presence.max_matches]
        return bool(self._refresh(keys=[_key(presence.bot_id)], args=args))

    def disconnect(self, presence: Presence) -> None:
        """Forget ``presence`` (not a newer connection of the same bot)."""
        self._forget(keys=[_key(presence.bot_id)], args=[presence.connection])

    def find(self, bot_id: int) -> Presence | None:
        """The bot's open stream, or None."""
        return self.connected([bot_id]).get(bot_id)

    def connected(self, bot_ids: list[int]) -> dict[int, Presence]:
        """The open streams of those of ``bot_ids`` that are connected, by bot id."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bot_id in bot_ids:
                pipe.hgetall(_key(bot_id))
            found = pipe.execute()
        return {
            bot_id: Presence(
                bot_id, h[b"gateway"].decode(), h[b"connection"].decode(), int(h[b"max_matches"])
            )
            for bot_id, h in zip(bot_ids, found, strict=True)
            if h
        }


def enabled() -> bool:
    """Is a Redis configured for remote bots (``ARENA_GATEWAY_REDIS_URL``)?"""
    return bool(settings.ARENA.gateway_redis_url)


def _url() -> str:
    """The Redis URL of remote bots (ImproperlyConfigured if none)."""
    if not enabled():
        raise ImproperlyConfigured(
            "remote bots need Redis: set ARENA_GATEWAY_REDIS_URL (or a redis:// BROKER_URL)"
        )
    return settings.ARENA.gateway_redis_url


def redis_client() -> redis.Redis:
    """The Redis of the presences and the spectator streams (ImproperlyConfigured if none)."""
    return _client(_url())


_DRIVER = DriverInfo()
"""What a new connection tells Redis of its library (``CLIENT SETINFO``), found once: left to
redis-py, each connection would read the package's metadata from the disk again (0.4 ms)."""


def _options(retry_class: type[redis.retry.Retry] | type[redis.asyncio.retry.Retry]) -> dict:
    """The connection options: those that carry a client over a Redis restart (the module's
    docstring), and :data:`_DRIVER`."""
    return {
        "driver_info": _DRIVER,
        "retry": retry_class(EqualJitterBackoff(cap=2.0, base=0.1), REDIS_RETRIES),
        "retry_on_error": [redis.ConnectionError, redis.TimeoutError],
        "health_check_interval": REDIS_HEALTH_CHECK_SECONDS,
    }


@cache
def _client(url: str) -> redis.Redis:
    # Threads beyond REDIS_CONNECTIONS wait for a free connection instead of failing.
    pool = redis.BlockingConnectionPool.from_url(
        url, max_connections=REDIS_CONNECTIONS, **_options(redis.retry.Retry)
    )
    return redis.Redis(connection_pool=pool)


_async_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, redis.asyncio.Redis] = (
    weakref.WeakKeyDictionary()
)


def async_redis_client() -> redis.asyncio.Redis:
    """:func:`redis_client` for the running event loop (one per loop), which plays remote
    matches. Its pool never makes a command wait (cheaper per command than a blocking pool);
    it is small however many matches the loop plays, as their writes go to Redis one pipeline
    at a time (:mod:`.pipelined`)."""
    loop = asyncio.get_running_loop()
    if loop not in _async_clients:
        pool = redis.asyncio.ConnectionPool.from_url(
            _url(), max_connections=ASYNC_REDIS_CONNECTIONS, **_options(redis.asyncio.retry.Retry)
        )
        _async_clients[loop] = redis.asyncio.Redis(connection_pool=pool)
    return _async_clients[loop]


def new_async_redis_client() -> redis.asyncio.Redis:
    """A new asyncio client of the same Redis with no cap on its connections, for blocking
    reads (the gateway's spectators); close it with ``aclose()``."""
    return redis.asyncio.Redis.from_url(_url(), **_options(redis.asyncio.retry.Retry))


def presences() -> Presences:
    """This process's table of connected bots, on :func:`redis_client`."""
    return Presences(redis_client(), settings.ARENA.gateway_ttl_seconds)


def connected(bot_id: int) -> bool:
    """Is the bot connected to a gateway now? (Never without Redis.)"""
    return enabled() and presences().find(bot_id) is not None
