"""The shared secret of the gateways' internal port: what a worker presents, and its check.

A worker's connection to the internal port begins with a Hello frame carrying the secret and
the protocol's :data:`REVISION` (``proto/arena/internal/v1/gateway.proto``). The secret is
``ARENA_GATEWAY_SECRET`` or, when that is not set, a key derived from Django's ``SECRET_KEY``
(an HMAC with a fixed label): processes that share ``SECRET_KEY``, as every process of one
deployment does, share it with nothing more to set.
The gateway checks it with :func:`authorized` (``conquest.gateway.server``).
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw

_LABEL = b"conquest-arena gateway internal port v1"
"""What the derived secret is for: a key derived for anything else differs."""
REVISION = 2
"""The internal protocol's revision: 2 since a decision travels serialized in
``DeliverRequest.decision``. Workers and gateways of different revisions refuse each other."""


def secret() -> str:
    """The internal port's shared secret (``ARENA_GATEWAY_SECRET``, else derived from
    ``SECRET_KEY``)."""
    configured = settings.ARENA.gateway_secret.get_secret_value()
    if configured:
        return configured
    return hmac.new(settings.SECRET_KEY.encode(), _LABEL, hashlib.sha256).hexdigest()


def hello() -> gw.Hello:
    """The first frame a worker sends on the internal port."""
    return gw.Hello(secret=secret(), revision=REVISION)


def authorized(hello: gw.Hello) -> bool:
    """Does ``hello`` carry the shared secret? (Compared in constant time.)"""
    return hmac.compare_digest(hello.secret.encode(), secret().encode())
