"""DRF authentication by bot token: ``Authorization: Bot <token>``."""

from __future__ import annotations

from rest_framework import authentication, exceptions

from conquest.bots.services import token_authenticate


class BotTokenAuthentication(authentication.BaseAuthentication):
    """Authenticates as the bot's owner, with ``request.auth`` the BotToken (scoped to its bot)."""

    keyword = "Bot"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode().lower() != self.keyword.lower():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("expected 'Authorization: Bot <token>'")
        token = token_authenticate(token=header[1].decode())
        if token is None:
            raise exceptions.AuthenticationFailed("unknown or revoked bot token")
        return token.bot.owner, token

    def authenticate_header(self, request) -> str:
        return self.keyword
