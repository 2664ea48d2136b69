"""API version tests: the owner asks for one, anyone reads its LLR, bounds, verdict and Elo
difference, the owner promotes an accepted candidate or cancels."""

from __future__ import annotations

import celery
import pytest
from api_helpers import bot_client, client_for, error_of, make_bot, make_league, make_user
from conquest.bots.services import token_issue, version_create
from conquest.leagues.models import Entry
from conquest.leagues.services import entry_create
from conquest.versiontests.models import VersionTest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def sent(monkeypatch):
    """No message reaches a broker."""
    monkeypatch.setattr(celery.current_app, "send_task", lambda *a, **k: None)


@pytest.fixture
def setup():
    """alice's bot on a 2-seat ladder (v1) and its v2, not entered."""
    alice = make_user("alice")
    league = make_league("conquetes-2", game="conquetes", variant="standard", ladder="off")
    bot, v1 = make_bot(alice, "alicebot")
    baseline = entry_create(league=league, version=v1)
    v2 = version_create(bot=bot, kind="house", player="heuristic", staff=True)
    return alice, baseline, v2


def ask(client, baseline, candidate) -> dict:
    """A version test of ``candidate`` against ``baseline``, asked for by ``client``."""
    body = {"baseline": baseline.pk, "candidate": candidate.pk}
    response = client.post("/api/version-tests/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_the_owner_asks_for_a_test_and_anyone_reads_its_figures(setup):
    alice, baseline, v2 = setup
    response = client_for(alice).post(
        "/api/version-tests/",
        {"baseline": baseline.pk, "candidate": v2.pk, "elo1": 100.0},
        format="json",
    )
    assert response.status_code == 201, response.content
    made = response.json()
    assert made["status"] == "running" and made["elo1"] == 100.0
    assert made["candidate_version"] == 2 and made["baseline_version"] == 1
    assert made["pentanomial"] == [0, 0, 0, 0, 0] and made["elo"] is None
    assert made["lower_bound"] == pytest.approx(-2.944, abs=1e-3)
    assert made["upper_bound"] == pytest.approx(2.944, abs=1e-3)
    VersionTest.objects.filter(pk=made["id"]).update(pairs_2=10, pairs_3=10, pairs_4=4)
    read = APIClient().get(f"/api/version-tests/{made['id']}/").json()
    assert read["pentanomial"] == [0, 0, 10, 10, 4]
    assert read["elo_low"] < read["elo"] < read["elo_high"] and read["elo"] > 0
    listing = APIClient().get("/api/version-tests/", {"bot": baseline.version.bot_id}).json()
    assert [t["id"] for t in listing["results"]] == [made["id"]]


def test_others_and_other_bots_tokens_may_not_ask_promote_or_cancel(setup):
    alice, baseline, v2 = setup
    body = {"baseline": baseline.pk, "candidate": v2.pk}
    assert (
        error_of(client_for(make_user("mallory")).post("/api/version-tests/", body))["status"]
        == 403
    )
    other, _ = make_bot(alice, "otherbot")
    token = token_issue(bot=other, name="t")[1]
    assert error_of(bot_client(token).post("/api/version-tests/", body))["status"] == 403
    made = ask(client_for(alice), baseline, v2)
    for step in ("promote", "cancel"):
        response = client_for(make_user(f"eve-{step}")).post(
            f"/api/version-tests/{made['id']}/{step}/"
        )
        assert error_of(response)["status"] == 403


def test_promote_waits_for_acceptance_then_swaps_the_ladder_entries(setup):
    alice, baseline, v2 = setup
    owner = client_for(alice)
    made = ask(owner, baseline, v2)
    error = error_of(owner.post(f"/api/version-tests/{made['id']}/promote/"))
    assert error["status"] == 400 and "only an accepted candidate" in error["fields"]["status"][0]
    VersionTest.objects.filter(pk=made["id"]).update(status="accepted")
    promoted = owner.post(f"/api/version-tests/{made['id']}/promote/").json()
    assert promoted["promoted_at"] is not None
    assert Entry.objects.get(pk=made["candidate"]).active
    assert not Entry.objects.get(pk=baseline.pk).active


def test_cancel_stops_a_running_test(setup):
    alice, baseline, v2 = setup
    owner = client_for(alice)
    made = ask(owner, baseline, v2)
    assert owner.post(f"/api/version-tests/{made['id']}/cancel/").json()["status"] == "cancelled"
    error = error_of(owner.post(f"/api/version-tests/{made['id']}/cancel/"))
    assert error["status"] == 400 and "status" in error["fields"]


def test_a_bad_request_names_its_field(setup):
    alice, baseline, v2 = setup
    owner = client_for(alice)
    cases = [
        ({"baseline": 999, "candidate": v2.pk}, "baseline"),
        ({"baseline": baseline.pk, "candidate": 999}, "candidate"),
        ({"baseline": baseline.pk, "candidate": v2.pk, "beta": 1.5}, "beta"),
        ({"baseline": baseline.pk, "candidate": v2.pk, "seed": 3}, "seed"),
    ]
    for body, field in cases:
        error = error_of(owner.post("/api/version-tests/", body, format="json"))
        assert error["status"] == 400 and field in error["fields"], (body, error)
