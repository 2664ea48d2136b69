"""The demo world of the README's main command: an admin, house bots, a Risk ladder and a
showcase league paced to be watched live."""

from __future__ import annotations

import secrets
from pathlib import Path

from django.contrib.auth.models import User
from django.db import transaction

from conquest.bots import services as bots
from conquest.bots.models import Bot
from conquest.leagues import services as leagues
from conquest.leagues.models import League

LEAGUE = "Risk demo ladder"
SHOWCASE = "Risk live showcase"
"""A league of the same bots whose matches are paced for people to watch live."""
SHOWCASE_PACE_SECONDS = 0.04
"""Between two actions of a showcase match: a match then lasts about half a minute."""
# (bot name, house player, description)
HOUSE_BOTS = (
    ("conqueror", "heuristic", "continent-aware, exact blitz odds"),
    ("strategist", "heuristic", "the same heuristic: a control for seat and luck"),
    ("berserker", "attacker", "attacks whenever it can"),
    ("raider", "attacker", "attacks whenever it can"),
    ("dice-roller", "random", "uniformly random legal actions"),
)


def admin_credentials(home: Path) -> tuple[str, str]:
    """The demo admin's name and password (made once, kept in ``home/admin-password``)."""
    path = home / "admin-password"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(12))
        path.chmod(0o600)
    password = path.read_text().strip()
    user, _ = User.objects.get_or_create(
        username="admin", defaults={"is_staff": True, "is_superuser": True}
    )
    user.set_password(password)
    user.save()
    return "admin", password


@transaction.atomic
def demo_league() -> League:
    """The demo league with the house bots entered (created once)."""
    return _league(LEAGUE, seats=4, ladder_matches_per_tick=4, ladder_max_pending=6)


@transaction.atomic
def showcase_league() -> League:
    """The showcase league: the same bots, one paced match at a time (created once)."""
    return _league(
        SHOWCASE,
        seats=3,
        ladder_matches_per_tick=1,
        ladder_max_pending=1,
        pace_seconds=SHOWCASE_PACE_SECONDS,
    )


def _league(name: str, **settings) -> League:
    """The Risk league called ``name`` with every house bot entered (created once)."""
    league = League.objects.filter(name=name).first()
    if league is not None:
        return league
    house, _ = User.objects.get_or_create(username="house")
    league = leagues.league_create(
        name=name,
        game="risk",
        variant="hasbro",
        allow_same_owner=True,
        decision_seconds=1.0,
        time_bank_seconds=10.0,
        **settings,
    )
    for bot_name, player, description in HOUSE_BOTS:
        bot = Bot.objects.filter(name=bot_name).first() or bots.bot_create(
            owner=house, name=bot_name, description=description, games=["risk"]
        )
        version = bot.versions.first() or bots.version_create(bot=bot, kind="house", player=player)
        leagues.entry_create(league=league, version=version)
    return league
