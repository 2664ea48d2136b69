"""A child process that plays several remote matches at once, walled off from the worker.

Each call is a coroutine function's run (``function(argument)``) as a task on the child's
event loop; up to ``capacity`` run there at once, for any of the worker's threads. While a
call's task runs (a *step*: from one ``await`` to the next), the child stamps the call's key
and the time in memory it shares with the worker. The worker's watchdog (the host's reader
thread) kills a child whose step has run past its limit (an engine or a house player that
does not return): the call of that step fails as its own failure, the others on the child
fail as the platform's (their process was killed: :class:`~.sandbox.SandboxError` with
``exitcode`` -SIGKILL), and the host starts a fresh child for the next calls. A call past its
wall clock is cancelled (its task), or its child killed if it is the step running.

One child per call (``capacity`` 1) is the sandbox of issue 14: whatever a match does, it
does in its own process. More calls per child share a process: a step that does not return
or a crash costs the other matches of the child their attempt, and a match that eats memory
may make another's allocation fail (the limit is the child's).

Linux: the child dies with its parent (``PR_SET_PDEATHSIG``) and leaves the worker's process
group, as in ``sandbox.py``.
"""

from __future__ import annotations

import asyncio
import collections.abc
import contextlib
import contextvars
import itertools
import multiprocessing
import queue
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Generator
from multiprocessing.sharedctypes import RawArray
from typing import Any

from conquest.matches.sandbox import SandboxError, death, enter_child

WATCH_SECONDS = 0.05
"""How often the worker looks at its children's running steps."""
_KEY, _BEGAN, _LIMIT = range(3)
"""The shared stamp: the running call's key (0: none), when its step began and its limit
(``time.monotonic_ns``)."""

_parent = None
"""In the child: its end of the pipe to the worker."""
_stamp: Any = None
"""In the child: the stamp it shares with the worker."""
_call: contextvars.ContextVar[int] = contextvars.ContextVar("call", default=0)
"""In the child: the key of the call whose task runs."""


def retire() -> None:
    """In a host's child, from a call's task: take no more calls after the running ones (the
    call's failure may have left the process in a bad state). Anywhere else, nothing."""
    key = _call.get()
    if _parent is not None and key:
        _parent.send((key, "retire", None))


def allowing(seconds: float) -> contextlib.AbstractContextManager[None]:
    """In a host's child, from a call's task: let the running step take the time the block
    takes, up to ``seconds``, on top of its limit (a house player deciding inline, which its
    own interval timer stops in time). Anywhere else, nothing."""
    if _stamp is None or not _call.get():
        return contextlib.nullcontext()
    return _Allowance(int(seconds * 1e9))


class _Allowance:
    """:func:`allowing`'s context in a child (a class: every house decision enters one)."""

    __slots__ = ("allowed", "began")

    def __init__(self, allowed: int) -> None:
        self.allowed, self.began = allowed, 0

    def __enter__(self) -> None:
        self.began = time.monotonic_ns()
        _stamp[_LIMIT] += self.allowed

    def __exit__(self, *exc_info: object) -> None:
        taken = time.monotonic_ns() - self.began
        _stamp[_LIMIT] -= self.allowed - min(self.allowed, taken)


def note(value: Any) -> None:
    """In a host's child, from a call's task: send ``value`` to the worker now (the
    ``on_note`` of :meth:`Host.call`). Anywhere else, nothing."""
    key = _call.get()
    if _parent is not None and key:
        _parent.send((key, "note", value))


class _Stamped(collections.abc.Coroutine):
    """``coroutine``, each of its steps stamped with ``key`` in the shared ``stamp``."""

    def __init__(self, coroutine: Any, key: int, limit_ns: int, stamp: Any) -> None:
        self._coroutine = coroutine
        self._key = key
        self._limit = limit_ns
        self._stamp = stamp

    def send(self, value: Any) -> Any:
        return self._step(self._coroutine.send, value)

    def throw(self, *error: Any) -> Any:
        return self._step(self._coroutine.throw, *error)

    def _step(self, step: Callable[..., Any], *arguments: Any) -> Any:
        stamp = self._stamp
        stamp[_LIMIT] = self._limit
        stamp[_BEGAN] = time.monotonic_ns()
        stamp[_KEY] = self._key  # last: a reader that sees the key sees its time
        try:
            return step(*arguments)
        finally:
            stamp[_KEY] = 0

    def close(self) -> None:
        self._coroutine.close()

    def __await__(self) -> Generator[Any, None, Any]:
        raise TypeError("a stamped coroutine is run as a task")


