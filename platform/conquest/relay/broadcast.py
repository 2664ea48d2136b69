"""A running match's spectator stream: its public events in Redis, written by the worker.

The worker running a match with a remote seat writes each event as a spectator may see it
(private facts redacted: ``GameCodec.encode_events(events, seat=None)``) to the match's Redis
stream ``arena:match:<id>:events`` from a task of its event loop, so that the match does not
wait for Redis, then a final entry with the result; the stream is kept ``KEEP_SECONDS`` after
that. A match played again (its worker died) starts its stream anew. The gateway's
``SpectatorService.Watch`` follows it (``conquest.gateway.spectators``). The website's live
view reads every match's frames instead (:mod:`.feeds`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import redis.asyncio

from bots.protocol.wire import codec, encode_result
from engines.core import Event, Result

KEEP_SECONDS = 3600
"""How long a finished match's stream stays in Redis."""


def stream_key(match_id: int) -> str:
    """The Redis key of match ``match_id``'s spectator stream."""
    return f"arena:match:{match_id}:events"


class Broadcast:
    """Writes one running match's public events to its spectator stream, on the running
    event loop: :meth:`events` queues them for a writer task and returns at once."""

    def __init__(self, client: redis.asyncio.Redis, match_id: int, game: str) -> None:
        self.redis = client
        self.key = stream_key(match_id)
        self.codec = codec(game)
        self.seq = 0
        self._queued: list[dict] = []
        self._writer: asyncio.Task | None = None

    async def start(self) -> None:
        """Empty the stream: a match played again starts it again."""
        await self.redis.delete(self.key)

    def events(self, events: Sequence[Event]) -> None:
        """Queue ``events``, as a spectator sees them; raises what failed an earlier write
        (Redis away)."""
        if self._writer is not None and self._writer.done():
            self._writer.result()
        for text in self.codec.encode_events(events):
            self._queued.append({"seq": self.seq, "event": text})
            self.seq += 1
        if self._queued and (self._writer is None or self._writer.done()):
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            async with self.redis.pipeline(transaction=False) as pipe:
                for fields in batch:
                    pipe.xadd(self.key, fields)
                await pipe.execute()

    async def end(self, result: Result | None) -> None:
        """Once the queued events are written, the final entry: the result, or nothing when
        the match failed."""
        if self._writer is not None:
            await self._writer
        final = encode_result(result) if result is not None else ""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.xadd(self.key, {"final": 1, "result": final})
            pipe.expire(self.key, KEEP_SECONDS)
            await pipe.execute()
