"""Conquest Arena's Django project: accounts, bots, leagues, matches and ratings."""

from conquest.celery import app as celery_app

__all__ = ["celery_app"]