def _serve(
    function: Callable[[Any], Awaitable[Any]], conn: Any, memory_mb: int, stamp: Any
) -> None:
    """The child: run each call received as a task, answering (key, "ok", value) or (key,
    "error", (message, traceback)), after any (key, "note", value) it sent."""
    global _parent, _stamp  # the child's one pipe and stamp
    _parent, _stamp = conn, stamp
    enter_child(memory_mb)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    tasks: dict[int, asyncio.Task[None]] = {}

    async def run(key: int, argument: Any) -> None:
        _call.set(key)
        try:
            message = (key, "ok", await function(argument))
        except asyncio.CancelledError:
            message = (key, "error", ("cancelled", ""))
        except BaseException as error:  # everything the call does is the host's to report
            message = (key, "error", (f"{type(error).__name__}: {error}", traceback.format_exc()))
        finally:
            tasks.pop(key, None)
        try:
            conn.send(message)
        except BaseException:  # e.g. MemoryError while pickling: report that instead
            conn.send((key, "error", ("could not send the result", traceback.format_exc())))

    def receive() -> None:
        try:
            key, kind, value = conn.recv()
        except EOFError:  # the worker is gone
            loop.stop()
            return
        if kind == "call":
            argument, limit_ns = value
            tasks[key] = loop.create_task(_Stamped(run(key, argument), key, limit_ns, stamp))
        elif key in tasks:  # "cancel"
            tasks[key].cancel()

    loop.add_reader(conn.fileno(), receive)
    loop.run_forever()


class _Child:
    """One child process of a host and the calls it runs; its reader thread hands each answer
    to its call and watches the running step."""

    def __init__(self, host: Host) -> None:
        self._context = multiprocessing.get_context(host.start_method)
        self.conn, self._theirs = self._context.Pipe(duplex=True)
        self.stamp: Any = RawArray("q", 3)
        # daemon: when the worker's interpreter exits, it stops the child instead of waiting.
        self.process: Any = self._context.Process(
            target=_serve, args=(host.function, self._theirs, host.memory_mb, self.stamp),
            daemon=True,
        )  # fmt: skip
        self.started = False
        self.waiting: dict[int, queue.SimpleQueue[tuple[str, Any]]] = {}
        """The calls in flight, each with what its thread waits on."""
        self.calls = 0
        """Calls it took (retired at the host's ``max_calls``)."""
        self.dead = False
        self.retired = False
        """Set when it should take no more calls (a call of it failed or was stopped)."""
        self.culprit = 0
        """The call whose step the child was killed for."""
        self._host = host
        self._sending = threading.Lock()

    def start(self) -> None:
        """Start the process and its reader (not under the host's lock: the calls that
        joined it meanwhile have their messages waiting in the pipe). What fails is raised,
        and given to the calls that joined it."""
        try:
            self.process.start()
        except BaseException as error:
            with self._host._lock:
                self.dead = True
                for answers in self.waiting.values():
                    answers.put(("unstarted", error))
                self._host._end(self)
            raise
        finally:
            self._theirs.close()
        with self._host._lock:
            self.started = True
        threading.Thread(target=self._read, daemon=True).start()

    @property
    def open(self) -> bool:
        """Does it take more calls?"""
        return not (self.dead or self.retired) and self.calls < self._host.max_calls

    def send(self, message: tuple[int, str, Any]) -> None:
        """Send ``message`` to the child; a child that died is found by the reader. Never
        under the host's lock: a send may wait for the child to read, the child for the
        reader, and the reader for that lock."""
        with self._sending, contextlib.suppress(OSError):
            if not self.conn.closed:
                self.conn.send(message)

    def kill(self, culprit: int = 0) -> None:
        """Kill the process (under the host's lock), for call ``culprit``'s step if given."""
        self.culprit = self.culprit or culprit
        if self.started and self.process.is_alive():
            self.process.kill()

    def stop(self) -> None:
        """Kill the process and wait for it (under the host's lock)."""
        if self.started:
            self.kill()
            self.process.join()

    def _read(self) -> None:
        """Hand each answer to its call; kill the child when its running step overruns; when
        the child dies, tell every call in flight how."""
        stamp, lock = self.stamp, self._host._lock
        while True:
            try:
                if not self.conn.poll(WATCH_SECONDS):
                    key = stamp[_KEY]
                    if key and time.monotonic_ns() - stamp[_BEGAN] > stamp[_LIMIT]:
                        with lock:
                            self.kill(key)
                    continue
                key, kind, value = self.conn.recv()
            except (EOFError, OSError):
                break
            with lock:
                answers = self.waiting.get(key)
                if kind == "retire":
                    self.retired = True
                    continue
            if answers is not None:  # else the call gave up (its thread raised)
                answers.put((kind, value))
        self.process.join(5)
        exitcode = self.process.exitcode
        with self._sending:
            self.conn.close()
        with lock:
            self.dead = True
            for key, answers in self.waiting.items():
                if key == self.culprit:
                    limit = stamp[_LIMIT] / 1e9
                    how = f"a step ran past its limit of {limit:g} s: the match process was killed"
                    answers.put(("died", (how, None)))
                elif self.culprit:
                    how = "the match process was killed: another match's step ran past its limit"
                    answers.put(("died", (how, exitcode)))
                else:
                    answers.put(("died", (death(exitcode), exitcode)))
            self._host._end(self)


