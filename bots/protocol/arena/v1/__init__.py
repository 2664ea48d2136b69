"""Generated code of ``proto/arena/v1`` (``scripts/protos``; never edit by hand)."""
