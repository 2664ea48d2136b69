"""Bots: the house players that fill ladders and the SDK third-party bots build on.

House bots implement :class:`engines.play.Player`: they get exactly the observation and
legal actions a remote bot gets, and nothing else.
"""
