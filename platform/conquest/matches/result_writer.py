"""Recording results behind the worker: a thread writes the finished matches while the next
ones play.

Recording (result, replay, ratings) takes a few milliseconds of database round trips; done in
a thread of the worker process, they overlap the matches playing instead of adding to every
match (docs/benchmarks.md). The results waiting when the thread is free are written together,
in one transaction (:data:`BATCH` at most, each in a savepoint): one commit for all, so that a
worker playing hundreds of matches at once records them as fast as they finish. Nothing can be
lost this way: until its result is written the match holds its lease (renewed meanwhile by
``execution.leases``), so if the process dies first the lease lapses and the match is played
again (``services.match_requeue_lapsed``), and ``services.match_record`` still writes a result
only once.

A database that is away for a while (a restart) does not cost the matches: :func:`record_many`
tries again, with backoff, for up to :data:`RECORD_RETRY_SECONDS`. A recording that fails for
another reason is undone alone and requeues its match with that reason
(``services.match_requeue``), so that a match given up says why; the others are written.
"""

from __future__ import annotations

import logging
import queue
import threading
import traceback
from collections.abc import Callable, Sequence

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


BATCH = 50
"""The most results written in one transaction: those waiting when the writer is free."""


def record_many(results: Sequence[tuple[int, str, Outcome]]) -> list[bool | Exception]:
    """``services.match_record_many``, tried again on a new connection while the database is
    unreachable, for up to :data:`RECORD_RETRY_SECONDS`: per result True, False if the lease
    is not its owner's, or the error that kept it from being recorded. Raises the last error
    of the unreachable database when it gives up."""

    def attempt() -> list[bool | Exception]:
        reconnect()  # this thread's connection: replaced if the last try broke it
        return services.match_record_many(results=results)

    def retrying(state: RetryCallState) -> None:
        error = state.outcome.exception() if state.outcome else None
        wait = state.next_action.sleep if state.next_action else 0.0
        logger.warning(
            "%s: could not record the %s (%s); trying again in %.1f s",
            *_which(results),
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


def record(match_id: int, owner: str, outcome: Outcome) -> bool:
    """:func:`record_many` of one result: False if the lease is not ``owner``'s; raises what
    kept it from being recorded."""
    (answer,) = record_many([(match_id, owner, outcome)])
    if isinstance(answer, Exception):
        raise answer
    return answer


def record_or_requeue(results: Sequence[tuple[int, str, Outcome]]) -> None:
    """:func:`record_many`, logging why a result was not recorded: the database stayed away
    (the lease then lapses and the match is played again), or another error (the match is
    requeued with it)."""
    try:
        answers = record_many(results)
    except TRANSIENT_DATABASE_ERRORS as error:
        logger.error(
            "%s: gave up recording the %s after %.0f s (%s); each is played again once its "
            "lease lapses",
            *_which(results),
            RECORD_RETRY_SECONDS,
            describe(error),
        )
        return
    for (match_id, owner, _), answer in zip(results, answers, strict=True):
        if answer is False:
            logger.info("match %s: result not recorded (the lease is not ours)", match_id)
        elif isinstance(answer, Exception):
            _requeue(match_id, owner, answer)


def _requeue(match_id: int, owner: str, error: Exception) -> None:
    """Requeue a match whose result could not be recorded, saying why."""
    why = f"could not record the result: {describe(error)}"
    logger.error("match %s: %s; requeueing it", match_id, why, exc_info=error)
    try:
        services.match_requeue(
            match_id=match_id,
            owner=owner,
            why=why,
            detail="".join(traceback.format_exception(error)),
        )
    except Exception:
        logger.exception("match %s: could not requeue it either", match_id)


def _which(results: Sequence[tuple[int, str, Outcome]]) -> tuple[str, str]:
    """The matches of ``results`` and "result(s)", for a log line: ("match 7", "result")."""
    ids = ", ".join(str(match_id) for match_id, _, _ in results)
    return (f"match {ids}", "result") if len(results) == 1 else (f"matches {ids}", "results")


class ResultWriter:
    """Records finished matches in a background thread: the results waiting when it is free,
    up to :data:`BATCH`, in one transaction; at most :data:`BATCH` wait.

    ``submit(match_id, owner, outcome)`` returns at once unless that many are waiting;
    ``close()`` returns once every submitted result is written (or its failure logged).
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[int, str, Outcome, Callable[[], None]] | None] = queue.Queue(
            maxsize=BATCH
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
        closing = False
        while not closing and (job := self._jobs.get()) is not None:
            jobs = [job]
            while len(jobs) < BATCH and not self._jobs.empty():
                if (job := self._jobs.get()) is None:
                    closing = True
                    break
                jobs.append(job)
            try:
                record_or_requeue(
                    [(match_id, owner, outcome) for match_id, owner, outcome, _ in jobs]
                )
            finally:
                for *_, done in jobs:
                    done()
        connection.close()
