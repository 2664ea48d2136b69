from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Bots, versions and bot API tokens."""

    name = "conquest.bots"
    label = "bots"
