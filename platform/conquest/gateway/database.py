"""The gateway's database work: in a thread, on a connection that survives a database restart.

The gateway is a long-lived process whose threads keep their database connections between
uses. A database restart (or a connection cut by the network or an administrator) leaves them
dead, and Django finds out only by failing a query. So each piece of work first replaces
its thread's connection if it is unusable (``close_old_connections()``, with
``CONN_HEALTH_CHECKS``: a cheap check on a connection kept since the last use), and is tried
once more on a fresh connection after a connection error. A database that is really down
raises :class:`DatabaseUnavailable`: the caller answers UNAVAILABLE, which a bot retries.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TypeVar

from django.db import InterfaceError, OperationalError, close_old_connections, connection

logger = logging.getLogger(__name__)
T = TypeVar("T")


class DatabaseUnavailable(Exception):
    """The database could not be reached, even on a new connection."""


def _with_connection(work: Callable[[], T]) -> T:
    close_old_connections()
    try:
        return work()
    except (OperationalError, InterfaceError) as error:
        logger.warning("database connection lost (%s); trying once more on a new one", error)
        connection.close()
    try:
        return work()
    except (OperationalError, InterfaceError) as error:
        connection.close()
        raise DatabaseUnavailable(str(error)) from error


async def run(work: Callable[[], T]) -> T:
    """``work()`` in a thread, on a usable connection (see the module's docstring); raises
    DatabaseUnavailable when the database cannot be reached."""
    return await asyncio.to_thread(_with_connection, work)
