"""A running match's live feed: the frames spectators follow while it is played.

**Writing.** The worker playing a match writes its feed with a :class:`Writer` (house bots:
synchronously, in the sandbox child, which never touches the database) or an
:class:`AsyncWriter` (remote bots: on the worker's event loop, which never waits for the
writes). A feed is a first frame with the set-up, then at most one frame every
``FRAME_SECONDS`` with whatever happened since the last (:class:`engines.spectate.Feed`: the
public events in words and the board's changed places; never a seed, an action or a private
event), then a final entry: ``{"status": "finished", "result": ...}`` (``result_plain``), or
``{"status": "error", "result": null}`` when the match failed. A match played again (its
worker died) starts its feed anew under a new **epoch**, a random token, so that readers notice.
Writing never fails a match: an error is logged and the feed stops there (readers then go by
the match's status).

**Attempts.** Each writer writes for one attempt of its match (:mod:`.fence`): once a newer
attempt has written the match's feed, an older one's writes are refused and its feed stops,
so a worker that lost its match never writes over the newer attempt's feed.

**Storage**, the same entries in one of two stores, kept ``KEEP_SECONDS`` after the last write
(as the spectator stream, :mod:`.broadcast`):

- Redis, when configured (:func:`conquest.relay.presence.enabled`): ``arena:match:<id>:live``
  holds the current epoch, the stream ``arena:match:<id>:live:<epoch>`` its entries (stream ids
  ``0-<n+1>``), each batch written by one fenced script (atomic; a retried one writes nothing
  twice);
- else files (the embedded default): ``<ARENA_HOME>/live/<id>.jsonl``, a line with the epoch
  and the attempt, then one JSON line per entry, each batch appended by one ``write``. A new
  epoch's file replaces the old by a rename, under a lock (``live/.lock``), unless the file
  in place is a newer attempt's (then the writer is stale); a writer that lost its match
  writes on to its own, unlinked file. Each writer's start removes the stale files.

**Reading.** :func:`follow` yields what the web's server-sent events send
(``conquest.web.live``): each frame with its id ``<epoch>.<n>``, ``reset`` when the feed
started anew, ``end``, and a keep-alive when nothing happened for a while.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from django.conf import settings
from redis.commands.core import AsyncScript, Script

from conquest.relay import pipelined
from conquest.relay.broadcast import KEEP_SECONDS, Broadcast
from conquest.relay.fence import APPEND, FEED, FENCE, Stale, fence_key
from conquest.relay.presence import async_redis_client, enabled, redis_client
from engines.core import Event, Match, Result
from engines.spectate import Feed, result_plain

logger = logging.getLogger(__name__)

FRAME_SECONDS = 0.25
"""A feed gets at most one frame this often (with whatever happened since the last)."""
POLL_SECONDS = 0.25
"""How often a reader looks for new entries."""
STATUS_SECONDS = 2.0
"""How often a reader with nothing new asks whether the match has ended."""
KEEPALIVE_SECONDS = 15.0
"""A reader with nothing to send for this long sends a keep-alive."""
CONNECTION_SECONDS = 300.0
"""How long one reader follows a feed (a browser's EventSource then reconnects)."""
BATCH = 1000
"""The most entries one read returns."""
_SWEEP_SECONDS = 60.0
_LOCK = ".lock"
"""The file whose lock a writer holds while it puts its feed's file in place."""
# KEYS: the fence, the pointer, the epoch's stream. ARGV: the attempt, KEEP_SECONDS, then the
# batch (``fence.FEED``): the epoch, whether it starts the epoch, and the entries.
_WRITE = FENCE + APPEND + FEED + "feed(KEYS[2], KEYS[3], 3) return 1"


@dataclass(frozen=True)
class Entry:
    """One entry of a feed: a frame or the final entry (``kind`` ``"frame"`` or ``"end"``),
    numbered from 0 in its epoch."""

    epoch: str
    n: int
    kind: str
    data: dict[str, Any]

    @property
    def id(self) -> str:
        """The entry's id for a reader: ``<epoch>.<n>``."""
        return f"{self.epoch}.{self.n}"


def dumps(data: Any) -> bytes:
    """``data`` (str keys, JSON's types) as compact UTF-8 JSON: a live feed's entries, and
    the other spectator messages. orjson: a third to a quarter of the standard library's time
    on a frame (docs/benchmarks.md, "Issue 19 (session 14)")."""
    return orjson.dumps(data)


# ------------------------------------------------------------------------------ storage


def _pointer_key(match_id: int) -> str:
    """The Redis key holding match ``match_id``'s current epoch."""
    return f"arena:match:{match_id}:live"


def _stream_key(match_id: int, epoch: str) -> str:
    """The Redis stream of one epoch of match ``match_id``'s feed."""
    return f"arena:match:{match_id}:live:{epoch}"


def live_folder() -> Path:
    """The folder of the feeds kept as files (no Redis)."""
    return settings.ARENA.home / "live"


class _RedisSink:
    """Writes one epoch of a match's feed to Redis, for one attempt of the match."""

    def __init__(self, match_id: int, epoch: str, attempt: int) -> None:
        self.match_id = match_id
        self.keys = [fence_key(match_id), _pointer_key(match_id), _stream_key(match_id, epoch)]
        self.epoch = epoch
        self.attempt = attempt
        self._script: Script | None = None
        self._async_script: AsyncScript | None = None

    def batch(self, entries: Sequence[Entry]) -> list[Any]:
        """The script's arguments for ``entries`` after the attempt's (``fence.FEED``)."""
        # The first entry (n=0) makes this epoch the feed's.
        args = [self.epoch, int(entries[0].n == 0)]
        for entry in entries:
            args.extend([entry.n + 1, "kind", entry.kind, "data", dumps(entry.data)])
        return args

    def _args(self, entries: Sequence[Entry]) -> list[Any]:
        return [self.attempt, KEEP_SECONDS, *self.batch(entries)]

    def _check(self, written: Any) -> None:
        if not written:
            raise Stale(f"match {self.match_id}: a newer attempt than {self.attempt} writes")

    def write(self, entries: Sequence[Entry]) -> None:
        """Append ``entries``; Stale when a newer attempt has written the feed."""
        if self._script is None:
            # EVALSHA: the script's text goes to Redis once, not with every write.
            self._script = redis_client().register_script(_WRITE)
        self._check(self._script(keys=self.keys, args=self._args(entries)))

    async def write_async(self, entries: Sequence[Entry]) -> None:
        """:meth:`write` on the running event loop."""
        client = async_redis_client()
        if self._async_script is None:
            self._async_script = client.register_script(_WRITE)
        args = self._args(entries)
        self._check(await pipelined.run(client, self._async_script, self.keys, args))

    def close(self) -> None:
        """Nothing to release."""


class _FileSink:
    """Writes one epoch of a match's feed to its file, for one attempt of the match."""

    def __init__(self, match_id: int, epoch: str, attempt: int) -> None:
        self.folder = live_folder()
        self.path = self.folder / f"{match_id}.jsonl"
        self.epoch = epoch
        self.attempt = attempt
        self._fd: int | None = None

    def write(self, entries: Sequence[Entry]) -> None:
        """Append ``entries``; the first write puts a new file in place of the old one, or
        raises Stale when the file in place is a newer attempt's."""
        data = b"".join(dumps({"n": e.n, "kind": e.kind, "data": e.data}) + b"\n" for e in entries)
        if self._fd is not None:
            if os.write(self._fd, data) != len(data):
                raise OSError(f"{self.path}: short write (disk full?)")
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        _sweep(self.folder)
        header = dumps({"epoch": self.epoch, "attempt": self.attempt}) + b"\n"
        temporary = self.path.with_name(f"{self.path.stem}.{self.epoch}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        try:
            os.write(fd, header + data)
            with _locked(self.folder):
                newest = _attempt_in_place(self.path)
                if newest > self.attempt:
                    raise Stale(f"{self.path}: a newer attempt ({newest}) writes this feed")
                os.replace(temporary, self.path)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            raise
        self._fd = fd

    async def write_async(self, entries: Sequence[Entry]) -> None:
        """:meth:`write` in a thread: the event loop does not wait for the disk."""
        await asyncio.to_thread(self.write, entries)

    def close(self) -> None:
        """Close the file (it stays, for readers)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the feeds' lock of ``folder`` (one writer at a time puts its file in place)."""
    with open(folder / _LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _attempt_in_place(path: Path) -> int:
    """The attempt of the feed's file in place (0: none, or a file of before attempts)."""
    try:
        with path.open("rb") as f:
            return int(json.loads(f.readline()).get("attempt", 0))
    except (FileNotFoundError, ValueError):
        return 0


_swept = 0.0


def _sweep(folder: Path) -> None:
    """Remove the feeds (and unfinished temporary files) not written for ``KEEP_SECONDS``; at
    most once a minute per process."""
    global _swept  # noqa: PLW0603 - one sweep clock per process
    now = time.time()
    if now - _swept < _SWEEP_SECONDS:
        return
    _swept = now
    for path in folder.iterdir():
        if path.name == _LOCK:
            continue
        with contextlib.suppress(FileNotFoundError):
            if now - path.stat().st_mtime > KEEP_SECONDS:
                path.unlink()


def _sink(match_id: int, epoch: str, attempt: int) -> _RedisSink | _FileSink:
    if enabled():
        return _RedisSink(match_id, epoch, attempt)
    return _FileSink(match_id, epoch, attempt)


class _RedisReader:
    """Reads a match's feed from Redis."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id

    def read(self, epoch: str, after: int) -> tuple[str | None, list[Entry]]:
        """The feed's epoch now (None: no feed) and its entries after number ``after`` of
        ``epoch``, or from the first when the feed's epoch is another."""
        client = redis_client()
        with client.pipeline(transaction=False) as pipe:
            pipe.get(_pointer_key(self.match_id))
            if epoch:
                pipe.xrange(_stream_key(self.match_id, epoch), f"0-{after + 2}", count=BATCH)
            found = pipe.execute()
        if found[0] is None:
            return None, []
        current = found[0].decode()
        if current != epoch:
            found = [None, client.xrange(_stream_key(self.match_id, current), "0-1", count=BATCH)]
        return current, [
            Entry(
                current,
                int(entry_id.split(b"-")[1]) - 1,
                fields[b"kind"].decode(),
                json.loads(fields[b"data"]),
            )
            for entry_id, fields in found[1]
        ]


class _FileReader:
    """Reads a match's feed from its file, remembering where it stopped."""

    def __init__(self, match_id: int) -> None:
        self.path = live_folder() / f"{match_id}.jsonl"
        self._epoch = ""
        self._offset = 0  # after the last whole line read, in the file of ``_epoch``
        self._n = -1  # the number of the entry that ends there

    def read(self, epoch: str, after: int) -> tuple[str | None, list[Entry]]:
        """As :meth:`_RedisReader.read`."""
        try:
            f = self.path.open("rb")
        except FileNotFoundError:
            return None, []
        with f:
            if time.time() - os.fstat(f.fileno()).st_mtime > KEEP_SECONDS:
                return None, []  # stale: as good as removed
            header = f.readline()
            current = json.loads(header)["epoch"]
            if current != epoch:
                after = -1
            if current != self._epoch or after < self._n:
                self._epoch, self._offset, self._n = current, len(header), -1
            f.seek(self._offset)
            data = f.read()
        # Only whole lines: a line being written is read at the next call.
        entries: list[Entry] = []
        for line in data[: data.rfind(b"\n") + 1].splitlines(keepends=True):
            plain = json.loads(line)
            self._offset += len(line)
            self._n = plain["n"]
            if plain["n"] > after:
                entries.append(Entry(current, plain["n"], plain["kind"], plain["data"]))
                if len(entries) == BATCH:
                    break
        return current, entries


def _reader(match_id: int) -> _RedisReader | _FileReader:
    return _RedisReader(match_id) if enabled() else _FileReader(match_id)


# ------------------------------------------------------------------------------ writing


class Writer:
    """Writes one match's live feed, synchronously (the sandbox child): :meth:`start` with the
    match, :meth:`events` after each action, :meth:`end` once (see the module's docstring).
    Its writes are those of the match's ``attempt``."""

    def __init__(self, match_id: int, names: Sequence[str], *, attempt: int) -> None:
        self.match_id = match_id
        self.names = list(names)
        self.attempt = attempt
        self.epoch = secrets.token_hex(6)
        self.sink = _sink(match_id, self.epoch, attempt)
        self._feed: Feed | None = None
        self._events: list[Event] = []  # since the last frame, described when it is made
        self._n = 0  # the next entry's number
        self._due = 0.0  # when the next frame may be written (time.monotonic)
        self._stopped = False  # ended, or an error stopped the feed

    def start(self, match: Match) -> None:
        """Follow ``match``, just created; its set-up events come next, in the first frame."""
        self._feed = Feed(match, self.names)

    def events(self, events: Sequence[Event]) -> None:
        """Note ``events``; write a frame of what happened since the last one when
        ``FRAME_SECONDS`` have passed since it."""
        if self._feed is None or self._stopped:
            return
        self._events.extend(events)
        if time.monotonic() >= self._due:
            self._frame()

    def _frame(self) -> None:
        """Write a frame of the events noted since the last, if it shows anything."""
        try:
            frame = self._next_frame()
            self._due = time.monotonic() + FRAME_SECONDS
            if frame is not None:
                self._write([self._entry("frame", frame)])
        except Exception as error:
            self._fail(error)

    def _next_frame(self) -> dict[str, Any] | None:
        assert self._feed is not None
        self._feed.add(self._events)
        self._events = []
        return self._feed.frame()

    def end(self, result: Result | None, *, final: bool = True) -> None:
        """The last frame and the final entry: ``result``, or with None, that the match
        failed; with ``final`` False, neither (the match is another worker's now). The feed
        stops here."""
        if not self._stopped and final:
            try:
                entries = []
                frame = self._next_frame() if self._feed is not None and self._events else None
                if frame is not None:
                    entries.append(self._entry("frame", frame))
                status = "finished" if result is not None else "error"
                ended = {"status": status, "result": result_plain(result, self.names)}
                entries.append(self._entry("end", ended))
                self._write(entries)
            except Exception as error:
                self._fail(error)
        self._stopped = True
        self._close()

    def _entry(self, kind: str, data: dict[str, Any]) -> Entry:
        entry = Entry(self.epoch, self._n, kind, data)
        self._n += 1
        return entry

    def _write(self, entries: list[Entry]) -> None:
        self.sink.write(entries)

    def _close(self) -> None:
        try:
            self.sink.close()
        except Exception as error:
            self._fail(error)

    def _fail(self, error: Exception) -> None:
        """Stop the feed after ``error``, logged: the match goes on without it."""
        self._stopped = True
        if isinstance(error, Stale):
            logger.info("match %s: live feed stopped: %s", self.match_id, error)
        else:
            logger.error("match %s: live feed stopped", self.match_id, exc_info=error)


class AsyncWriter(Writer):
    """:class:`Writer` on the running event loop (remote matches): writes go to a task of the
    loop, which never waits for them, and a frame left pending while the match waits for a bot
    is written ``FRAME_SECONDS`` after the last. End with :meth:`aend`.

    Given the match's spectator stream (``carrier``), a feed kept in Redis has its writes
    carried by the stream's (:meth:`.Broadcast.carry`): a frame made as a decision's events
    come goes to Redis in the same script call as the events, one round trip for both. Once
    a write of the stream has failed, the feed writes on its own."""

    def __init__(
        self,
        match_id: int,
        names: Sequence[str],
        *,
        attempt: int,
        carrier: Broadcast | None = None,
    ) -> None:
        super().__init__(match_id, names, attempt=attempt)
        self._queued: list[Entry] = []
        self._task: asyncio.Task | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._carrier = carrier if isinstance(self.sink, _RedisSink) else None
        self._fed: asyncio.Future[None] | None = None  # the carried batch last queued
        if self._carrier is not None:
            self._carrier.carry(*self.sink.keys[1:])

    def events(self, events: Sequence[Event]) -> None:
        """As :meth:`Writer.events`; a frame left pending is written at its time."""
        super().events(events)
        if self._events and not self._stopped and self._timer is None:
            delay = max(0.0, self._due - time.monotonic())
            self._timer = asyncio.get_running_loop().call_later(delay, self._on_time)

    def _on_time(self) -> None:
        self._timer = None
        if self._events and not self._stopped:
            self._frame()

    def _write(self, entries: list[Entry]) -> None:
        if self._carrier is not None:
            assert isinstance(self.sink, _RedisSink)
            fed = self._carrier.feed(self.sink.batch(entries))
            if fed is not None:
                if fed is not self._fed:  # else the entries joined the batch awaited
                    self._fed = fed
                    self._task = asyncio.get_running_loop().create_task(self._carried(fed))
                return
            self._carrier = None
        self._queued.extend(entries)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain())

    async def _carried(self, fed: asyncio.Future[None]) -> None:
        try:
            await fed
        except Exception as error:
            if not self._stopped:
                self._fail(error)

    async def _drain(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                await self.sink.write_async(batch)
            except Exception as error:
                self._fail(error)
                self._queued = []

    def _close(self) -> None:
        """Closed by :meth:`aend`, once the writes are done."""

    async def aend(self, result: Result | None, *, final: bool = True) -> None:
        """:meth:`Writer.end`, returning once everything is written."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.end(result, final=final)
        if self._task is not None:
            await self._task
        super()._close()


# ------------------------------------------------------------------------------ reading


@dataclass(frozen=True)
class Message:
    """What :func:`follow` yields: a ``frame`` (its id and data), ``reset`` (the feed started
    anew: forget what it showed), ``end`` (``{"status", "result"}``) or ``keepalive``."""

    kind: str
    data: dict[str, Any] | None = None
    id: str = ""


def parse_id(last_id: str) -> tuple[str, int]:
    """The epoch and number of an entry's id (``<epoch>.<n>``); ``("", -1)`` for anything else.

    >>> parse_id("9f3a.12"), parse_id(""), parse_id("junk")
    (('9f3a', 12), ('', -1), ('', -1))
    """
    epoch, _, n = last_id.rpartition(".")
    if not epoch or not n.isdigit():
        return "", -1
    return epoch, int(n)


def follow(
    match_id: int,
    last_id: str = "",
    *,
    ended: Callable[[], str | None],
    seconds: float = CONNECTION_SECONDS,
    keepalive: float = KEEPALIVE_SECONDS,
    poll: float = POLL_SECONDS,
) -> Iterator[Message]:
    """Match ``match_id``'s feed after the entry ``last_id`` (all of it without one), as it is
    written, for ``seconds`` at most. ``ended()`` is the match's status once it has ended
    (else None): with no feed or nothing new, an ended match ends the messages.

    A ``last_id`` of another epoch than the feed's gives ``reset`` then the feed from its first
    frame; so does a change of epoch while following.
    """
    epoch, after = parse_id(last_id)
    reader = _reader(match_id)
    began = quiet = check = time.monotonic()
    status: str | None = None
    while True:
        current, entries = reader.read(epoch, after)
        if current is not None and current != epoch:
            if epoch:
                yield Message("reset")
            epoch, after = current, -1
        for entry in entries:
            if entry.kind == "end":
                yield Message("end", entry.data)
                return
            yield Message("frame", entry.data, entry.id)
            after = entry.n
        if status is not None:  # it has ended, and its feed has no more
            yield Message("end", {"status": status, "result": None})
            return
        now = time.monotonic()
        if entries:
            quiet = now
            if len(entries) == BATCH:
                continue
        elif now >= check:
            check = now + STATUS_SECONDS
            status = ended()
            if status is not None:
                continue  # read once more: the final entry is written before the status
        if now - began >= seconds:
            return
        if now - quiet >= keepalive:
            quiet = now
            yield Message("keepalive")
        time.sleep(poll)
