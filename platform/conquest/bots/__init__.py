"""Bots, their versions and their API tokens."""
