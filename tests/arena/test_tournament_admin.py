"""Tournament admin: pages render, every write goes through the services, exports download."""

from __future__ import annotations

import json

import pytest
from admin_helpers import change_form_data
from conquest.matches.models import Match
from conquest.tournaments.models import Tournament, TournamentEntry
from django.urls import reverse
from tournament_helpers import decide_round, field, tournament

pytestmark = pytest.mark.django_db


def url(model, view: str = "changelist", *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def act(client, model, action: str, objects):
    data = {"action": action, "_selected_action": [o.pk for o in objects]}
    return client.post(url(model), data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_tournament_is_created_registered_and_run_from_the_admin(admin_client):
    entries = field(2, 4)
    data = {
        "name": "Spring cup",
        "league": entries[0].league_id,
        "format": "swiss",
        "games": 2,
        "rounds": 3,
        "advance": 1,
        "points": "",
    }
    response = admin_client.post(url(Tournament, "add"), data, follow=True)
    assert response.status_code == 200
    made = Tournament.objects.get()
    assert (made.state, made.points, made.games) == ("draft", [1.0, 0.0], 2)

    act(admin_client, Tournament, "open_registration", [made])
    page = admin_client.get(url(Tournament, "change", made.pk))
    data = change_form_data(page)
    prefix = next(k for k in data if k.endswith("-0-entry") and "entries" in k).rsplit("-0-", 1)[0]
    for i, e in enumerate(entries):
        data[f"{prefix}-{i}-entry"] = e.pk
    data[f"{prefix}-TOTAL_FORMS"] = len(entries)
    response = admin_client.post(url(Tournament, "change", made.pk), data, follow=True)
    assert response.status_code == 200
    assert TournamentEntry.objects.filter(tournament=made).count() == 4

    response = act(admin_client, Tournament, "start", [made])
    assert "Started 1 tournament(s)." in messages_of(response)
    made.refresh_from_db()
    assert made.state == "running"
    decide_round(made, 1)
    page = admin_client.get(url(Tournament, "change", made.pk))
    content = page.content.decode()
    for shown in ("Standings", "Seat win rates", "buchholz", "expected_end"):
        assert shown in content
    assert 'name="league"' not in content, "settings are read-only once started"
    saved = admin_client.post(url(Tournament, "change", made.pk), change_form_data(page))
    assert saved.status_code == 302, "saving the read-only page changes nothing, fails nothing"

    response = act(admin_client, Tournament, "open_registration", [made])
    assert any("only a tournament that is draft" in m for m in messages_of(response))
    for action, state in (("pause", "paused"), ("resume", "running"), ("cancel", "cancelled")):
        act(admin_client, Tournament, action, [made])
        made.refresh_from_db()
        assert made.state == state


def test_invalid_settings_show_on_the_field(admin_client):
    entries = field(3, 3)
    data = {"name": "Cup", "league": entries[0].league_id, "format": "knockout", "games": 1,
            "rounds": 0, "advance": 3, "points": ""}  # fmt: skip
    response = admin_client.post(url(Tournament, "add"), data)
    assert response.status_code == 200
    assert "advance" in response.context["adminform"].form.errors
    assert not Tournament.objects.exists()


def test_disqualify_rerun_and_export_actions(admin_client):
    entries = field(2, 3)
    made = tournament(entries, "round_robin")
    errored = Match.objects.filter(tournament_game__tournament=made).first()
    Match.objects.filter(pk=errored.pk).update(status=Match.Status.ERROR)
    response = act(admin_client, Match, "rerun_matches", [errored])
    assert any("1 tournament game(s) are re-run from their tournament" in m
               for m in messages_of(response))  # fmt: skip
    assert Match.objects.get(pk=errored.pk).status == "error", "not around the tournament"
    act(admin_client, Tournament, "rerun_errors", [made])
    assert Match.objects.get(pk=errored.pk).status == "queued"

    out = TournamentEntry.objects.get(entry=entries[0])
    response = act(admin_client, TournamentEntry, "disqualify_void", [out])
    assert "Disqualified 1 entr(y/ies)." in messages_of(response)
    out.refresh_from_db()
    assert out.voided and out.disqualified_at is not None
    response = act(admin_client, TournamentEntry, "disqualify", [out])
    assert any("disqualified already" in m for m in messages_of(response))

    response = act(admin_client, Tournament, "export_json", [made])
    assert response["Content-Disposition"].endswith('results.json"')
    assert json.loads(response.content)["tournament"]["name"] == made.name
    response = act(admin_client, Tournament, "export_csv", [made])
    assert response.content.decode().startswith("rank,entry,bot")
    response = act(admin_client, Tournament, "export_games_csv", [made])
    assert response.content.decode().startswith("round,table,match")
    for page in (url(Tournament), url(TournamentEntry), url(TournamentEntry, "change", out.pk)):
        assert admin_client.get(page).status_code == 200


def test_entries_are_removed_from_the_inline_during_registration_only(admin_client):
    entries = field(2, 3)
    made = tournament(entries, "knockout", start=False)
    page = admin_client.get(url(Tournament, "change", made.pk))
    data = change_form_data(page)
    delete = next(k for k in data if k.endswith("-0-id") and "entries" in k).replace(
        "-id", "-DELETE"
    )
    data[delete] = "on"
    admin_client.post(url(Tournament, "change", made.pk), data, follow=True)
    assert TournamentEntry.objects.filter(tournament=made).count() == 2
    act(admin_client, Tournament, "start", [made])
    content = admin_client.get(url(Tournament, "change", made.pk)).content.decode()
    assert "-DELETE" not in content


def test_the_admin_is_for_staff_only(client):
    made = tournament(field(2, 2), "round_robin", start=False)
    response = client.get(url(Tournament, "change", made.pk))
    assert response.status_code == 302 and "login" in response["Location"]
