"""The demo world of the README's main command: an admin, house bots, a ladder and a showcase
league paced to be watched live, of classic Risk by default or of another game with bots."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.models import User
from django.db import transaction

from conquest.bots import services as bots
from conquest.bots.models import Bot
from conquest.leagues import services as leagues
from conquest.leagues.models import League

SHOWCASE_PACE_SECONDS = 0.04
"""Between two actions of a showcase match: a match then lasts about half a minute."""
QUICKSTART_BOT = "my-bot"
"""The demo's remote bot, entered in the ladder, that the quickstart's program plays."""
QUICKSTART_PLAYER = "bots.examples.random_bot:RandomBot"
"""The class the printed quickstart command connects (docs/bots.md, "Quickstart")."""


@dataclass(frozen=True)
class Demo:
    """A game the demo can play: its name for people, variant, and house bots (bot name,
    house player, description)."""

    label: str
    variant: str
    bots: tuple[tuple[str, str, str], ...]

    @property
    def league(self) -> str:
        """The demo ladder's name."""
        return f"{self.label} demo ladder"

    @property
    def showcase(self) -> str:
        """The name of the league of the same bots whose matches are paced to be watched."""
        return f"{self.label} live showcase"


DEMOS = {
    "risk": Demo(
        "Risk",
        "hasbro",
        (
            ("conqueror", "heuristic", "continent-aware, exact blitz odds"),
            ("strategist", "heuristic", "the same heuristic: a control for seat and luck"),
            ("berserker", "attacker", "attacks whenever it can"),
            ("raider", "attacker", "attacks whenever it can"),
            ("dice-roller", "random", "uniformly random legal actions"),
        ),
    ),
    "risk2210": Demo(
        "Risk 2210",
        "standard",
        (
            ("commander", "heuristic", "masses on its fronts, d8 commanders, cards that help"),
            ("marshal", "heuristic", "the same heuristic: a control for seat and luck"),
            ("gambler", "random", "uniformly random legal actions"),
            ("daredevil", "random", "uniformly random legal actions"),
        ),
    ),
}
"""The games ``manage.py demo --game`` offers."""


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
def demo_league(game: str = "risk") -> League:
    """The demo league of ``game`` with its house bots entered (created once)."""
    demo = DEMOS[game]
    return _league(game, demo.league, seats=4, ladder_matches_per_tick=4, ladder_max_pending=6)


@transaction.atomic
def showcase_league(game: str = "risk") -> League:
    """The showcase league: the same bots, one paced match at a time (created once)."""
    return _league(
        game,
        DEMOS[game].showcase,
        seats=3,
        ladder_matches_per_tick=1,
        ladder_max_pending=1,
        pace_seconds=SHOWCASE_PACE_SECONDS,
    )


def _league(game: str, name: str, **settings) -> League:
    """The league of ``game`` called ``name`` with its house bots entered (created once)."""
    league = League.objects.filter(name=name).first()
    if league is not None:
        return league
    demo = DEMOS[game]
    house, _ = User.objects.get_or_create(username="house")
    league = leagues.league_create(
        name=name,
        game=game,
        variant=demo.variant,
        allow_same_owner=True,
        decision_seconds=1.0,
        time_bank_seconds=10.0,
        **settings,
    )
    for bot_name, player, description in demo.bots:
        bot = Bot.objects.filter(name=bot_name).first() or bots.bot_create(
            owner=house, name=bot_name, description=description, games=[game]
        )
        version = bot.versions.first() or bots.version_create(bot=bot, kind="house", player=player)
        leagues.entry_create(league=league, version=version)
    return league


@transaction.atomic
def quickstart_token(league: League) -> str:
    """A new token of the demo's remote bot (the user ``author``'s ``my-bot``, which plays
    every game the demo has run, entered in ``league`` once), for the quickstart command the
    demo prints; the tokens of earlier runs are revoked."""
    author, _ = User.objects.get_or_create(username="author")
    bot = Bot.objects.filter(owner=author, name=QUICKSTART_BOT).first() or bots.bot_create(
        owner=author,
        name=QUICKSTART_BOT,
        description="a remote bot: connect it with the command ./scripts/demo prints",
    )
    if league.game not in bot.games:
        bots.bot_update(bot=bot, games=[*bot.games, league.game])
    version = bot.versions.first() or bots.version_create(bot=bot, kind="remote")
    if not league.entries.filter(version=version).exists():
        leagues.entry_create(league=league, version=version)
    for earlier in bot.tokens.filter(name="demo", revoked_at__isnull=True):
        bots.token_revoke(token=earlier)
    _, token = bots.token_issue(bot=bot, name="demo")
    return token
