"""API views of leagues: leagues, their entries, standings, matches and challenges."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from conquest.api import league_serializers as s
from conquest.api.common import ListingView, error_responses, or_404, validated
from conquest.api.match_serializers import MatchOutput
from conquest.api.permissions import (
    IsBotOwnerOrReadOnly,
    IsStaffOrReadOnly,
    acts_for,
    is_staff,
    token_of,
)
from conquest.bots import selectors as bot_selectors
from conquest.bots.models import BotVersion
from conquest.leagues import selectors, services
from conquest.matches import selectors as match_selectors


def _league(pk: int):
    return or_404(selectors.league_get(pk), "league", pk)


class LeagueListView(ListingView):
    """Leagues."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses={200: s.LeagueOutput(many=True)})
    def get(self, request):
        """Every league, by name."""
        return self.page(selectors.league_list(), s.LeagueOutput)

    @extend_schema(
        request=s.LeagueInput, responses={201: s.LeagueOutput, **error_responses(400, 401, 403)}
    )
    def post(self, request):
        """A new league on the installed engine of its game (staff only)."""
        league = services.league_create(**validated(s.LeagueInput, request.data))
        return Response(s.LeagueOutput(league).data, status=status.HTTP_201_CREATED)


class LeagueDetailView(APIView):
    """One league."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses={200: s.LeagueOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The league."""
        return Response(s.LeagueOutput(_league(pk)).data)

    @extend_schema(
        request=s.LeagueInput(partial=True),
        responses={200: s.LeagueOutput, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Change the league's settings or ladder state (staff only)."""
        league = _league(pk)
        data = dict(validated(s.LeagueInput, request.data, instance=league, partial=True))
        ladder = data.pop("ladder", None)
        with transaction.atomic():
            if data:
                league = services.league_update(league=league, **data)
            if ladder is not None:
                league = services.league_ladder_set(league=league, state=ladder)
        return Response(s.LeagueOutput(league).data)


class StandingsView(ListingView):
    """A league's standings."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.StandingOutput(many=True), **error_responses(404)})
    def get(self, request, pk: int):
        """The league's entries by conservative rating (μ − 3σ), then Elo."""
        return self.page(selectors.standings(_league(pk)), s.StandingOutput)


class LeagueMatchesView(ListingView):
    """A league's matches."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: MatchOutput(many=True), **error_responses(404)})
    def get(self, request, pk: int):
        """The league's matches, newest first."""
        return self.page(match_selectors.match_list(league=_league(pk)), MatchOutput)


class LeagueEntriesView(APIView):
    """Entering a league."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.EnterInput,
        responses={201: s.EntryStatusOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """Enter a version of one of your bots (with a bot token: of that bot); staff may
        also enter house versions, whoever owns them."""
        league = _league(pk)
        version_id = validated(s.EnterInput, request.data)["version"]
        version = bot_selectors.version_get(version_id)
        if version is None:
            raise exceptions.ValidationError({"version": f"no version with id {version_id}"})
        house = version.kind == BotVersion.Kind.HOUSE
        if not (acts_for(request, version.bot) or (house and is_staff(request))):
            self.permission_denied(
                request, "you may enter only your own bots' versions (staff: and house ones)"
            )
        entry = services.entry_create(league=league, version=version)
        return Response(s.EntryStatusOutput(entry).data, status=status.HTTP_201_CREATED)


class ChallengeView(APIView):
    """Challenge matches."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "challenge"

    @extend_schema(
        request=s.ChallengeInput,
        responses={201: MatchOutput, **error_responses(400, 401, 403, 404, 429)},
    )
    def post(self, request, pk: int):
        """An unrated match between entries (in seat order, yours first), queued at once."""
        league = _league(pk)
        ids = validated(s.ChallengeInput, request.data)["entries"]
        found = selectors.entries_by_id(ids)
        missing = sorted(set(ids) - set(found))
        if missing:
            raise exceptions.ValidationError({"entries": f"no entries with ids {missing}"})
        entries = [found[i] for i in ids]
        token = token_of(request)
        if token is not None and entries[0].version.bot_id != token.bot_id:
            self.permission_denied(request, "with a bot token, the first entry must be its bot's")
        match = services.challenge_create(user=request.user, league=league, entries=entries)
        return Response(
            MatchOutput(match_selectors.match_get(match.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class EntryDetailView(APIView):
    """One league entry."""

    permission_classes = [IsBotOwnerOrReadOnly]

    def get_entry(self, pk: int):
        entry = or_404(selectors.entry_get(pk), "entry", pk)
        self.check_object_permissions(self.request, entry)
        return entry

    @extend_schema(responses={200: s.EntryStatusOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The entry, its ratings, and why it cannot play now if it cannot."""
        return Response(s.EntryStatusOutput(self.get_entry(pk)).data)

    @extend_schema(responses={204: None, **error_responses(401, 403, 404)})
    def delete(self, request, pk: int):
        """Withdraw the entry: no new matches; its history and ratings stay (owner only)."""
        services.entry_withdraw(entry=self.get_entry(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntryHistoryView(ListingView):
    """An entry's rating history."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.RatingChangeOutput(many=True), **error_responses(404)})
    def get(self, request, pk: int):
        """The entry's rating changes, one per rated match, in sequence order."""
        entry = or_404(selectors.entry_get(pk), "entry", pk)
        return self.page(selectors.entry_history(entry), s.RatingChangeOutput)
