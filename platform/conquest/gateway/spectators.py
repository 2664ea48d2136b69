"""Following a match's spectator stream (``SpectatorService.Watch``).

The worker running a match with a remote seat writes the stream (``conquest.relay.broadcast``);
this reads it from the start and follows it. A match with no stream (house bots only, or an
old one) is served from its stored replay once it has finished.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import redis
import redis.asyncio

from bots.protocol.arena.v1 import bot_pb2 as pb
from conquest.gateway import database
from conquest.matches.models import Match
from conquest.matches.selectors import match_get, replay_view
from conquest.relay.broadcast import stream_key
from conquest.relay.feeds import dumps

POLL_MS = 1000
"""How long one read waits for new events before the match's status is checked again."""


async def follow(client: redis.asyncio.Redis, match_id: int) -> AsyncIterator[pb.SpectatorEvent]:
    """The match's public events from its first, as they come, until the final message.

    Raises LookupError for an unknown match, ``database.DatabaseUnavailable`` when the
    database cannot be reached.
    """
    key, last = stream_key(match_id), "0-0"
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
            stored = await database.run(lambda: _stored(match_id))
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
    final.result_json = dumps(view["result"]).decode()
    return [
        *(
            pb.SpectatorEvent(match_id=match_id, seq=seq, event_json=dumps(event).decode())
            for seq, event in enumerate(view["events"])
        ),
        final,
    ]
