"""Builders for the admin tests: users, leagues, house bots, played matches, admin POST data."""

from __future__ import annotations

from collections.abc import Sequence

from conquest.bots import services as bots
from conquest.leagues import services as leagues
from conquest.leagues.models import Entry, League
from conquest.matches import services as matches
from conquest.matches.execution import execute
from conquest.matches.models import Match
from django import forms
from django.contrib.auth import get_user_model

GAME, VARIANT = "conquetes", "standard"


def user(name: str = "alice", *, staff: bool = False):
    """A user called ``name``."""
    return get_user_model().objects.create_user(
        username=name, password="pw-" + name, is_staff=staff
    )


def league(name: str = "Conquêtes duel", **fields) -> League:
    """A two-seat league of the fast game, made by the service."""
    fields = {"game": GAME, "variant": VARIANT, "seats": 2, **fields}
    return leagues.league_create(name=name, **fields)


def house_bot(owner, name: str, player: str = "random", games: Sequence[str] = (GAME,)):
    """A bot of ``owner`` and its first (house) version."""
    bot = bots.bot_create(owner=owner, name=name, games=list(games))
    return bot, bots.version_create(bot=bot, kind="house", player=player)


def entries(of: League, owner, players: Sequence[str] = ("random", "heuristic")) -> list[Entry]:
    """One entry per house player in ``of``, each of its own bot."""
    made = []
    for i, player in enumerate(players):
        _, version = house_bot(owner, f"{of.pk}-{player}-{i}", player)
        made.append(leagues.entry_create(league=of, version=version))
    return made


def scheduled(of: League, seated: Sequence[Entry], **kwargs) -> Match:
    """A scheduled match of ``seated`` (in seat order)."""
    return matches.match_schedule(league=of, entries=list(seated), **kwargs)


def played(of: League, seated: Sequence[Entry], seed: int = 7) -> Match:
    """A match played to the end by a worker's code path, with its replay and ratings."""
    match = scheduled(of, seated, seed=seed)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.QUEUED)
    outcome = execute(match.pk)
    assert outcome == "finished", outcome
    match.refresh_from_db()
    return match


def with_status(of: League, seated: Sequence[Entry], status: str, **fields) -> Match:
    """A scheduled match moved straight to ``status`` (for the lifecycle actions)."""
    match = scheduled(of, seated)
    Match.objects.filter(pk=match.pk).update(status=status, **fields)
    match.refresh_from_db()
    return match


def _add_form(data: dict, form) -> None:
    for name, field in form.fields.items():
        if field.disabled:
            continue
        key, value = form.add_prefix(name), form[name].value()
        if isinstance(field.widget, forms.CheckboxInput):
            if value:
                data[key] = "on"
        elif getattr(field.widget, "allow_multiple_selected", False):
            data[key] = list(value or [])
        else:
            data[key] = "" if value is None else value


def change_form_data(response) -> dict:
    """The POST data that submits an admin add/change page as it was rendered."""
    data: dict = {}
    _add_form(data, response.context["adminform"].form)
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        _add_form(data, formset.management_form)
        for form in formset.forms:
            _add_form(data, form)
    return data
