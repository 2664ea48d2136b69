"""OpenAPI extensions: how the schema describes the bot-token authentication."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BotTokenScheme(OpenApiAuthenticationExtension):
    """``Authorization: Bot <token>``: acts as the bot's owner, for that bot only."""

    target_class = "conquest.bots.authentication.BotTokenAuthentication"
    name = "botToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A bot token, as 'Bot <token>': the requests act for that bot only.",
        }
