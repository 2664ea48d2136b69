"""Hand-written SQL for the statements a worker runs for every match.

Claiming a match, reading its spec and recording its result go through these helpers rather
than the ORM: on the benchmark machine the ORM spends 0.3–1 ms of CPU building each statement,
which was most of the platform's overhead per match (docs/benchmarks.md). The SQL is portable:
it runs on PostgreSQL and on the embedded default's SQLite. A :class:`Statement` names its
tables as the models do; :func:`rows` reads each row by column name into a named tuple.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model

Row = TypeVar("Row", bound=NamedTuple)


class Statement:
    """SQL whose ``{name}`` fields are tables: ``tables`` maps each name to its model (a class,
    or ``"app_label.Model"`` for an upper app's, see ``conquest.refs``).

    >>> Statement("UPDATE {match} SET steps = %s", match="matches.Match").text
    'UPDATE "matches_match" SET steps = %s'
    """

    def __init__(self, template: str, **tables: type[Model] | str) -> None:
        self.template = template
        self.tables = tables

    @cached_property
    def text(self) -> str:
        """The SQL, its tables named by the models' ``_meta.db_table`` (built at first use)."""
        return self.template.format(
            **{
                name: connection.ops.quote_name(
                    (apps.get_model(model) if isinstance(model, str) else model)._meta.db_table
                )
                for name, model in self.tables.items()
            }
        )


# The (row, query) pairs whose names matched: psycopg builds ``cursor.description`` anew at
# each use (13.5 µs for 15 columns), so each pair is checked once per process.
_matched: set[tuple[type, str]] = set()


def rows(row: type[Row], sql: str, params: Sequence[Any] = ()) -> list[Row]:
    """The rows of a query (``%s`` placeholders) as ``row``, a named tuple whose fields are
    the query's column names in order (``AS`` where a name would repeat or mislead)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if (row, sql) not in _matched:
            names = tuple(column[0] for column in cursor.description)
            if names != row._fields:
                raise ValueError(f"{row.__name__} has {row._fields}, the query gives {names}")
            _matched.add((row, sql))
        return list(map(row._make, cursor.fetchall()))


def execute(sql: str, params: Sequence[Any] = ()) -> int:
    """Run one statement; the number of rows it changed."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def execute_many(sql: str, param_rows: Iterable[Sequence[Any]]) -> None:
    """Run one statement for each row of parameters (pipelined on PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.executemany(sql, list(param_rows))


def insert(
    table: type[Model] | str,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    binary: bool = False,
) -> None:
    """Insert ``rows`` (values in the order of ``columns``, column names) into ``table``'s
    table (a model, or ``"app_label.Model"``): by COPY on PostgreSQL, a few µs a row and
    streamed, else one INSERT a row.

    ``binary``: COPY in PostgreSQL's binary format, about a tenth of the text format's cost a
    row; each value must be of its column's own kind (numbers, datetimes, None), as no text
    is parsed.
    """
    _insert(_table(table), columns, rows, binary)


def upsert(
    table: type[Model] | str,
    columns: Sequence[str],
    key: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    binary: bool = False,
) -> None:
    """Insert ``rows`` as :func:`insert` does, each one taking the place of the row whose
    ``key`` columns (a unique constraint's) it shares, when there is one: that row keeps its
    id and is updated in place, so no foreign key is checked again."""
    target = _table(table)
    updated = ", ".join(f"{column} = excluded.{column}" for column in columns if column not in key)
    names = ", ".join(columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TEMPORARY TABLE {_UPSERTED} AS SELECT {names} FROM {target} WHERE 1 = 0"
        )
        _insert(_UPSERTED, columns, rows, binary)
        # WHERE true: SQLite would read ON CONFLICT as a join's ON without it.
        cursor.execute(
            f"INSERT INTO {target} ({names}) SELECT {names} FROM {_UPSERTED} WHERE true"
            f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updated}"
        )
        cursor.execute(f"DROP TABLE {_UPSERTED}")


_UPSERTED = "sql_upserted"
"""The temporary table :func:`upsert` fills."""


def _table(table: type[Model] | str) -> str:
    """The quoted name of a model's table."""
    model = apps.get_model(table) if isinstance(table, str) else table
    return connection.ops.quote_name(model._meta.db_table)


def _insert(
    target: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], binary: bool
) -> None:
    """:func:`insert` into the table named ``target`` (quoted)."""
    into = f"{target} ({', '.join(columns)})"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            if binary:  # the columns' types, for the values' binary form
                cursor.execute(f"SELECT {', '.join(columns)} FROM {target} WHERE false")
                types = [column.type_code for column in cursor.description]
            form = " (FORMAT BINARY)" if binary else ""
            with cursor.cursor.copy(f"COPY {into} FROM STDIN{form}") as copy:
                if binary:
                    copy.set_types(types)
                for row in rows:
                    copy.write_row(row)
        else:
            values = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {into} VALUES ({values})", list(rows))


@contextmanager
def worker() -> Iterator[ThreadPoolExecutor]:
    """A thread running calls on this thread's database connection, inside its transaction,
    one after another in the order submitted, while this thread computes.

    This thread must not use the connection while a call it submitted is pending. On leaving,
    the calls not started are cancelled and the running one is waited for.
    """
    shared = connections[DEFAULT_DB_ALIAS]
    shared.inc_thread_sharing()

    def share() -> None:
        connections[DEFAULT_DB_ALIAS] = shared

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sql-worker", initializer=share)
    try:
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)
        shared.dec_thread_sharing()


def moment(value: datetime | None) -> Any:
    """A datetime as the database stores it (SQLite keeps naive UTC text)."""
    return connection.ops.adapt_datetimefield_value(value)


def jit_off() -> None:
    """Switch PostgreSQL's JIT compilation off until the transaction ends (nothing elsewhere):
    a query of many thousand rows that runs once spends longer compiling (0.3 s) than
    running."""
    if connection.vendor == "postgresql":
        execute("SET LOCAL jit = off")


def for_update() -> str:
    """The row-locking suffix of a SELECT (SQLite locks the whole database instead)."""
    return " FOR UPDATE" if connection.features.has_select_for_update else ""
