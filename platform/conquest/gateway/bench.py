"""The two far ends of ``manage.py bench_gateway``, each run as its own process with
``python -m conquest.gateway.bench``:

- ``echo-bot ADDRESS``: a bot (token in ``$ARENA_BOT_TOKEN``) that answers every
  DecisionRequest at once with its first legal action, unread: what remains of a decision's
  latency is the platform's;
- ``echo-server``: a bare grpc.aio bidirectional stream that sends every message back,
  for the reference round trip; it prints its port;
- ``echo-load ADDRESS IN_FLIGHT SECONDS``: one stream to the echo server carrying
  ``IN_FLIGHT`` round trips at a time, written one at a time (as a bot process answers all
  its matches on its one stream), for ``SECONDS``; it prints how many it made.

No Django here: the ends are what a bot and a bare gRPC peer are.
"""

from __future__ import annotations

import asyncio
import collections
import os
import sys
import time

import grpc

from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.v1 import bot_pb2 as pb

ECHO_METHOD = "/bench.Echo/Stream"


async def echo_bot(address: str, token: str) -> None:
    """Answer every decision with its first legal action until the stream ends."""
    async with grpc.aio.insecure_channel(address) as channel:
        connect = channel.stream_stream(
            "/arena.v1.BotService/Connect",
            request_serializer=pb.BotMessage.SerializeToString,
            response_deserializer=pb.ServerMessage.FromString,
        )
        call = connect(metadata=(("authorization", f"Bot {token}"),))
        await call.write(pb.BotMessage(hello=pb.Hello(protocol_version=PROTOCOL_VERSION)))
        async for message in call:
            kind = message.WhichOneof("message")
            if kind == "decision":
                decision = message.decision
                reply = pb.ActionReply(
                    match_id=decision.match_id,
                    request_id=decision.request_id,
                    action=decision.legal_actions[0],
                )
                await call.write(pb.BotMessage(action=reply))
            elif kind == "ping":
                await call.write(pb.BotMessage(pong=pb.Pong(ping_id=message.ping.ping_id)))


async def _echo(requests, context):
    async for data in requests:
        yield data


async def echo_server() -> None:
    """Serve the bare echo stream on a free loopback port until killed."""
    server = grpc.aio.server()
    handler = grpc.stream_stream_rpc_method_handler(_echo)
    service, method = ECHO_METHOD.strip("/").split("/")
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(service, {method: handler}),)
    )
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"echo server on port {port}", flush=True)
    await server.wait_for_termination()


class Echo:
    """A bidirectional stream to the echo server: :meth:`round_trip` times one message."""

    def __init__(self, address: str) -> None:
        self.channel = grpc.aio.insecure_channel(address)
        self.call = self.channel.stream_stream(ECHO_METHOD)()

    async def round_trip(self, payload: bytes) -> float:
        """Seconds for ``payload`` to go and come back."""
        began = time.perf_counter()
        await self.call.write(payload)
        await self.call.read()
        return time.perf_counter() - began

    async def close(self) -> None:
        """End the stream."""
        await self.call.done_writing()
        await self.channel.close()


async def echo_load(address: str, in_flight: int, seconds: float, size: int = 912) -> int:
    """Round trips of ``size`` bytes made on one echo stream in ``seconds``, ``in_flight`` at a
    time, the writes one at a time (the echo server answers in order)."""
    loop = asyncio.get_running_loop()
    payload = b"x" * size
    channel = grpc.aio.insecure_channel(address)
    call = channel.stream_stream(ECHO_METHOD)()
    writing = asyncio.Lock()
    waiting: collections.deque[asyncio.Future[None]] = collections.deque()
    end = loop.time() + seconds
    made = 0

    async def answers() -> None:
        while await call.read() is not grpc.aio.EOF:
            waiting.popleft().set_result(None)

    async def ask() -> None:
        nonlocal made
        while loop.time() < end:
            answered = loop.create_future()
            async with writing:
                waiting.append(answered)
                await call.write(payload)
            await answered
            made += 1

    reader = asyncio.create_task(answers())
    await asyncio.gather(*(ask() for _ in range(in_flight)))
    reader.cancel()
    await channel.close()
    return made


if __name__ == "__main__":
    if sys.argv[1] == "echo-bot":
        asyncio.run(echo_bot(sys.argv[2], os.environ["ARENA_BOT_TOKEN"]))
    elif sys.argv[1] == "echo-load":
        made = asyncio.run(echo_load(sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))
        print(f"round trips {made}", flush=True)
    else:
        asyncio.run(echo_server())
