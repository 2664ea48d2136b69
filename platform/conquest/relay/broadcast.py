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

import redis.asyncio
from redis.commands.core import AsyncScript

from bots.protocol.wire import codec, encode_result
from conquest.relay.fence import FENCE, Stale, fence_key
from engines.core import Event, Result

KEEP_SECONDS = 3600
"""How long a finished match's stream stays in Redis."""

# KEYS: the fence, the stream. ARGV: the attempt, KEEP_SECONDS, then (start) nothing, or
# (write) whether to end the stream (then the final entry's result, and the stream's
# lifetime is set), the first event's seq and each event's text: event ``seq`` is the entry
# ``0-<seq + 1>`` with the fields ``seq`` and ``event``, skipped when the stream has it
# already (a write retried after a lost reply adds nothing twice), and the final entry
# follows the last event.
_START = FENCE + "redis.call('DEL', KEYS[2]) return 1"
_WRITE = (
    FENCE
    + """
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local last = 0
if #top > 0 then last = tonumber(string.sub(top[1][1], 3)) end
local first = tonumber(ARGV[5])
local n = first
for i = 6, #ARGV do
  n = first + i - 5
  if n > last then redis.call('XADD', KEYS[2], '0-' .. n, 'seq', n - 1, 'event', ARGV[i]) end
end
if ARGV[3] == '1' then
  if n + 1 > last then
    redis.call('XADD', KEYS[2], '0-' .. (n + 1), 'final', '1', 'result', ARGV[4])
  end
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return 1
"""
)


def stream_key(match_id: int) -> str:
    """The Redis key of match ``match_id``'s spectator stream."""
    return f"arena:match:{match_id}:events"


class Broadcast:
    """Writes one running match's public events to its spectator stream, on the running
    event loop: :meth:`events` queues them for a writer task and returns at once. Every
    write is that of ``attempt`` (see the module's docstring)."""

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
        self._writer: asyncio.Task | None = None
        # EVALSHA: a script's text goes to Redis once, not with every write.
        self._start = client.register_script(_START)
        self._write_script = client.register_script(_WRITE)

    async def start(self) -> None:
        """Empty the stream: a match played again starts it again. Stale when a newer
        attempt has written."""
        await self._run(self._start, [])

    def events(self, events: Sequence[Event]) -> None:
        """Queue ``events``, as a spectator sees them; raises what failed an earlier write
        (Redis away, Stale)."""
        if self._writer is not None and self._writer.done():
            self._writer.result()
        texts = self.codec.encode_events(events)
        self._queued.extend(texts)
        self.seq += len(texts)
        if self._queued and (self._writer is None or self._writer.done()):
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self._queued:
            await self._flush("0", "")

    async def _flush(self, end: str, result: str) -> None:
        """Write the queued events in one script call, and with ``end`` ``"1"`` the final
        entry (``result``) after them."""
        batch, first = self._queued, self.written
        self._queued, self.written = [], self.seq
        await self._run(self._write_script, [end, result, first, *batch])

    async def end(self, result: Result | None) -> None:
        """Once the queued events are written, the final entry: the result, or nothing when
        the match failed. Raises what failed a write (Redis away, Stale)."""
        if self._writer is not None:
            await self._writer
        await self._flush("1", encode_result(result) if result is not None else "")

    async def _run(self, script: AsyncScript, args: list[str | int]) -> None:
        """Run a fenced ``script`` with the stream's keys and ``args``; Stale if refused."""
        written = await script(keys=self.keys, args=[self.attempt, KEEP_SECONDS, *args])
        if not written:
            raise Stale(f"match {self.match_id}: a newer attempt than {self.attempt} writes")
