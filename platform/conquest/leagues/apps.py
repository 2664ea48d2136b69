from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, entries and the ladder."""

    name = "conquest.leagues"
    label = "leagues"
