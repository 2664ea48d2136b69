"""The Python SDK for bots: write one class, play it on the platform or offline, unchanged.

A bot is a class constructed with ``seed=`` whose ``act(observation, legal_actions)``
returns an action (:class:`engines.play.Player`, like the house bots). Run it against the
platform with ``conquest-bot --player mymodule:MyBot --token $TOKEN`` (or
:func:`run`), or offline with ``python -m engines play risk --bots mymodule:MyBot,random``.
Quickstart and protocol reference: ``docs/bots.md``.
"""

from bots.house.choice import bounds, fill
from bots.sdk.client import Client, PlatformRefused
from bots.sdk.matchlog import log
from bots.sdk.runner import run

__all__ = ["Client", "PlatformRefused", "bounds", "fill", "log", "run"]
