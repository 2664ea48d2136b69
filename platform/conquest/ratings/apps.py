from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Rating history and recomputation."""

    name = "conquest.ratings"
    label = "ratings"
