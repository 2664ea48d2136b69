"""The website's URLs: public pages, the viewer's data and live feed, and authors' pages."""

from django.urls import path

from conquest.web import accounts, authoring, bots, home, leagues, live, matches, tournaments

urlpatterns = [
    path("", home.home, name="web-home"),
    path("leagues/<int:pk>/", leagues.league_page, name="web-league"),
    path("leagues/<int:pk>/challenge/", authoring.challenge, name="web-challenge"),
    path("bots/<int:pk>/", bots.bot_page, name="web-bot"),
    path("matches/", matches.match_list_page, name="web-matches"),
    path("matches/<int:pk>/", matches.match_page, name="web-match"),
    path("matches/<int:pk>/frames.json", matches.match_frames, name="web-match-frames"),
    path("matches/<int:pk>/live/", live.match_live, name="web-match-live"),
    path("matches/<int:pk>/replay.json", matches.match_replay, name="web-match-replay"),
    path("matches/<int:pk>/log/", authoring.match_log, name="web-match-log"),
    path("tournaments/", tournaments.tournament_list_page, name="web-tournaments"),
    path("tournaments/<int:pk>/", tournaments.tournament_page, name="web-tournament"),
    path("accounts/signup/", accounts.signup, name="web-signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="web-login"),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="web-logout"),
    path("me/", authoring.dashboard, name="web-dashboard"),
    path("me/bots/new/", authoring.bot_new, name="web-bot-new"),
    path("me/bots/<int:pk>/", authoring.bot_manage, name="web-bot-manage"),
    path("me/bots/<int:pk>/versions/new/", authoring.version_new, name="web-version-new"),
    path("me/bots/<int:pk>/tokens/new/", authoring.token_new, name="web-token-new"),
    path(
        "me/bots/<int:pk>/tokens/<int:token_id>/revoke/",
        authoring.token_revoke,
        name="web-token-revoke",
    ),
    path("me/bots/<int:pk>/entries/new/", authoring.entry_new, name="web-entry-new"),
    path("me/entries/<int:pk>/withdraw/", authoring.entry_withdraw, name="web-entry-withdraw"),
]
