"""What counts as an infrastructure failure on a worker, and getting over one.

A worker meets two kinds of failure: the match's own (an engine that raises, a limit) and the
platform's, a service it needs being unreachable for a while (PostgreSQL restarted, Redis
restarted, a network cut). The second kind must cost no match: the work is tried again
(``tasks.run_match``, ``result_writer.record``) or the match is requeued
(``services.match_requeue``), never failed nor forgotten (docs/platform.md, "Failures and
recovery").
"""

from __future__ import annotations

import kombu.exceptions
import redis.exceptions
from django.db import InterfaceError, OperationalError, connections

TRANSIENT_DATABASE_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
"""The database was unreachable or dropped the connection (a restart, a network cut; also a
deadlock or a serialization failure): the same work may succeed on a new connection."""

INFRASTRUCTURE_ERRORS: tuple[type[Exception], ...] = (
    *TRANSIENT_DATABASE_ERRORS,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    kombu.exceptions.OperationalError,
)
"""A service of the platform (the database, Redis, the broker) was unreachable."""


def reconnect() -> None:
    """Drop this thread's database connections that are broken or too old, so that their next
    use opens new ones (Django reconnects only at a request's or a task's edges); a
    connection inside a transaction is not ours to drop."""
    for opened in connections.all(initialized_only=True):
        if not opened.in_atomic_block:
            opened.close_if_unusable_or_obsolete()


def describe(error: BaseException) -> str:
    """``error`` in one line: its type and its first line of text."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__
