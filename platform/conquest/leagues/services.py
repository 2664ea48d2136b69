"""Writes on leagues and entries, and challenge requests. Errors name the field at fault."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from conquest.bots.models import BotVersion
from conquest.leagues import selectors
from conquest.leagues.models import Entry, League
from conquest.matches import services as matches
from conquest.matches.models import Match
from engines.core import EngineError
from engines.players import game_player
from engines.registry import get_game


def league_game_check(*, game: str, variant: str, seats: int, options: dict) -> tuple[str, dict]:
    """The engine version and the options, or ValidationError on the field at fault."""
    if not isinstance(options, dict):
        raise ValidationError({"options": "options must be a JSON object (name: value)"})
    try:
        info = get_game(game)
    except EngineError as error:
        raise ValidationError({"game": str(error)}) from error
    try:
        allowed = info.variant(variant).seats
    except EngineError as error:
        raise ValidationError({"variant": str(error)}) from error
    if seats not in allowed:
        raise ValidationError({"seats": f"{game}/{variant} is played by {list(allowed)} seats"})
    try:
        info.resolve_options(options)
    except EngineError as error:
        raise ValidationError({"options": str(error)}) from error
    return info.engine_version, dict(options)


def league_create(*, name: str, game: str, variant: str, seats: int, options=None, **settings):
    """A new league on the installed engine version of ``game``.

    ``settings`` are League fields (time control, ladder settings, Elo K).
    """
    if League.objects.filter(name=name).exists():
        raise ValidationError({"name": f"a league called {name!r} exists already"})
    engine_version, options = league_game_check(
        game=game, variant=variant, seats=seats, options=options or {}
    )
    return League.objects.create(
        name=name,
        game=game,
        variant=variant,
        seats=seats,
        options=options,
        engine_version=engine_version,
        **settings,
    )


def league_update(*, league: League, **fields) -> League:
    """Change a league's settings; its game, variant, seats and options are fixed once rated."""
    fixed = {"game", "variant", "seats", "options", "engine_version"} & set(fields)
    if fixed and league.matches.exists():
        raise ValidationError({sorted(fixed)[0]: "fixed once the league has matches"})
    if fixed:
        merged = {
            f: fields.get(f, getattr(league, f)) for f in ("game", "variant", "seats", "options")
        }
        fields["engine_version"], fields["options"] = league_game_check(**merged)
    for name, value in fields.items():
        setattr(league, name, value)
    # Only these fields: a worker may be updating rated_count at the same time.
    league.save(update_fields=list(fields))
    return league


def league_ladder_set(*, league: League, state: str) -> League:
    """Start, pause or stop the league's ladder."""
    if state not in League.Ladder.values:
        raise ValidationError({"ladder": f"one of {League.Ladder.values}"})
    league.ladder = state
    league.save(update_fields=["ladder"])
    return league


def entry_check(*, league: League, version: BotVersion) -> None:
    """ValidationError unless ``version``'s bot is enabled and plays ``league``'s game (a
    house version: its player too)."""
    bot = version.bot
    if bot.games and league.game not in bot.games:
        raise ValidationError(
            {"version": f"{bot} does not play {league.game} (games: {bot.games})"}
        )
    if version.kind == BotVersion.Kind.HOUSE:
        try:
            game_player(version.player, league.game)
        except EngineError as error:
            raise ValidationError({"version": f"{version}: {error}"}) from error
    if not bot.enabled:
        raise ValidationError({"version": f"{bot} is disabled"})


def entry_create(*, league: League, version: BotVersion) -> Entry:
    """Enter ``version`` in ``league`` (see :func:`entry_check`)."""
    entry_check(league=league, version=version)
    try:
        with transaction.atomic():
            return Entry.objects.create(league=league, version=version)
    except IntegrityError:
        raise ValidationError({"version": f"{version} is already in {league}"}) from None


def entry_withdraw(*, entry: Entry) -> Entry:
    """Stop scheduling ``entry`` (its history and ratings stay)."""
    entry.active = False
    entry.save(update_fields=["active"])
    return entry


def entry_reinstate(*, entry: Entry) -> Entry:
    """Schedule ``entry`` again (see :func:`entry_check`): e.g. a version promoted by its
    version test."""
    entry_check(league=entry.league, version=entry.version)
    entry.active = True
    entry.save(update_fields=["active"])
    return entry


def challenge_create(*, user, league: League, entries: list[Entry]) -> Match:
    """An unrated match of ``league`` between ``entries`` (in seat order), queued at once.

    The first entry must be the requester's (staff may challenge for anyone).
    """
    if not entries:
        raise ValidationError({"entries": "choose the entries that play, yours first"})
    if not user.is_staff and entries[0].version.bot.owner_id != user.pk:
        raise ValidationError({"entries": "the first entry must be one of your bots"})
    for entry in entries:
        waiting = selectors.entry_waiting(entry)
        if waiting is not None:
            raise ValidationError({"entries": f"{entry} cannot play: {waiting}"})
    with transaction.atomic():
        match = matches.match_schedule(
            league=league,
            entries=entries,
            origin=Match.Origin.CHALLENGE,
            requested_by=user,
            rated=False,
        )
        matches.match_enqueue(match_ids=[match.pk])
    return match
