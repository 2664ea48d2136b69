"""The login lockout (django-axes, settings ``AXES_*``) as the API sees it."""

from __future__ import annotations

import math

from axes.helpers import get_cool_off


def locked_out(request) -> bool:
    """Was this request's login refused, or did it lock its client out (too many failures
    from its address)? Read after the credentials were checked."""
    return bool(getattr(request, "axes_locked_out", False))


def lockout_seconds() -> int:
    """How long a locked-out address waits after its last attempt (seconds)."""
    cool_off = get_cool_off()
    return 0 if cool_off is None else math.ceil(cool_off.total_seconds())
