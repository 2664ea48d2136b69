"""The embedded broker hands each message over whole, to one consumer, under contention."""

from __future__ import annotations

import multiprocessing

from kombu import Connection, Exchange, Queue

MESSAGES = 300
# The transport by path: the consumers are fresh processes, without the settings' alias.
ARENAFS = "conquest.matches.broker:Transport"


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
    with Connection(transport=ARENAFS, transport_options=_options(folder)) as connection:
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


def _produce(folder) -> None:
    with Connection(transport=ARENAFS, transport_options=_options(folder)) as connection:
        producer = connection.Producer()
        jobs = Queue("jobs", Exchange("jobs"), "jobs")
        for payload in [
            *({"n": n, "padding": "x" * 4000} for n in range(MESSAGES)),
            "stop",
            "stop",
        ]:
            producer.publish(payload, exchange=Exchange("jobs"), routing_key="jobs", declare=[jobs])


def test_messages_are_read_whole_and_once_by_competing_consumers(tmp_path):
    # Producer and consumers are fresh processes, like the platform's and its workers'. Run
    # from this long-lived test process, the producer's messages went astray now and then
    # after other tests had run (kombu keeps the folder transport's state process-wide).
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    consumers = [context.Process(target=_consume, args=(tmp_path, results)) for _ in range(2)]
    for consumer in consumers:
        consumer.start()
    producer = context.Process(target=_produce, args=(tmp_path,))
    producer.start()
    producer.join(60)
    received = results.get(timeout=60) + results.get(timeout=60)
    for consumer in consumers:
        consumer.join(30)
    assert sorted(m["n"] for m in received) == list(range(MESSAGES))
    assert all(m["padding"] == "x" * 4000 for m in received)


ROUNDS = 20
BINDERS = 6


def _bind(folder, index, barrier, failures) -> None:
    try:
        with Connection(transport=ARENAFS, transport_options=_options(folder)) as connection:
            for round_ in range(ROUNDS):  # a new exchange each round: its table is new
                barrier.wait(60)
                exchange = Exchange(f"fan{round_}", type="fanout")
                Queue(f"q{index}", exchange)(connection.default_channel).declare()
    except Exception as error:  # reported to the test
        failures.put(f"binder {index}: {error!r}")


def test_queues_bound_at_once_by_several_processes_are_all_bound(tmp_path):
    # Workers and the web declare their queues as they start, in processes of their own: no
    # declaration may fail (a table read half written) or be lost (a table written over).
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(BINDERS)
    failures = context.Queue()
    binders = [
        context.Process(target=_bind, args=(tmp_path, i, barrier, failures)) for i in range(BINDERS)
    ]
    for binder in binders:
        binder.start()
    for binder in binders:
        binder.join(120)
    assert failures.empty(), failures.get()
    assert [binder.exitcode for binder in binders] == [0] * BINDERS
    with Connection(transport=ARENAFS, transport_options=_options(tmp_path)) as connection:
        for round_ in range(ROUNDS):
            table = connection.default_channel.get_table(f"fan{round_}")
            assert sorted(entry.queue for entry in table) == [f"q{i}" for i in range(BINDERS)]
