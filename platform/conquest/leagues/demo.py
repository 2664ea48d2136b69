"""The demo world of the README's main command: an admin, house bots and a Risk ladder."""

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
    league = League.objects.filter(name=LEAGUE).first()
    if league is not None:
        return league
    house, _ = User.objects.get_or_create(username="house")
    league = leagues.league_create(
        name=LEAGUE,
        game="risk",
        variant="hasbro",
        seats=4,
        allow_same_owner=True,
        ladder_matches_per_tick=4,
        ladder_max_pending=6,
        decision_seconds=1.0,
        time_bank_seconds=10.0,
    )
    for name, player, description in HOUSE_BOTS:
        bot = Bot.objects.filter(name=name).first() or bots.bot_create(
            owner=house, name=name, description=description, games=["risk"]
        )
        version = bot.versions.first() or bots.version_create(bot=bot, kind="house", player=player)
        leagues.entry_create(league=league, version=version)
    return league
