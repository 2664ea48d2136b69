"""The shared secret of the gateways' internal port: what a worker presents, and its check.

A call on the internal port (``Gateway.Deliver``) carries ``authorization: Gateway <secret>``
in its metadata. The secret is ``ARENA_GATEWAY_SECRET`` or, when that is not set, a key
derived from Django's ``SECRET_KEY`` (an HMAC with a fixed label): processes that share
``SECRET_KEY``, as every process of one deployment does, share it with nothing more to set.
The gateway's check is in ``conquest.gateway.auth``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from django.conf import settings

METADATA_KEY = "authorization"
SCHEME = "Gateway"
_LABEL = b"conquest-arena gateway internal port v1"
"""What the derived secret is for: a key derived for anything else differs."""


def secret() -> str:
    """The internal port's shared secret (``ARENA_GATEWAY_SECRET``, else derived from
    ``SECRET_KEY``)."""
    configured = settings.ARENA.gateway_secret.get_secret_value()
    if configured:
        return configured
    return hmac.new(settings.SECRET_KEY.encode(), _LABEL, hashlib.sha256).hexdigest()


def credentials() -> tuple[tuple[str, str]]:
    """The call metadata a worker sends on the internal port."""
    return ((METADATA_KEY, f"{SCHEME} {secret()}"),)


def authorized(metadata: Iterable[tuple[str, str | bytes]] | None) -> bool:
    """Does call ``metadata`` carry the shared secret? (Compared in constant time.)"""
    presented = dict(metadata or ()).get(METADATA_KEY, "")
    if isinstance(presented, bytes):
        return False
    expected = f"{SCHEME} {secret()}"
    return hmac.compare_digest(presented.encode(), expected.encode())
