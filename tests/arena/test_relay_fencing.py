"""Fencing stale attempts (issue 14): once a newer attempt of a match has written its
spectator stream or its live feed, an older attempt's writes are refused and leave the newer
one's as they were, in Redis and in the files store."""

from __future__ import annotations

import asyncio
import logging

import pytest
from arena_workers import flush_broker, redis_url, wait_for
from conquest.relay import feeds
from conquest.relay.broadcast import Broadcast
from conquest.relay.fence import Stale
from conquest.relay.presence import async_redis_client, redis_client

from engines.registry import get_game

RISK = get_game("risk")
NAMES = ["ann", "ben"]


def _setup_events(seed: int) -> list:
    return list(RISK.new_match("hasbro", 2, seed=seed).setup_events)


def test_a_stale_broadcast_is_refused_and_the_newer_stream_stays_whole():
    flush_broker()
    events = _setup_events(1)

    async def scenario() -> None:
        client = async_redis_client()
        old = Broadcast(client, 7, "risk", attempt=1)
        await old.start()
        old.events(events[:2])
        await old._writer  # the old attempt has written; then the match is played again
        new = Broadcast(client, 7, "risk", attempt=2)  # the match played again
        await new.start()
        new.events(events)
        await new._writer
        old.events(events[2:])
        with pytest.raises(Stale):
            await old.end(None)
        with pytest.raises(Stale):
            await old.start()
        await new.end(None)

    asyncio.run(scenario())
    *entries, (_, final) = redis_client().xrange("arena:match:7:events")
    assert [int(fields[b"seq"]) for _, fields in entries] == list(range(len(events)))
    assert final == {b"final": b"1", b"result": b""}, "the newer attempt's end, once"


def test_a_write_retried_after_a_lost_reply_adds_nothing_twice():
    """Redis may have run a pipeline whose reply was lost: the client's retry runs the same
    scripts again, and the stream and the carried feed keep each entry once."""
    flush_broker()
    events = _setup_events(2)

    async def scenario() -> tuple[list, list]:
        client = async_redis_client()
        broadcast = Broadcast(client, 8, "risk", attempt=1)
        writer = feeds.AsyncWriter(8, NAMES, attempt=1, carrier=broadcast)
        await broadcast.start()
        assert isinstance(writer.sink, feeds._RedisSink)
        batch = writer.sink.batch([feeds.Entry(writer.epoch, 0, "frame", {"events": ["x"]})])
        texts = broadcast.codec.encode_events(events)
        for _ in range(2):  # the same script call, run twice
            await broadcast._run(broadcast._write_script, ["1", "", 0, len(texts), *texts, *batch])
        return (
            await client.xrange("arena:match:8:events"),
            await client.xrange(writer.sink.keys[2]),
        )

    stream, feed = asyncio.run(scenario())
    *entries, (_, final) = stream
    assert [int(fields[b"seq"]) for _, fields in entries] == list(range(len(events)))
    assert final[b"final"] == b"1"
    assert len(feed) == 1


@pytest.fixture(params=["files", "redis"])
def store(request, settings, tmp_path) -> str:
    """The live feeds' store: files in a home of the test's own, or the tests' Redis."""
    url = redis_url() if request.param == "redis" else ""
    if url:
        flush_broker()
    settings.ARENA = settings.ARENA.model_copy(update={"home": tmp_path, "gateway_redis_url": url})
    return request.param


def _feed(match_id: int) -> list[feeds.Message]:
    return list(feeds.follow(match_id, ended=lambda: "finished", poll=0, seconds=10))


def _write(writer: feeds.Writer, seed: int, end: bool = True) -> None:
    match = RISK.new_match("hasbro", 2, seed=seed)
    writer.start(match)
    writer.events(match.setup_events)
    if end:
        writer.end(None)


def test_a_stale_feed_writer_started_late_does_not_replace_the_newer_feed(store, caplog):
    caplog.set_level(logging.INFO, logger=feeds.__name__)
    new = feeds.Writer(51, NAMES, attempt=2)
    _write(new, seed=1, end=False)
    old = feeds.Writer(51, NAMES, attempt=1)  # the attempt that lost the match, still going
    _write(old, seed=2)
    new.end(None)
    got = _feed(51)
    assert [m.kind for m in got] == ["frame", "end"]
    assert got[0].id == f"{new.epoch}.0", "the newer attempt's feed, from its first frame"
    assert "a newer attempt" in caplog.text, "the stale writer stopped, and said why"


def test_a_stale_feed_writer_that_started_first_writes_nothing_the_newer_feed_shows(store):
    old = feeds.Writer(52, NAMES, attempt=1)
    _write(old, seed=2, end=False)
    new = feeds.Writer(52, NAMES, attempt=2)
    _write(new, seed=1, end=False)
    old.end(None)  # its final entry
    assert [m.kind for m in _feed(52)[:-1]] == ["frame"], "the newer feed, not ended"
    new.end(None)
    got = _feed(52)
    assert [(m.kind, m.id.partition(".")[0]) for m in got] == [
        ("frame", new.epoch),
        ("end", ""),
    ]


def test_a_stale_async_feed_writer_is_refused_too(store, caplog):
    caplog.set_level(logging.INFO, logger=feeds.__name__)

    def shown() -> list[str]:
        return [m.id for m in feeds.follow(53, ended=lambda: None, poll=0, seconds=0)]

    async def scenario() -> tuple[str, list[str]]:
        new = feeds.AsyncWriter(53, NAMES, attempt=3)
        _write(new, seed=1, end=False)
        await asyncio.to_thread(wait_for, lambda: shown() != [], 30, "the newer feed")
        old = feeds.AsyncWriter(53, NAMES, attempt=2)
        _write(old, seed=2, end=False)
        await old.aend(None)
        seen = shown()
        await new.aend(None)
        return new.epoch, seen

    epoch, seen = asyncio.run(scenario())
    assert seen == [f"{epoch}.0"], "the stale writer neither replaced nor ended it"
    assert [m.kind for m in _feed(53)] == ["frame", "end"]
    assert "a newer attempt" in caplog.text
