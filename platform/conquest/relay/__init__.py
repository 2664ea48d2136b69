"""The relay: the worker side of the gateways.

Below ``matches`` and above nothing of the platform's apps: where a bot is connected
(:mod:`.presence`), a seat's line to its bot through that bot's gateway (:mod:`.links`), and
the writer of a running match's spectator stream (:mod:`.broadcast`). It knows Redis and the
gateways' internal ``Deliver`` stream, never a gRPC server: that is ``conquest.gateway``,
which sits above it (DESIGN.md, "Pieces and boundaries").
"""
