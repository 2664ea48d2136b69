"""The bot protocol (``proto/arena/v1``): its generated code and the conversion to the engines.

``bots.protocol.arena.v1`` holds the code ``scripts/protos`` generates from the .proto files;
:mod:`bots.protocol.wire` turns the engines' dataclasses into its messages and back.
"""

PROTOCOL_VERSION = 1
"""The protocol version of ``proto/arena/v1``, sent in Hello and Welcome."""
