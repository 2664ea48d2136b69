"""Admin forms of the tournaments app: they check what the services check, field by field."""

from __future__ import annotations

import itertools
import math

from django import forms
from django.core.exceptions import ValidationError

from conquest.tournaments import services
from conquest.tournaments.models import Tournament

SETTINGS = ("format", "games", "rounds", "advance", "points")


def plain(number: float) -> str:
    """``number`` as typed: 3 rather than 3.0, 0.5 as is."""
    return str(int(number)) if float(number).is_integer() else str(number)


def points_text(points) -> str:
    """Points per placement as the form shows them: ``3, 1, 0``."""
    return ", ".join(plain(p) for p in points)


class PointsField(forms.CharField):
    """Points per placement, typed as numbers separated by commas (``3, 1, 0``), cleaned to a
    list of floats; empty is ``[]`` (the service then gives the number of seats beaten).

    How many there must be and their order depend on the league: :class:`TournamentForm`
    checks them.
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs={"placeholder": "e.g. 3, 1, 0"}))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return points_text(value)
        return value  # the text typed, shown again with its error

    def to_python(self, value) -> list[float]:
        if isinstance(value, list | tuple):
            return [float(p) for p in value]
        text = super().to_python(value)
        if not text:
            return []
        numbers = []
        for place, typed in enumerate(text.split(","), start=1):
            part = typed.strip()
            if not part:
                raise ValidationError(
                    "placement %(place)s has no number (numbers separated by commas)",
                    code="missing",
                    params={"place": place},
                )
            try:
                number = float(part)
            except ValueError:
                number = math.nan
            if not math.isfinite(number):
                raise ValidationError(
                    "placement %(place)s: %(part)r is not a number",
                    code="invalid",
                    params={"place": place, "part": part},
                )
            numbers.append(number)
        return numbers


def points_error(points: list[float], seats: int) -> str | None:
    """What is wrong with ``points`` for a league of ``seats`` seats (the rule of
    ``services.tournament_settings_check``, said in detail), or None."""
    if len(points) != seats:
        return (
            f"{seats} numbers expected, one per placement (the league plays {seats} seats): "
            f"{len(points)} given"
        )
    for place, (before, after) in enumerate(itertools.pairwise(points), start=2):
        if after > before:
            return (
                f"never increasing, first place first: placement {place} gets {plain(after)}, "
                f"more than placement {place - 1} ({plain(before)})"
            )
    return None


class TournamentForm(forms.ModelForm):
    """A tournament's settings, checked against its league as ``services`` check them."""

    points = PointsField(
        required=False,
        label="Points per placement",
        help_text="First place first, numbers separated by commas: one per seat, never "
        "increasing (e.g. 3, 1, 0 at three seats). Empty: the number of seats beaten "
        "(k − 1 … 0).",
    )

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
        typed = "points" in data  # else the points have their own error already
        points = data.get("points") or []
        wrong = points and points_error(points, data["league"].seats)
        if wrong:
            self.add_error("points", wrong)
        settings = {name: data.get(name, 1) for name in SETTINGS}
        settings["points"] = points if typed and not wrong else []  # check the others
        try:
            checked = services.tournament_settings_check(league=data["league"], **settings)
        except ValidationError as error:
            self.add_error(None, error)
            return data
        if typed and not wrong:
            data["points"] = checked
        return data
