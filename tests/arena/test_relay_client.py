"""A worker's connection to a gateway's internal port (``conquest.relay.links.GatewayClient``)
against gateways played by the test: each reply reaches the request with its ticket however its
bytes arrive, and a gateway that breaks the connection fails the waiting requests, saying why."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import pytest
from conquest.relay import frames
from conquest.relay.auth import REVISION
from conquest.relay.links import GatewayClient

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw

Gateway = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def _deliveries(gateway: Gateway, count: int) -> tuple[list[object], object]:
    """How ``count`` deliveries made at once by a new client to ``gateway`` end (each reply's
    log lines, or the error), and how one made after them ends."""

    def ended(outcome: object) -> object:
        return list(outcome.log_lines) if isinstance(outcome, gw.DeliverReply) else outcome

    server = await asyncio.start_server(gateway, "127.0.0.1", 0)
    client = GatewayClient(f"127.0.0.1:{server.sockets[0].getsockname()[1]}")
    requests = [gw.DeliverRequest(match_id=match) for match in range(1, count + 1)]
    try:
        outcomes = await asyncio.gather(
            *(client.deliver(request, timeout=30) for request in requests),
            return_exceptions=True,
        )
        try:
            after: object = await client.deliver(gw.DeliverRequest(), timeout=30)
        except ConnectionError as error:
            after = error
        return [ended(outcome) for outcome in outcomes], ended(after)
    finally:
        server.close()


async def _welcome(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    hello = await frames.read(reader, gw.Hello)
    assert hello is not None and hello.revision == REVISION
    writer.write(frames.frame(gw.Welcome(serving=True, revision=REVISION)))


def _reply(request: gw.DeliverRequest | None) -> bytes:
    """The frame of a reply naming the request's match in its log lines."""
    assert request is not None
    return frames.frame(gw.DeliverReply(ticket=request.ticket, log_lines=[str(request.match_id)]))


def test_each_reply_reaches_its_request_in_whatever_order_and_pieces_it_comes():
    """The gateway answers three requests last first: the third's and second's replies in one
    write, the first's a byte at a time."""

    async def gateway(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _welcome(reader, writer)
        asked = [await frames.read(reader, gw.DeliverRequest) for _ in range(3)]
        writer.write(_reply(asked[2]) + _reply(asked[1]))
        for byte in _reply(asked[0]):
            await writer.drain()
            await asyncio.sleep(0.001)
            writer.write(bytes([byte]))
        while (request := await frames.read(reader, gw.DeliverRequest)) is not None:
            writer.write(_reply(request))

    replies, after = asyncio.run(_deliveries(gateway, 3))
    assert replies == [["1"], ["2"], ["3"]]
    assert after == ["0"], "the connection goes on: the next request is answered"


async def _closes_before_the_welcome(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    await frames.read(reader, gw.Hello)
    writer.close()


async def _sends_a_bad_frame(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    await _welcome(reader, writer)
    await frames.read(reader, gw.DeliverRequest)
    writer.write(b"\x00\x00\x00\x03\xff\xff\xff")
    await reader.read()


async def _closes_while_asked(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    await _welcome(reader, writer)
    await frames.read(reader, gw.DeliverRequest)
    writer.close()


@pytest.mark.parametrize(
    ("gateway", "said"),
    [
        (_closes_before_the_welcome, "refused us: it closed the connection"),
        (_sends_a_bad_frame, "sent a bad frame: a frame that is not a DeliverReply"),
        (_closes_while_asked, "the connection to 127.0.0.1:"),
    ],
    ids=["closed before its Welcome", "a bad frame", "closed while asked"],
)
def test_a_gateway_that_breaks_the_connection_fails_the_requests_saying_why(gateway, said, caplog):
    with caplog.at_level(logging.ERROR, logger="conquest.relay.links"):
        (outcome,), after = asyncio.run(_deliveries(gateway, 1))
    assert isinstance(outcome, ConnectionError) and said in str(outcome)
    assert isinstance(after, ConnectionError), "the client is broken: a new one is made"
    if gateway is _sends_a_bad_frame:
        assert said in caplog.text, "a gateway's bad frame is logged"
