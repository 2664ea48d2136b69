"""Admin forms of the leagues app: they check what the services check, field by field."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from conquest.leagues import services
from conquest.leagues.models import Entry, League
from engines.registry import games


def _known_games() -> str:
    """Every installed game with its variants and seat counts, for the form's help text."""
    return "; ".join(
        f"{game.name} ({game.engine_version}): "
        + ", ".join(f"{v.name} {list(v.seats)}" for v in game.variants)
        for game in games()
    )


class LeagueForm(forms.ModelForm):
    """A league checked against the engine as ``services.league_create`` checks it.

    The engine version is not a field: :meth:`clean` takes it from the engine.
    """

    class Meta:
        model = League
        exclude = ["engine_version", "rated_count"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "variant" in self.fields:
            self.fields["variant"].help_text = f"The game's variant. Installed: {_known_games()}."

    def clean(self) -> dict:
        data = super().clean()
        fixed = ("game", "variant", "seats", "options")
        if not all(name in self.fields for name in fixed):
            return data  # read-only: the league has matches and they are fixed
        if "options" in data and data["options"] in (None, ""):
            data["options"] = {}
        if self.instance.pk is not None and not set(fixed) & set(self.changed_data):
            return data  # as services.league_update: checked only when they change
        if any(name not in data for name in fixed):
            return data  # a field has its own error already
        try:
            engine_version, data["options"] = services.league_game_check(
                game=data["game"],
                variant=data["variant"],
                seats=data["seats"],
                options=data["options"],
            )
        except ValidationError as error:
            self.add_error(None, error)
            return data
        self.instance.engine_version = engine_version
        return data


class EntryForm(forms.ModelForm):
    """A new entry, checked as ``services.entry_create`` checks it (existing ones only change
    ``active``)."""

    class Meta:
        model = Entry
        fields = ["league", "version", "active"]

    def clean(self) -> dict:
        data = super().clean()
        new = self.instance.pk is None
        if new and data.get("league") is not None and data.get("version") is not None:
            try:
                services.entry_check(league=data["league"], version=data["version"])
            except ValidationError as error:
                self.add_error(None, error)
        return data
