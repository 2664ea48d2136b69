"""Recording results behind the worker: a thread writes one match while the next one plays.

Recording (result, replay, ratings: one transaction) takes a few milliseconds of database round
trips; done in a thread of the worker process, they overlap the sandbox playing the next match
instead of adding to every match (docs/benchmarks.md). Nothing can be lost this way: until its
result is written the match holds its lease, so if the process dies first the lease lapses and
the match is played again (``services.match_requeue_lapsed``), and ``services.match_record``
still writes a result only once.
"""

from __future__ import annotations

import logging
import queue
import threading

from django.db import close_old_connections, connection

from conquest.matches import services
from conquest.matches.spec import Outcome

logger = logging.getLogger(__name__)


class ResultWriter:
    """Records finished matches in a background thread, at most one waiting behind the other.

    ``submit(match_id, owner, outcome)`` returns at once unless a result is already waiting;
    ``close()`` returns once every submitted result is written (or its failure logged).
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[int, str, Outcome] | None] = queue.Queue(maxsize=1)
        self._thread = threading.Thread(target=self._work, name="result-writer", daemon=True)
        self._thread.start()

    def submit(self, match_id: int, owner: str, outcome: Outcome) -> None:
        """Record ``outcome`` for ``owner``'s lease on the match, soon."""
        self._jobs.put((match_id, owner, outcome))

    def close(self) -> None:
        """Write every submitted result, then stop the thread (and its database connection)."""
        self._jobs.put(None)
        self._thread.join()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            match_id, owner, outcome = job
            try:
                close_old_connections()  # this thread's connection: drop it if it broke
                if not services.match_record(match_id=match_id, owner=owner, outcome=outcome):
                    logger.info("match %s: result not recorded (the lease is not ours)", match_id)
            except Exception:
                logger.exception(
                    "match %s: could not record the result; it is played again once its "
                    "lease lapses",
                    match_id,
                )
        connection.close()
