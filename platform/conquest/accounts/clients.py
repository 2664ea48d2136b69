"""Who a request comes from: the client's address, as every rate limit and lockout sees it."""

from __future__ import annotations

import ipaddress

from rest_framework.throttling import BaseThrottle


def _ip(text: str | None) -> str | None:
    try:
        return str(ipaddress.ip_address((text or "").strip()))
    except ValueError:
        return None


def client_address(request) -> str | None:
    """The client's IP address: ``REMOTE_ADDR``, or with ``NUM_PROXIES`` = n > 0 the n-th
    address from the right of ``X-Forwarded-For`` (the one our own outermost proxy saw), so
    that a forged header never changes it, as DRF's throttles see it; ``REMOTE_ADDR`` if that
    is not an IP address, None if neither is (e.g. a Unix socket)."""
    return _ip(BaseThrottle().get_ident(request)) or _ip(request.META.get("REMOTE_ADDR"))
