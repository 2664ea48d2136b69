"""Redis scripts of many matches sent together (``conquest.relay.pipelined``), on the tests'
Redis: one pipeline for the calls made together, each caller its own result or error."""

from __future__ import annotations

import asyncio
import secrets

import redis
import redis.asyncio
from arena_workers import redis_url
from conquest.relay import pipelined

# A script no Redis has seen (a fresh comment): its first calls meet NOSCRIPT.
DOUBLE = f"""-- {secrets.token_hex(8)}
if ARGV[1] == 'fail' then return redis.error_reply('no') end
return tonumber(ARGV[1]) * 2"""


def test_calls_made_together_go_in_one_pipeline_and_each_gets_its_own_result(monkeypatch):
    batches: list[int] = []
    send = pipelined._Pipeliner._pipeline

    async def counted(self, calls):
        batches.append(len(calls))
        return await send(self, calls)

    monkeypatch.setattr(pipelined._Pipeliner, "_pipeline", counted)

    async def scenario() -> list[list[object]]:
        client = redis.asyncio.Redis.from_url(redis_url())
        script = client.register_script(DOUBLE)
        rounds = []
        for _ in range(2):  # the first meets NOSCRIPT and loads the script, the second not
            calls = [pipelined.run(client, script, [], [n]) for n in range(20)]
            calls.insert(7, pipelined.run(client, script, [], ["fail"]))
            rounds.append(await asyncio.gather(*calls, return_exceptions=True))
        await client.aclose()
        return rounds

    for results in asyncio.run(scenario()):
        failed = results.pop(7)
        assert isinstance(failed, redis.ResponseError) and "no" in str(failed)
        assert results == [2 * n for n in range(20)]
    assert batches == [21, 21]


def test_a_pipeline_that_cannot_reach_redis_fails_every_call_in_it():
    async def scenario() -> list[object]:
        nowhere = redis.asyncio.Redis(port=1, socket_connect_timeout=0.5)
        script = nowhere.register_script(DOUBLE)
        calls = [pipelined.run(nowhere, script, [], [n]) for n in range(3)]
        return await asyncio.gather(*calls, return_exceptions=True)

    results = asyncio.run(scenario())
    assert len(results) == 3
    for result in results:
        assert isinstance(result, redis.ConnectionError)


def test_a_caller_that_gave_up_leaves_the_others_their_results():
    async def scenario() -> list[object]:
        client = redis.asyncio.Redis.from_url(redis_url())
        script = client.register_script(DOUBLE)
        calls = [asyncio.ensure_future(pipelined.run(client, script, [], [n])) for n in range(3)]
        await asyncio.sleep(0)  # every call is queued
        calls[1].cancel()
        results = await asyncio.gather(*calls, return_exceptions=True)
        await client.aclose()
        return results

    first, cancelled, last = asyncio.run(scenario())
    assert (first, last) == (0, 4)
    assert isinstance(cancelled, asyncio.CancelledError)
