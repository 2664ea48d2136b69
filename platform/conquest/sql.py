"""Hand-written SQL for the statements a worker runs for every match.

Claiming a match, reading its spec and recording its result go through these helpers rather
than the ORM: on the benchmark machine the ORM spends 0.3–1 ms of CPU building each statement,
which was most of the platform's overhead per match (docs/benchmarks.md). The SQL is portable:
it runs on PostgreSQL and on the embedded default's SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection


def rows(sql: str, params: Sequence[Any] = ()) -> list[tuple]:
    """The rows of a query (``%s`` placeholders)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def execute(sql: str, params: Sequence[Any] = ()) -> int:
    """Run one statement; the number of rows it changed."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def execute_many(sql: str, param_rows: Iterable[Sequence[Any]]) -> None:
    """Run one statement for each row of parameters (pipelined on PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.executemany(sql, list(param_rows))


def moment(value: datetime | None) -> Any:
    """A datetime as the database stores it (SQLite keeps naive UTC text)."""
    return connection.ops.adapt_datetimefield_value(value)


def for_update() -> str:
    """The row-locking suffix of a SELECT (SQLite locks the whole database instead)."""
    return " FOR UPDATE" if connection.features.has_select_for_update else ""
