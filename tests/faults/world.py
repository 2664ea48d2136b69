"""The suite's world in the private database: the schema migrated, and a Risk ladder of house
bots (``leagues.demo``'s) and two remote bots with their tokens."""

from __future__ import annotations

from conquest.bots import services as bots
from conquest.leagues import services as leagues
from conquest.leagues.demo import DEMOS
from django.contrib.auth.models import User
from django.core.management import call_command
from fleet import Bot

LEAGUE = "Fault-injection ladder"
REMOTE_BOTS = ("remote-ada", "remote-bob")
LEAGUE_SETTINGS = {
    "game": "risk",
    "variant": "hasbro",
    "seats": 2,
    # Short matches: a house match lasts a few seconds (paced), a remote one as long as its
    # round trips take.
    "options": {"max_steps": 300},
    "pace_seconds": 0.01,
    "decision_seconds": 1.0,
    "time_bank_seconds": 3.0,
    "max_faults": 3,
    "allow_same_owner": True,
    "ladder_matches_per_tick": 4,
    "ladder_max_pending": 8,
}


def migrate() -> None:
    """Create the schema in the database Django is set up on."""
    call_command("migrate", verbosity=0, interactive=False)


def create_world() -> tuple[int, list[Bot]]:
    """The league's id and its two remote bots (the five house bots entered beside them)."""
    league = leagues.league_create(name=LEAGUE, **LEAGUE_SETTINGS)
    house = User.objects.create_user(username="house")
    for name, player, description in DEMOS["risk"].bots:
        bot = bots.bot_create(owner=house, name=name, description=description, games=["risk"])
        version = bots.version_create(bot=bot, kind="house", player=player)
        leagues.entry_create(league=league, version=version)
    remote = []
    for name in REMOTE_BOTS:
        owner = User.objects.create_user(username=name.removeprefix("remote-"))
        bot = bots.bot_create(owner=owner, name=name, games=["risk"])
        version = bots.version_create(bot=bot, kind="remote")
        entry = leagues.entry_create(league=league, version=version)
        _, token = bots.token_issue(bot=bot)
        remote.append(Bot(name, bot.pk, entry.pk, token))
    return league.pk, remote
