"""What the forkserver of remote matches loads once for all the children it forks.

``remote_sandbox.start_forkserver`` names this module in ``set_forkserver_preload``: the
forkserver (a fresh interpreter started by the worker, ``multiprocessing.forkserver``)
imports it before it forks any child. Imported there, and only there, it:

- makes the forkserver die with the worker (``PR_SET_PDEATHSIG``; its children die with it
  in turn, ``sandbox.py``): a killed worker leaves no process behind;
- makes it ignore SIGTERM: a warm shutdown's SIGTERM sent to the worker's process group must
  not end the matches the worker is finishing (the children, each in a process group of its
  own, are stopped by the worker). The worker waits for this before it takes matches
  (``remote_sandbox``, at ``worker_init``);
- limits malloc to ``MALLOC_ARENAS`` arenas (glibc), for it and its children: a child's gRPC
  and Redis threads would otherwise each reserve an arena of 64 MiB of address space, which
  counts against the child's memory limit (``RLIMIT_AS``) though it is hardly used;
- sets Django up (the settings, the logging, the apps; the children never open a database
  connection) and imports what the children run, warming the engines' caches (the games,
  their wire codecs, the house players), so that a child starts in milliseconds and shares
  these pages with the others.

Imported anywhere else (a worker, a test run collecting doctests) it does nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import inspect
import multiprocessing.forkserver
import os
import signal

import django

from bots.protocol.wire import codec
from conquest.matches import remote_sandbox, sandbox  # noqa: F401 - what the children run
from engines.players import player_class, player_names
from engines.registry import games

MALLOC_ARENAS = 2
"""glibc malloc arenas in the forkserver and its children (``M_ARENA_MAX``)."""
_M_ARENA_MAX = -8


def _imported_by_the_forkserver() -> bool:
    """Is this import the forkserver's preloading (``multiprocessing.forkserver.main``)?"""
    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code is multiprocessing.forkserver.main.__code__:
            return True
        frame = frame.f_back
    return False


def _prepare() -> None:
    sandbox.die_with_parent()
    if os.getppid() == 1:  # the worker died before that: nobody to serve
        os._exit(0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # not glibc: the arenas stay as they are
        ctypes.CDLL("libc.so.6").mallopt(_M_ARENA_MAX, MALLOC_ARENAS)
    django.setup()
    for game in games():
        codec(game.name)
    for name in player_names():
        player_class(name)
    gc.collect()
    gc.freeze()  # the children's collectors need not walk (and copy) these objects


if _imported_by_the_forkserver():
    _prepare()
