"""Signals of the matches app."""

from __future__ import annotations

from django.dispatch import Signal

# Sent after the transaction commits, when a match ends (finished, error or cancelled), with
# ``match_id`` and ``status``: e.g. a tournament pairs its next round.
match_ended = Signal()
