"""The house bots: reference players of every strength, for ladders and tests."""
