"""Recording results behind the worker: a thread writes one match while the next one plays.

Recording (result, replay, ratings: one transaction) takes a few milliseconds of database round
trips; done in a thread of the worker process, they overlap the sandbox playing the next match
instead of adding to every match (docs/benchmarks.md). Nothing can be lost this way: until its
result is written the match holds its lease (renewed meanwhile by ``execution.leases``), so if
the process dies first the lease lapses and the match is played again
(``services.match_requeue_lapsed``), and ``services.match_record`` still writes a result only
once.

A database that is away for a while (a restart) does not cost the match: :func:`record` tries
again, with backoff, for up to :data:`RECORD_RETRY_SECONDS`. A recording that fails for
another reason requeues the match with that reason (``services.match_requeue``), so that a
match given up says why.
"""

from __future__ import annotations

import logging
import queue
import threading
import traceback
from collections.abc import Callable

from django.db import connection
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception_type,
    stop_after_delay,
    wait_exponential_jitter,
)

from conquest.matches import services
from conquest.matches.outages import TRANSIENT_DATABASE_ERRORS, describe, reconnect
from conquest.matches.spec import Outcome

logger = logging.getLogger(__name__)

RECORD_RETRY_SECONDS = 120.0
"""How long a result whose recording meets a database error is tried again (the first retry
after 0.2 s, then twice as long each time, at most 5 s apart)."""


def record(match_id: int, owner: str, outcome: Outcome) -> bool:
    """``services.match_record``, tried again on a new connection while the database is
    unreachable, for up to :data:`RECORD_RETRY_SECONDS`; False if the lease is not
    ``owner``'s. Raises the last error when it gives up."""

    def attempt() -> bool:
        reconnect()  # this thread's connection: replaced if the last try broke it
        return services.match_record(match_id=match_id, owner=owner, outcome=outcome)

    def retrying(state: RetryCallState) -> None:
        error = state.outcome.exception() if state.outcome else None
        wait = state.next_action.sleep if state.next_action else 0.0
        logger.warning(
            "match %s: could not record the result (%s); trying again in %.1f s",
            match_id,
            describe(error) if error else "?",
            wait,
        )

    retryer = Retrying(
        retry=retry_if_exception_type(TRANSIENT_DATABASE_ERRORS),
        wait=wait_exponential_jitter(multiplier=0.2, max=5.0, jitter=0.2),
        stop=stop_after_delay(RECORD_RETRY_SECONDS),
        before_sleep=retrying,
        reraise=True,
    )
    return retryer(attempt)


def record_or_requeue(match_id: int, owner: str, outcome: Outcome) -> None:
    """:func:`record`, logging why when it gives up: the database stayed away (the lease then
    lapses and the match is played again), or another error (the match is requeued with it)."""
    try:
        if not record(match_id, owner, outcome):
            logger.info("match %s: result not recorded (the lease is not ours)", match_id)
    except TRANSIENT_DATABASE_ERRORS as error:
        logger.error(
            "match %s: gave up recording the result after %.0f s (%s); it is played again "
            "once its lease lapses",
            match_id,
            RECORD_RETRY_SECONDS,
            describe(error),
        )
    except Exception as error:
        why = f"could not record the result: {describe(error)}"
        logger.exception("match %s: %s; requeueing it", match_id, why)
        try:
            services.match_requeue(
                match_id=match_id, owner=owner, why=why, detail=traceback.format_exc()
            )
        except Exception:
            logger.exception("match %s: could not requeue it either", match_id)


class ResultWriter:
    """Records finished matches in a background thread, at most one waiting behind the other.

    ``submit(match_id, owner, outcome)`` returns at once unless a result is already waiting;
    ``close()`` returns once every submitted result is written (or its failure logged).
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[int, str, Outcome, Callable[[], None]] | None] = queue.Queue(
            maxsize=1
        )
        self._thread = threading.Thread(target=self._work, name="result-writer", daemon=True)
        self._thread.start()

    def submit(
        self, match_id: int, owner: str, outcome: Outcome, done: Callable[[], None] = lambda: None
    ) -> None:
        """Record ``outcome`` for ``owner``'s lease on the match, soon; then call ``done``
        (e.g. to stop renewing the lease)."""
        self._jobs.put((match_id, owner, outcome, done))

    def close(self) -> None:
        """Write every submitted result, then stop the thread (and its database connection)."""
        self._jobs.put(None)
        self._thread.join()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            match_id, owner, outcome, done = job
            try:
                record_or_requeue(match_id, owner, outcome)
            finally:
                done()
        connection.close()
