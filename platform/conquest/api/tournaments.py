"""API views of tournaments: read by anyone (drafts by staff only), run by staff: their
settings, steps, field, results and exports."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from conquest.api import tournament_serializers as s
from conquest.api.common import ListingView, error_responses, or_404, validated
from conquest.api.permissions import IsStaffOrReadOnly, is_staff
from conquest.leagues import selectors as league_selectors
from conquest.matches.models import Match
from conquest.tournaments import selectors, services


def _tournament(request, pk: int):
    """The tournament ``pk`` as the requester may see it (a draft: staff only), or a 404."""
    found = selectors.tournament_public_get(tournament_id=pk, staff=is_staff(request))
    return or_404(found, "tournament", pk)


def _registered(tournament, entry_id: int):
    return or_404(selectors.registered_get(tournament, entry_id), "tournament entry", entry_id)


class TournamentView(APIView):
    """Reads for anyone, writes for staff."""

    permission_classes = [IsStaffOrReadOnly]


class TournamentListView(TournamentView, ListingView):
    """Tournaments."""

    @extend_schema(responses={200: s.TournamentOutput(many=True), **error_responses(401, 403)})
    def get(self, request):
        """Every tournament, newest first (drafts for staff only)."""
        tournaments = selectors.tournament_public_list(staff=is_staff(request))
        return self.page(tournaments, s.TournamentOutput)

    @extend_schema(
        request=s.TournamentInput,
        responses={201: s.TournamentOutput, **error_responses(400, 401, 403)},
    )
    def post(self, request):
        """A new tournament of a league, in draft."""
        tournament = services.tournament_create(**validated(s.TournamentInput, request.data))
        return Response(s.TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(TournamentView):
    """One tournament."""

    @extend_schema(responses={200: s.TournamentOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The tournament."""
        return Response(s.TournamentOutput(_tournament(request, pk)).data)

    @extend_schema(
        request=s.TournamentInput(partial=True),
        responses={200: s.TournamentOutput, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request, pk: int):
        """Change its settings before it starts."""
        tournament = _tournament(request, pk)
        data = validated(s.TournamentInput, request.data, instance=tournament, partial=True)
        tournament = services.tournament_update(tournament=tournament, **data)
        return Response(s.TournamentOutput(tournament).data)


class TournamentStepView(TournamentView):
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
        tournament = self.STEPS[self.step](tournament=_tournament(request, pk))
        return Response(s.TournamentOutput(selectors.tournament_get(tournament.pk)).data)


class TournamentEntriesView(TournamentView, ListingView):
    """A tournament's field."""

    @extend_schema(
        responses={200: s.TournamentEntryOutput(many=True), **error_responses(401, 403, 404)}
    )
    def get(self, request, pk: int):
        """The field, best seed first."""
        return self.page(selectors.field(_tournament(request, pk)), s.TournamentEntryOutput)

    @extend_schema(
        request=s.RegisterEntryInput,
        responses={201: s.TournamentEntryOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int):
        """Register a league entry (during registration); its bot version is frozen."""
        tournament = _tournament(request, pk)
        entry_id = validated(s.RegisterEntryInput, request.data)["entry"]
        entry = league_selectors.entry_get(entry_id)
        if entry is None:
            raise exceptions.ValidationError({"entry": f"no entry with id {entry_id}"})
        registered = services.tournament_entry_add(tournament=tournament, entry=entry)
        return Response(
            s.TournamentEntryOutput(selectors.registered_get(tournament, registered.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class TournamentEntryView(TournamentView):
    """One entry of a tournament's field."""

    @extend_schema(responses={204: None, **error_responses(400, 401, 403, 404)})
    def delete(self, request, pk: int, entry_id: int):
        """Remove the entry (during registration)."""
        services.tournament_entry_remove(registered=_registered(_tournament(request, pk), entry_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DisqualifyView(TournamentView):
    """Disqualifying an entry."""

    @extend_schema(
        request=s.DisqualifyInput,
        responses={200: s.TournamentEntryOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, pk: int, entry_id: int):
        """Disqualify the entry: its remaining games are forfeited; ``void`` voids its games."""
        tournament = _tournament(request, pk)
        registered = _registered(tournament, entry_id)
        services.tournament_entry_disqualify(
            registered=registered, **validated(s.DisqualifyInput, request.data)
        )
        return Response(
            s.TournamentEntryOutput(selectors.registered_get(tournament, entry_id)).data
        )


class RerunView(TournamentView):
    """Re-running a tournament match."""

    @extend_schema(request=None, responses={204: None, **error_responses(400, 401, 403, 404)})
    def post(self, request, pk: int, match_id: int):
        """Play again (same seed) a match of the tournament that ended in an infrastructure
        error."""
        tournament = _tournament(request, pk)
        match = or_404(Match.objects.filter(pk=match_id).first(), "match", match_id)
        services.tournament_match_rerun(tournament=tournament, match=match)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TournamentStandingsView(TournamentView):
    """A tournament's standings."""

    @extend_schema(responses={200: s.StandingsOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """The standings with their tie-break values, and the win rate of each seat."""
        tournament = _tournament(request, pk)
        data = {
            "tiebreaks": selectors.tiebreak_names(tournament),
            "standings": selectors.standings_table(tournament),
            "seat_win_rates": selectors.seat_win_rates(tournament),
        }
        return Response(s.StandingsOutput(data).data)


class TournamentProgressView(TournamentView):
    """A tournament's progress."""

    @extend_schema(responses={200: s.ProgressOutput, **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """Matches done, running, left and in error, and the expected end."""
        return Response(s.ProgressOutput(selectors.progress(_tournament(request, pk))).data)


class TournamentGamesView(TournamentView, ListingView):
    """A tournament's games."""

    @extend_schema(responses={200: s.GameOutput(many=True), **error_responses(401, 403, 404)})
    def get(self, request, pk: int):
        """Every game in round, table and game order, with its seats' results."""
        return self.page(selectors.games_table(_tournament(request, pk)), s.GameOutput)


class TournamentExportView(TournamentView):
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
        tournament = _tournament(request, pk)
        query = validated(s.ExportQuery, request.query_params)
        export = selectors.export_file(tournament, query["type"], query["table"])
        response = HttpResponse(export.body, content_type=export.content_type)
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response
