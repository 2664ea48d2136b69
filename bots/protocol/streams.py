"""What a gRPC asyncio stream raises once it has ended, how a client opens one, and how a
stream's messages are written (:class:`Outbox`), for every side of the protocol."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

import grpc
import grpc.aio
from google.protobuf.message import Message

from bots.protocol.wire import length_delimited

_FRAMING = 6
"""The most bytes a field's tag and length add to a message of a batch, or to the batch."""

STREAM_ENDED = (grpc.RpcError, grpc.aio.BaseError, asyncio.InvalidStateError)
"""The errors of a read or write on a stream whose peer left, cancelled or finished it.

Which one comes depends on the moment: an RpcError with the call's status; an
``asyncio.InvalidStateError`` on a client call already done; a ``grpc.aio.BaseError`` on the
server (``UsageError`` once the call has finished, an internal ``ExecuteBatchError`` while its
handler still runs after the peer cancelled).

Example::

    with contextlib.suppress(*STREAM_ENDED):
        await context.write(message)
"""


OWN_SUBCHANNEL = (("grpc.use_local_subchannel_pool", 1),)
"""Channel options of a client that opens a fresh channel to connect again.

gRPC otherwise shares one subchannel per address between channels, and a shared one that
failed waits out gRPC's own reconnect backoff (up to two minutes), refusing every call on a
new channel meanwhile: a peer back at the same address would not be reached again in time.

Example::

    channel = grpc.aio.insecure_channel(address, options=OWN_SUBCHANNEL)
"""


def batcher(message_type: type[Message]) -> Callable[[list[bytes]], bytes]:
    """How a stream of ``message_type`` (ServerMessage, BotMessage) sends several serialized
    messages as one: the message whose ``batch`` holds them in its ``messages``, made of their
    bytes (nothing is copied into a message, parsed or serialized again).

    >>> from bots.protocol.arena.v1 import bot_pb2 as pb
    >>> pongs = [pb.BotMessage(pong=pb.Pong(ping_id=i)).SerializeToString() for i in (1, 2)]
    >>> pb.BotMessage.FromString(batcher(pb.BotMessage)(pongs)).batch.messages[1].pong.ping_id
    2
    """
    outer = message_type.DESCRIPTOR.fields_by_name["batch"]
    assert outer.message_type is not None  # ServerBatch, BotBatch
    inner = outer.message_type.fields_by_name["messages"].number

    def batch(messages: list[bytes]) -> bytes:
        return length_delimited(
            outer.number, b"".join([length_delimited(inner, data) for data in messages])
        )

    return batch


class Outbox:
    """The messages of one stream, serialized, written in order, one write at a time.

    A message sent while no write is in flight is written at once; those sent during a write
    wait for it and then go out together, in one message made by ``batch`` (at most
    ``max_bytes`` of messages in it, or a single larger one: :func:`batcher`), or one write
    each when ``batch`` is None. Nothing is held back to fill a batch: batches form only when
    the stream is busy. A write that fails fails every message waiting behind it with the
    same error. The stream writes bytes as they are (its serializer is None).

    Example::

        outbox = Outbox(call.write, batcher(pb.BotMessage), max_bytes=65_536)
        pong = pb.BotMessage(pong=pb.Pong(ping_id=1))
        await outbox.send(pong.SerializeToString())  # returns once written
    """

    def __init__(
        self,
        write: Callable[[bytes], Awaitable[object]],
        batch: Callable[[list[bytes]], bytes] | None,
        max_bytes: int,
    ) -> None:
        self._write = write
        self._batch = batch
        self._max_bytes = max_bytes
        self._waiting: deque[tuple[bytes, asyncio.Future[None]]] = deque()
        self._busy = False
        self._drainer: asyncio.Task[None] | None = None

    async def send(self, data: bytes) -> None:
        """Write the message serialized in ``data`` after those sent before it; return once
        it is written, or raise what its write raised (a sender cancelled while it waits is
        not written)."""
        if self._busy:
            future = asyncio.get_running_loop().create_future()
            self._waiting.append((data, future))
            await future
            return
        self._busy = True
        try:
            await self._write(data)
        except asyncio.CancelledError:
            self._next()
            raise
        except BaseException as error:
            self._fail(error)
            raise
        self._next()

    def _next(self) -> None:
        """The write in flight is over: write what waits (in a task: the sender whose message
        was written goes on at once), or be idle."""
        if self._waiting:
            self._drainer = asyncio.create_task(self._drain())
        else:
            self._busy = False

    async def _drain(self) -> None:
        while self._waiting:
            taken = self._take()
            if not taken:
                continue
            messages = [data for data, _ in taken]
            try:
                if len(messages) == 1 or self._batch is None:
                    await self._write(messages[0])
                else:
                    await self._write(self._batch(messages))
            except BaseException as error:
                for _, future in taken:
                    _fail(future, error)
                self._fail(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                return  # each sender got the error
            for _, future in taken:
                if not future.done():
                    future.set_result(None)
        self._busy = False

    def _take(self) -> list[tuple[bytes, asyncio.Future[None]]]:
        """The next write's messages: the first waiting, and while ``batch`` is set, those
        after it that fit in ``max_bytes`` (a sender that gave up is skipped)."""
        taken: list[tuple[bytes, asyncio.Future[None]]] = []
        size = _FRAMING  # the batch's own tag and length in the message that holds it
        while self._waiting:
            data, future = self._waiting[0]
            if future.done():
                self._waiting.popleft()
                continue
            if taken and self._batch is None:
                break
            size += len(data) + _FRAMING
            if taken and size > self._max_bytes:
                break
            taken.append(self._waiting.popleft())
        return taken

    def _fail(self, error: BaseException) -> None:
        """A write failed: so does every message waiting, with the same ``error``."""
        while self._waiting:
            _fail(self._waiting.popleft()[1], error)
        self._busy = False


def _fail(future: asyncio.Future[None], error: BaseException) -> None:
    """End a waiting sender's ``future`` with ``error`` (cancelled by a cancellation)."""
    if future.done():
        return
    if isinstance(error, asyncio.CancelledError):
        future.cancel()
    else:
        future.set_exception(error)
