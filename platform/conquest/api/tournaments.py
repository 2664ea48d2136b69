"""API views of tournaments, for staff only: their settings, steps, field, results and exports."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from conquest.api import tournament_serializers as s
from conquest.api.common import ListingView, error_responses, or_404, validated
from conquest.api.permissions import IsStaff
from conquest.leagues import selectors as league_selectors
from conquest.matches.models import Match
from conquest.tournaments import selectors, services


def _tournament(pk: int):
    return or_404(selectors.tournament_get(pk), "tournament", pk)


def _registered(tournament, entry_id: int):
    return or_404(selectors.registered_get(tournament, entry_id), "tournament entry", entry_id)


class StaffView(APIView):
    """Staff only, reads included."""

    permission_classes = [IsStaff]


class TournamentListView(StaffView, ListingView):
    """Tournaments."""

    @extend_schema(responses={200: s.TournamentOutput(many=True), **error_responses(401, 403)})
    def get(self, request):
        """Every tournament, newest first."""
        return self.page(selectors.tournament_list(), s.TournamentOutput)

    @extend_schema(
        request=s.TournamentInput,
        responses={201: s.TournamentOutput, **error_responses(400, 401, 403)},
    )
    def post(self, request):
        """A new tournament of a league, in draft."""
        tournament = services.tournament_create(**validated(s.TournamentInput, request.data))
        return Response(s.TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(StaffView):
    """One tournament."""

    @extend_schema(responses={200: s.TournamentOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The tournament."""
        return Response(s.TournamentOutput(_tournament(pk)).data)

    @extend_schema(
        request=s.TournamentInput(partial=True),
        responses={200: s.TournamentOutput, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Change its settings before it starts."""
        tournament = _tournament(pk)
        data = validated(s.TournamentInput, request.data, instance=tournament, partial=True)
        tournament = services.tournament_update(tournament=tournament, **data)
        return Response(s.TournamentOutput(tournament).data)


class TournamentStepView(StaffView):
    """A step of a tournament's lifecycle (``step``, set per URL)."""

    step = ""
    STEPS = {
        "open": services.tournament_registration_open,
        "start": services.tournament_start,
        "pause": services.tournament_pause,
        "resume": services.tournament_resume,
        "cancel": services.tournament_cancel,
    }

    @extend_schema(
        request=None, responses={200: s.TournamentOutput, **error_responses(400, 401, 403, 404)}
    )
    def post(self, request, pk: int):
        """open (registration), start, pause, resume or cancel; 400 naming ``state`` when
        the tournament is not in a state that allows it."""
        tournament = self.STEPS[self.step](tournament=_tournament(pk))
        return Response(s.TournamentOutput(selectors.tournament_get(tournament.pk)).data)


class TournamentEntriesView(StaffView, ListingView):
    """A tournament's field."""

    @extend_schema(
        responses={200: s.TournamentEntryOutput(many=True), **error_responses(401, 403, 404)}
    )
    def get(self, request, pk: int):
        """The field, best seed first."""
        return self.page(selectors.field(_tournament(pk)), s.TournamentEntryOutput)

    @extend_schema(
        request=s.RegisterEntryInput,
        responses={201: s.TournamentEntryOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """Register a league entry (during registration); its bot version is frozen."""
        tournament = _tournament(pk)
        entry_id = validated(s.RegisterEntryInput, request.data)["entry"]
        entry = league_selectors.entry_get(entry_id)
        if entry is None:
            raise exceptions.ValidationError({"entry": f"no entry with id {entry_id}"})
        registered = services.tournament_entry_add(tournament=tournament, entry=entry)
        return Response(
            s.TournamentEntryOutput(selectors.registered_get(tournament, registered.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class TournamentEntryView(StaffView):
    """One entry of a tournament's field."""

    @extend_schema(responses={204: None, **error_responses(400, 401, 403, 404)})
    def delete(self, request, pk: int, entry_id: int):
        """Remove the entry (during registration)."""
        services.tournament_entry_remove(registered=_registered(_tournament(pk), entry_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DisqualifyView(StaffView):
    """Disqualifying an entry."""

    @extend_schema(
        request=s.DisqualifyInput,
        responses={200: s.TournamentEntryOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int, entry_id: int):
        """Disqualify the entry: its remaining games are forfeited; ``void`` voids its games."""
        tournament = _tournament(pk)
        registered = _registered(tournament, entry_id)
        services.tournament_entry_disqualify(
            registered=registered, **validated(s.DisqualifyInput, request.data)
        )
        return Response(
            s.TournamentEntryOutput(selectors.registered_get(tournament, entry_id)).data
        )


class RerunView(StaffView):
    """Re-running a tournament match."""

    @extend_schema(request=None, responses={204: None, **error_responses(400, 401, 403, 404)})
    def post(self, request, pk: int, match_id: int):
        """Play again (same seed) a match of the tournament that ended in an infrastructure
        error."""
        tournament = _tournament(pk)
        match = or_404(Match.objects.filter(pk=match_id).first(), "match", match_id)
        services.tournament_match_rerun(tournament=tournament, match=match)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TournamentStandingsView(StaffView):
    """A tournament's standings."""

    @extend_schema(responses={200: s.StandingsOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The standings with their tie-break values, and the win rate of each seat."""
        tournament = _tournament(pk)
        data = {
            "tiebreaks": selectors.tiebreak_names(tournament),
            "standings": selectors.standings_table(tournament),
            "seat_win_rates": selectors.seat_win_rates(tournament),
        }
        return Response(s.StandingsOutput(data).data)


class TournamentProgressView(StaffView):
    """A tournament's progress."""

    @extend_schema(responses={200: s.ProgressOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """Matches done, running, left and in error, and the expected end."""
        return Response(s.ProgressOutput(selectors.progress(_tournament(pk))).data)


class TournamentGamesView(StaffView, ListingView):
    """A tournament's games."""

    @extend_schema(responses={200: s.GameOutput(many=True), **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """Every game in round, table and game order, with its seats' results."""
        return self.page(selectors.games_table(_tournament(pk)), s.GameOutput)


class TournamentExportView(StaffView):
    """A tournament's results as a file."""

    @extend_schema(
        parameters=[s.ExportQuery],
        responses={
            200: OpenApiResponse(
                OpenApiTypes.BINARY,
                description="JSON (tournament, standings, seat win rates, games) or CSV "
                "(the standings, or the games with table=games), as an attachment.",
            ),
            **error_responses(400, 401, 403, 404),
        },
    )
    def get(self, request, pk: int):
        """Download the results."""
        tournament = _tournament(pk)
        query = validated(s.ExportQuery, request.query_params)
        export = selectors.export_file(tournament, query["type"], query["table"])
        response = HttpResponse(export.body, content_type=export.content_type)
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response
