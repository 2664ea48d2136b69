"""API errors in one JSON shape, and the OpenAPI schema."""

from __future__ import annotations

import logging

import pytest
import yaml
from api_helpers import client_for, error_of, make_user
from conquest.api.errors import exception_handler
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.management import call_command
from django.http import Http404
from drf_spectacular.validation import validate_schema
from rest_framework import exceptions
from rest_framework.test import APIClient


def handle(exc):
    response = exception_handler(exc, {"request": None, "view": None})
    return response.status_code, response.data["error"]


# --- the handler ----------------------------------------------------------------------------


def test_a_service_validation_error_by_field_is_a_400_with_fields():
    status, error = handle(DjangoValidationError({"name": "a bot called 'x' exists already"}))
    assert status == 400
    assert error == {
        "status": 400,
        "code": "invalid",
        "message": "name: a bot called 'x' exists already",
        "fields": {"name": ["a bot called 'x' exists already"]},
    }


def test_several_fields_and_messages_are_all_kept():
    status, error = handle(DjangoValidationError({"games": ["one", "two"], "kind": "three"}))
    assert status == 400
    assert error["fields"] == {"games": ["one", "two"], "kind": ["three"]}
    assert error["message"] == "games: one"


def test_non_field_errors_stay_as_they_are():
    _, error = handle(DjangoValidationError({"non_field_errors": "v1 is frozen"}))
    assert error["fields"] == {"non_field_errors": ["v1 is frozen"]}
    assert error["message"] == "v1 is frozen"
    _, error = handle(DjangoValidationError({NON_FIELD_ERRORS: ["whole"]}))
    assert error["fields"] == {"non_field_errors": ["whole"]}


def test_a_plain_validation_error_becomes_non_field_errors():
    _, error = handle(DjangoValidationError("just wrong"))
    assert error["fields"] == {"non_field_errors": ["just wrong"]}
    _, error = handle(DjangoValidationError(["a", "b"]))
    assert error["fields"] == {"non_field_errors": ["a", "b"]}
    _, error = handle(DjangoValidationError("%(n)s is odd", params={"n": 3}))
    assert error["fields"] == {"non_field_errors": ["3 is odd"]}


def test_nested_validation_errors_are_named_by_their_path_each_a_list():
    status, error = handle(exceptions.ValidationError({"entries": {0: ["not an integer"]}}))
    assert status == 400
    assert error["fields"] == {"entries.0": ["not an integer"]}
    assert error["message"] == "entries.0: not an integer"
    _, error = handle(exceptions.ValidationError({"seats": [{}, {"bot": ["unknown"]}]}))
    assert error["fields"] == {"seats.1.bot": ["unknown"]}
    _, error = handle(exceptions.ValidationError("bad"))
    assert error["fields"] == {"non_field_errors": ["bad"]}


@pytest.mark.parametrize(
    ("exc", "status", "code", "message"),
    [
        (Http404("no such thing"), 404, "not_found", "no such thing"),
        (exceptions.NotFound(), 404, "not_found", "Not found."),
        (DjangoPermissionDenied("nope"), 403, "permission_denied", "nope"),
        (exceptions.PermissionDenied("mine"), 403, "permission_denied", "mine"),
        (exceptions.NotAuthenticated(), 401, "not_authenticated", None),
        (exceptions.AuthenticationFailed("bad token"), 401, "authentication_failed", None),
        (exceptions.MethodNotAllowed("PUT"), 405, "method_not_allowed", None),
        (exceptions.ParseError(), 400, "parse_error", None),
    ],
)
def test_other_errors_keep_their_status(exc, status, code, message):
    got_status, error = handle(exc)
    assert got_status == status
    assert error["status"] == status and error["code"] == code
    assert error["message"]
    if message is not None:
        assert error["message"] == message
    assert "fields" not in error


def test_throttling_says_how_long_to_wait():
    response = exception_handler(exceptions.Throttled(wait=12.2), {"request": None})
    assert response.status_code == 429
    assert response.data["error"]["code"] == "throttled"
    assert response.data["error"]["wait"] == 13
    assert response["Retry-After"] == "13"


def test_an_unexpected_error_is_a_json_500_and_logged(settings, caplog):
    settings.DEBUG = False
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = exception_handler(RuntimeError("boom"), {"request": None})
    assert response.status_code == 500
    assert response.data["error"]["code"] == "server_error"
    assert "boom" not in response.data["error"]["message"]
    assert any("boom" in (r.exc_text or str(r.exc_info)) for r in caplog.records)
    settings.DEBUG = True
    assert exception_handler(RuntimeError("boom"), {"request": None}) is None


