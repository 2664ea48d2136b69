"""Models of an upper app, named by string for the apps below it.

The apps stand in layers (DESIGN.md, "Pieces and boundaries"; the import-linter contract in
``pyproject.toml``): an app never imports one above it. Where a lower app's model points up
(a match belongs to a league) or its service reads an upper table (the ratings of a league's
entries), it names the model here, as Django's foreign keys allow, and finds the class at run
time with :func:`model`.

>>> LEAGUE
'leagues.League'
"""

from __future__ import annotations

from django.apps import apps
from django.db import models

LEAGUE = "leagues.League"
ENTRY = "leagues.Entry"
MATCH = "matches.Match"
SEAT = "matches.MatchSeat"


def model(ref: str) -> type[models.Model]:
    """The model class named ``ref`` (``"app_label.Model"``)."""
    return apps.get_model(ref)
