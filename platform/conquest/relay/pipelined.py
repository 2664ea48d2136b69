"""Redis scripts of many matches, sent together: one pipeline a round trip, not one call each.

A child of the remote worker plays hundreds of matches on one event loop, and each of them
writes its spectator stream (with its live feed) by one script call per action
(:mod:`.broadcast`). Sent one by one, each call costs a connection from the pool, a send, a
wake-up for its reply and redis-py's work around them (a fifth of the child's CPU in the
profile of docs/benchmarks.md, "Issue 19 (session 8)"). :func:`run` queues the call instead:
the calls made while a pipeline is out go in the next one, on one connection (the calls made
in one loop turn, when none is out). A caller awaits its own call's result or error, as if it
had called alone; a pipeline that fails (Redis away, after the client's retries) fails every
call in it. The scripts are fenced and written to be run again (``.fence``), which is what
makes the client's retry of a whole pipeline safe.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Sequence
from typing import Any

import redis.asyncio
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

_Call = tuple[AsyncScript, Sequence[Any], Sequence[Any], asyncio.Future[Any]]


class _Pipeliner:
    """The calls queued on one client, and the task sending them a pipeline at a time."""

    def __init__(self, client: redis.asyncio.Redis) -> None:
        self.client = client
        self.queued: list[_Call] = []
        self.sending: asyncio.Task[None] | None = None

    def add(self, call: _Call) -> None:
        self.queued.append(call)
        if self.sending is None or self.sending.done():
            self.sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self.queued:
            calls, self.queued = self.queued, []
            try:
                results = await self._pipeline(calls)
            except Exception as error:
                results = [error] * len(calls)
            for n, result in enumerate(results):
                if isinstance(result, NoScriptError):  # Redis lost its scripts: rare
                    script, keys, args, _ = calls[n]
                    try:
                        results[n] = await script(keys=keys, args=args, client=self.client)
                    except Exception as error:
                        results[n] = error
            for (_, _, _, future), result in zip(calls, results, strict=True):
                if future.done():  # its caller was cancelled
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def _pipeline(self, calls: list[_Call]) -> list[Any]:
        async with self.client.pipeline(transaction=False) as pipe:
            for script, keys, args, _ in calls:
                pipe.evalsha(script.sha, len(keys), *keys, *args)
            return await pipe.execute(raise_on_error=False)


_pipeliners: weakref.WeakKeyDictionary[redis.asyncio.Redis, _Pipeliner] = (
    weakref.WeakKeyDictionary()
)


async def run(
    client: redis.asyncio.Redis, script: AsyncScript, keys: Sequence[Any], args: Sequence[Any]
) -> Any:
    """``script``'s result for ``keys`` and ``args`` on ``client`` (an asyncio client of the
    running loop), sent in one pipeline with the other calls queued meanwhile; what the call
    raised, or what failed the pipeline, is raised here."""
    pipeliner = _pipeliners.get(client)
    if pipeliner is None:
        pipeliner = _pipeliners[client] = _Pipeliner(client)
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    pipeliner.add((script, keys, args, future))
    return await future
