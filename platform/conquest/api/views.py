"""API views: thin. Inputs are validated by serializers, writes go through the services,
reads through the selectors; permissions are in ``permissions.py``, errors in ``errors.py``."""

from __future__ import annotations

import contextlib
import json

from django.db import transaction
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from conquest.accounts.services import user_register, user_token_get
from conquest.api import serializers as s
from conquest.api.permissions import (
    IsBotOwner,
    IsBotOwnerOrReadOnly,
    IsStaffOrReadOnly,
    NoBotToken,
    NoBotTokenForWrites,
    acts_for,
    is_staff,
    token_of,
)
from conquest.bots import selectors as bot_selectors
from conquest.bots import services as bot_services
from conquest.leagues import selectors as league_selectors
from conquest.leagues import services as league_services
from conquest.matches import selectors as match_selectors
from conquest.matches.models import Match
from conquest.matches.selectors import full_replay, replay_view, seats_of_user


def _errors(*codes: int) -> dict:
    """Error responses for the schema, all in the shape of ``errors.py``."""
    return dict.fromkeys(codes, s.ErrorOutput)


def _valid(serializer_class, data, **kwargs) -> dict:
    """``data`` validated by ``serializer_class`` (400 with the fields at fault otherwise)."""
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _found(obj, what: str, pk: int):
    """``obj``, or 404 naming what was not found."""
    if obj is None:
        raise exceptions.NotFound(f"no {what} with id {pk}")
    return obj


class ListingView(APIView):
    """A view whose GET is a paginated list (``limit`` and ``offset``)."""

    pagination_class = api_settings.DEFAULT_PAGINATION_CLASS

    def page(self, queryset, serializer_class) -> Response:
        """One page of ``queryset``, serialized."""
        paginator = self.pagination_class()
        items = paginator.paginate_queryset(queryset, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(items, many=True).data)


# --- Accounts -------------------------------------------------------------------------------


