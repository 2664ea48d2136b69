"""The embedded broker hands each message over whole, to one consumer, under contention."""

from __future__ import annotations

import multiprocessing

from django.conf import settings
from kombu import Connection, Exchange, Queue

MESSAGES = 300


def _options(folder) -> dict:
    (folder / "taken").mkdir(exist_ok=True)
    return {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "processed_folder": str(folder / "taken"),
        "control_folder": str(folder),
        "polling_interval": 0.001,
    }


def _consume(folder, results) -> None:
    got = []
    with Connection("arenafs://", transport_options=_options(folder)) as connection:
        queue = Queue("jobs", Exchange("jobs"), "jobs")(connection.default_channel)
        queue.declare()
        while True:
            message = queue.get(no_ack=True)
            if message is None:
                continue
            if message.payload == "stop":
                break
            got.append(message.payload)
    results.put(got)


def test_messages_are_read_whole_and_once_by_competing_consumers(tmp_path):
    assert settings.CELERY_BROKER_URL  # the settings register the arenafs transport
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    consumers = [context.Process(target=_consume, args=(tmp_path, results)) for _ in range(2)]
    for consumer in consumers:
        consumer.start()
    with Connection("arenafs://", transport_options=_options(tmp_path)) as connection:
        producer = connection.Producer()
        jobs = Queue("jobs", Exchange("jobs"), "jobs")
        for payload in [
            *({"n": n, "padding": "x" * 4000} for n in range(MESSAGES)),
            "stop",
            "stop",
        ]:
            producer.publish(payload, exchange=Exchange("jobs"), routing_key="jobs", declare=[jobs])
    received = results.get(timeout=60) + results.get(timeout=60)
    for consumer in consumers:
        consumer.join(30)
    assert sorted(m["n"] for m in received) == list(range(MESSAGES))
    assert all(m["padding"] == "x" * 4000 for m in received)
