"""Celery tasks of the leagues app."""

from __future__ import annotations

from celery import shared_task

from conquest.leagues import matchmaking


@shared_task(name="conquest.leagues.tasks.fill_ladders")
def fill_ladders() -> int:
    """Periodic: fill every active ladder (see ``matchmaking``)."""
    return matchmaking.fill_ladders()
