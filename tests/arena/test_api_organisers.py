"""Organisers through the API (issue 20, item 8): every refusal of a choice lists the valid
ones, a tournament step taken out of order says what to do first and the order of the steps,
and staff may enter house bots whoever owns them."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import conquest.api
import pytest
from api_helpers import client_for, error_of, make_bot, make_league, make_user
from conquest.api.common import ListedChoiceField, StrictInput
from conquest.bots import services as bots
from conquest.leagues.services import entry_create
from conquest.tournaments.models import Tournament
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

pytestmark = pytest.mark.django_db


def test_a_format_that_does_not_exist_is_refused_listing_the_formats():
    league = make_league("duel", game="conquetes", variant="standard", seats=2)
    staff = client_for(make_user("root", staff=True))
    data = {"name": "Cup", "league": league.pk, "format": "roundrobin"}
    error = error_of(staff.post("/api/tournaments/", data, format="json"))
    assert error["status"] == 400
    (message,) = error["fields"]["format"]
    assert '"roundrobin" is not a valid choice' in message
    for value in Tournament.Format.values:
        assert value in message


def test_every_choice_in_the_api_inputs_lists_its_choices_when_refused():
    """Every choice field of every API serializer, model-made ones included."""
    checked = 0
    for module_info in pkgutil.iter_modules(conquest.api.__path__):
        module = importlib.import_module(f"conquest.api.{module_info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, serializers.Serializer) or cls.__module__ != module.__name__:
                continue
            for name, field in cls().fields.items():
                if isinstance(field, serializers.ChoiceField) and not field.read_only:
                    assert isinstance(field, ListedChoiceField), f"{cls.__name__}.{name}"
                    checked += 1
    assert checked >= 6  # kind (2), status, view, type, table, and the models' own choices


def test_a_step_out_of_order_says_what_to_do_first_and_the_order_of_the_steps():
    league = make_league("duel", game="conquetes", variant="standard", seats=2)
    staff = client_for(make_user("root", staff=True))
    _, version = make_bot(make_user("owner"), "bot", games=("conquetes",))
    entry = entry_create(league=league, version=version)
    cup = Tournament.objects.create(league=league, name="Cup", format="round_robin")
    error = error_of(
        staff.post(f"/api/tournaments/{cup.pk}/entries/", {"entry": entry.pk}, format="json")
    )
    (message,) = error["fields"]["state"]
    assert "is draft: only a tournament that is registration can take entries" in message
    assert "open its registration first" in message
    assert "draft → registration (open) → running (start)" in message
    error = error_of(staff.post(f"/api/tournaments/{cup.pk}/pause/"))
    (message,) = error["fields"]["state"]
    assert "first" not in message  # no single step leads from a draft to a pause
    assert "draft → registration (open)" in message


def test_staff_enter_house_bots_of_anyone_but_not_their_remote_bots():
    league = make_league("duel", game="conquetes", variant="standard", seats=2)
    owner = make_user("owner")
    _, house = make_bot(owner, "house", games=("conquetes",))
    remote_bot = bots.bot_create(owner=owner, name="remote", games=["conquetes"])
    remote = bots.version_create(bot=remote_bot, kind="remote")
    staff = client_for(make_user("root", staff=True))
    url = f"/api/leagues/{league.pk}/entries/"
    response = staff.post(url, {"version": house.pk}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["version"] == house.pk
    error = error_of(staff.post(url, {"version": remote.pk}, format="json"))
    assert error["status"] == 403
    assert "staff: and house ones" in error["message"]
    error = error_of(client_for(make_user("alice")).post(url, {"version": house.pk}))
    assert error["status"] == 403


def _inputs():
    """Every request body's serializer of the API, by name (not their base)."""
    found = {}
    for module_info in pkgutil.iter_modules(conquest.api.__path__):
        module = importlib.import_module(f"conquest.api.{module_info.name}")
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, serializers.Serializer)
                and name.endswith("Input")
                and cls is not StrictInput
            ):
                found[name] = cls
    return found


def test_every_request_body_in_the_schema_has_an_example():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    bodies = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody")
            if body is None:
                continue
            bodies += 1
            assert body["content"]["application/json"].get("examples"), f"{method} {path}"
    assert bodies >= 13


@pytest.mark.parametrize("name", sorted(_inputs()))
def test_each_input_example_is_a_valid_body(name):
    """Its fields exist and are writable, and each value passes its field's own checks (ids
    of other objects are not looked up)."""
    cls = _inputs()[name]
    (example,) = cls._spectacular_annotation["examples"]
    fields = cls().fields
    for key, value in example.value.items():
        field = fields[key]
        assert not field.read_only, key
        if not isinstance(field, serializers.RelatedField):
            field.run_validation(value)
