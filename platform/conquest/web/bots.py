"""The bot page: who owns it, its versions, and in each league its rating history, results
by seat, faults and recent matches; its version tests."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from conquest.bots import selectors as bot_selectors
from conquest.leagues import selectors as league_selectors
from conquest.leagues.models import Entry, League
from conquest.matches import selectors as match_selectors
from conquest.versiontests import selectors as version_test_selectors
from conquest.versiontests.models import VersionTest
from conquest.web.charts import RatingChart, rating_chart

RECENT_MATCHES = 20
"""Matches listed on a bot's page (the match list, filtered by the bot, has the rest)."""
VERSION_TESTS = 10
"""Version tests listed on a bot's page, newest first (the API lists them all)."""


@dataclass(frozen=True)
class EntryView:
    """One entry of the bot (a version in a league): its current ratings and chart."""

    entry: Entry
    chart: RatingChart | None

    @property
    def spread(self) -> float:
        """3σ: the half-width of the uncertainty band around μ."""
        return 3 * self.entry.sigma


@dataclass(frozen=True)
class VersionTestView:
    """A version test of the bot, with its bounds and Elo estimate."""

    test: VersionTest
    figures: version_test_selectors.Figures


@dataclass(frozen=True)
class LeagueSection:
    """What the bot did in one league, all its versions together."""

    league: League
    entries: list[EntryView]
    record: match_selectors.BotRecord


def bot_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A bot's public page (404 for an unknown bot). A fixed number of queries, each
    limited to the bot's own entries, however many matches and versions it has."""
    bot = bot_selectors.bot_profile(pk)
    if bot is None:
        raise Http404("No such bot.")
    entries = list(league_selectors.entry_list(bot_id=bot.pk))
    entry_ids = [e.pk for e in entries]
    histories = match_selectors.rating_histories(entry_ids=entry_ids)
    records = match_selectors.bot_records(
        entry_ids=entry_ids, group={e.pk: e.league_id for e in entries}
    )
    sections: dict[int, LeagueSection] = {}
    for entry in entries:
        section = sections.setdefault(
            entry.league_id,
            LeagueSection(
                entry.league, [], records.get(entry.league_id) or match_selectors.BotRecord()
            ),
        )
        section.entries.append(EntryView(entry, rating_chart(histories.get(entry.pk, []))))
    recent = match_selectors.match_keyset(entry_ids=entry_ids, size=RECENT_MATCHES)
    return render(
        request,
        "web/bot.html",
        {
            "bot": bot,
            "versions": list(bot.versions.all()),
            "sections": list(sections.values()),
            "recent": recent.matches,
            "more_matches": recent.older is not None,
            "version_tests": [
                VersionTestView(test, version_test_selectors.version_test_figures(test))
                for test in version_test_selectors.version_test_list(bot_id=bot.pk)[:VERSION_TESTS]
            ],
        },
    )
