"""The relay: the worker side of the gateways.

Below ``matches`` and above nothing of the platform's apps: where a bot is connected
(:mod:`.presence`), a seat's line to its bot through that bot's gateway (:mod:`.links`), the
writer of a running match's spectator stream (:mod:`.broadcast`), every match's live feed
for the website, written and read (:mod:`.feeds`, in Redis or, without it, in files), the
fencing that keeps a match's stale attempts from writing over the newer one (:mod:`.fence`)
and the gateways' internal port: its shared secret (:mod:`.auth`) and its frames
(:mod:`.frames`). It knows Redis and that port, never a gateway's server: that is
``conquest.gateway``, which sits above it (DESIGN.md, "Pieces and boundaries").
"""
