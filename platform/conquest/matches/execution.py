"""What a worker does with one match: claim it, play it, record it once.

Two ways to play, one :func:`execute`:

- **house bots only**: in this process's sandbox child (``sandbox.py``), one match at a
  time, the lease renewed while the worker waits (the ``celery`` queue, ``--pool solo``);
  the child writes the match's live feed (``conquest.relay.feeds``);
- **with a remote bot**: in a child process of the pool thread's own, which plays it on an
  event loop, the decisions coming from the gateway (``remote_sandbox.py``), so one worker
  process plays many such matches at once, each walled off from the others (the ``remote``
  queue, ``--pool threads``: each pool thread claims a match, hands it to its child and waits
  for its outcome). The leases of those matches are renewed by one background thread
  (:class:`Leases`); the child writes the match's spectator stream and live feed. So that a
  hundred threads do not hold a hundred database connections, at most ``DATABASE_THREADS``
  of them use the database at once and close their connection after each use (the result
  writer's and the leases' threads keep theirs); the children never touch the database.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import traceback
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import partial

from django.conf import settings
from django.db import close_old_connections, connection

from conquest import metrics
from conquest.matches import remote_sandbox, services
from conquest.matches.outages import (
    INFRASTRUCTURE_ERRORS,
    TRANSIENT_DATABASE_ERRORS,
    describe,
    reconnect,
)
from conquest.matches.result_writer import ResultWriter, record
from conquest.matches.runner import build_seats, run
from conquest.matches.sandbox import Sandbox, SandboxError
from conquest.matches.selectors import match_spec
from conquest.matches.spec import MatchSpec, Outcome
from conquest.relay import feeds
from conquest.relay.fence import Stale
from engines.players import player_class

logger = logging.getLogger(__name__)
DATABASE_THREADS = 4
_database_turns = threading.BoundedSemaphore(DATABASE_THREADS)


@contextmanager
def _database() -> Iterator[None]:
    """A turn at the database for this thread; a thread other than the process's main one
    (a ``--pool threads`` worker's) closes its connection after its turn."""
    with _database_turns:
        try:
            yield
        finally:
            if threading.current_thread() is not threading.main_thread():
                connection.close()


class LeaseLost(Exception):
    """Another worker took the match, or an admin cancelled it: stop playing."""


class PlayFailed(Exception):
    """Playing a match failed; ``detail`` is the traceback. ``infrastructure``: the failure
    was the platform's (a service unreachable), not the match's (an engine error, a limit);
    ``started``: the match's first action had been played."""

    def __init__(
        self, message: str, detail: str = "", *, infrastructure: bool = False, started: bool = True
    ) -> None:
        super().__init__(message)
        self.detail = detail
        self.infrastructure = infrastructure
        self.started = started


class Lease:
    """This worker's lease on a running match."""

    def __init__(self, match_id: int, owner: str, attempt: int) -> None:
        self.match_id = match_id
        self.owner = owner
        self.attempt = attempt
        """The attempt's number (``services.match_claim``): it fences the relays."""
        self.lost = False

    def renew(self) -> None:
        """Extend the lease; LeaseLost when it is no longer ours. A renewal that cannot reach
        the database is skipped (logged) and the match goes on: the next renewal tries again
        on a new connection, and the lease lapses only if the outage outlasts it."""
        if self.lost:
            raise LeaseLost
        renew([self])
        if self.lost:
            raise LeaseLost

    def check(self) -> None:
        """LeaseLost if a renewal found the lease gone."""
        if self.lost:
            raise LeaseLost


RENEWED_AT_ONCE = 500
"""The most leases :class:`Leases` renews in one pair of queries."""


def renew(held: Sequence[Lease]) -> None:
    """Extend the leases ``held`` at once (``services.match_leases_renew``), marking ``lost``
    those no longer ours; a renewal that cannot reach the database is skipped (logged)."""
    try:
        lost = services.match_leases_renew(held=[(lease.match_id, lease.owner) for lease in held])
    except TRANSIENT_DATABASE_ERRORS as error:
        logger.warning("could not renew %d lease(s): %s", len(held), describe(error))
        reconnect()
        return
    for lease in held:
        if (lease.match_id, lease.owner) in lost:
            lease.lost = True


class Leases:
    """Renews, from one background thread, the leases of the matches played in threads and of
    the results waiting to be written, :data:`RENEWED_AT_ONCE` in two queries."""

    def __init__(self) -> None:
        self._held: set[Lease] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @contextmanager
    def hold(self, lease: Lease) -> Iterator[Lease]:
        """Keep ``lease`` renewed inside the block."""
        self.add(lease)
        try:
            yield lease
        finally:
            self.discard(lease)

    def add(self, lease: Lease) -> None:
        """Keep ``lease`` renewed until :meth:`discard`."""
        with self._lock:
            self._held.add(lease)
            if self._thread is None:
                self._thread = threading.Thread(target=self._renew, name="leases", daemon=True)
                self._thread.start()

    def discard(self, lease: Lease) -> None:
        """Stop renewing ``lease``."""
        with self._lock:
            self._held.discard(lease)

    def _renew(self) -> None:
        while True:
            time.sleep(settings.ARENA.lease_seconds / 3)
            try:
                close_old_connections()  # this thread's connection: replaced if it broke
            except Exception:  # never the end of this thread: the next round tries again
                logger.exception("could not replace the leases' database connection")
            with self._lock:
                held = [lease for lease in self._held if not lease.lost]
            for start in range(0, len(held), RENEWED_AT_ONCE):
                some = held[start : start + RENEWED_AT_ONCE]
                try:
                    renew(some)
                except Exception:  # the lease may lapse, nothing else
                    logger.exception("could not renew %d lease(s)", len(some))
                for lease in some:
                    if lease.lost:
                        logger.info("match %s: lease lost", lease.match_id)


leases = Leases()


_live: ContextVar[feeds.Writer | None] = ContextVar("live", default=None)
"""The live feed of the match the sandbox is playing (set by :func:`_play`)."""


def play(spec: MatchSpec) -> Outcome:
    """Play ``spec`` with its house seats (this runs inside the sandbox), writing the live
    feed :func:`_play` opened."""
    live = _live.get()
    if live is None:
        return run(spec, build_seats(spec, player_class))
    return run(spec, build_seats(spec, player_class), live.events, live.start)


def _play(job: tuple[int, int, MatchSpec]) -> Outcome:
    """Match ``job``'s id, attempt and spec played, with its live feed (in the sandbox)."""
    match_id, attempt, spec = job
    live = feeds.Writer(match_id, [seat.name for seat in spec.seats], attempt=attempt)
    token = _live.set(live)
    try:
        outcome = play(spec)  # looked up at call time, in the sandbox's copy of this module
    except BaseException:
        live.end(None)
        raise
    finally:
        _live.reset(token)
    live.end(outcome.result)
    return outcome


_sandbox: Sandbox | None = None
_sandbox_lock = threading.Lock()  # one call at a time, also in a threads pool


def sandbox() -> Sandbox:
    """This worker process's match sandbox (started on first use)."""
    global _sandbox  # noqa: PLW0603 - one sandbox per worker process
    if _sandbox is None:
        # The child never touches the database: the worker alone reads and writes it.
        _sandbox = Sandbox(_play, memory_mb=settings.ARENA.match_memory_mb)
    return _sandbox


def close_sandbox() -> None:
    """Stop this process's sandbox; the next match starts a fresh one."""
    global _sandbox  # noqa: PLW0603
    if _sandbox is not None:
        _sandbox.close()
        _sandbox = None


def _play_sandboxed(spec: MatchSpec, lease: Lease) -> Outcome:
    limits = settings.ARENA
    with _sandbox_lock:
        try:
            return sandbox().call(
                (lease.match_id, lease.attempt, spec),
                wall_seconds=limits.match_wall_seconds,
                heartbeat=lease.renew,
                heartbeat_every=limits.lease_seconds / 3,
            )
        except SandboxError as error:
            raise PlayFailed(str(error), error.detail) from None


def play_remote(spec: MatchSpec, lease: Lease) -> Outcome:
    """Play ``spec``, which has remote seats, in this thread's child process
    (``remote_sandbox.py``); the thread waits for its outcome, the lease renewed by
    :data:`leases`. LeaseLost when the lease is lost or a newer attempt took the match over;
    PlayFailed when it failed, saying whether the platform failed it."""
    with leases.hold(lease):
        try:
            return remote_sandbox.play(spec, lease.match_id, lease.attempt, heartbeat=lease.check)
        except Stale:
            raise LeaseLost from None
        except remote_sandbox.RemoteFailed as error:
            raise PlayFailed(
                str(error),
                error.detail,
                infrastructure=error.infrastructure,
                started=error.started,
            ) from None


def execute(match_id: int, writer: ResultWriter | None = None) -> str:
    """Run one match to the end; returns what happened: finished, error, skipped (not ours to
    play), superseded (another worker took it, or it was cancelled), waiting (a remote bot of
    it is at its capacity: sent again shortly, no attempt used), requeued (an infrastructure
    failure: sent again after a backoff, the attempt counts) or abandoned (that failure, and
    the database unreachable too: the lease lapses and the sweep requeues the match).

    With a ``writer``, the result is handed to it to write and the answer is "played". An
    infrastructure error before the claim propagates (``tasks.run_match`` retries the task).
    """
    owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    with _database():
        try:
            attempt = services.match_claim(match_id=match_id, owner=owner)
        except services.AtCapacity as busy:
            services.match_wait(match_id=match_id, why=str(busy))
            return "waiting"
        if not attempt:
            return "skipped"
        try:
            spec = match_spec(match_id)
        except INFRASTRUCTURE_ERRORS as error:
            spec = None
            failure = f"could not read the match: {describe(error)}"
    if spec is None:
        return _requeue(match_id, owner, failure)
    lease = Lease(match_id, owner, attempt)
    try:
        outcome = (play_remote if spec.remote else _play_sandboxed)(spec, lease)
    except LeaseLost:
        return "superseded"
    except PlayFailed as error:
        if error.infrastructure:
            when = "after" if error.started else "before"
            return _requeue(match_id, owner, f"{error} ({when} the first action)", error.detail)
        with _database():
            services.match_fail(
                match_id=match_id, owner=owner, message=str(error), detail=error.detail
            )
        return "error"
    except INFRASTRUCTURE_ERRORS as error:  # not wrapped in a PlayFailed by the play function
        return _requeue(match_id, owner, describe(error), traceback.format_exc())
    metrics.decisions_observed(outcome.decisions, sum(seat.timeouts for seat in outcome.seats))
    if writer is not None:
        leases.add(lease)  # renewed until the writer is done with it
        writer.submit(match_id, owner, outcome, done=partial(leases.discard, lease))
        return "played"
    with leases.hold(lease), _database():
        recorded = record(match_id, owner, outcome)
    return "finished" if recorded else "superseded"


def _requeue(match_id: int, owner: str, why: str, detail: str = "") -> str:
    """Requeue a match this worker could not play for an infrastructure reason
    (``services.match_requeue``); what :func:`execute` answers."""
    logger.warning("match %s: %s: requeueing it", match_id, why)
    reconnect()
    try:
        with _database():
            status = services.match_requeue(match_id=match_id, owner=owner, why=why, detail=detail)
    except TRANSIENT_DATABASE_ERRORS as error:
        logger.warning(
            "match %s: could not requeue it (%s): it is sent again once its lease lapses",
            match_id,
            describe(error),
        )
        return "abandoned"
    return {"queued": "requeued", "error": "error"}.get(status, "superseded")
