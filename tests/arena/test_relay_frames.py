"""The internal port's frame writer (``conquest/relay/frames.py``): the first frame of a turn
of the event loop is written at once, the others of the turn together as the loop comes
round; nothing is written to a closing stream."""

from __future__ import annotations

import asyncio

from conquest.relay import frames


class _Stream:
    """What the writer needs of an asyncio StreamWriter: each write kept as one call."""

    def __init__(self) -> None:
        self.calls: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.calls.append(data)

    def is_closing(self) -> bool:
        return self.closing


def test_the_frames_of_one_turn_after_the_first_go_in_one_write():
    async def scenario():
        stream = _Stream()
        writer = frames.Writer(stream)
        for data in (b"a", b"b", b"c"):
            writer.write(data)
        assert stream.calls == [b"a"], "the first at once"
        await asyncio.sleep(0)
        assert stream.calls == [b"a", b"bc"], "the rest as the loop came round, in one write"
        writer.write(b"d")
        assert stream.calls[-1] == b"d", "a new turn's first frame at once"
        await asyncio.sleep(0)
        assert stream.calls == [b"a", b"bc", b"d"], "nothing more to write"

    asyncio.run(scenario())


def test_frames_held_for_a_stream_that_closes_meanwhile_are_dropped():
    async def scenario():
        stream = _Stream()
        writer = frames.Writer(stream)
        writer.write(b"a")
        writer.write(b"b")
        stream.closing = True
        await asyncio.sleep(0)
        return stream.calls

    assert asyncio.run(scenario()) == [b"a"]