# --- through the API ------------------------------------------------------------------------


@pytest.mark.django_db
def test_unknown_api_urls_are_json_404s():
    response = APIClient().get("/api/nothing/here/")
    assert response.status_code == 404
    assert error_of(response)["message"] == "no API endpoint /api/nothing/here/"
    response = APIClient().post("/api/bots", {}, format="json")
    assert response.status_code == 404
    assert "did you mean /api/bots/?" in error_of(response)["message"]


@pytest.mark.django_db
def test_a_wrong_method_is_405():
    response = client_for(make_user("alice")).put("/api/auth/me", {}, format="json")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"


@pytest.mark.django_db
def test_malformed_json_is_400():
    response = client_for(make_user("alice")).post(
        "/api/bots/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "parse_error"


# --- the schema -----------------------------------------------------------------------------

TOURNAMENT_STEPS = ("open", "start", "pause", "resume", "cancel")
ENDPOINTS = {
    "/api/auth/register": {"post"},
    "/api/auth/token": {"post"},
    "/api/auth/me": {"get"},
    "/api/bots/": {"get", "post"},
    "/api/bots/{id}/": {"get", "patch", "delete"},
    "/api/bots/{id}/versions/": {"get", "post"},
    "/api/bots/{id}/tokens/": {"get", "post"},
    "/api/bots/{id}/tokens/{token_id}/": {"delete"},
    "/api/versions/{id}/": {"get", "patch"},
    "/api/leagues/": {"get", "post"},
    "/api/leagues/{id}/": {"get", "patch"},
    "/api/leagues/{id}/standings/": {"get"},
    "/api/leagues/{id}/matches/": {"get"},
    "/api/leagues/{id}/entries/": {"post"},
    "/api/leagues/{id}/challenges/": {"post"},
    "/api/entries/{id}/": {"get", "delete"},
    "/api/entries/{id}/history/": {"get"},
    "/api/matches/": {"get"},
    "/api/matches/{id}/": {"get"},
    "/api/matches/{id}/replay/": {"get"},
    "/api/matches/{id}/log/": {"get"},
    "/api/tournaments/": {"get", "post"},
    "/api/version-tests/": {"get", "post"},
    "/api/version-tests/{id}/": {"get"},
    "/api/version-tests/{id}/promote/": {"post"},
    "/api/version-tests/{id}/cancel/": {"post"},
    "/api/tournaments/{id}/": {"get", "patch"},
    **{f"/api/tournaments/{{id}}/{step}/": {"post"} for step in TOURNAMENT_STEPS},
    "/api/tournaments/{id}/entries/": {"get", "post"},
    "/api/tournaments/{id}/entries/{entry_id}/": {"delete"},
    "/api/tournaments/{id}/entries/{entry_id}/disqualify/": {"post"},
    "/api/tournaments/{id}/matches/{match_id}/rerun/": {"post"},
    "/api/tournaments/{id}/standings/": {"get"},
    "/api/tournaments/{id}/progress/": {"get"},
    "/api/tournaments/{id}/games/": {"get"},
    "/api/tournaments/{id}/export/": {"get"},
}


@pytest.mark.django_db
def test_the_schema_endpoint_serves_a_valid_openapi_document():
    response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    validate_schema(schema)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Conquest Arena API"
    paths = {path: set(ops) - {"parameters"} for path, ops in schema["paths"].items()}
    assert paths == ENDPOINTS
    assert {"botToken", "tokenAuth"} <= set(schema["components"]["securitySchemes"])
    # Lists are paginated; no schema exposes a match's seed.
    listing = schema["paths"]["/api/matches/"]["get"]
    assert {p["name"] for p in listing["parameters"]} >= {"limit", "offset", "league", "status"}
    assert "seed" not in schema["components"]["schemas"]["MatchOutput"]["properties"]
    token_schema = schema["components"]["schemas"]
    assert "token" in token_schema["IssuedBotTokenOutput"]["properties"]
    assert "token" not in token_schema["BotTokenOutput"]["properties"]
    yaml_response = APIClient().get("/api/schema/")
    assert yaml.safe_load(yaml_response.content)["paths"].keys() == schema["paths"].keys()


def test_the_schema_generates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/matches/{id}/replay/" in yaml.safe_load(out.read_text())["paths"]
