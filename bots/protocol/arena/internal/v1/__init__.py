"""Generated code of ``proto/arena/internal/v1`` (``scripts/protos``; never edit by hand)."""