class RegisterView(APIView):
    """Create an account."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    @extend_schema(
        request=s.RegisterInput, responses={201: s.RegisteredOutput, **_errors(400, 429)}
    )
    def post(self, request):
        """A new account and its API token (the password is checked by Django's validators)."""
        user, token = user_register(**_valid(s.RegisterInput, request.data))
        return Response(
            {"id": user.pk, "username": user.username, "token": token.key},
            status=status.HTTP_201_CREATED,
        )


class LoginView(APIView):
    """Exchange a username and password for the user's API token."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    @extend_schema(request=s.LoginInput, responses={200: s.TokenOutput, **_errors(400)})
    def post(self, request):
        """The user's API token, for 'Authorization: Token <token>'."""
        data = _valid(AuthTokenSerializer, request.data, context={"request": request})
        return Response({"token": user_token_get(user=data["user"]).key})


class MeView(APIView):
    """The current user."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MeOutput, **_errors(401)})
    def get(self, request):
        """Who the request is authenticated as (and the bot, with a bot token)."""
        token = token_of(request)
        bot = None if token is None else token.bot
        return Response(s.MeOutput(request.user, context={"bot": bot}).data)


# --- Bots, versions, tokens -----------------------------------------------------------------


class BotAccess:
    """Finds a bot and checks the view's permissions on it."""

    def get_bot(self, pk: int):
        bot = _found(bot_selectors.bot_get(pk), "bot", pk)
        self.check_object_permissions(self.request, bot)
        return bot


class BotListView(BotAccess, ListingView):
    """Bots."""

    permission_classes = [IsAuthenticatedOrReadOnly, NoBotTokenForWrites]

    @extend_schema(
        parameters=[s.BotFilter], responses={200: s.BotOutput(many=True), **_errors(400)}
    )
    def get(self, request):
        """Every bot, by name."""
        filters = _valid(s.BotFilter, request.query_params)
        return self.page(bot_selectors.bot_list(**filters), s.BotOutput)

    @extend_schema(request=s.BotCreateInput, responses={201: s.BotOutput, **_errors(400, 401, 403)})
    def post(self, request):
        """A new bot of the current user."""
        bot = bot_services.bot_create(owner=request.user, **_valid(s.BotCreateInput, request.data))
        return Response(s.BotOutput(bot).data, status=status.HTTP_201_CREATED)


class BotDetailView(BotAccess, APIView):
    """One bot."""

    permission_classes = [IsBotOwnerOrReadOnly]

    @extend_schema(responses={200: s.BotOutput, **_errors(404)})
    def get(self, request, pk: int):
        """The bot."""
        return Response(s.BotOutput(self.get_bot(pk)).data)

    @extend_schema(
        request=s.BotUpdateInput, responses={200: s.BotOutput, **_errors(400, 401, 403, 404)}
    )
    def patch(self, request, pk: int):
        """Change the bot's description, games or enabled flag (its owner only)."""
        bot = self.get_bot(pk)
        bot = bot_services.bot_update(bot=bot, **_valid(s.BotUpdateInput, request.data))
        return Response(s.BotOutput(bot).data)

    @extend_schema(responses={204: None, **_errors(400, 401, 403, 404)})
    def delete(self, request, pk: int):
        """Delete a bot that never entered a league (its owner only, not with a bot token)."""
        bot = self.get_bot(pk)
        if token_of(request) is not None:
            self.permission_denied(request, NoBotToken.message)
        bot_services.bot_delete(bot=bot)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BotVersionListView(BotAccess, ListingView):
    """The versions of a bot."""

    permission_classes = [IsBotOwnerOrReadOnly]

    @extend_schema(responses={200: s.VersionOutput(many=True), **_errors(404)})
    def get(self, request, pk: int):
        """The bot's versions, first first."""
        return self.page(bot_selectors.version_list(self.get_bot(pk)), s.VersionOutput)

    @extend_schema(
        request=s.VersionCreateInput,
        responses={201: s.VersionOutput, **_errors(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """The bot's next version: a house player (staff may name code) or a remote bot."""
        bot = self.get_bot(pk)
        data = _valid(s.VersionCreateInput, request.data)
        version = bot_services.version_create(bot=bot, staff=is_staff(request), **data)
        return Response(s.VersionOutput(version).data, status=status.HTTP_201_CREATED)


class VersionDetailView(APIView):
    """One bot version."""

    permission_classes = [IsBotOwnerOrReadOnly]

    def get_version(self, pk: int):
        version = _found(bot_selectors.version_get(pk), "version", pk)
        self.check_object_permissions(self.request, version)
        return version

    @extend_schema(responses={200: s.VersionOutput, **_errors(404)})
    def get(self, request, pk: int):
        """The version."""
        return Response(s.VersionOutput(self.get_version(pk)).data)

    @extend_schema(
        request=s.VersionUpdateInput,
        responses={200: s.VersionOutput, **_errors(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Edit a version that has not played yet (a frozen version refuses)."""
        version = self.get_version(pk)
        data = _valid(s.VersionUpdateInput, request.data)
        version = bot_services.version_update(version=version, staff=is_staff(request), **data)
        return Response(s.VersionOutput(version).data)


class BotTokenListView(BotAccess, ListingView):
    """The API tokens of a bot: managed by its owner, never with a bot token."""

    permission_classes = [IsBotOwner, NoBotToken]

    @extend_schema(responses={200: s.BotTokenOutput(many=True), **_errors(401, 403, 404)})
    def get(self, request, pk: int):
        """The bot's tokens (prefix and dates only: a token is shown once, when issued)."""
        return self.page(bot_selectors.token_list(self.get_bot(pk)), s.BotTokenOutput)

    @extend_schema(
        request=s.TokenCreateInput,
        responses={201: s.IssuedBotTokenOutput, **_errors(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """A new token for the bot; the response holds the token, which is never shown again."""
        bot = self.get_bot(pk)
        token, plaintext = bot_services.token_issue(
            bot=bot, **_valid(s.TokenCreateInput, request.data)
        )
        data = s.IssuedBotTokenOutput(token, context={"plaintext": plaintext}).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"Cache-Control": "no-store"})


class BotTokenDetailView(BotAccess, APIView):
    """One API token of a bot."""

    permission_classes = [IsBotOwner, NoBotToken]

    @extend_schema(responses={204: None, **_errors(401, 403, 404)})
    def delete(self, request, pk: int, token_id: int):
        """Revoke the token for good."""
        token = _found(bot_selectors.token_get(self.get_bot(pk), token_id), "token", token_id)
        bot_services.token_revoke(token=token)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- Leagues and entries --------------------------------------------------------------------


def _league(pk: int):
    return _found(league_selectors.league_get(pk), "league", pk)


class LeagueListView(ListingView):
    """Leagues."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses={200: s.LeagueOutput(many=True)})
    def get(self, request):
        """Every league, by name."""
        return self.page(league_selectors.league_list(), s.LeagueOutput)

    @extend_schema(request=s.LeagueInput, responses={201: s.LeagueOutput, **_errors(400, 401, 403)})
    def post(self, request):
        """A new league on the installed engine of its game (staff only)."""
        league = league_services.league_create(**_valid(s.LeagueInput, request.data))
        return Response(s.LeagueOutput(league).data, status=status.HTTP_201_CREATED)


class LeagueDetailView(APIView):
    """One league."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses={200: s.LeagueOutput, **_errors(404)})
    def get(self, request, pk: int):
        """The league."""
        return Response(s.LeagueOutput(_league(pk)).data)

    @extend_schema(
        request=s.LeagueInput(partial=True),
        responses={200: s.LeagueOutput, **_errors(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Change the league's settings or ladder state (staff only)."""
        league = _league(pk)
        data = dict(_valid(s.LeagueInput, request.data, instance=league, partial=True))
        ladder = data.pop("ladder", None)
        with transaction.atomic():
            if data:
                league = league_services.league_update(league=league, **data)
            if ladder is not None:
                league = league_services.league_ladder_set(league=league, state=ladder)
        return Response(s.LeagueOutput(league).data)


class StandingsView(ListingView):
    """A league's standings."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.StandingOutput(many=True), **_errors(404)})
    def get(self, request, pk: int):
        """The league's entries by conservative rating (μ − 3σ), then Elo."""
        return self.page(league_selectors.standings(_league(pk)), s.StandingOutput)


class LeagueMatchesView(ListingView):
    """A league's matches."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOutput(many=True), **_errors(404)})
    def get(self, request, pk: int):
        """The league's matches, newest first."""
        return self.page(match_selectors.match_list(league=_league(pk)), s.MatchOutput)


class LeagueEntriesView(APIView):
    """Entering a league."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.EnterInput, responses={201: s.EntryOutput, **_errors(400, 401, 403, 404)}
    )
    def post(self, request, pk: int):
        """Enter a version of one of your bots (with a bot token: of that bot)."""
        league = _league(pk)
        version_id = _valid(s.EnterInput, request.data)["version"]
        version = bot_selectors.version_get(version_id)
        if version is None:
            raise exceptions.ValidationError({"version": f"no version with id {version_id}"})
        if not acts_for(request, version.bot):
            self.permission_denied(request, "you may enter only your own bots' versions")
        entry = league_services.entry_create(league=league, version=version)
        return Response(s.EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class ChallengeView(APIView):
    """Challenge matches."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "challenge"

    @extend_schema(
        request=s.ChallengeInput,
        responses={201: s.MatchOutput, **_errors(400, 401, 403, 404, 429)},
    )
    def post(self, request, pk: int):
        """An unrated match between entries (in seat order, yours first), queued at once."""
        league = _league(pk)
        ids = _valid(s.ChallengeInput, request.data)["entries"]
        found = league_selectors.entries_by_id(ids)
        missing = sorted(set(ids) - set(found))
        if missing:
            raise exceptions.ValidationError({"entries": f"no entries with ids {missing}"})
        entries = [found[i] for i in ids]
        token = token_of(request)
        if token is not None and entries[0].version.bot_id != token.bot_id:
            self.permission_denied(request, "with a bot token, the first entry must be its bot's")
        match = league_services.challenge_create(user=request.user, league=league, entries=entries)
        return Response(
            s.MatchOutput(match_selectors.match_get(match.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class EntryDetailView(APIView):
    """One league entry."""

    permission_classes = [IsBotOwnerOrReadOnly]

    def get_entry(self, pk: int):
        entry = _found(league_selectors.entry_get(pk), "entry", pk)
        self.check_object_permissions(self.request, entry)
        return entry

    @extend_schema(responses={200: s.EntryOutput, **_errors(404)})
    def get(self, request, pk: int):
        """The entry and its ratings."""
        return Response(s.EntryOutput(self.get_entry(pk)).data)

    @extend_schema(responses={204: None, **_errors(401, 403, 404)})
    def delete(self, request, pk: int):
        """Withdraw the entry: no new matches; its history and ratings stay (owner only)."""
        league_services.entry_withdraw(entry=self.get_entry(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntryHistoryView(ListingView):
    """An entry's rating history."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.RatingChangeOutput(many=True), **_errors(404)})
    def get(self, request, pk: int):
        """The entry's rating changes, one per rated match, in sequence order."""
        entry = _found(league_selectors.entry_get(pk), "entry", pk)
        return self.page(league_selectors.entry_history(entry), s.RatingChangeOutput)


# --- Matches and replays --------------------------------------------------------------------


class MatchListView(ListingView):
    """Matches."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.MatchFilter], responses={200: s.MatchOutput(many=True), **_errors(400)}
    )
    def get(self, request):
        """Matches newest first, by league, entry or status."""
        filters = _valid(s.MatchFilter, request.query_params)
        return self.page(match_selectors.match_list(**filters), s.MatchOutput)


class MatchDetailView(APIView):
    """One match."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOutput, **_errors(404)})
    def get(self, request, pk: int):
        """The match and its seats."""
        return Response(s.MatchOutput(_found(match_selectors.match_get(pk), "match", pk)).data)


class ReplayView(APIView):
    """A finished match's replay, as the requester may see it."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            s.ReplayQuery,
            OpenApiParameter(
                "Content-Disposition",
                str,
                OpenApiParameter.HEADER,
                response=[200],
                description="attachment; filename=match-<id>.json",
            ),
        ],
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The spectator view (events redacted to public facts, no seed), "
                "a seat's view, or for staff the stored engine replay (view=full, with seed).",
            ),
            **_errors(400, 401, 403, 404),
        },
    )
    def get(self, request, pk: int):
        """Download the replay: the spectator view by default; ``seat`` for that seat's
        owner; ``view=full`` for staff."""
        match = _found(match_selectors.match_get(pk), "match", pk)
        query = _valid(s.ReplayQuery, request.query_params)
        if match.status != Match.Status.FINISHED or match.replay is None:
            raise exceptions.NotFound(f"match {pk} is {match.status}: it has no replay yet")
        if query["view"] == "full":
            if not is_staff(request):
                self.permission_denied(request, "only staff may download the full replay")
            text = full_replay(match)
        elif "seat" in query:
            seat = query["seat"]
            seats = {x.seat: x for x in match.seats.all()}
            if seat not in seats:
                raise exceptions.ValidationError({"seat": f"match {pk} has seats {sorted(seats)}"})
            if not self._may_see_seat(request, match, seats[seat]):
                self.permission_denied(request, f"only the owner of seat {seat}'s bot may see it")
            text = json.dumps(replay_view(match, seat))
        else:
            text = json.dumps(replay_view(match, None))
        response = HttpResponse(text, content_type="application/json")
        response["Content-Disposition"] = f"attachment; filename=match-{match.pk}.json"
        return response

    @staticmethod
    def _may_see_seat(request, match, seat) -> bool:
        """Is the requester the owner of the bot in ``seat`` (with a bot token: that bot)?"""
        if not request.user.is_authenticated:
            return False
        if seat.seat not in seats_of_user(match, request.user):
            return False
        token = token_of(request)
        return token is None or seat.entry.version.bot_id == token.bot_id


@extend_schema(exclude=True)
class UnknownView(APIView):
    """Any other URL under the API: a 404 in the API's error shape."""

    authentication_classes = []
    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        path = request.path
        hint = ""
        if not path.endswith("/"):
            with contextlib.suppress(Resolver404):
                if getattr(resolve(path + "/").func, "view_class", None) is not UnknownView:
                    hint = f" (did you mean {path}/?)"
        raise exceptions.NotFound(f"no API endpoint {path}{hint}")
