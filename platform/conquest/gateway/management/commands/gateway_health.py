"""``manage.py gateway_health ADDRESS``: the health of a gateway's internal port (exit 0 when
it serves, 1 when not or unreachable): the probe of the workers' side of a gateway."""

from __future__ import annotations

import asyncio

from django.core.management.base import BaseCommand, CommandError

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from conquest.relay import frames

PROBE_SECONDS = 5.0


async def serving(address: str) -> bool:
    """Does the gateway whose internal port is at ``address`` (host:port) report SERVING? (A
    Hello without a secret: its Welcome says.) OSError, TimeoutError or FrameError when it
    does not answer as a gateway."""
    host, _, port = address.rpartition(":")
    async with asyncio.timeout(PROBE_SECONDS):
        reader, writer = await asyncio.open_connection(host.strip("[]"), int(port))
        try:
            writer.write(frames.frame(gw.Hello()))
            welcome = await frames.read(reader, gw.Welcome)
        finally:
            writer.close()
    if welcome is None:
        raise frames.FrameError("the connection closed before the Welcome")
    return welcome.serving


class Command(BaseCommand):
    help = "Exit 0 if the gateway's internal port at ADDRESS serves (its Redis answers), else 1."

    def add_arguments(self, parser):
        parser.add_argument("address", help="host:port of the gateway's internal port")

    def handle(self, *args, address, **kw):
        try:
            up = asyncio.run(serving(address))
        except (OSError, EOFError, TimeoutError, frames.FrameError) as error:
            raise CommandError(f"{address} does not answer: {error!r}", returncode=1) from None
        if not up:
            raise CommandError(
                f"{address} is NOT_SERVING (its Redis does not answer)", returncode=1
            )
        self.stdout.write(f"{address} is SERVING")
