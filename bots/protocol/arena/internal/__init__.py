"""Generated code of the platform's internal ``arena.internal`` protobuf packages."""
