"""Fencing a match's stale attempts out of what the newer one writes.

A match whose worker lost its lease is played again under the same id by another worker: a
new **attempt** (``services.match_claim`` numbers them 1, 2, ...), while the older one may
still run for a while. Everything the relay writes for a match names its attempt, and a
write of an attempt older than the newest one seen for the match is refused with
:class:`Stale`, which its worker treats as a lost lease. The gateways fence deliveries to
bots (``conquest.gateway.server``); in Redis, the spectator stream (:mod:`.broadcast`) and
the live feed (:mod:`.feeds`) are written by Lua scripts that begin with :data:`FENCE`, so
the check and the writes are one atomic step. The live feed's files (no Redis) are fenced
in :mod:`.feeds`.
"""

from __future__ import annotations

FENCE = """
local newest = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) < newest then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
"""
"""The start of a fenced script: with ``KEYS[1]`` the match's :func:`fence_key`, ``ARGV[1]``
the writer's attempt and ``ARGV[2]`` how long to keep the fence (seconds: as long as what it
guards), it returns 0 (nothing written) when a newer attempt wrote before, else records this
attempt as the newest and goes on."""

APPEND = """
local function add(stream, id, ...)
  local added = redis.pcall('XADD', stream, id, ...)
  if type(added) == 'table' and added.err
      and not string.find(added.err, 'equal or smaller', 1, true) then
    error(added)
  end
end
local function append(stream, from)
  for i = from, #ARGV, 5 do
    add(stream, '0-' .. ARGV[i], ARGV[i+1], ARGV[i+2], ARGV[i+3], ARGV[i+4])
  end
end
"""
"""Lua functions for fenced scripts: ``add(stream, id, field, value, ...)`` adds the entry
``id`` unless the stream has it or a later one already (Redis refuses an id not above the
stream's last: a command retried after a lost reply writes nothing twice); ``append(stream,
from)`` adds the entries given from ``ARGV[from]`` on, five arguments each (``k, field,
value, field, value``) as the entries ``0-k``."""


FEED = """
local function feed(pointer, stream, from)
  if ARGV[from + 1] == '1' then
    redis.call('SET', pointer, ARGV[from], 'EX', ARGV[2])
  else
    redis.call('EXPIRE', pointer, ARGV[2])
  end
  append(stream, from + 2)
  redis.call('EXPIRE', stream, ARGV[2])
end
"""
"""A Lua function for fenced scripts, after :data:`APPEND`: ``feed(pointer, stream, from)``
writes a batch of a live feed's entries (``conquest.relay.feeds``) given from ``ARGV[from]``
on: the epoch, whether the batch starts it (then ``pointer`` names it), and the entries for
the epoch's ``stream``; both keys are kept ``ARGV[2]`` seconds."""


class Stale(Exception):
    """A newer attempt of the match delivered or wrote: this attempt lost its lease."""


def fence_key(match_id: int) -> str:
    """The Redis key holding the newest attempt of match ``match_id`` that wrote."""
    return f"arena:match:{match_id}:attempt"
