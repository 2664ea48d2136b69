"""Spectator streams: a running match's public events in Redis, and following them.

The worker running a match with a remote seat writes each event as a spectator may see it
(private facts redacted: ``GameCodec.encode_events(events, seat=None)``) to the match's Redis
stream ``arena:match:<id>:events`` from a task of its event loop, so that the match does not
wait for Redis, then a final entry with the result; the stream is kept
``KEEP_SECONDS`` after that. ``SpectatorService.Watch`` reads it from the start and follows
it. A match with no stream (house bots only, or an old one) is served from its stored
replay once it has finished. A match played again (its worker died) starts its stream anew.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence

import redis
import redis.asyncio

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import codec, encode_result
from conquest.matches.models import Match
from conquest.matches.selectors import match_get, replay_view
from engines.core import Event, Result

KEEP_SECONDS = 3600
"""How long a finished match's stream stays in Redis."""
POLL_MS = 1000
"""How long one read waits for new events before the match's status is checked again."""


def _key(match_id: int) -> str:
    return f"arena:match:{match_id}:events"


class Broadcast:
    """Writes one running match's public events to its spectator stream, on the running
    event loop: :meth:`events` queues them for a writer task and returns at once."""

    def __init__(self, client: redis.asyncio.Redis, match_id: int, game: str) -> None:
        self.redis = client
        self.key = _key(match_id)
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


async def follow(client: redis.asyncio.Redis, match_id: int) -> AsyncIterator[pb.SpectatorEvent]:
    """The match's public events from its first, as they come, until the final message.

    Raises LookupError for an unknown match.
    """
    key, last = _key(match_id), "0-0"
    while True:
        found = await client.xread({key: last}, count=1000, block=POLL_MS)
        for _, entries in found:
            for entry_id, fields in entries:
                last = entry_id
                if b"final" in fields:
                    yield pb.SpectatorEvent(
                        match_id=match_id, final=True, result_json=fields[b"result"].decode()
                    )
                    return
                yield pb.SpectatorEvent(
                    match_id=match_id,
                    seq=int(fields[b"seq"]),
                    event_json=fields[b"event"].decode(),
                )
        if not found and last == "0-0" and not await client.exists(key):
            stored = await asyncio.to_thread(_stored, match_id)
            if stored is not None:
                for message in stored:
                    yield message
                return


def _stored(match_id: int) -> list[pb.SpectatorEvent] | None:
    """The events of a match that has no stream, once it has ended; None while it has not."""
    match = match_get(match_id)
    if match is None:
        raise LookupError(f"no match {match_id}")
    if match.status not in (Match.Status.FINISHED, Match.Status.ERROR, Match.Status.CANCELLED):
        return None
    final = pb.SpectatorEvent(match_id=match_id, final=True)
    if match.status != Match.Status.FINISHED:
        return [final]
    view = replay_view(match, None)
    final.result_json = _dumps(view["result"])
    return [
        *(
            pb.SpectatorEvent(match_id=match_id, seq=seq, event_json=_dumps(event))
            for seq, event in enumerate(view["events"])
        ),
        final,
    ]


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
