"""API views of matches: matches, their replays and their bots' log lines."""

from __future__ import annotations

import json

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from conquest.api import match_serializers as s
from conquest.api.common import Conflict, ListingView, error_responses, or_404, validated
from conquest.api.permissions import acts_for, is_staff
from conquest.leagues.selectors import full_replay_refusal
from conquest.matches import selectors
from conquest.matches.models import Match


class MatchListView(ListingView):
    """Matches."""

    query = s.MatchFilter
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.MatchFilter],
        responses={200: s.MatchOutput(many=True), **error_responses(400)},
    )
    def get(self, request):
        """Matches newest first, by league, entry or status."""
        return self.page(selectors.match_list(**self.filters()), s.MatchOutput)


class MatchDetailView(APIView):
    """One match."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The match and its seats."""
        return Response(s.MatchOutput(or_404(selectors.match_get(pk), "match", pk)).data)


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
                "a seat's view, or the stored engine replay (view=full, with seed: what "
                "`python -m engines replay` reads) for staff and the owners of the match's "
                "bots (403 when the league does not allow it, 409 while a match still to be "
                "played shares its seed).",
            ),
            **error_responses(400, 401, 403, 404, 409),
        },
    )
    def get(self, request, pk: int):
        """Download the replay: the spectator view by default; ``seat`` for that seat's
        owner; ``view=full`` for staff and the owners of its bots (see
        ``leagues.selectors.full_replay_refusal``)."""
        match = or_404(selectors.match_get(pk), "match", pk)
        query = validated(s.ReplayQuery, request.query_params)
        if match.status != Match.Status.FINISHED or match.replay is None:
            raise exceptions.NotFound(f"match {pk} is {match.status}: it has no replay yet")
        if query["view"] == "full":
            seats = match.seats.all()
            participant = any(acts_for(request, seat.entry.version.bot) for seat in seats)
            refusal = full_replay_refusal(
                match=match, participant=participant, staff=is_staff(request)
            )
            if refusal is not None and refusal.later:
                raise Conflict(refusal.reason)
            if refusal is not None:
                self.permission_denied(request, refusal.reason)
            text = selectors.full_replay(match)
        elif selectors.seed_in_play(match):
            raise exceptions.NotFound(
                f"match {pk} shares its seed with a match still to be played: its replay "
                "waits until that one ends"
            )
        elif "seat" in query:
            seat = query["seat"]
            seats = {x.seat: x for x in match.seats.all()}
            if seat not in seats:
                raise exceptions.ValidationError({"seat": f"match {pk} has seats {sorted(seats)}"})
            if not acts_for(request, seats[seat].entry.version.bot):
                self.permission_denied(request, f"only the owner of seat {seat}'s bot may see it")
            text = json.dumps(selectors.replay_view(match, seat))
        else:
            text = json.dumps(selectors.replay_view(match, None))
        response = HttpResponse(text, content_type="application/json")
        response["Content-Disposition"] = f"attachment; filename=match-{match.pk}.json"
        return response


class MatchLogView(APIView):
    """The lines a match's bots sent with ``log()``: to a bot's owner, its own seats' lines."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MatchLogOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The bot log lines of the seats whose bot the requester owns (with a bot token:
        that bot's seats; staff: every seat); 403 for someone with no seat in the match."""
        match = or_404(selectors.match_get(pk), "match", pk)
        seats = [
            seat.seat
            for seat in match.seats.all()
            if is_staff(request) or acts_for(request, seat.entry.version.bot)
        ]
        if not seats:
            self.permission_denied(
                request, f"only the owners of match {pk}'s bots may read their log lines"
            )
        lines = selectors.match_bot_log(match, seats)
        return Response(s.MatchLogOutput({"match": match.pk, "seats": seats, "lines": lines}).data)
