"""Every operation of the OpenAPI schema (``/api/schema/``), fuzzed by schemathesis with valid
and invalid inputs, anonymously, with a user token and with a bot token: never a server error.

The world (users, bots, a league, a finished match, a tournament in registration) is made once
for the module; path ids are drawn among its real objects as well as at random, so that the
fuzzing reaches past the 404s. Each operation's writes are rolled back after it. Deterministic
(derandomized) and bounded (a few examples per operation): about a minute on a busy two-core
machine.
"""

from __future__ import annotations

import pytest
import schemathesis
from api_helpers import make_bot, make_league, make_user, play
from conquest.accounts.services import user_token_issue
from conquest.bots.services import token_issue
from conquest.leagues.services import entry_create
from conquest.tournaments import services as tournaments
from conquest.wsgi import application
from django.core.cache import cache
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle
from schemathesis.checks import not_a_server_error

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

EXAMPLES = 8
"""Examples per operation and credentials (valid and invalid inputs together)."""

KNOWN: dict[str, list[int]] = {}
"""The world's ids by kind (``bots``, ``matches``…, ``token_id``…), once it is made."""


def _kind(path: str, name: str) -> str:
    """The kind of object a path parameter names: ``/api/bots/{id}/…`` → ``bots``."""
    return path.split("/")[2] if name == "id" else name


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Each id: the generated one, or one of the world's objects of its kind."""
    if not path_parameters:
        return st.just(path_parameters)
    return st.fixed_dictionaries(
        {
            name: st.sampled_from([value, *KNOWN.get(_kind(context.operation.path, name), [])])
            for name, value in path_parameters.items()
        }
    )


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The objects the fuzzing works on, and the tokens; every table emptied afterwards."""
    with django_db_blocker.unblock():
        try:
            yield _make_world()
        finally:
            KNOWN.clear()
            call_command("flush", interactive=False)


def _make_world() -> dict[str, dict[str, str]]:
    """Create the world, note its ids in ``KNOWN``; the headers of each kind of client."""
    staff, rival = make_user("organiser", staff=True), make_user("rival")
    league = make_league()
    mine, version = make_bot(staff, "mine", player="attacker")
    theirs = make_bot(rival, "theirs")[1]
    entries = [entry_create(league=league, version=v) for v in (version, theirs)]
    match = play(league, entries)
    cup = tournaments.tournament_create(league=league, name="cup", format="round_robin")
    tournaments.tournament_registration_open(tournament=cup)
    tournaments.tournament_entry_add(tournament=cup, entry=entries[0])
    bot_token, bot_plaintext = token_issue(bot=mine)
    KNOWN.update(
        bots=[mine.pk, theirs.bot_id],
        versions=[version.pk, theirs.pk],
        leagues=[league.pk],
        entries=[entry.pk for entry in entries],
        matches=[match.pk],
        tournaments=[cup.pk],
        token_id=[bot_token.pk],
        entry_id=[entry.pk for entry in entries],
        match_id=[match.pk],
    )
    return {
        "anonymous": {},
        "user": {"Authorization": f"Token {user_token_issue(user=staff)}"},
        "bot": {"Authorization": f"Bot {bot_plaintext}"},
    }


@pytest.fixture
def credentials(request, world, monkeypatch) -> dict[str, str]:
    """The headers of ``request.param`` (anonymous, user or bot), throttles out of the way,
    the test's database connection kept across requests (the WSGI application runs in this
    thread: as with Django's test client)."""
    for scope in ("register", "login", "challenge"):
        monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, scope, "100000/hour")
    cache.clear()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield world[request.param]
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.parametrize("credentials", ["anonymous", "user", "bot"], indirect=True)
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_operation_answers_with_a_server_error(case, credentials):
    response = case.call(headers=credentials)
    case.validate_response(response, checks=[not_a_server_error], headers=credentials)
