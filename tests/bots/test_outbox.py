"""A stream's writes (``bots.protocol.streams.Outbox``): in order, one at a time, the messages
that wait behind a write together in the next (a batch made of their bytes), a failed write
failing those behind it."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.streams import Outbox, batcher


def _pong(ping_id: int) -> bytes:
    return pb.BotMessage(pong=pb.Pong(ping_id=ping_id)).SerializeToString()


_batch = batcher(pb.BotMessage)


class Stream:
    """A stream whose writes each take one turn of the loop per ``turns``, and record what
    they wrote as lists of ping ids (one list per write); a write may be made to fail."""

    def __init__(self, turns: int = 1) -> None:
        self.turns = turns
        self.writes: list[list[int]] = []
        self.failure: Exception | None = None

    async def write(self, data: bytes) -> None:
        for _ in range(self.turns):
            await asyncio.sleep(0)
        if self.failure is not None:
            raise self.failure
        message = pb.BotMessage.FromString(data)
        items = message.batch.messages if message.WhichOneof("message") == "batch" else [message]
        self.writes.append([item.pong.ping_id for item in items])


def test_a_lone_message_is_written_at_once_and_those_behind_a_write_go_together():
    async def scenario() -> tuple[list[list[int]], list[list[int]]]:
        stream = Stream(turns=3)
        outbox = Outbox(stream.write, _batch, max_bytes=65_536)
        first = asyncio.create_task(outbox.send(_pong(1)))
        await asyncio.sleep(0)  # its write has begun, and waits
        assert stream.writes == [] and not first.done()
        await asyncio.gather(first, *(outbox.send(_pong(i)) for i in (2, 3, 4)))
        before = list(stream.writes)
        await outbox.send(_pong(5))  # the stream is idle again: at once, alone
        return before, stream.writes

    before, after = asyncio.run(scenario())
    assert before == [[1], [2, 3, 4]]
    assert after == [[1], [2, 3, 4], [5]]


def test_without_batches_each_message_is_a_write_of_its_own_in_order():
    async def scenario() -> list[list[int]]:
        stream = Stream()
        outbox = Outbox(stream.write, None, max_bytes=65_536)
        await asyncio.gather(*(outbox.send(_pong(i)) for i in range(1, 6)))
        return stream.writes

    assert asyncio.run(scenario()) == [[1], [2], [3], [4], [5]]


@given(
    lengths=st.lists(st.integers(min_value=0, max_value=300), min_size=2, max_size=30),
    fitting=st.integers(min_value=2, max_value=30),
    slack=st.integers(min_value=0, max_value=40),
)
def test_a_batch_is_never_larger_than_max_bytes_unless_it_holds_one_message(
    lengths, fitting, slack
):
    """Whatever the messages' sizes: a write holding several messages, the batch's own bytes
    included, is at most ``max_bytes``; a larger message goes alone. (``max_bytes`` is drawn
    near the size of a few messages, where the batch's own bytes decide.)"""
    lines = [pb.BotMessage(log=pb.LogLine(match_id=1, text="x" * n)) for n in lengths]
    max_bytes = sum(line.ByteSize() for line in lines[1 : 1 + fitting]) + slack

    async def scenario() -> list[tuple[int, int]]:
        written: list[tuple[int, int]] = []  # (messages, bytes) of each write

        async def write(data: bytes) -> None:
            await asyncio.sleep(0)
            message = pb.BotMessage.FromString(data)
            batch = message.WhichOneof("message") == "batch"
            written.append((len(message.batch.messages) if batch else 1, len(data)))

        outbox = Outbox(write, _batch, max_bytes=max_bytes)
        await asyncio.gather(*(outbox.send(line.SerializeToString()) for line in lines))
        return written

    written = asyncio.run(scenario())
    assert sum(count for count, _ in written) == len(lines)
    assert all(size <= max_bytes for count, size in written if count > 1)


def test_a_failed_write_fails_the_messages_waiting_behind_it_and_the_next_send_tries_again():
    async def scenario() -> tuple[list[object], list[list[int]]]:
        stream = Stream()
        outbox = Outbox(stream.write, _batch, max_bytes=65_536)
        first = asyncio.create_task(outbox.send(_pong(1)))
        await asyncio.sleep(0)
        stream.failure = ConnectionError("the peer left")
        behind = [asyncio.create_task(outbox.send(_pong(i))) for i in (2, 3)]
        outcomes = await asyncio.gather(first, *behind, return_exceptions=True)
        stream.failure = None
        await outbox.send(_pong(4))
        return outcomes, stream.writes

    outcomes, writes = asyncio.run(scenario())
    assert [type(outcome) for outcome in outcomes] == [ConnectionError] * 3
    assert writes == [[4]], "nothing was written until the stream worked again"


def test_a_sender_that_gives_up_while_waiting_is_not_written_and_the_others_are():
    async def scenario() -> list[list[int]]:
        stream = Stream(turns=3)
        outbox = Outbox(stream.write, _batch, max_bytes=65_536)
        first = asyncio.create_task(outbox.send(_pong(1)))
        await asyncio.sleep(0)
        quitter = asyncio.create_task(outbox.send(_pong(2)))
        stays = asyncio.create_task(outbox.send(_pong(3)))
        await asyncio.sleep(0)
        quitter.cancel()
        await asyncio.gather(first, stays)
        with pytest.raises(asyncio.CancelledError):
            await quitter
        return stream.writes

    assert asyncio.run(scenario()) == [[1], [3]]


@given(st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=40))
def test_every_message_is_written_once_in_the_order_sent(pauses):
    """Whatever the timing of the senders, the writes hold every message once, in order."""

    async def scenario() -> list[list[int]]:
        stream = Stream(turns=2)
        outbox = Outbox(stream.write, _batch, max_bytes=65_536)
        sends = []
        for ping_id, pause in enumerate(pauses):
            sends.append(asyncio.create_task(outbox.send(_pong(ping_id))))
            for _ in range(pause):
                await asyncio.sleep(0)
        await asyncio.gather(*sends)
        return stream.writes

    writes = asyncio.run(scenario())
    assert [ping_id for write in writes for ping_id in write] == list(range(len(pauses)))
