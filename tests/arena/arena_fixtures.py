"""Builders for the platform's tests: users, house bots, leagues and entries."""

from __future__ import annotations

from conquest.bots import services as bots
from conquest.leagues import services as leagues
from django.contrib.auth.models import User

from engines.players import player_names


def user(name: str, **fields) -> User:
    """A user called ``name``."""
    return User.objects.create_user(username=name, password=f"{name}-password-1", **fields)


def league(name: str = "risk-4", game: str = "risk", variant: str = "hasbro", seats: int = 4, **kw):
    """A league with its defaults overridden by ``kw``."""
    return leagues.league_create(name=name, game=game, variant=variant, seats=seats, **kw)


def entry(in_league, owner: User, player: str | None = None, name: str | None = None):
    """A new house bot of ``owner`` playing ``player``, entered in ``in_league``; by default
    ``attacker`` (it ends matches quickly) where it plays the game, else ``random``."""
    if player is None:
        player = "attacker" if "attacker" in player_names(in_league.game) else "random"
    count = owner.bots.count()
    bot = bots.bot_create(
        owner=owner, name=name or f"{owner.username}-{count}", games=[in_league.game]
    )
    version = bots.version_create(bot=bot, kind="house", player=player, staff=True)
    return leagues.entry_create(league=in_league, version=version)
