"""API views of bots: bots, their versions and their tokens."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from conquest.api import bot_serializers as s
from conquest.api.common import ListingView, error_responses, or_404, validated
from conquest.api.permissions import (
    IsBotOwner,
    IsBotOwnerOrReadOnly,
    NoBotToken,
    NoBotTokenForWrites,
    is_staff,
    token_of,
)
from conquest.bots import selectors, services


class BotAccess:
    """Finds a bot and checks the view's permissions on it."""

    def get_bot(self, pk: int):
        bot = or_404(selectors.bot_get(pk), "bot", pk)
        self.check_object_permissions(self.request, bot)
        return bot


class BotListView(BotAccess, ListingView):
    """Bots."""

    query = s.BotFilter
    permission_classes = [IsAuthenticatedOrReadOnly, NoBotTokenForWrites]

    @extend_schema(
        parameters=[s.BotFilter], responses={200: s.BotOutput(many=True), **error_responses(400)}
    )
    def get(self, request):
        """Every bot, by name."""
        return self.page(selectors.bot_list(**self.filters()), s.BotOutput)

    @extend_schema(
        request=s.BotCreateInput, responses={201: s.BotOutput, **error_responses(400, 401, 403)}
    )
    def post(self, request):
        """A new bot of the current user."""
        bot = services.bot_create(owner=request.user, **validated(s.BotCreateInput, request.data))
        return Response(s.BotOutput(bot).data, status=status.HTTP_201_CREATED)


class BotDetailView(BotAccess, APIView):
    """One bot."""

    permission_classes = [IsBotOwnerOrReadOnly]

    @extend_schema(responses={200: s.BotOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The bot."""
        return Response(s.BotOutput(self.get_bot(pk)).data)

    @extend_schema(
        request=s.BotUpdateInput,
        responses={200: s.BotOutput, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Change the bot's description, games or enabled flag (its owner only)."""
        bot = self.get_bot(pk)
        bot = services.bot_update(bot=bot, **validated(s.BotUpdateInput, request.data))
        return Response(s.BotOutput(bot).data)

    @extend_schema(responses={204: None, **error_responses(400, 401, 403, 404)})
    def delete(self, request, pk: int):
        """Delete a bot that never entered a league (its owner only, not with a bot token)."""
        bot = self.get_bot(pk)
        if token_of(request) is not None:
            self.permission_denied(request, NoBotToken.message)
        services.bot_delete(bot=bot)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BotVersionListView(BotAccess, ListingView):
    """The versions of a bot."""

    permission_classes = [IsBotOwnerOrReadOnly]

    @extend_schema(responses={200: s.VersionOutput(many=True), **error_responses(404)})
    def get(self, request, pk: int):
        """The bot's versions, first first."""
        return self.page(selectors.version_list(self.get_bot(pk)), s.VersionOutput)

    @extend_schema(
        request=s.VersionCreateInput,
        responses={201: s.VersionOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """The bot's next version: a house player (staff may name code) or a remote bot."""
        bot = self.get_bot(pk)
        data = validated(s.VersionCreateInput, request.data)
        version = services.version_create(bot=bot, staff=is_staff(request), **data)
        return Response(s.VersionOutput(version).data, status=status.HTTP_201_CREATED)


class VersionDetailView(APIView):
    """One bot version."""

    permission_classes = [IsBotOwnerOrReadOnly]

    def get_version(self, pk: int):
        version = or_404(selectors.version_get(pk), "version", pk)
        self.check_object_permissions(self.request, version)
        return version

    @extend_schema(responses={200: s.VersionOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The version."""
        return Response(s.VersionOutput(self.get_version(pk)).data)

    @extend_schema(
        request=s.VersionUpdateInput,
        responses={200: s.VersionOutput, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Edit a version that has not played yet (a frozen version refuses)."""
        version = self.get_version(pk)
        data = validated(s.VersionUpdateInput, request.data)
        version = services.version_update(version=version, staff=is_staff(request), **data)
        return Response(s.VersionOutput(version).data)


class BotTokenListView(BotAccess, ListingView):
    """The API tokens of a bot: managed by its owner, never with a bot token."""

    permission_classes = [IsBotOwner, NoBotToken]

    @extend_schema(responses={200: s.BotTokenOutput(many=True), **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The bot's tokens (prefix and dates only: a token is shown once, when issued)."""
        return self.page(selectors.token_list(self.get_bot(pk)), s.BotTokenOutput)

    @extend_schema(
        request=s.TokenCreateInput,
        responses={201: s.IssuedBotTokenOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """A new token for the bot; the response holds the token, which is never shown again."""
        bot = self.get_bot(pk)
        token, plaintext = services.token_issue(
            bot=bot, **validated(s.TokenCreateInput, request.data)
        )
        data = s.IssuedBotTokenOutput(token, context={"plaintext": plaintext}).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"Cache-Control": "no-store"})


class BotTokenDetailView(BotAccess, APIView):
    """One API token of a bot."""

    permission_classes = [IsBotOwner, NoBotToken]

    @extend_schema(responses={204: None, **error_responses(401, 403, 404)})
    def delete(self, request, pk: int, token_id: int):
        """Revoke the token for good."""
        token = or_404(selectors.token_get(self.get_bot(pk), token_id), "token", token_id)
        services.token_revoke(token=token)
        return Response(status=status.HTTP_204_NO_CONTENT)
