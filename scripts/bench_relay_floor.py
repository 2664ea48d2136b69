"""The floor under a remote decision's latency on this machine (issue 19, item 4): a relay with
no logic in the place of the gateway, against the bare gRPC round trip of the same run.

    .venv/bin/python scripts/bench_relay_floor.py --decisions 12000 --rounds 3

The path is the platform's (``manage.py bench_gateway``'s latency part): the caller frames a
4-seat Risk ``ServerMessage`` holding a DecisionRequest (4-byte length, then the bytes) on a
TCP connection to the relay, which writes it on the stream a bot process opened to its gRPC
server (on uvloop, as the gateway), reads the bot's answer and frames it back. Each mode runs
in blocks of 100, alternating with 100 bare round trips (a grpc.aio echo of the same bytes),
so that both see the same load; the first block of each warms up and is not counted:

- ``raw``: the relay passes bytes, and the bot sends back the bytes it read, unparsed: the
  topology alone (two processes' hops and one gRPC round trip);
- ``pass-through``: the relay passes bytes; the bot parses the request and answers an
  ActionReply, as the bench's echo bot does;
- ``parsed``: as ``pass-through``, but the relay parses each message and serializes it again
  on the way, as the gateway does (a DeliverRequest parsed from its frame, the ServerMessage
  serialized by gRPC; the bot's BotMessage parsed, its ActionReply serialized in the reply).

No Django and none of the platform's code: the floor is what any design of a worker, a gateway
and a bot in three processes pays here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

import grpc
import grpc.aio
import uvloop

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import codec
from engines.registry import get_game

METHOD = "/floor.Relay/Stream"
MODES = ("raw", "pass-through", "parsed")
BLOCK = 100


def _request() -> bytes:
    """The ServerMessage of a 4-seat Risk DecisionRequest, serialized (911 bytes inside)."""
    match = get_game("risk").new_match("hasbro", 4, seed=1)
    wire = codec("risk")
    decision = pb.DecisionRequest(
        match_id=1,
        request_id=1,
        observation=wire.encode_observation(match.observation(0)),
        legal_actions=wire.encode_actions(match.legal_actions(0)),
        decision_seconds=5.0,
    )
    return pb.ServerMessage(decision=decision).SerializeToString()


def _server(handler: Any, serializer: Any = None) -> grpc.aio.Server:
    server = grpc.aio.server()
    method: Any = grpc.stream_stream_rpc_method_handler(handler, response_serializer=serializer)
    service, name = METHOD.strip("/").split("/")
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(service, {name: method}),)
    )
    return server


async def echo_server() -> None:
    """The bare reference: a grpc.aio stream that sends every message back."""

    async def echo(requests: Any, context: Any) -> Any:
        async for data in requests:
            yield data

    server = _server(echo)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(port, flush=True)
    await server.wait_for_termination()


async def relay(mode: str) -> None:
    """The relay: frames from its TCP port written on the bot's stream, the answers framed
    back, one at a time (the caller waits for each)."""
    loop = asyncio.get_running_loop()
    stream: asyncio.Future[Any] = loop.create_future()
    parsed = mode == "parsed"

    async def bot_stream(requests: Any, context: Any) -> None:
        await context.read()  # the bot's first message opens the stream
        stream.set_result(context)
        await asyncio.Event().wait()

    serializer = pb.ServerMessage.SerializeToString if parsed else None
    server = _server(bot_stream, serializer)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        context = await stream
        answers: list[asyncio.Future[bytes]] = []

        async def read_answers() -> None:
            while True:
                data = await context.read()
                if parsed:
                    data = pb.BotMessage.FromString(data).action.SerializeToString()
                answers.pop().set_result(data)

        reading = loop.create_task(read_answers())
        try:
            while True:
                size = int.from_bytes(await reader.readexactly(4), "big")
                data = await reader.readexactly(size)
                answered = loop.create_future()
                answers.append(answered)
                await context.write(pb.ServerMessage.FromString(data) if parsed else data)
                answer = await answered
                writer.write(len(answer).to_bytes(4, "big") + answer)
        except asyncio.IncompleteReadError:
            reading.cancel()
            writer.close()

    internal = await asyncio.start_server(serve, "127.0.0.1", 0)
    print(port, internal.sockets[0].getsockname()[1], flush=True)
    await server.wait_for_termination()


async def bot(address: str, mode: str) -> None:
    """The bot: raw, every message sent back unread; else each DecisionRequest parsed and
    answered with its first legal action."""
    async with grpc.aio.insecure_channel(address) as channel:
        call: Any = channel.stream_stream(METHOD)()
        await call.write(b"")  # opens the stream
        print("connected", flush=True)
        while (data := await call.read()) is not grpc.aio.EOF:
            if mode != "raw":
                decision = pb.ServerMessage.FromString(data).decision
                reply = pb.ActionReply(
                    match_id=decision.match_id,
                    request_id=decision.request_id,
                    action=decision.legal_actions[0],
                )
                data = pb.BotMessage(action=reply).SerializeToString()
            await call.write(data)


def _check(mode: str, payload: bytes, answer: bytes) -> None:
    """Raise RuntimeError unless ``answer``, relayed in ``mode``, answers ``payload``: the
    bytes sent (raw), or the request's first legal action (in a BotMessage, or the ActionReply
    the parsing relay took out of it)."""
    decision = pb.ServerMessage.FromString(payload).decision
    if mode == "raw":
        right = answer == payload
    else:
        parsed = mode == "parsed"
        reply = (
            pb.ActionReply.FromString(answer) if parsed else pb.BotMessage.FromString(answer).action
        )
        right = (reply.request_id, reply.action) == (decision.request_id, decision.legal_actions[0])
    if not right:
        raise RuntimeError(f"{mode}: the relay answered {answer[:60]!r}, not the decision's answer")


async def measure(echo: str, internal: int, mode: str, decisions: int) -> tuple[float, float]:
    """The p50 of the bare round trip and of the decision relayed in ``mode``, in seconds
    (RuntimeError if the relay does not answer the decision)."""
    payload = _request()
    answer = b""
    async with grpc.aio.insecure_channel(echo) as channel:
        call: Any = channel.stream_stream(METHOD)()
        reader, writer = await asyncio.open_connection("127.0.0.1", internal)
        bare: list[float] = []
        relayed: list[float] = []
        for block in range(-1, decisions // BLOCK):
            times: tuple[list[float], list[float]] = ([], [])
            for _ in range(BLOCK):
                began = time.perf_counter()
                await call.write(payload)
                await call.read()
                times[0].append(time.perf_counter() - began)
            for _ in range(BLOCK):
                began = time.perf_counter()
                writer.write(len(payload).to_bytes(4, "big") + payload)
                answer = await reader.readexactly(
                    int.from_bytes(await reader.readexactly(4), "big")
                )
                times[1].append(time.perf_counter() - began)
            _check(mode, payload, answer)  # the block's last answer, off the clock
            if block >= 0:  # the first block warms up
                bare.extend(times[0])
                relayed.extend(times[1])
        writer.close()
        await call.done_writing()
    return statistics.median(bare), statistics.median(relayed)


def _start(*arguments: str) -> tuple[subprocess.Popen[str], list[str]]:
    """This script in another process with ``arguments``; the words of its first line. Its
    stdin is a pipe from this process: it ends when this process does, however it ends."""
    child = subprocess.Popen(
        [sys.executable, __file__, *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    return child, child.stdout.readline().split()


def _exit_at_end_of_input() -> None:
    sys.stdin.read()
    os._exit(0)


def main() -> None:
    """Run every mode ``--rounds`` times and print its medians (the echo server, the relay and
    the bot are this script again, started with ``--role``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=12000, help="per mode and round")
    parser.add_argument("--rounds", type=int, default=3, help="of every mode, in turn")
    parser.add_argument("--role", help=argparse.SUPPRESS)
    parser.add_argument("role_arguments", nargs="*", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.role:  # a child of the measuring process: it ends with it (see _start)
        threading.Thread(target=_exit_at_end_of_input, daemon=True).start()
    if options.role == "echo":
        asyncio.run(echo_server())
        return
    if options.role == "relay":
        uvloop.run(relay(*options.role_arguments))
        return
    if options.role == "bot":
        asyncio.run(bot(*options.role_arguments))
        return
    echo, (echo_port,) = _start("--role", "echo")
    print(f"{options.decisions} decisions per mode and round, blocks of {BLOCK}; Python "
          f"{sys.version.split()[0]}, {os.cpu_count()} cores")  # fmt: skip
    try:
        for _ in range(options.rounds):
            for mode in MODES:
                server, (public, internal) = _start("--role", "relay", mode)
                client, _ = _start("--role", "bot", f"127.0.0.1:{public}", mode)
                try:
                    bare, relayed = asyncio.run(
                        measure(f"127.0.0.1:{echo_port}", int(internal), mode, options.decisions)
                    )
                finally:
                    for child in (client, server):
                        child.kill()
                        child.wait()
                print(
                    f"{mode:>12}: bare p50 {bare * 1e6:4.0f} µs, relayed p50 "
                    f"{relayed * 1e6:4.0f} µs, ratio {relayed / bare:.2f}×",
                    flush=True,
                )
    finally:
        echo.kill()
        echo.wait()


if __name__ == "__main__":
    main()
