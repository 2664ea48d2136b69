"""Generated code of the ``arena`` protobuf packages (``scripts/protos``)."""
