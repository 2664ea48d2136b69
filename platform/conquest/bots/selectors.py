"""Reads on bots, versions and tokens."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from conquest.bots.models import Bot, BotToken, BotVersion


def bot_list(*, owner: str | None = None) -> QuerySet[Bot]:
    """Every bot by name, or only those of the user called ``owner``."""
    bots = Bot.objects.select_related("owner")
    if owner:
        bots = bots.filter(owner__username=owner)
    return bots.order_by("name")


def bot_get(bot_id: int) -> Bot | None:
    """The bot ``bot_id`` with its owner, or None."""
    return Bot.objects.select_related("owner").filter(pk=bot_id).first()


def version_list(bot: Bot) -> QuerySet[BotVersion]:
    """The versions of ``bot``, first first."""
    return bot.versions.select_related("bot__owner").order_by("number")


def version_get(version_id: int) -> BotVersion | None:
    """The version ``version_id`` with its bot and owner, or None."""
    return BotVersion.objects.select_related("bot__owner").filter(pk=version_id).first()


def token_list(bot: Bot) -> QuerySet[BotToken]:
    """The tokens of ``bot`` (revoked ones too), newest first."""
    return bot.tokens.order_by("-created_at", "-pk")


def token_get(bot: Bot, token_id: int) -> BotToken | None:
    """The token ``token_id`` of ``bot``, or None (also when it belongs to another bot)."""
    return bot.tokens.filter(pk=token_id).first()


def bot_profile(bot_id: int) -> Bot | None:
    """The bot ``bot_id`` with its owner and its versions (prefetched, first first), or None."""
    return (
        Bot.objects.select_related("owner")
        .prefetch_related("versions")  # BotVersion's ordering: by number
        .filter(pk=bot_id)
        .first()
    )


def bot_find(key: str) -> Bot | None:
    """The bot named ``key``, else the bot whose id it is, or None (one query)."""
    wanted = Q(name=key)
    if key.isascii() and key.isdigit() and len(key) < 19:
        wanted |= Q(pk=int(key))
    found = list(Bot.objects.filter(wanted)[:2])
    return next((bot for bot in found if bot.name == key), found[0] if found else None)
