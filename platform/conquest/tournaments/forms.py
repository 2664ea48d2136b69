"""Admin forms of the tournaments app: they check what the services check, field by field."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from conquest.tournaments import services
from conquest.tournaments.models import Tournament

SETTINGS = ("format", "games", "rounds", "advance", "points")


class TournamentForm(forms.ModelForm):
    """A tournament's settings, checked against its league as ``services`` check them."""

    class Meta:
        model = Tournament
        fields = ["name", "league", *SETTINGS, "rated"]

    def clean(self) -> dict:
        data = super().clean()
        if not all(name in self.fields for name in ("league", *SETTINGS)):
            return data  # read-only: the tournament has started
        if any(data.get(name) is None for name in ("league", "format", "games", "rounds")):
            return data  # a field has its own error already
        if "league" in self.changed_data and self.instance.pk and self.instance.entries.exists():
            self.add_error("league", "fixed once entries are registered")
            return data
        if data.get("points") in (None, ""):
            data["points"] = []
        try:
            data["points"] = services.tournament_settings_check(
                league=data["league"], **{name: data.get(name, 1) for name in SETTINGS}
            )
        except ValidationError as error:
            self.add_error(None, error)
        return data
