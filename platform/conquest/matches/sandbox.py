"""A long-lived child process that plays matches for a worker, walled off from it.

An engine that raises, loops or eats memory then fails only its own match: the worker process
gets a :class:`SandboxError` carrying the child's traceback (or how it died), never the damage,
and the next match gets a fresh child. The child lives across matches so that the engines'
caches stay warm; it is replaced after an error and after ``max_calls`` calls. Linux: the
child dies with its parent (``PR_SET_PDEATHSIG``), so a killed worker leaves no orphan playing.

The child is forked from the worker (``fork``: the house matches' sandbox, one per ``--pool
solo`` process), or from a clean server process started for it (``forkserver``: the remote
matches' children, ``host.py``, in a ``--pool threads`` process, which has threads and
connections that a fork would copy in an unknown state).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import resource
import signal
import time
import traceback
from collections.abc import Callable
from typing import Any


class SandboxError(Exception):
    """The sandboxed call failed; ``detail`` is its traceback or how the child died.
    ``exitcode``: the child's exit code when it died during the call (negative: the signal
    that killed it), else None."""

    def __init__(self, message: str, detail: str = "", *, exitcode: int | None = None) -> None:
        super().__init__(message)
        self.detail = detail
        self.exitcode = exitcode


def die_with_parent() -> None:
    """Have the kernel kill this process when its parent dies (Linux; elsewhere, nothing)."""
    # Not glibc: the parent's wall-clock limit still bounds the child.
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def enter_child(memory_mb: int) -> None:
    """Make this new child process a walled-off one: it dies with its parent, leaves the
    parent's process group, takes the default action on SIGTERM and SIGINT, and may take
    ``memory_mb`` of address space beyond what it has (0: no limit)."""
    die_with_parent()
    # What the child inherited stays as it is: the collector need not walk (and copy) it.
    gc.freeze()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Out of the worker's process group: a stop sent to the group (Ctrl-C in a terminal,
    # kill -TERM -<pgid>) must not kill the match a warm shutdown is finishing. The worker
    # stops this child itself, or dies and PR_SET_PDEATHSIG kills it.
    os.setpgid(0, 0)
    if memory_mb:
        limit = _address_space() + memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _serve(function: Callable[[Any], Any], conn, memory_mb: int) -> None:
    """The child: answer each argument received with ("ok", value) or ("error", ...)."""
    enter_child(memory_mb)
    while True:
        try:
            argument = conn.recv()
        except EOFError:
            return
        try:
            message = ("ok", function(argument))
        except BaseException as error:  # everything the call does is the sandbox's to report
            message = ("error", (f"{type(error).__name__}: {error}", traceback.format_exc()))
        try:
            conn.send(message)
        except BaseException:  # e.g. MemoryError while pickling: report that instead
            conn.send(("error", ("could not send the result", traceback.format_exc())))


class Sandbox:
    """Calls ``function(argument)`` in a child process, one call at a time.

    >>> sandbox = Sandbox(abs, memory_mb=256)
    >>> sandbox.call(-42, wall_seconds=10)
    42
    >>> sandbox.close()
    """

    def __init__(
        self,
        function: Callable[[Any], Any],
        *,
        memory_mb: int,
        max_calls: int = 500,
        start_method: str = "fork",
    ) -> None:
        self.function = function
        self.memory_mb = memory_mb
        self.max_calls = max_calls
        self.start_method = start_method
        """``fork`` or ``forkserver`` (``multiprocessing``'s start methods; see the module's
        docstring). With ``forkserver``, ``function`` must be importable by name."""
        self._child = None
        self._conn = None
        self._calls = 0

    def start(self) -> None:
        """Start the child unless it runs (a call does it too); what fails propagates."""
        if self._child is None or not self._child.is_alive():
            self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context(self.start_method)
        self._conn, theirs = context.Pipe(duplex=True)
        # daemon: when the worker's interpreter exits, it stops the child instead of waiting.
        self._child = context.Process(
            target=_serve, args=(self.function, theirs, self.memory_mb), daemon=True
        )
        self._child.start()
        theirs.close()
        self._calls = 0

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs (another thread may ask)."""
        child = self._child
        return child.pid if child is not None and child.is_alive() else None

    def close(self) -> None:
        """Stop the child (the next call starts a new one)."""
        if self._child is not None:
            if self._child.is_alive():
                self._child.kill()
            self._child.join()
            self._conn.close()
        self._child = self._conn = None

    def call(
        self,
        argument: Any,
        *,
        wall_seconds: float,
        heartbeat: Callable[[], None] = lambda: None,
        heartbeat_every: float = 10.0,
    ) -> Any:
        """``function(argument)`` computed in the child; failures raise SandboxError.

        ``heartbeat`` runs every ``heartbeat_every`` seconds while waiting; if it raises, the
        call is abandoned (the child is stopped) and the exception propagates.
        """
        self.start()
        self._conn.send(argument)
        deadline = time.monotonic() + wall_seconds
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SandboxError(f"exceeded the wall-clock limit of {wall_seconds:g} s")
                if self._conn.poll(min(heartbeat_every, left)):
                    try:
                        status, value = self._conn.recv()
                    except EOFError:
                        self._child.join(5)
                        exitcode = self._child.exitcode
                        raise SandboxError(death(exitcode), exitcode=exitcode) from None
                    if status == "ok":
                        break
                    raise SandboxError(*value)
                heartbeat()
        except BaseException:
            self.close()
            raise
        self._calls += 1
        if self._calls >= self.max_calls:
            self.close()
        return value


def death(exitcode: int | None) -> str:
    """How a match process that ended with ``exitcode`` died."""
    if exitcode is not None and exitcode < 0:
        return f"the match process was killed by {signal.Signals(-exitcode).name}"
    return f"the match process ended without a result (exit code {exitcode})"
