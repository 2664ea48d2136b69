"""Signals of the matches app."""

from __future__ import annotations

from django.dispatch import Signal

# Sent after the transaction commits, when a match ends (finished, error or cancelled), with
# ``match_id``, ``status`` and ``origin`` (``Match.Origin``: a receiver skips the matches that
# are not its own without a query): e.g. a tournament pairs its next round.
match_ended = Signal()
