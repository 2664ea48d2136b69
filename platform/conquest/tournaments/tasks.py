"""Celery tasks of the tournaments app."""

from __future__ import annotations

from celery import shared_task

from conquest.tournaments import services


@shared_task(name="conquest.tournaments.tasks.advance_tournaments")
def advance_tournaments() -> int:
    """Periodic: pair the next round of every running tournament whose round has ended."""
    return services.tournament_advance_all()
