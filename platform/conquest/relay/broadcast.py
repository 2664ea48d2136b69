"""A running match's spectator stream: its public events in Redis, written by the worker.

The worker running a match with a remote seat writes each event as a spectator may see it
(private facts redacted: ``GameCodec.encode_events(events, seat=None)``) to the match's Redis
stream ``arena:match:<id>:events`` from a task of its event loop, so that the match does not
wait for Redis, then a final entry with the result; the stream is kept ``KEEP_SECONDS`` after
that. Event ``seq`` is the stream entry ``0-<seq + 1>``, the final entry the next one. A match
played again (its worker died) starts its stream anew; every write is fenced by the match's
attempt (:mod:`.fence`): once a newer attempt has written, an older one's writes are refused
(:class:`~.fence.Stale`) and its stream stays the newer one's. The gateway's
``SpectatorService.Watch`` follows it (``conquest.gateway.spectators``). The website's live
view reads every match's frames instead (:mod:`.feeds`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import redis.asyncio
from redis.commands.core import AsyncScript

from bots.protocol.wire import codec, encode_result
from conquest.relay import pipelined
from conquest.relay.fence import APPEND, FEED, FENCE, Stale, fence_key
from engines.core import Event, Result

KEEP_SECONDS = 3600
"""How long a finished match's stream stays in Redis."""

# KEYS: the fence, the stream, and when it carries a live feed (``Broadcast.carry``) the
# feed's pointer and epoch's stream. ARGV: the attempt, KEEP_SECONDS, then (start) nothing,
# or (write) whether to end the stream (then the final entry's result, and the stream's
# lifetime is set), the first event's seq, how many events, each event's text, then the
# live feed's batch if any (``fence.FEED``). Event ``seq`` is the entry ``0-<seq + 1>`` with
# the fields ``seq`` and ``event``, skipped when the stream has it already (a write retried
# after a lost reply adds nothing twice); the final entry follows the last event.
_START = FENCE + "redis.call('DEL', KEYS[2]) return 1"
_WRITE = (
    FENCE
    + APPEND
    + FEED
    + """
local first = tonumber(ARGV[5])
local count = tonumber(ARGV[6])
for n = first + 1, first + count do
  add(KEYS[2], '0-' .. n, 'seq', n - 1, 'event', ARGV[6 + n - first])
end
if ARGV[3] == '1' then
  add(KEYS[2], '0-' .. (first + count + 1), 'final', '1', 'result', ARGV[4])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
if #ARGV > 6 + count then feed(KEYS[3], KEYS[4], 7 + count) end
return 1
"""
)


def stream_key(match_id: int) -> str:
    """The Redis key of match ``match_id``'s spectator stream."""
    return f"arena:match:{match_id}:events"


class Broadcast:
    """Writes one running match's public events to its spectator stream, on the running
    event loop: :meth:`events` queues them for a writer task and returns at once. Every
    write is that of ``attempt`` (see the module's docstring). It may carry the match's live
    feed too (:meth:`carry`): what both have queued goes in one script call."""

    def __init__(
        self, client: redis.asyncio.Redis, match_id: int, game: str, *, attempt: int
    ) -> None:
        self.match_id = match_id
        self.attempt = attempt
        self.keys = [fence_key(match_id), stream_key(match_id)]
        self.codec = codec(game)
        self.seq = 0  # of the next event queued
        self.written = 0  # of the next event to write
        self._queued: list[str] = []  # the texts of the events from ``written`` on
        self._feed: list[Any] = []  # the live feed's batch for the next write
        self._fed: asyncio.Future[None] | None = None  # done once that batch is written
        self._failed = False
        self._writer: asyncio.Task | None = None
        self._client = client
        # EVALSHA: a script's text goes to Redis once, not with every write.
        self._start = client.register_script(_START)
        self._write_script = client.register_script(_WRITE)

    async def start(self) -> None:
        """Empty the stream: a match played again starts it again. Stale when a newer
        attempt has written."""
        await self._run(self._start, [])

    def carry(self, pointer: str, stream: str) -> None:
        """Carry the match's live feed, whose keys are ``pointer`` and ``stream``
        (``feeds.AsyncWriter``): its batches (:meth:`feed`) go with this stream's writes."""
        self.keys = [*self.keys[:2], pointer, stream]

    def feed(self, batch: list[Any]) -> asyncio.Future[None] | None:
        """Queue a batch of the carried live feed (its epoch, whether it starts the epoch,
        then its entries) for the next write, after the batches queued before; a future done
        once it is written (the write's exception if it failed), or None once a write has
        failed (the feed then writes on its own)."""
        if self._failed:
            return None
        if self._fed is None:
            self._feed, self._fed = list(batch), asyncio.get_running_loop().create_future()
        else:  # the entries join those queued, under the first batch's epoch and start
            self._feed.extend(batch[2:])
        self._write_soon()
        return self._fed

    def events(self, events: Sequence[Event]) -> None:
        """Queue ``events``, as a spectator sees them; raises what failed an earlier write
        (Redis away, Stale)."""
        if self._writer is not None and self._writer.done():
            self._writer.result()
        texts = self.codec.encode_events(events)
        self._queued.extend(texts)
        self.seq += len(texts)
        if self._queued:
            self._write_soon()

    def _write_soon(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self._queued or self._fed is not None:
            await self._flush("0", "")

    async def _flush(self, end: str, result: str) -> None:
        """Write the queued events and feed batch in one script call, and with ``end``
        ``"1"`` the final entry (``result``) after the events."""
        batch, first, feed, fed = self._queued, self.written, self._feed, self._fed
        self._queued, self.written, self._feed, self._fed = [], self.seq, [], None
        try:
            await self._run(self._write_script, [end, result, first, len(batch), *batch, *feed])
        except BaseException as error:
            self._failed = True
            for future in (fed, self._fed):
                if future is not None and isinstance(error, Exception):
                    future.set_exception(error)
                elif future is not None:
                    future.cancel()
            raise
        if fed is not None:
            fed.set_result(None)

    async def end(self, result: Result | None) -> None:
        """Once the queued events are written, the final entry: the result, or nothing when
        the match failed. Raises what failed a write (Redis away, Stale)."""
        if self._writer is not None:
            await self._writer
        await self._flush("1", encode_result(result) if result is not None else "")

    async def _run(self, script: AsyncScript, args: list[Any]) -> None:
        """Run a fenced ``script`` with the stream's keys and ``args``, in a pipeline with the
        loop's other matches' writes (:mod:`.pipelined`); Stale if refused."""
        args = [self.attempt, KEEP_SECONDS, *args]
        written = await pipelined.run(self._client, script, self.keys, args)
        if not written:
            raise Stale(f"match {self.match_id}: a newer attempt than {self.attempt} writes")
