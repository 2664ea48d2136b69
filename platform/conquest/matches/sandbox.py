"""Runs a function in a forked child process with a memory ceiling and a wall-clock limit.

An engine that raises, loops or eats memory then fails only its own match: the worker process
gets a :class:`SandboxError` carrying the child's traceback (or how it died), never the damage.
Linux: the child dies with its parent (``PR_SET_PDEATHSIG``), so a killed worker leaves no
orphan match running.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import resource
import signal
import time
import traceback
from collections.abc import Callable
from typing import Any


class SandboxError(Exception):
    """The sandboxed function failed; ``detail`` is its traceback or how the child died."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


def _die_with_parent() -> None:
    # Not glibc: the parent's wall-clock limit still bounds the child.
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def _child(target: Callable[[], Any], conn, memory_mb: int) -> None:
    _die_with_parent()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if memory_mb:
        limit = _address_space() + memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        value = target()
        message = ("ok", value)
    except BaseException as error:  # everything the function does is the sandbox's to report
        message = ("error", (f"{type(error).__name__}: {error}", traceback.format_exc()))
    try:
        conn.send(message)
    except BaseException:  # e.g. MemoryError while pickling: report that instead
        conn.send(("error", ("could not send the result", traceback.format_exc())))
    conn.close()


def run_isolated(
    target: Callable[[], Any],
    *,
    wall_seconds: float,
    memory_mb: int,
    heartbeat: Callable[[], None] = lambda: None,
    heartbeat_every: float = 10.0,
) -> Any:
    """``target()``'s return value, computed in a child process; failures raise SandboxError.

    >>> run_isolated(lambda: 6 * 7, wall_seconds=10, memory_mb=256)
    42
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(target, sender, memory_mb), daemon=False)
    child.start()
    sender.close()
    deadline = time.monotonic() + wall_seconds
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SandboxError(f"exceeded the wall-clock limit of {wall_seconds:g} s")
            if receiver.poll(min(heartbeat_every, left)):
                try:
                    status, value = receiver.recv()
                except EOFError:
                    child.join(5)
                    raise SandboxError(_death(child.exitcode)) from None
                if status == "ok":
                    return value
                raise SandboxError(*value)
            heartbeat()
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()


def _death(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return f"the match process was killed by {signal.Signals(-exitcode).name}"
    return f"the match process ended without a result (exit code {exitcode})"
