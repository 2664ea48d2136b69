"""Health: the web's probes, the workers' heartbeat and the gateway's health service tied to
Redis (deploy/operations.md)."""

from __future__ import annotations

import asyncio
import os
import socket
import time
import urllib.request

import grpc
import pytest
import redis.asyncio
from arena_workers import wait_for
from conquest import health
from conquest.gateway.management.commands.gateway_health import serving
from conquest.matches.workers import free_port
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from gateway_helpers import gateway_here, private_redis_fixture  # noqa: F401 - a fixture
from grpc_health.v1.health_pb2 import HealthCheckRequest, HealthCheckResponse
from grpc_health.v1.health_pb2_grpc import HealthStub

# ------------------------------------------------------------------ web


@pytest.mark.django_db
def test_the_probes_answer_for_any_host_without_login_and_without_the_https_redirect(settings):
    settings.ALLOWED_HOSTS = ["arena.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    client = Client(HTTP_HOST="10.1.2.3:8000")  # a probe calls the pod by its address
    live = client.get("/healthz")
    ready = client.get("/readyz")
    assert live.status_code == 200 and live.json() == {"status": "ok"}
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "checks": {"database": "ok", "broker": "ok"}}
    assert client.get("/").status_code == 400, "other pages keep the host check"


@pytest.mark.django_db
def test_readiness_is_503_naming_the_check_that_failed(client, monkeypatch):
    monkeypatch.setattr(health, "database_check", lambda: "OperationalError: no database")
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == {
        "status": "unavailable",
        "checks": {"database": "OperationalError: no database", "broker": "ok"},
    }
    assert client.get("/healthz").status_code == 200, "alive all the same"


@pytest.mark.django_db
def test_the_database_check_reports_a_failing_query(monkeypatch):
    def refuse():
        raise OSError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", refuse)
    assert health.database_check() == "OSError: connection refused"


def test_the_broker_check_pings_redis_and_reports_one_that_does_not_answer(settings, private_redis):
    settings.ARENA = settings.ARENA.model_copy(update={"broker_url": private_redis.url})
    assert health.broker_check() == "ok"
    private_redis.stop()
    assert health.broker_check().startswith("ConnectionError")


def test_the_folder_broker_check_needs_its_folder(settings, tmp_path):
    settings.ARENA = settings.ARENA.model_copy(
        update={"broker_url": "arenafs://", "home": tmp_path}
    )
    assert health.broker_check() == f"{tmp_path / 'broker'} is missing or not writable"
    (tmp_path / "broker").mkdir()
    assert health.broker_check() == "ok"


# ------------------------------------------------------------------ workers


def test_worker_health_is_alive_with_a_fresh_heartbeat_only(settings, tmp_path):
    settings.ARENA = settings.ARENA.model_copy(
        update={"home": tmp_path, "worker_heartbeat_seconds": 10.0}
    )
    with pytest.raises(CommandError) as never:
        call_command("worker_health", "w1@host")
    assert never.value.returncode == 1 and "no heartbeat" in str(never.value)
    health.heartbeat_start("w1@host")
    call_command("worker_health", "w1@host")  # fresh: exit 0
    stale = time.time() - 31
    os.utime(health.heartbeat_file("w1@host"), (stale, stale))
    with pytest.raises(CommandError) as old:
        call_command("worker_health", "w1@host")
    assert old.value.returncode == 1 and "last heartbeat" in str(old.value)


@pytest.mark.django_db(transaction=True)
def test_a_running_worker_keeps_its_heartbeat_and_serves_its_metrics(workers, settings, tmp_path):
    settings.ARENA = settings.ARENA.model_copy(update={"home": tmp_path})
    port = free_port()
    worker = workers(
        "hb",
        ARENA_HOME=str(tmp_path),
        ARENA_WORKER_HEARTBEAT_SECONDS="1",
        ARENA_WORKER_METRICS_PORT=str(port),
    )
    worker.wait_ready()
    name = f"hb@{socket.gethostname()}"
    wait_for(lambda: health.heartbeat_age(name) is not None, 30, "a heartbeat", [worker])
    call_command("worker_health", name, "--max-age", "30")
    wait_for(lambda: _answers(port), 30, "the worker's metrics", [worker])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
        page = response.read().decode()
    assert "arena_matches_queued 0.0" in page.splitlines()


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


# ------------------------------------------------------------------ gateway


async def _status(port: int) -> int:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        return (await HealthStub(channel).Check(HealthCheckRequest(service=""))).status


@pytest.mark.django_db(transaction=True)
def test_the_gateway_is_not_serving_while_its_redis_does_not_answer(settings, private_redis):
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_health_seconds": 0.05})

    async def scenario() -> list[int]:
        seen = []
        async with gateway_here(redis.asyncio.Redis.from_url(private_redis.url)) as (
            gateway,
            public,
            internal,
        ):
            seen.append(await _status(public))
            private_redis.stop()
            async with asyncio.timeout(30):
                while gateway.serving:
                    await asyncio.sleep(0.05)
            seen += [await _status(public), await serving(f"127.0.0.1:{internal}")]
            private_redis.start()
            async with asyncio.timeout(30):
                while not gateway.serving:
                    await asyncio.sleep(0.05)
            seen.append(await _status(public))
        return seen

    assert asyncio.run(scenario()) == [
        HealthCheckResponse.SERVING,
        HealthCheckResponse.NOT_SERVING,
        False,  # the internal port's Welcome: not serving
        HealthCheckResponse.SERVING,
    ]
