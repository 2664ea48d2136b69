"""What a gRPC asyncio stream raises once it has ended, and how a client opens one, for every
side of the protocol."""

from __future__ import annotations

import asyncio

import grpc
import grpc.aio

STREAM_ENDED = (grpc.RpcError, grpc.aio.BaseError, asyncio.InvalidStateError)
"""The errors of a read or write on a stream whose peer left, cancelled or finished it.

Which one comes depends on the moment: an RpcError with the call's status; an
``asyncio.InvalidStateError`` on a client call already done; a ``grpc.aio.BaseError`` on the
server (``UsageError`` once the call has finished, an internal ``ExecuteBatchError`` while its
handler still runs after the peer cancelled).

Example::

    with contextlib.suppress(*STREAM_ENDED):
        await context.write(message)
"""


OWN_SUBCHANNEL = (("grpc.use_local_subchannel_pool", 1),)
"""Channel options of a client that opens a fresh channel to connect again.

gRPC otherwise shares one subchannel per address between channels, and a shared one that
failed waits out gRPC's own reconnect backoff (up to two minutes), refusing every call on a
new channel meanwhile: a peer back at the same address would not be reached again in time.

Example::

    channel = grpc.aio.insecure_channel(address, options=OWN_SUBCHANNEL)
"""
