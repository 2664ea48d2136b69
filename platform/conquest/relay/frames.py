"""The gateways' internal port's framing: a protobuf message on an asyncio TCP stream.

A frame is the message's length in 4 bytes (big-endian) followed by the serialized message
(``proto/arena/internal/v1/gateway.proto`` says which messages go each way). A frame larger
than :data:`MAX_FRAME_BYTES`, or bytes that are not the message expected, are a
:class:`FrameError`: the connection cannot go on and is closed.
"""

from __future__ import annotations

import asyncio
from typing import TypeVar

from google.protobuf.message import DecodeError, Message

MAX_FRAME_BYTES = 4 * 2**20
"""The largest frame either side sends or reads (gRPC's default limit, the port's before)."""
_HEADER = 4

M = TypeVar("M", bound=Message)


class FrameError(Exception):
    """A frame that is too large or not the message expected."""


def frame(message: Message) -> bytes:
    """``message`` as one frame; FrameError if it is larger than :data:`MAX_FRAME_BYTES`."""
    data = message.SerializeToString()
    if len(data) > MAX_FRAME_BYTES:
        raise FrameError(f"a frame of {len(data)} bytes; the limit is {MAX_FRAME_BYTES}")
    return len(data).to_bytes(_HEADER, "big") + data


class Writer:
    """Writes frames to ``writer`` (a stream or a transport): the first of a turn of the event
    loop at once, those that follow it in the same turn together in one system call, as the
    loop comes round (a busy loop handles many decisions a turn; a quiet one writes each frame
    as it comes)."""

    def __init__(self, writer: asyncio.StreamWriter | asyncio.WriteTransport) -> None:
        self.writer = writer
        self._held: list[bytes] | None = None
        """The frames waiting for the end of the turn; None when none was written this turn."""

    def write(self, data: bytes) -> None:
        """Write ``data`` (frames) now, or with the others of this turn as the loop comes
        round."""
        if self._held is not None:
            self._held.append(data)
            return
        self.writer.write(data)
        self._held = []
        asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        held, self._held = self._held, None
        if held and not self.writer.is_closing():
            self.writer.write(b"".join(held))


async def read(reader: asyncio.StreamReader, kind: type[M]) -> M | None:
    """The next frame's message, of type ``kind``; None at the end of the stream (between
    frames); FrameError for a frame too large or malformed, IncompleteReadError for a stream
    ending within one."""
    try:
        header = await reader.readexactly(_HEADER)
    except asyncio.IncompleteReadError as ended:
        if not ended.partial:
            return None
        raise
    data = await reader.readexactly(_size(header))
    return _message(kind, data)


def parse(buffer: bytearray, kind: type[M]) -> M | None:
    """The message of the first whole frame in ``buffer`` (bytes as they were read), of type
    ``kind``, taken out of it; None while no whole frame is there; FrameError for a frame too
    large or malformed.

    >>> from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
    >>> buffer = bytearray(frame(gw.DeliverReply(ticket=7)))
    >>> parse(buffer[:3], gw.DeliverReply) is None
    True
    >>> parse(buffer, gw.DeliverReply).ticket, buffer
    (7, bytearray(b''))
    """
    if len(buffer) < _HEADER:
        return None
    end = _HEADER + _size(buffer[:_HEADER])
    if len(buffer) < end:
        return None
    data = bytes(buffer[_HEADER:end])
    del buffer[:end]
    return _message(kind, data)


def _size(header: bytes | bytearray) -> int:
    """The size a frame's header gives; FrameError if it is larger than allowed."""
    size = int.from_bytes(header, "big")
    if size > MAX_FRAME_BYTES:
        raise FrameError(f"a frame of {size} bytes; the limit is {MAX_FRAME_BYTES}")
    return size


def _message(kind: type[M], data: bytes) -> M:
    """``data`` parsed as a ``kind``; FrameError if it is not one."""
    try:
        return kind.FromString(data)
    except DecodeError as error:
        raise FrameError(f"a frame that is not a {kind.DESCRIPTOR.name}: {error}") from None
