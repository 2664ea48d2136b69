"""Helpers for the API tests: users with API tokens, clients, bots, leagues, played matches."""

from __future__ import annotations

from conquest.accounts.services import user_token_issue
from conquest.bots import services as bots
from conquest.leagues import services as leagues
from conquest.matches import services as matches
from conquest.matches.runner import build_seats, run
from conquest.matches.selectors import match_spec
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from engines.players import player_class

WORKER = "test-worker"


def make_user(username: str, *, staff: bool = False):
    """A user without a usable password (the tests authenticate with API tokens)."""
    return get_user_model().objects.create_user(username=username, is_staff=staff)


def client_for(user=None) -> APIClient:
    """A client authenticated as ``user`` by its API token (anonymous without one)."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token_issue(user=user)}")
    return client


def bot_client(plaintext: str) -> APIClient:
    """A client authenticated by a bot token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {plaintext}")
    return client


def make_bot(owner, name: str, *, games=("risk", "conquetes"), player: str = "random"):
    """A bot of ``owner`` with one house version; returns (bot, version)."""
    bot = bots.bot_create(owner=owner, name=name, games=list(games))
    return bot, bots.version_create(bot=bot, kind="house", player=player)


def make_league(name: str = "risk-2", *, game="risk", variant="hasbro", seats=2, **settings):
    """A league (the ladder off, so no matchmaking gets in the way)."""
    settings.setdefault("ladder", "off")
    return leagues.league_create(name=name, game=game, variant=variant, seats=seats, **settings)


def play(league, entries, *, rated: bool = True, seed: int = 7):
    """A finished match of ``entries`` (seat order), played in-process like a worker would."""
    match = matches.match_schedule(league=league, entries=entries, rated=rated, seed=seed)
    matches.match_enqueue(match_ids=[match.pk])
    return play_queued(match)


def play_queued(match):
    """``match``, queued, played to its end in-process like a worker would."""
    assert matches.match_claim(match_id=match.pk, owner=WORKER)
    spec = match_spec(match.pk)
    outcome = run(spec, build_seats(spec, player_class))
    assert matches.match_record(match_id=match.pk, owner=WORKER, outcome=outcome)
    match.refresh_from_db()
    return match


def error_of(response) -> dict:
    """The ``error`` object of an error response, checking its shape."""
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["status"] == response.status_code
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    return error


def keys_in(document) -> set[str]:
    """Every key of every object nested in a JSON document."""
    if isinstance(document, dict):
        found = set(document)
        for value in document.values():
            found |= keys_in(value)
        return found
    if isinstance(document, list):
        found = set()
        for value in document:
            found |= keys_in(value)
        return found
    return set()
