"""Celery tasks: run a match, and requeue the matches whose worker vanished."""

from __future__ import annotations

import threading

from celery import shared_task
from celery.signals import worker_shutdown

from conquest.matches import services
from conquest.matches.execution import execute
from conquest.matches.result_writer import ResultWriter

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


@shared_task(name="conquest.matches.tasks.run_match", acks_late=True)
def run_match(match_id: int) -> str:
    """Run match ``match_id`` (safe to deliver twice: only one claim succeeds); its result is
    written behind, while the worker takes the next match."""
    return execute(match_id, result_writer())


@shared_task(name="conquest.matches.tasks.requeue_lapsed")
def requeue_lapsed() -> int:
    """Periodic: requeue matches whose lease lapsed or whose message was lost."""
    return len(services.match_requeue_lapsed())
