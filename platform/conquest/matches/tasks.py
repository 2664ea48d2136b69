"""Celery tasks: run a match, and requeue the matches whose worker vanished."""

from __future__ import annotations

from celery import shared_task

from conquest.matches import services
from conquest.matches.execution import execute


@shared_task(name="conquest.matches.tasks.run_match", acks_late=True)
def run_match(match_id: int) -> str:
    """Run match ``match_id`` (safe to deliver twice: only one claim succeeds)."""
    return execute(match_id)


@shared_task(name="conquest.matches.tasks.requeue_lapsed")
def requeue_lapsed() -> int:
    """Periodic: requeue matches whose lease lapsed or whose message was lost."""
    return len(services.requeue_lapsed())
