"""The hot path's SQL helpers: tables named by the models, rows read by column name."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from arena_fixtures import league
from conquest import refs, sql
from conquest.bots.models import Bot
from django.apps import apps


class _League(NamedTuple):
    id: int
    name: str


class _Swapped(NamedTuple):
    name: str
    id: int


_LEAGUES = sql.Statement("SELECT l.id, l.name FROM {league} l ORDER BY l.id", league=refs.LEAGUE)


def test_a_statement_names_its_tables_as_the_models_do(monkeypatch):
    monkeypatch.setattr(apps.get_model(refs.LEAGUE)._meta, "db_table", "elsewhere")
    statement = sql.Statement("SELECT 1 FROM {league}, {bot}", league=refs.LEAGUE, bot=Bot)
    assert statement.text == 'SELECT 1 FROM "elsewhere", "bots_bot"'


@pytest.mark.django_db
def test_rows_are_read_by_column_name():
    first, second = league("first"), league("second")
    assert sql.rows(_League, _LEAGUES.text) == [(first.pk, "first"), (second.pk, "second")]
    assert sql.rows(_League, _LEAGUES.text)[1].name == "second"


@pytest.mark.django_db
def test_a_row_whose_fields_are_not_the_columns_is_refused():
    with pytest.raises(ValueError, match=r"_Swapped has \('name', 'id'\)"):
        sql.rows(_Swapped, _LEAGUES.text)
