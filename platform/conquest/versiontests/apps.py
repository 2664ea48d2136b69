from django.apps import AppConfig


class VersionTestsConfig(AppConfig):
    """Version tests: paired matches under a SPRT decide whether a bot's new version is
    stronger than the one on the ladder."""

    name = "conquest.versiontests"
    label = "versiontests"

    def ready(self) -> None:
        from conquest.versiontests import receivers  # noqa: F401, PLC0415 (connects match_ended)
