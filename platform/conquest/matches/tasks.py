"""Celery tasks: run a match, and requeue the matches whose worker vanished."""

from __future__ import annotations

import threading

from celery import shared_task
from celery.signals import worker_shutdown

from conquest.matches import services
from conquest.matches.execution import execute
from conquest.matches.recorder import Recorder

_recorder: Recorder | None = None
_recorder_lock = threading.Lock()  # a threads pool's first tasks may ask at the same time


def recorder() -> Recorder:
    """This worker process's recorder (started on first use)."""
    global _recorder  # noqa: PLW0603 - one recorder per worker process
    with _recorder_lock:
        if _recorder is None:
            _recorder = Recorder()
        return _recorder


@worker_shutdown.connect
def _close_recorder(**kwargs) -> None:
    """A warm shutdown writes the results still waiting before the process exits."""
    if _recorder is not None:
        _recorder.close()


@shared_task(name="conquest.matches.tasks.run_match", acks_late=True)
def run_match(match_id: int) -> str:
    """Run match ``match_id`` (safe to deliver twice: only one claim succeeds); its result is
    written behind, while the worker takes the next match."""
    return execute(match_id, recorder())


@shared_task(name="conquest.matches.tasks.requeue_lapsed")
def requeue_lapsed() -> int:
    """Periodic: requeue matches whose lease lapsed or whose message was lost."""
    return len(services.requeue_lapsed())
