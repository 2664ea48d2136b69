"""Who may do what through the API.

Everything is public to read. A user changes only their own bots, versions, tokens and
entries; only staff create or edit leagues. A request authenticated by a bot token acts for
that token's bot only: it may not write to any other bot (even one of the same owner), create
bots, manage tokens, or use its owner's staff rights. Tournaments are staff's only.
"""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission

from conquest.bots.models import Bot, BotToken, BotVersion
from conquest.leagues.models import Entry


def token_of(request) -> BotToken | None:
    """The bot token the request was authenticated with, if any."""
    return request.auth if isinstance(request.auth, BotToken) else None


def is_staff(request) -> bool:
    """Staff rights: a staff user, authenticated as a user (never through a bot token)."""
    return bool(request.user and request.user.is_staff and token_of(request) is None)


def bot_of(obj) -> Bot:
    """The bot a bot, version, token or entry belongs to."""
    if isinstance(obj, Bot):
        return obj
    if isinstance(obj, BotVersion | BotToken):
        return obj.bot
    if isinstance(obj, Entry):
        return obj.version.bot
    raise TypeError(f"no bot for {obj!r}")


def acts_for(request, bot: Bot) -> bool:
    """May this request change ``bot``: its owner, and with a bot token only that token's bot."""
    token = token_of(request)
    return (
        request.user is not None
        and request.user.is_authenticated
        and bot.owner_id == request.user.pk
        and (token is None or token.bot_id == bot.pk)
    )


class IsStaffOrReadOnly(BasePermission):
    """Reads for anyone; writes for staff only."""

    message = "only staff may do this"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or is_staff(request)


class IsStaff(BasePermission):
    """Staff only, reads included (e.g. tournaments, run by the organisers)."""

    message = "only staff may do this"

    def has_permission(self, request, view) -> bool:
        return is_staff(request)


class IsBotOwnerOrReadOnly(BasePermission):
    """Reads for anyone; writes to a bot (or its version, token, entry) by whoever acts for it."""

    message = "only the bot's owner may change it (a bot token acts for its own bot only)"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or bool(
            request.user and request.user.is_authenticated
        )

    def has_object_permission(self, request, view, obj) -> bool:
        return request.method in SAFE_METHODS or acts_for(request, bot_of(obj))


class IsBotOwner(IsBotOwnerOrReadOnly):
    """Reads and writes by the bot's owner only (e.g. its tokens)."""

    message = "only the bot's owner may see or change this"

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        return acts_for(request, bot_of(obj))


class NoBotTokenForWrites(BasePermission):
    """Reads with any credentials; writes only when authenticated as a user, not a bot."""

    message = "a bot token may not do this: authenticate as the user (Token or session)"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or token_of(request) is None


class NoBotToken(NoBotTokenForWrites):
    """Refused with a bot token, reads included (tokens are managed by the user, not by bots)."""

    def has_permission(self, request, view) -> bool:
        return token_of(request) is None
