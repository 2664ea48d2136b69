"""``manage.py run_gateway``: serve the gRPC gateway until SIGINT or SIGTERM, on a uvloop
event loop (docs/benchmarks.md, "Issue 19 (session 11)")."""

from __future__ import annotations

import asyncio
import signal
import socket

import uvloop
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from conquest import metrics
from conquest.gateway.server import Gateway, serve
from conquest.relay import presence
from conquest.relay.presence import new_async_redis_client, presences

STOP_GRACE_SECONDS = 5.0


class Command(BaseCommand):
    help = (
        "Serve the gateway: bots and spectators on --port, workers on --internal-port, which "
        "must be reachable by the workers only (loopback by default; workers present the "
        "shared secret). Several gateways may run on several hosts."
    )

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=50051, help="bots' port (0: any free)")
        parser.add_argument("--host", default="[::]", help="interface of the bots' port")
        parser.add_argument(
            "--internal-port", type=int, help="workers' port (default: --port + 1; 0: any free)"
        )
        parser.add_argument(
            "--internal-host",
            default=settings.ARENA.gateway_internal_host,
            help="interface of the workers' port (default: $ARENA_GATEWAY_INTERNAL_HOST, "
            "else 127.0.0.1: workers on this host only)",
        )
        parser.add_argument(
            "--internal-address",
            help="host[:port] at which workers reach the workers' port, registered for each "
            "bot connected here (default: --internal-host, or this host's name when that is "
            "every interface, and the port)",
        )

    def handle(self, *args, port, host, internal_port, internal_host, internal_address, **kw):
        if not presence.enabled():
            raise CommandError(
                "the gateway needs Redis: set ARENA_GATEWAY_REDIS_URL or a redis:// BROKER_URL "
                "(./scripts/demo runs a gateway on an embedded Redis of its own)",
                returncode=2,
            )
        if internal_port is None:
            internal_port = port + 1 if port else 0
        if internal_address is None and internal_host not in ("", "0.0.0.0", "[::]", "::"):
            internal_address = internal_host
        uvloop.run(
            self._serve(f"{host}:{port}", f"{internal_host}:{internal_port}", internal_address)
        )

    async def _serve(self, public: str, internal: str, advertised: str | None) -> None:
        metrics.serve(settings.ARENA.gateway_metrics_port)
        connected = presences()
        spectating = new_async_redis_client()
        gateway = Gateway("", connected, spectating)
        bots, workers, (public_port, internal_port) = await serve(gateway, public, internal)
        host, port = _host_port(advertised or socket.gethostname())
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
        gateway.stop_checks()
        await asyncio.gather(bots.stop(STOP_GRACE_SECONDS), gateway.stop_workers(workers))
        await spectating.aclose()


def _host_port(address: str) -> tuple[str, str]:
    """``host[:port]`` as (host, port or ""); an IPv6 host is in brackets: ``[::1]:50052``."""
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit():
        return address, ""
    return host, port
