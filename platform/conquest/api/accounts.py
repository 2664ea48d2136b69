"""API views of accounts: registration, login and the current user."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from conquest.accounts.lockout import locked_out, lockout_seconds
from conquest.accounts.services import user_register, user_token_issue
from conquest.api import account_serializers as s
from conquest.api.common import error_responses, validated
from conquest.api.permissions import token_of

NO_STORE = {"Cache-Control": "no-store"}
"""A response holding a new token is kept by no cache."""


class RegisterView(APIView):
    """Create an account."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    @extend_schema(
        request=s.RegisterInput, responses={201: s.RegisteredOutput, **error_responses(400, 429)}
    )
    def post(self, request):
        """A new account and its API token, shown this once (the password is checked by
        Django's validators)."""
        user, token = user_register(**validated(s.RegisterInput, request.data))
        return Response(
            {"id": user.pk, "username": user.username, "token": token},
            status=status.HTTP_201_CREATED,
            headers=NO_STORE,
        )


class LoginView(APIView):
    """Exchange a username and password for the user's API token."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=s.LoginInput, responses={200: s.TokenOutput, **error_responses(400, 429)}
    )
    def post(self, request):
        """A new API token of the user, for 'Authorization: Token <token>', shown this once
        (the tokens issued before stay valid); 429 while the client's address is locked out
        after too many failed logins."""
        login = AuthTokenSerializer(data=request.data, context={"request": request})
        if not login.is_valid():
            if locked_out(request):
                raise exceptions.Throttled(
                    wait=lockout_seconds(), detail="too many failed logins from your address"
                )
            raise exceptions.ValidationError(login.errors)
        token = user_token_issue(user=login.validated_data["user"])
        return Response({"token": token}, headers=NO_STORE)


class MeView(APIView):
    """The current user."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MeOutput, **error_responses(401)})
    def get(self, request):
        """Who the request is authenticated as (and the bot, with a bot token)."""
        token = token_of(request)
        bot = None if token is None else token.bot
        return Response(s.MeOutput(request.user, context={"bot": bot}).data)
