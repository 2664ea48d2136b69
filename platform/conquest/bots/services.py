"""Writes on bots, versions and tokens. Errors are ValidationError naming the field at fault."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from conquest.accounts.services import token_digest
from conquest.bots.models import Bot, BotToken, BotVersion
from engines.core import EngineError
from engines.players import player_class, player_names
from engines.registry import games

TOKEN_PREFIX = "cab_"


def _check_games(names: list[str]) -> list[str]:
    known = {game.name for game in games()}
    unknown = sorted(set(names) - known)
    if unknown:
        raise ValidationError({"games": f"unknown games {unknown}; known: {sorted(known)}"})
    return sorted(set(names))


def bot_create(*, owner, name: str, description: str = "", games: list[str] = ()) -> Bot:
    """A new bot of ``owner``.

    >>> # bot_create(owner=alice, name="conqueror", games=["risk"])
    """
    if Bot.objects.filter(name=name).exists():
        raise ValidationError({"name": f"a bot called {name!r} exists already"})
    return Bot.objects.create(
        owner=owner, name=name, description=description, games=_check_games(list(games))
    )


BOT_FIELDS = ("description", "games", "enabled")


def bot_update(*, bot: Bot, **fields) -> Bot:
    """Change a bot's description, games or enabled flag (nothing else)."""
    unknown = sorted(set(fields) - set(BOT_FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: f"cannot be changed (only {', '.join(BOT_FIELDS)})"})
    if "games" in fields:
        fields["games"] = _check_games(list(fields["games"]))
    for name, value in fields.items():
        setattr(bot, name, value)
    bot.save(update_fields=list(fields))
    return bot


def version_player_check(*, kind: str, player: str, staff: bool) -> str:
    """The player of a version of ``kind``, checked (house: installed, or code for staff)."""
    if kind == BotVersion.Kind.REMOTE:
        if player:
            raise ValidationError({"player": "a remote version has no house player"})
        return ""
    if ":" in player and not staff:
        raise ValidationError(
            {
                "player": f"choose one of the house players {player_names()}; "
                "only staff may name code (module:Class)"
            }
        )
    try:
        player_class(player)
    except (EngineError, ImportError, AttributeError, ValueError) as error:
        raise ValidationError({"player": f"no such player {player!r}: {error}"}) from error
    return player


def version_create(
    *, bot: Bot, kind: str, player: str = "", notes: str = "", staff: bool = False
) -> BotVersion:
    """The next version of ``bot`` (numbered 1, 2, 3…)."""
    if kind not in BotVersion.Kind.values:
        raise ValidationError({"kind": f"kind must be one of {BotVersion.Kind.values}"})
    player = version_player_check(kind=kind, player=player, staff=staff)
    with transaction.atomic():
        Bot.objects.select_for_update().get(pk=bot.pk)
        number = (
            bot.versions.order_by("-number").values_list("number", flat=True).first() or 0
        ) + 1
        return BotVersion.objects.create(
            bot=bot, number=number, kind=kind, player=player, notes=notes
        )


def version_update(*, version: BotVersion, staff: bool = False, **fields) -> BotVersion:
    """Edit a version that has not played yet; a frozen version refuses every change."""
    if version.frozen:
        raise ValidationError(
            {"non_field_errors": f"{version} has played and is frozen: create a new version"}
        )
    kind = fields.get("kind", version.kind)
    if "kind" in fields or "player" in fields:
        fields["player"] = version_player_check(
            kind=kind, player=fields.get("player", version.player), staff=staff
        )
    for name, value in fields.items():
        setattr(version, name, value)
    version.save(update_fields=list(fields))
    return version


def token_issue(*, bot: Bot, name: str = "") -> tuple[BotToken, str]:
    """A new token for ``bot``: the model and the plaintext, which is never shown again."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    record = BotToken.objects.create(
        bot=bot, name=name, prefix=token[:12], digest=token_digest(token=token)
    )
    return record, token


def token_revoke(*, token: BotToken) -> BotToken:
    """Revoke ``token`` for good (revoking twice keeps the first date)."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def token_authenticate(*, token: str) -> BotToken | None:
    """The live token matching ``token``, or None; records when it was used."""
    record = (
        BotToken.objects.live()
        .select_related("bot", "bot__owner")
        .filter(digest=token_digest(token=token))
        .first()
    )
    if record is not None:
        BotToken.objects.filter(pk=record.pk).update(last_used_at=timezone.now())
    return record


def version_freeze(*, version_ids: list[int]) -> None:
    """Mark versions as played (frozen) from now on."""
    BotVersion.objects.filter(pk__in=version_ids, first_played_at__isnull=True).update(
        first_played_at=timezone.now()
    )


def bot_delete(*, bot: Bot) -> None:
    """Delete a bot that never entered a league (one that did keeps its history: disable it)."""
    try:
        with transaction.atomic():
            bot.delete()
    except ProtectedError:  # its versions have league entries (Entry.version is PROTECT)
        raise ValidationError(
            {
                "non_field_errors": f"{bot} has entered leagues and its results must stay: "
                "disable it instead (PATCH enabled=false)"
            }
        ) from None
