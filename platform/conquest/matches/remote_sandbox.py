"""Matches with a remote seat, each played whole in a child process, walled off from the worker.

A worker of the ``remote`` queue (``--pool threads``) plays many such matches at once, each
pool thread one. The thread does not play it: it hands it to a **child process** of the
worker's (``host.Host``), which plays it to the end as a task on its event loop, with its
own connection to each gateway's internal port (``relay.links``) and its own Redis
connections, while the thread waits for the outcome, renewing nothing itself
(``execution.Leases`` does). A child plays ``ARENA_REMOTE_MATCHES_PER_CHILD`` matches at
once:

- **1** (the default): each match in a process of its own, so an engine (or a house bot at
  the table) that loops, eats memory or crashes fails its own match only: the other matches
  of the worker, in other children, go on meeting their deadlines. About 14 MiB per match
  playing at once, and hundreds of processes sharing the cores.
- **More**: a few children play every match of the worker (0.2–0.3 MiB per match, about half
  the worker's CPU per action: docs/benchmarks.md). A step of a match (from one ``await`` to
  the next) that runs past its limit (an engine that loops) has its child killed: that match
  fails, the child's other matches fail as the platform's failure and are requeued (another
  attempt, from the start); a match that eats memory may make another match's allocation
  fail (the limit is the child's).

- **House players** at the table decide inline, on the child's loop in its main thread,
  where an interval timer interrupts one that overruns its time (as in the house sandbox):
  no thread is switched to (a hop to a thread cost more CPU than a house decision), and the
  child's other matches wait meanwhile (the bots' time is measured at the gateway, so a
  wait here is never charged to them): one match per child for a house player that thinks
  for seconds.
- **Limits** (the parent's): ``ARENA_MATCH_WALL_SECONDS`` (the match's task is cancelled, or
  its child killed if the match's step is the one running), a step's limit
  (:data:`STEP_SECONDS`, plus the time of a house player deciding in it),
  ``ARENA_MATCH_MEMORY_MB`` of address space above what the child had when it started, plus
  ``RUNTIME_MB`` for its Redis threads and connections and ``MATCH_MB`` per match it plays
  at once; a lost lease stops the match too.
- **After a kill** (the wall clock, a child that died), a child tells the bots
  (``MatchEnded``, reason ``error``) and the spectators (the stream's final entry) that the
  match is over, as its own child would have done had it been able to.
- **Failures** come back as :class:`RemoteFailed`: ``infrastructure`` when the platform
  failed the match (Redis or a gateway unreachable, a child killed by the OS: SIGKILL or
  SIGTERM from outside, e.g. the OOM killer, or for another match's step), not the match
  (an engine error, a limit); ``started`` when its first action had been played (the child
  says so as it happens). A newer attempt that took the match over is
  :class:`~conquest.relay.fence.Stale`.
- **Children** come from a **forkserver** (``multiprocessing``), a clean process started once
  per worker, before its threads and connections exist (at ``worker_init``), with Django and
  the engines loaded (``remote_preload.py``): a child starts in milliseconds and shares the
  server's memory. A child lives across matches (``Host.max_calls``), keeping its
  streams and caches warm, and takes no more after any failure. Killed worker, no orphans:
  the forkserver dies with the worker and the children with the forkserver
  (``PR_SET_PDEATHSIG``).
- A child never touches the database: the parent claims, renews the lease and records.

**Why the whole match.** The other way, only the engine and the runner in the child, whose
remote seats would ask the worker for each decision over a pipe (the worker keeping one
connection per gateway), saves about 5 MiB per match (a house-only child weighs 12 MiB
of PSS, a remote match's child, with its own channel, Redis connections and threads, 17) and
leaves as many processes sharing the cores. It costs two more hops per decision (child →
worker → gateway and back), keeps the worker's one loop in the path of every decision of
every match, and needs a protocol between child and worker for everything a link does. The
whole match in a child keeps a decision's path as it was (child → gateway → bot), runs the
worker's matches on every core instead of one loop's, and runs the match code unchanged. Its
costs, measured (docs/benchmarks.md, "Remote matches in child processes"): 17 MiB per match
playing at once, about 8 ms to start a child (then reused), and, where a hundred children
share two busy cores, 1.6 times the worker's CPU per action of one loop (switches between
address spaces, working sets that do not fit the caches; a match alone costs the same).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import multiprocessing.forkserver
import signal
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis
from celery.signals import worker_init
from django.conf import settings

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb
from conquest.config import ArenaSettings
from conquest.matches import host
from conquest.matches.codes import PlatformEnd, SeatKind
from conquest.matches.host import Host
from conquest.matches.runner import build_seats, run_async
from conquest.matches.sandbox import Sandbox, SandboxError
from conquest.matches.seats import HouseSeat, RemoteSeat, Seat
from conquest.matches.spec import MatchSpec, Outcome
from conquest.relay import feeds, links
from conquest.relay.broadcast import Broadcast
from conquest.relay.fence import Stale
from conquest.relay.frames import FrameError
from conquest.relay.links import Link, Unreachable, gateway_client
from conquest.relay.presence import async_redis_client, presences
from engines.core import Action, Event
from engines.players import player_class

logger = logging.getLogger(__name__)

QUEUE = "remote"
"""The Celery queue of matches with a remote seat (``services.REMOTE_QUEUE``)."""
RUNTIME_MB = 256
"""Address space a child may take beyond ``ARENA_MATCH_MEMORY_MB``: its connections, its
threads' stacks and a malloc arena, reserved more than used (140 MiB measured with eight
threads and ``remote_preload.MALLOC_ARENAS``; docs/benchmarks.md)."""
MATCH_MB = 8
"""Address space each match playing at once in a child may take beyond that, for its
connections, streams and state (a match's own memory is under 1 MiB)."""
STEP_SECONDS = 5.0
"""How long one step of a match (from one ``await`` to the next: the engine's work, the
codec's) may run before its child is killed, plus the time of a house player deciding in it
(``host.allowing``); a step takes milliseconds."""
END_SECONDS = 15.0
"""How long telling the bots and spectators of a killed child's match may take."""
_STARTED = "started"
"""The note a child sends when its match's first action was played."""


class RemoteFailed(Exception):
    """Playing a remote match failed; ``detail`` is the traceback or how the child died.
    ``infrastructure``: the platform's failure, not the match's; ``started``: the match's
    first action had been played."""

    def __init__(
        self, message: str, detail: str = "", *, infrastructure: bool, started: bool
    ) -> None:
        super().__init__(message)
        self.detail = detail
        self.infrastructure = infrastructure
        self.started = started


INFRASTRUCTURE: tuple[type[BaseException], ...] = (
    Unreachable,
    redis.RedisError,
    ConnectionError,
    FrameError,
)
"""Exceptions in a child that are the platform's failure (a service unreachable)."""
_EXTERNAL_SIGNALS = {signal.SIGKILL, signal.SIGTERM}
"""A child killed by these was killed from outside (the OOM killer, an operator): not the
match's doing, which would be an exception, a limit or a crash (SIGSEGV, SIGABRT)."""


# ------------------------------------------------------------------------------ the parent


def play(spec: MatchSpec, match_id: int, attempt: int, *, heartbeat: Callable[[], None]) -> Outcome:
    """Play ``attempt`` of match ``match_id`` in one of this process's children and return
    its outcome; RemoteFailed, or Stale when a newer attempt took it over. ``heartbeat`` runs
    every third of a lease while the match plays; what it raises stops the match and
    propagates."""
    limits = settings.ARENA
    try:
        start_forkserver()  # again if it died
    except (OSError, EOFError) as error:  # the forkserver died as it started
        raise _unstarted(error) from None
    progress: list[str] = []
    job = _Play(match_id, attempt, spec, limits)
    try:
        result = _host().call(
            job,
            wall_seconds=limits.match_wall_seconds,
            step_seconds=STEP_SECONDS,
            heartbeat=heartbeat,
            heartbeat_every=limits.lease_seconds / 3,
            on_note=progress.append,
        )
    except (OSError, EOFError) as error:  # the forkserver died as it forked
        raise _unstarted(error) from None
    except SandboxError as error:  # killed, or dead: nobody told the bots
        _tell_ended(job, str(error))
        raise RemoteFailed(
            str(error),
            error.detail,
            infrastructure=_killed_from_outside(error.exitcode),
            started=_STARTED in progress,
        ) from None
    if isinstance(result, Outcome):
        return result
    if isinstance(result, _Stale):
        raise Stale(result.message)
    raise RemoteFailed(
        result.message,
        result.detail,
        infrastructure=result.infrastructure,
        started=result.started,
    )


def _unstarted(error: BaseException) -> RemoteFailed:
    return RemoteFailed(
        f"could not start the match process: {type(error).__name__}: {error}",
        traceback.format_exc(),
        infrastructure=True,
        started=False,
    )


def _killed_from_outside(exitcode: int | None) -> bool:
    return exitcode is not None and exitcode < 0 and -exitcode in _EXTERNAL_SIGNALS


def _tell_ended(job: _Play, reason: str) -> None:
    """Have a child tell the bots and spectators that the match ended in error."""
    end = _End(job.match_id, job.attempt, job.spec, job.arena, reason)
    try:
        _host().call(end, wall_seconds=END_SECONDS, step_seconds=END_SECONDS)
    except Exception as error:  # no child to tell it (the forkserver is away): logged only
        logger.warning("match %s: could not tell its end: %s", job.match_id, error)


_hosts: dict[int, Host] = {}
_hosts_lock = threading.Lock()


def _host() -> Host:
    """This process's host of remote matches (``ARENA_REMOTE_MATCHES_PER_CHILD`` in a
    child), started on first use."""
    capacity = settings.ARENA.remote_matches_per_child
    with _hosts_lock:
        found = _hosts.get(capacity)
        if found is None:
            found = _hosts[capacity] = Host(
                _serve,
                memory_mb=settings.ARENA.match_memory_mb + RUNTIME_MB + capacity * MATCH_MB,
                capacity=capacity,
            )
        return found


_forkserver_lock = threading.Lock()


def start_forkserver() -> None:
    """Start this process's forkserver for the children unless it runs (again if it died),
    with ``remote_preload`` loaded in it, and the worker's main module (``__main__``: imported
    there once rather than in every child)."""
    with _forkserver_lock:
        multiprocessing.forkserver.set_forkserver_preload(
            ["__main__", "conquest.matches.remote_preload"]
        )
        multiprocessing.forkserver.ensure_running()


@worker_init.connect
def _start_with_the_worker(sender, **kwargs) -> None:
    """A worker of the remote queue starts the forkserver as it starts: from its main thread,
    before its pool's threads and any connection exist (the forkserver dies with the thread
    that started it), and waits for it to be ready (loaded: from then on it ignores SIGTERM)."""
    if QUEUE in sender.app.amqp.queues.consume_from:
        start_forkserver()
        probe = Sandbox(abs, memory_mb=0, start_method="forkserver")
        try:
            probe.call(-1, wall_seconds=300)  # answered once the forkserver forks
        finally:
            probe.close()


# ------------------------------------------------------------------------------ the child


@dataclass(frozen=True)
class _Play:
    """Play attempt ``attempt`` of match ``match_id`` with the worker's ``arena`` settings."""

    match_id: int
    attempt: int
    spec: MatchSpec
    arena: ArenaSettings


@dataclass(frozen=True)
class _End(_Play):
    """Tell the bots and spectators of the match that it ended in error, for ``reason``."""

    reason: str


@dataclass(frozen=True)
class _Failed:
    """What the child answers when the match failed (see :class:`RemoteFailed`)."""

    message: str
    detail: str
    infrastructure: bool
    started: bool


@dataclass(frozen=True)
class _Stale:
    """What the child answers when a newer attempt took the match over."""

    message: str


async def _serve(job: _Play) -> Outcome | _Failed | _Stale | None:
    """The child's answer to ``job`` (a call of ``host.Host``), on the child's event loop,
    which lives across its matches (and with it its connections to the gateways)."""
    settings.ARENA = job.arena  # the worker's settings, as they are now
    if isinstance(job, _End):
        await _end(job)
        return None
    answer = await _play(job)
    if not isinstance(answer, Outcome):
        host.retire()  # whatever failed, the next matches get a fresh child
    return answer


async def _play(job: _Play) -> Outcome | _Failed | _Stale:
    """The match played, with its spectator stream and live feed; a failure as a value."""
    spec, match_id, attempt = job.spec, job.match_id, job.attempt
    requests = itertools.count(1)  # the match's request ids, shared by its remote seats
    calls = 0  # of on_events: the creation's events, then each action's

    def remote(seat: int) -> RemoteSeat:
        bot = spec.seats[seat].bot_id
        grace = job.arena.reconnect_grace_seconds
        link = Link(bot, match_id, presences(), grace, attempt=attempt)
        return RemoteSeat(link, spec, seat, requests)

    broadcast = Broadcast(async_redis_client(), match_id, spec.game, attempt=attempt)
    names = [seat.name for seat in spec.seats]
    live = feeds.AsyncWriter(match_id, names, attempt=attempt, carrier=broadcast)

    def on_events(events: Sequence[Event]) -> None:
        nonlocal calls
        broadcast.events(events)
        live.events(events)
        calls += 1
        if calls == 2:
            host.note(_STARTED)

    try:
        await broadcast.start()
        seats = [_timed(seat) for seat in build_seats(spec, player_class, remote)]
        outcome = await run_async(spec, seats, on_events, live.start)
        await live.aend(outcome.result)
        await broadcast.end(outcome.result)
    except Exception as error:  # the engine's, a limit's, or the platform's
        failure = _failure(error, job, started=calls >= 2)
    else:
        await _sent()
        return outcome
    # Out of the except block, so that the failure's frames (which may hold what ate the
    # memory) are gone. A stale attempt: the match is another worker's, so are its feed
    # and stream.
    stale = isinstance(failure, _Stale)
    await live.aend(None, final=not stale)
    if not stale:
        with _logged(match_id, "could not end its spectator stream"):
            await broadcast.end(None)
    await _sent()
    return failure


class _TimedHouseSeat(HouseSeat):
    """A house player at a remote table (deciding inline, in the child's main thread: its
    interval timer stops one that overruns its time), the step that runs its decision allowed
    the decision's time on top of :data:`STEP_SECONDS`."""

    async def decide(
        self, observation: Any, legal_actions: tuple[Action, ...], seconds: float
    ) -> Action:
        with host.allowing(seconds):
            return self.act(observation, legal_actions, seconds)


def _timed(seat: Seat) -> Seat:
    """``seat``, a house player's with its decision's time allowed (:class:`_TimedHouseSeat`)."""
    return _TimedHouseSeat(seat.player) if type(seat) is HouseSeat else seat


def _failure(error: Exception, job: _Play, *, started: bool) -> _Failed | _Stale:
    """What the child answers for a match that raised ``error``."""
    if isinstance(error, Stale):
        return _Stale(str(error))
    message = f"{type(error).__name__}: {error}"
    if isinstance(error, MemoryError):
        message = f"MemoryError: over the memory limit of {job.arena.match_memory_mb} MiB"
    return _Failed(
        message,
        traceback.format_exc(),
        infrastructure=isinstance(error, INFRASTRUCTURE),
        started=started,
    )


async def _end(job: _End) -> None:
    """Tell the bots (MatchEnded) and the spectators (the final entry) that the match is
    over, in error; what cannot be told is logged."""
    ended = pb.MatchEnded(match_id=job.match_id, reason=PlatformEnd.ERROR, detail=job.reason)
    table = presences()
    for seat in job.spec.seats:
        if seat.kind != SeatKind.REMOTE:
            continue
        with _logged(job.match_id, f"could not tell bot {seat.bot_id} its end"):
            presence = await asyncio.to_thread(table.find, seat.bot_id)
            if presence is not None:
                request = gw.DeliverRequest(
                    bot_id=seat.bot_id,
                    match_id=job.match_id,
                    connection_id=presence.connection,
                    messages=[pb.ServerMessage(match_ended=ended)],
                    attempt=job.attempt,
                )
                await gateway_client(presence.gateway).deliver(request, links.CALL_MARGIN_SECONDS)
    with _logged(job.match_id, "could not end its spectator stream"):
        client = async_redis_client()
        await Broadcast(client, job.match_id, job.spec.game, attempt=job.attempt).end(None)


async def _sent() -> None:
    """Wait for the MatchEnded messages the match's links are sending (``Link.finish``):
    between matches the child's loop does not run."""
    finishing = list(links._finishing)  # the links' own record of them
    if finishing:
        await asyncio.wait(finishing, timeout=links.CALL_MARGIN_SECONDS * 2)


@contextlib.contextmanager
def _logged(match_id: int, what: str):
    """Log, and swallow, what fails in the block (Stale too: the match is another's)."""
    try:
        yield
    except Exception:
        logger.exception("match %s: %s", match_id, what)