class Host:
    """Runs ``function(argument)`` (a coroutine function) in child processes, up to
    ``capacity`` calls at once in each, for any thread; a child takes ``max_calls`` calls,
    then a fresh one takes the next (the old one ends with its last call). With
    ``forkserver`` (the default), ``function`` must be importable by name; with ``fork``, the
    thread that makes a call may start a child, which dies with that thread.

    >>> import asyncio
    >>> async def negate(x):
    ...     await asyncio.sleep(0)
    ...     return -x
    >>> host = Host(negate, memory_mb=256, capacity=2, start_method="fork")
    >>> host.call(42, wall_seconds=10, step_seconds=5)
    -42
    >>> host.close()
    """

    def __init__(
        self,
        function: Callable[[Any], Awaitable[Any]],
        *,
        memory_mb: int,
        capacity: int,
        max_calls: int = 500,
        start_method: str = "forkserver",
    ) -> None:
        self.function = function
        self.memory_mb = memory_mb
        self.capacity = capacity
        self.max_calls = max_calls
        self.start_method = start_method
        self._lock = threading.Lock()
        self._keys = itertools.count(1)
        self._children: list[_Child] = []
        """Every child not yet stopped."""

    @property
    def pids(self) -> list[int]:
        """The process ids of its children."""
        with self._lock:
            return [child.process.pid for child in self._children if child.started]

    def _child(self) -> tuple[_Child, bool]:
        """The child to take the next call, a new one (to start) if none has room (under the
        lock); whether it is new."""
        for child in self._children:
            if child.open and len(child.waiting) < self.capacity:
                return child, False
        child = _Child(self)
        self._children.append(child)
        return child, True

    def _end(self, child: _Child) -> None:
        """Stop ``child`` if no call runs there and it takes no more (under the lock)."""
        if not child.waiting and not child.open and child in self._children:
            child.stop()
            self._children.remove(child)

    def close(self) -> None:
        """Stop every child (their calls in flight fail; the next call starts a new one)."""
        with self._lock:
            for child in self._children:
                child.stop()
            self._children.clear()

    def call(
        self,
        argument: Any,
        *,
        wall_seconds: float,
        step_seconds: float,
        heartbeat: Callable[[], None] = lambda: None,
        heartbeat_every: float = 10.0,
        on_note: Callable[[Any], None] = lambda value: None,
    ) -> Any:
        """``await function(argument)`` computed in a child; failures raise SandboxError.

        A step of the call longer than ``step_seconds`` kills its child. ``heartbeat`` runs
        every ``heartbeat_every`` seconds while waiting; if it raises, the call is stopped and
        the exception propagates. ``on_note`` gets each value the call sends with
        :func:`note`, as it comes.
        """
        answers: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        with self._lock:
            child, new = self._child()
            key = next(self._keys)
            child.waiting[key] = answers
            child.calls += 1
        try:
            if new:
                child.start()
        except BaseException:
            with self._lock:
                del child.waiting[key]
                self._end(child)
            raise
        child.send((key, "call", (argument, int(step_seconds * 1e9))))
        deadline = time.monotonic() + wall_seconds
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    self._stop(child, key)
                    raise SandboxError(f"exceeded the wall-clock limit of {wall_seconds:g} s")
                try:
                    kind, value = answers.get(timeout=min(heartbeat_every, left))
                except queue.Empty:
                    try:
                        heartbeat()
                    except BaseException:
                        self._stop(child, key)
                        raise
                    continue
                if kind == "note":
                    on_note(value)
                elif kind == "ok":
                    return value
                elif kind == "error":
                    raise SandboxError(*value)
                elif kind == "unstarted":  # the child this call joined could not start
                    raise value
                else:  # "died": (how, exitcode)
                    raise SandboxError(value[0], exitcode=value[1])
        finally:
            with self._lock:
                del child.waiting[key]
                self._end(child)

    def _stop(self, child: _Child, key: int) -> None:
        """Stop call ``key``: kill its child if the call's step is the one running (it may
        never return), else cancel the call's task; the child takes no more calls."""
        with self._lock:
            child.retired = True
            if child.stamp[_KEY] == key:
                child.kill(key)
                return
        child.send((key, "cancel", None))
