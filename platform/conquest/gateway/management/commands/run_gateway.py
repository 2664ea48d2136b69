"""``manage.py run_gateway``: serve the gRPC gateway until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import socket

import redis.asyncio
from django.conf import settings
from django.core.management.base import BaseCommand

from conquest.gateway.server import Gateway, serve
from conquest.relay.presence import presences

STOP_GRACE_SECONDS = 5.0


class Command(BaseCommand):
    help = (
        "Serve the gateway: bots and spectators on --port, workers on --internal-port, which "
        "must be reachable by the workers only. Several gateways may run on several hosts."
    )

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=50051, help="bots' port (0: any free)")
        parser.add_argument("--host", default="[::]", help="interface of the bots' port")
        parser.add_argument(
            "--internal-port", type=int, help="workers' port (default: --port + 1; 0: any free)"
        )
        parser.add_argument(
            "--internal-host", default="[::]", help="interface of the workers' port"
        )
        parser.add_argument(
            "--internal-address",
            help="host[:port] at which workers reach the workers' port, registered for each "
            "bot connected here (default: this host's name and the port)",
        )

    def handle(self, *args, port, host, internal_port, internal_host, internal_address, **kw):
        if internal_port is None:
            internal_port = port + 1 if port else 0
        asyncio.run(
            self._serve(f"{host}:{port}", f"{internal_host}:{internal_port}", internal_address)
        )

    async def _serve(self, public: str, internal: str, advertised: str | None) -> None:
        connected = presences()  # ImproperlyConfigured without Redis
        spectating = redis.asyncio.Redis.from_url(settings.ARENA.gateway_redis_url)
        gateway = Gateway("", connected, spectating)
        bots, workers, (public_port, internal_port) = await serve(gateway, public, internal)
        host, _, port = (advertised or socket.gethostname()).partition(":")
        gateway.address = f"{host}:{port or internal_port}"
        self.stdout.write(
            f"gateway serving bots on port {public_port}, workers at {gateway.address}",
        )
        self.stdout.flush()
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        await stopping.wait()
        for connection in list(gateway.connections.values()):
            connection.close()  # their handlers unregister them
        await asyncio.gather(bots.stop(STOP_GRACE_SECONDS), workers.stop(STOP_GRACE_SECONDS))
        await spectating.aclose()
