from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: round robin, Swiss and knockout, run from the admin and the API."""

    name = "conquest.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        from conquest.tournaments import receivers  # noqa: F401, PLC0415 (connects match_ended)
