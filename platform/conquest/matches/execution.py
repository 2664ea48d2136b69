"""What a worker does with one match: claim it, play it, record it once.

Two ways to play, one :func:`execute`:

- **house bots only**: in this process's sandbox child (``sandbox.py``), one match at a
  time, the lease renewed while the worker waits (the ``celery`` queue, ``--pool solo``);
  the child writes the match's live feed (``conquest.relay.feeds``);
- **with a remote bot**: on the process's event loop for remote matches (one thread,
  :func:`remote_loop`), the decisions coming from the gateway, so one worker process plays
  many such matches at once (the ``remote`` queue, ``--pool threads``: each pool thread
  claims a match, hands it to the loop and waits for its outcome). A decision is awaited on
  the loop, with no thread switch in the worker. The leases of those matches are renewed by
  one background thread (:class:`Leases`); each event goes to the match's spectator stream
  and its live feed; the wall-clock limit is checked between actions. A house bot at such a
  table decides in a thread of the loop's pool, its time measured after the fact
  (``seats.HouseSeat``). So that a hundred threads do not hold a hundred database
  connections, at most ``DATABASE_THREADS`` of them use the database at once and close their
  connection after each use (the result writer's and the leases' threads keep theirs); the
  loop never touches the database.
"""

from __future__ import annotations

import asyncio
import itertools
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

from django.conf import settings
from django.db import close_old_connections, connection

from conquest.matches import services
from conquest.matches.result_writer import ResultWriter
from conquest.matches.runner import build_seats, run, run_async
from conquest.matches.sandbox import Sandbox, SandboxError
from conquest.matches.seats import RemoteSeat
from conquest.matches.selectors import match_spec
from conquest.matches.spec import MatchSpec, Outcome
from conquest.relay import feeds
from conquest.relay.broadcast import Broadcast
from conquest.relay.links import Link
from conquest.relay.presence import async_redis_client, presences
from engines.core import Event
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
        """Extend the lease; LeaseLost when it is no longer ours."""
        if self.lost or not services.match_lease_renew(match_id=self.match_id, owner=self.owner):
            self.lost = True
            raise LeaseLost

    def check(self) -> None:
        """LeaseLost if a renewal found the lease gone."""
        if self.lost:
            raise LeaseLost


class Leases:
    """Renews, from one background thread, the leases of the matches played in threads."""

    def __init__(self) -> None:
        self._held: set[Lease] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @contextmanager
    def hold(self, lease: Lease) -> Iterator[Lease]:
        """Keep ``lease`` renewed inside the block."""
        with self._lock:
            self._held.add(lease)
            if self._thread is None:
                self._thread = threading.Thread(target=self._renew, name="leases", daemon=True)
                self._thread.start()
        try:
            yield lease
        finally:
            with self._lock:
                self._held.discard(lease)

    def _renew(self) -> None:
        while True:
            time.sleep(settings.ARENA.lease_seconds / 3)
            close_old_connections()
            with self._lock:
                held = list(self._held)
            for lease in held:
                try:
                    lease.renew()
                except LeaseLost:
                    logger.info("match %s: lease lost", lease.match_id)
                except Exception:  # the database is away: the lease may lapse, nothing else
                    logger.exception("match %s: could not renew the lease", lease.match_id)


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


def _play(job: tuple[int, MatchSpec]) -> Outcome:
    """Match ``job``'s id and spec played, with its live feed (in the sandbox)."""
    match_id, spec = job
    live = feeds.Writer(match_id, [seat.name for seat in spec.seats])
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
                (lease.match_id, spec),
                wall_seconds=limits.match_wall_seconds,
                heartbeat=lease.renew,
                heartbeat_every=limits.lease_seconds / 3,
            )
        except SandboxError as error:
            raise PlayFailed(str(error), error.detail) from None


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def remote_loop() -> asyncio.AbstractEventLoop:
    """This process's event loop for remote matches, running in a thread of its own (started
    on first use)."""
    global _loop  # noqa: PLW0603 - one loop per worker process
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            thread = threading.Thread(target=_loop.run_forever, name="remote", daemon=True)
            thread.start()
        return _loop


def play_remote(spec: MatchSpec, lease: Lease) -> Outcome:
    """Play ``spec``, which has remote seats, on :func:`remote_loop`; this thread waits for
    its outcome (see the module's docstring)."""
    try:
        return asyncio.run_coroutine_threadsafe(_play_remote(spec, lease), remote_loop()).result()
    except (LeaseLost, PlayFailed):
        raise
    except Exception as error:  # an engine that raises, Redis away, ...
        raise PlayFailed(f"{type(error).__name__}: {error}", traceback.format_exc()) from None


async def _play_remote(spec: MatchSpec, lease: Lease) -> Outcome:
    limits = settings.ARENA
    requests = itertools.count(1)  # the match's request ids, shared by its remote seats

    def remote(seat: int) -> RemoteSeat:
        bot = spec.seats[seat].bot_id
        link = Link(bot, lease.match_id, presences(), limits.reconnect_grace_seconds)
        return RemoteSeat(link, spec, seat, requests)

    broadcast = Broadcast(async_redis_client(), lease.match_id, spec.game)
    await broadcast.start()
    live = feeds.AsyncWriter(lease.match_id, [seat.name for seat in spec.seats])
    deadline = time.monotonic() + limits.match_wall_seconds

    def on_events(events: Sequence[Event]) -> None:
        lease.check()
        if time.monotonic() > deadline:
            raise PlayFailed(f"exceeded the wall-clock limit of {limits.match_wall_seconds:g} s")
        broadcast.events(events)
        live.events(events)

    with leases.hold(lease):
        try:
            outcome = await run_async(
                spec, build_seats(spec, player_class, remote), on_events, live.start
            )
        except BaseException as error:
            # A lost lease: the match is another worker's, so is its feed.
            await live.aend(None, final=not isinstance(error, LeaseLost))
            try:
                await broadcast.end(None)
            except Exception:  # Redis away too: the match's own failure is the one to report
                logger.exception("match %s: could not end its spectator stream", lease.match_id)
            raise
    await live.aend(outcome.result)
    await broadcast.end(outcome.result)
    return outcome


def execute(match_id: int, writer: ResultWriter | None = None) -> str:
    """Run one match to the end; returns what happened (finished, error, skipped, superseded).

    With a ``writer``, the result is handed to it to write and the answer is "played".
    """
    owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    with _database():
        attempt = services.match_claim(match_id=match_id, owner=owner)
        if not attempt:
            return "skipped"
        spec = match_spec(match_id)
    lease = Lease(match_id, owner, attempt)
    try:
        outcome = (play_remote if spec.remote else _play_sandboxed)(spec, lease)
    except LeaseLost:
        return "superseded"
    except PlayFailed as error:
        with _database():
            services.match_fail(
                match_id=match_id, owner=owner, message=str(error), detail=error.detail
            )
        return "error"
    if writer is not None:
        writer.submit(match_id, owner, outcome)
        return "played"
    with _database():
        recorded = services.match_record(match_id=match_id, owner=owner, outcome=outcome)
    return "finished" if recorded else "superseded"
