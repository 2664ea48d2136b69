from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """User accounts (Django's auth) and their API tokens."""

    name = "conquest.accounts"
    label = "accounts"
