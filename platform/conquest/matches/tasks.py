"""Celery tasks: run a match, and requeue the matches whose worker vanished."""

from __future__ import annotations

import logging
import math
import threading

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import connection

from conquest import metrics
from conquest.matches import selectors, services
from conquest.matches.execution import execute
from conquest.matches.outages import INFRASTRUCTURE_ERRORS, describe, reconnect
from conquest.matches.result_writer import ResultWriter

logger = logging.getLogger(__name__)

RETRIES = 20
"""How many times a match's message is tried again while a service is unreachable before the
claim (then the sweep sends it again: the match is still queued)."""
RETRY_MAX_SECONDS = 60
"""The longest wait between two of those tries (1 s, 2 s, 4 s, ... at most this)."""

_writer: ResultWriter | None = None
_writer_lock = threading.Lock()  # a threads pool's first tasks may ask at the same time


def result_writer() -> ResultWriter:
    """This worker process's result writer (started on first use)."""
    global _writer  # noqa: PLW0603 - one writer per worker process
    with _writer_lock:
        if _writer is None:
            _writer = ResultWriter()
        return _writer


@worker_shutdown.connect
def _close_result_writer(**kwargs) -> None:
    """A warm shutdown writes the results still waiting before the process exits."""
    if _writer is not None:
        _writer.close()


def _queued_now() -> float:
    """The queued matches' count, for the metrics' thread (NaN when the database does not
    answer); the thread's connection is closed after."""
    try:
        return selectors.queued_count()
    except Exception:
        return math.nan
    finally:
        connection.close()


@worker_ready.connect
def _serve_metrics(**kwargs) -> None:
    """A worker ready for tasks serves its metrics on ``ARENA_WORKER_METRICS_PORT``."""
    metrics.serve(settings.ARENA.worker_metrics_port, queued=_queued_now)


@shared_task(
    bind=True, name="conquest.matches.tasks.run_match", acks_late=True, max_retries=RETRIES
)
def run_match(self, match_id: int) -> str:
    """Run match ``match_id`` (safe to deliver twice: only one claim succeeds); its result is
    written behind, while the worker takes the next match. When the database, Redis or the
    broker cannot be reached before the match is claimed, the task is tried again later with
    backoff (the match is untouched); failures after the claim are ``execute``'s."""
    try:
        return execute(match_id, result_writer())
    except INFRASTRUCTURE_ERRORS as error:
        reconnect()
        countdown = min(RETRY_MAX_SECONDS, 2**self.request.retries)
        logger.warning(
            "match %s: %s; the task is tried again in %s s", match_id, describe(error), countdown
        )
        raise self.retry(exc=error, countdown=countdown) from None


@shared_task(name="conquest.matches.tasks.requeue_lapsed")
def requeue_lapsed() -> int:
    """Periodic: requeue matches whose lease lapsed or whose message was lost."""
    return len(services.match_requeue_lapsed())
