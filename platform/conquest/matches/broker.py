"""The brokers' Kombu transports: Redis's, kept usable after a lost connection
(:class:`RedisTransport`), and the embedded default's, a folder (:class:`Transport`).

The embedded default's broker is Kombu's filesystem transport, made safe for several workers.
Kombu's own transport writes a message file under its final name, so a worker may take and
read it before it is written (an empty message: the worker stops on a JSON error), and it
moves taken files to the system's temporary folder, which is a copy on another filesystem.
Here a message is written under a name no consumer matches, then renamed into place, and a
consumer takes a file by renaming it within the broker folder: both are atomic, so each
message is read whole, by one worker. A message's name starts with its priority, so that,
as on Redis, a lower priority number is taken first (then the oldest). An exchange's table
(the queues bound to it) is changed under a lock of its own and replaced whole: Kombu's
creates the file before it locks it, so that a process declaring its queues at the same time
read an empty or doubly written table (a JSON error). The URL is ``arenafs://`` (see settings).
"""

from __future__ import annotations

import fcntl
import os
import uuid
from time import monotonic_ns

from kombu.transport import filesystem, redis
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

Empty = filesystem.Empty


class Channel(filesystem.Channel):
    """Atomic put, take and queue binding (see the module's docstring)."""

    def _put(self, queue, payload, **kwargs):
        priority = self._get_message_priority(payload)
        # The system's monotonic clock in nanoseconds, zero-padded: names sort as the messages
        # were sent (a millisecond clock left those of the same millisecond in random order).
        name = f"{priority}_{monotonic_ns():020d}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = f"{final}.part"  # ends in .part: no consumer takes it
        with open(partial, "wb") as f:
            f.write(str_to_bytes(dumps(payload)))
        os.replace(partial, final)

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        table = self._exchange_file(exchange)
        self.control_folder.mkdir(exist_ok=True)
        bound = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with open(f"{table}.lock", "wb") as guard:
            fcntl.flock(guard, fcntl.LOCK_EX)  # released as the file closes
            queues = self.get_table(exchange)
            if bound not in queues:
                partial = f"{table}.part"
                with open(partial, "wb") as f:
                    f.write(str_to_bytes(dumps([bound, *queues])))
                os.replace(partial, table)

    def _get(self, queue):
        wanted = f"{queue}.msg"
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            taken = os.path.join(self.processed_folder, name)
            try:
                os.rename(os.path.join(self.data_folder_in, name), taken)
            except OSError:
                continue  # another worker took it first
            with open(taken, "rb") as f:
                payload = f.read()
            os.remove(taken)
            return loads(bytes_to_str(payload))
        raise Empty()


class Transport(filesystem.Transport):
    """The filesystem transport with :class:`Channel`."""

    Channel = Channel


class RedisTransport(redis.Transport):
    """Kombu's Redis transport whose channels still know their Redis once their connection was
    closed (``redis://`` and ``rediss://`` URLs, see settings).

    When a worker loses Redis, Celery closes the connection twice: the first close fails on
    the dead sockets and clears the transport's ``client`` (the Connection, where the channels
    read Redis's address), so the second one, which puts back the messages the worker had not
    acknowledged, and the acknowledgements of the tasks still running in a ``--pool threads``
    worker raise an AttributeError instead of a Redis error: the worker exits ("Unrecoverable
    error", as celery/kombu#582). Here ``client`` is never cleared: those calls reach Redis on
    a new connection, or fail with a connection error Celery recovers from (a message not put
    back comes back after the visibility timeout).
    """

    _client = None

    @property
    def client(self):
        """The Connection this transport was made for (kept when Kombu clears it)."""
        return self._client

    @client.setter
    def client(self, client) -> None:
        if client is not None:
            self._client = client
