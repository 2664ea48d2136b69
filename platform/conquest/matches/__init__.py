"""Matches: their lifecycle, the worker tasks that run them, their results and replays."""
