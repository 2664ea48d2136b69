"""DRF authentication by a user's API token: ``Authorization: Token <token>``."""

from __future__ import annotations

from rest_framework import authentication, exceptions

from conquest.accounts.services import user_token_authenticate


class UserTokenAuthentication(authentication.TokenAuthentication):
    """DRF's token authentication (same header, same errors) on tokens kept as digests only;
    ``request.auth`` is the :class:`~conquest.accounts.models.UserToken`."""

    def authenticate_credentials(self, key):
        token = user_token_authenticate(token=key)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token
