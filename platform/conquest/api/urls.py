"""API URLs (under ``/api/``): its index, the endpoints, the OpenAPI schema, Swagger UI and
Redoc."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from conquest.api import accounts, bots, errors, index, leagues, matches, tournaments, versiontests
from conquest.api import schema as _schema  # noqa: F401  (registers the bot-token scheme)

urlpatterns = [
    path("", index.IndexView.as_view(), name="api-index"),
    path("auth/register", accounts.RegisterView.as_view(), name="api-register"),
    path("auth/token", accounts.LoginView.as_view(), name="api-token"),
    path("auth/me", accounts.MeView.as_view(), name="api-me"),
    path("bots/", bots.BotListView.as_view(), name="api-bots"),
    path("bots/<int:pk>/", bots.BotDetailView.as_view(), name="api-bot"),
    path("bots/<int:pk>/versions/", bots.BotVersionListView.as_view(), name="api-bot-versions"),
    path("bots/<int:pk>/tokens/", bots.BotTokenListView.as_view(), name="api-bot-tokens"),
    path(
        "bots/<int:pk>/tokens/<int:token_id>/",
        bots.BotTokenDetailView.as_view(),
        name="api-bot-token",
    ),
    path("versions/<int:pk>/", bots.VersionDetailView.as_view(), name="api-version"),
    path("leagues/", leagues.LeagueListView.as_view(), name="api-leagues"),
    path("leagues/<int:pk>/", leagues.LeagueDetailView.as_view(), name="api-league"),
    path(
        "leagues/<int:pk>/standings/", leagues.StandingsView.as_view(), name="api-league-standings"
    ),
    path(
        "leagues/<int:pk>/matches/", leagues.LeagueMatchesView.as_view(), name="api-league-matches"
    ),
    path(
        "leagues/<int:pk>/entries/", leagues.LeagueEntriesView.as_view(), name="api-league-entries"
    ),
    path(
        "leagues/<int:pk>/challenges/",
        leagues.ChallengeView.as_view(),
        name="api-league-challenges",
    ),
    path("entries/<int:pk>/", leagues.EntryDetailView.as_view(), name="api-entry"),
    path("entries/<int:pk>/history/", leagues.EntryHistoryView.as_view(), name="api-entry-history"),
    path("matches/", matches.MatchListView.as_view(), name="api-matches"),
    path("matches/<int:pk>/", matches.MatchDetailView.as_view(), name="api-match"),
    path("matches/<int:pk>/replay/", matches.ReplayView.as_view(), name="api-match-replay"),
    path("matches/<int:pk>/log/", matches.MatchLogView.as_view(), name="api-match-log"),
    path("tournaments/", tournaments.TournamentListView.as_view(), name="api-tournaments"),
    path("version-tests/", versiontests.VersionTestListView.as_view(), name="api-version-tests"),
    path(
        "version-tests/<int:pk>/",
        versiontests.VersionTestDetailView.as_view(),
        name="api-version-test",
    ),
    *(
        path(
            f"version-tests/<int:pk>/{step}/",
            versiontests.VersionTestStepView.as_view(step=step),
            name=f"api-version-test-{step}",
        )
        for step in versiontests.VersionTestStepView.STEPS
    ),
    path(
        "tournaments/<int:pk>/", tournaments.TournamentDetailView.as_view(), name="api-tournament"
    ),
    *(
        path(
            f"tournaments/<int:pk>/{step}/",
            tournaments.TournamentStepView.as_view(step=step),
            name=f"api-tournament-{step}",
        )
        for step in tournaments.TournamentStepView.STEPS
    ),
    path(
        "tournaments/<int:pk>/entries/",
        tournaments.TournamentEntriesView.as_view(),
        name="api-tournament-entries",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/",
        tournaments.TournamentEntryView.as_view(),
        name="api-tournament-entry",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/disqualify/",
        tournaments.DisqualifyView.as_view(),
        name="api-tournament-disqualify",
    ),
    path(
        "tournaments/<int:pk>/matches/<int:match_id>/rerun/",
        tournaments.RerunView.as_view(),
        name="api-tournament-rerun",
    ),
    path(
        "tournaments/<int:pk>/standings/",
        tournaments.TournamentStandingsView.as_view(),
        name="api-tournament-standings",
    ),
    path(
        "tournaments/<int:pk>/progress/",
        tournaments.TournamentProgressView.as_view(),
        name="api-tournament-progress",
    ),
    path(
        "tournaments/<int:pk>/games/",
        tournaments.TournamentGamesView.as_view(),
        name="api-tournament-games",
    ),
    path(
        "tournaments/<int:pk>/export/",
        tournaments.TournamentExportView.as_view(),
        name="api-tournament-export",
    ),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
    re_path(r"", errors.UnknownView.as_view(), name="api-unknown"),  # last: a JSON 404
]
