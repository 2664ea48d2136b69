from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Matches, seats, results and replays."""

    name = "conquest.matches"
    label = "matches"
