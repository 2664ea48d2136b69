"""API views of version tests: read by anyone; asked for, promoted and cancelled by the bot's
owner (with a bot token, that token's bot only)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from conquest.api import versiontest_serializers as s
from conquest.api.common import ListingView, error_responses, or_404, validated
from conquest.api.permissions import acts_for, is_staff
from conquest.bots import selectors as bot_selectors
from conquest.leagues import selectors as league_selectors
from conquest.versiontests import selectors, services


class VersionTestAccess(APIView):
    """Reads for anyone; writes by whoever acts for the tested bot (or staff)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    def check_bot(self, bot) -> None:
        if not (is_staff(self.request) or acts_for(self.request, bot)):
            self.permission_denied(
                self.request, "only the bot's owner may (a bot token acts for its own bot only)"
            )

    def get_test(self, pk: int):
        return or_404(selectors.version_test_get(pk), "version test", pk)


class VersionTestListView(VersionTestAccess, ListingView):
    """Version tests."""

    query = s.VersionTestFilter

    @extend_schema(
        parameters=[s.VersionTestFilter],
        responses={200: s.VersionTestOutput(many=True), **error_responses(400)},
    )
    def get(self, request):
        """Every version test, newest first."""
        tests = selectors.version_test_list(bot_id=self.filters().get("bot"))
        return self.page(tests, s.VersionTestOutput)

    @extend_schema(
        request=s.VersionTestInput,
        responses={201: s.VersionTestOutput, **error_responses(400, 401, 403)},
    )
    def post(self, request):
        """Test a new version of your bot against its ladder entry: paired matches are played
        until the SPRT decides."""
        data = dict(validated(s.VersionTestInput, request.data))
        baseline = league_selectors.entry_get(data.pop("baseline"))
        candidate = bot_selectors.version_get(data.pop("candidate"))
        if baseline is None:
            raise exceptions.ValidationError({"baseline": "no such league entry"})
        if candidate is None:
            raise exceptions.ValidationError({"candidate": "no such bot version"})
        self.check_bot(baseline.version.bot)
        test = services.version_test_create(
            user=request.user, baseline=baseline, candidate=candidate, **data
        )
        output = s.VersionTestOutput(selectors.version_test_get(test.pk))
        return Response(output.data, status=status.HTTP_201_CREATED)


class VersionTestDetailView(VersionTestAccess):
    """One version test."""

    @extend_schema(responses={200: s.VersionTestOutput, **error_responses(404)})
    def get(self, request, pk: int):
        """The test, its LLR and bounds, its verdict and the Elo difference."""
        return Response(s.VersionTestOutput(self.get_test(pk)).data)


class VersionTestStepView(VersionTestAccess):
    """``promote`` (an accepted candidate replaces the baseline on the ladder) or ``cancel``
    (a running test), set per URL."""

    step = ""
    STEPS = {
        "promote": services.version_test_promote,
        "cancel": services.version_test_cancel,
    }

    @extend_schema(
        request=None, responses={200: s.VersionTestOutput, **error_responses(400, 401, 403, 404)}
    )
    def post(self, request, pk: int):
        """promote or cancel; 400 naming ``status`` when the test's status does not allow it."""
        test = self.get_test(pk)
        self.check_bot(test.baseline.version.bot)
        self.STEPS[self.step](user=request.user, test=test)
        return Response(s.VersionTestOutput(selectors.version_test_get(test.pk)).data)
