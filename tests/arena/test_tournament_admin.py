"""Tournament admin: pages render, every write goes through the services, exports download."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from admin_helpers import change_form_data
from conquest.matches.models import Match
from conquest.tournaments import selectors
from conquest.tournaments.models import Tournament, TournamentEntry
from django.contrib.admin import site
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
    for shown in ("Standings", "Seat win rates", "Buchholz", "expected end"):
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


# ----------------------------------------------------------------------------- finish


def settings(league_id: int, **fields) -> dict:
    data = {"name": "Points cup", "league": league_id, "format": "round_robin", "games": 1,
            "rounds": 0, "advance": 1, "points": ""}  # fmt: skip
    return {**data, **fields}


def points_errors(response) -> list[str]:
    assert response.status_code == 200
    return list(response.context["adminform"].form.errors.get("points", []))


def test_points_are_typed_as_a_list_and_round_trip(admin_client):
    entries = field(3, 3)
    response = admin_client.post(url(Tournament, "add"), settings(entries[0].league_id,
                                 points="3, 1.5, 0"))  # fmt: skip
    assert response.status_code == 302, response.context["adminform"].form.errors
    made = Tournament.objects.get()
    assert made.points == [3.0, 1.5, 0.0]
    page = admin_client.get(url(Tournament, "change", made.pk))
    content = page.content.decode()
    assert 'name="points" value="3, 1.5, 0"' in content
    assert "Points per placement" in content

    data = change_form_data(page)
    assert data["points"] == "3, 1.5, 0"
    assert admin_client.post(url(Tournament, "change", made.pk), data).status_code == 302
    made.refresh_from_db()
    assert made.points == [3.0, 1.5, 0.0], "saved unchanged"
    data["points"] = "2,2 ,0"
    assert admin_client.post(url(Tournament, "change", made.pk), data).status_code == 302
    made.refresh_from_db()
    assert made.points == [2.0, 2.0, 0.0]
    data["points"] = ""
    assert admin_client.post(url(Tournament, "change", made.pk), data).status_code == 302
    made.refresh_from_db()
    assert made.points == [2.0, 1.0, 0.0], "empty: the number of seats beaten"


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("3, x, 0", "placement 2: 'x' is not a number"),
        ("3, , 0", "placement 2 has no number"),
        ("3, 1, nan", "placement 3: 'nan' is not a number"),
        ("3, 1", "3 numbers expected, one per placement (the league plays 3 seats): 2 given"),
        ("3, 1, 0, 0", "3 numbers expected"),
        ("1, 2, 0", "never increasing, first place first: placement 2 gets 2, more than "
                    "placement 1 (1)"),
        ("[3, 1, 0]", "placement 1: '[3' is not a number"),
    ],
)  # fmt: skip
def test_bad_points_show_a_clear_error_on_the_field(admin_client, typed, says):
    entries = field(3, 3)
    response = admin_client.post(url(Tournament, "add"), settings(entries[0].league_id,
                                 points=typed))  # fmt: skip
    errors = points_errors(response)
    assert any(says in e for e in errors), errors
    assert f'value="{typed}"' in response.content.decode(), "the text typed is shown again"
    assert not Tournament.objects.exists()


def test_bad_points_and_another_bad_setting_both_show(admin_client):
    entries = field(3, 3)
    response = admin_client.post(url(Tournament, "add"), settings(entries[0].league_id,
                                 points="1, 2", advance=2))  # fmt: skip
    form = response.context["adminform"].form
    assert set(form.errors) == {"points", "advance"}


def test_a_started_tournament_shows_its_points_as_a_list(admin_client):
    made = tournament(field(3, 3), "round_robin", points=[3, 1, 0])
    content = admin_client.get(url(Tournament, "change", made.pk)).content.decode()
    assert 'name="points"' not in content
    assert re.search(r'<div class="readonly">3, 1, 0</div>', content), "read-only, as typed"
    assert "[3.0, 1.0, 0.0]" not in content


@pytest.mark.parametrize(
    ("format", "settings_"),
    [("round_robin", {}), ("swiss", {"rounds": 2}), ("knockout", {"advance": 1})],
)
def test_the_standings_show_each_fact_once(admin_client, format, settings_):
    made = tournament(field(2, 4), format, **settings_)
    decide_round(made, 1)
    content = admin_client.get(url(Tournament, "change", made.pk)).content.decode()
    standings = content[content.index("field-standings_display") :]
    standings = standings[: standings.index("</table>")]
    head = re.findall(r"<th>(.*?)</th>", standings)
    assert head.count("seed") == 1, head
    assert len(head) == len(set(head)), head
    assert "games per seat" in head

    body = selectors.export_csv(made)
    columns = next(csv.reader(io.StringIO(body)))
    assert len(columns) == len(set(columns)), columns
    assert columns.count("seed") == 1
    assert sorted(int(line["seed"]) for line in csv.DictReader(io.StringIO(body))) == [1, 2, 3, 4]
    games = next(csv.reader(io.StringIO(selectors.export_csv(made, "games"))))
    assert len(games) == len(set(games)), games


def test_the_standings_round_their_points(admin_client):
    made = tournament(field(3, 3), "round_robin", points=[1, 0.3333333, 0])
    decide_round(made, 1)
    content = admin_client.get(url(Tournament, "change", made.pk)).content.decode()
    standings = content[content.index("field-standings_display") :]
    standings = standings[: standings.index("</table>")]
    assert "<td>0.33</td>" in standings and "0.3333333" not in standings
    body = selectors.export_csv(made)
    assert "0.3333," in body and "0.3333333" not in body


def test_the_tournament_rows_link_to_the_public_pages(admin_client):
    made = tournament(field(2, 3), "round_robin")
    link = reverse("web-tournament", args=[made.pk])
    assert link == f"/tournaments/{made.pk}/"
    response = admin_client.get(url(Tournament))
    content = response.content.decode()
    assert f'<a href="{link}">{link}</a>' in content
    assert ">round robin<" in content and ">running<" in content, "choices by short names"
    assert site._registry[Tournament].get_view_on_site_url(made) == link
    page = admin_client.get(url(Tournament, "change", made.pk)).content.decode()
    assert f'href="{link}"' in page
    for match in Match.objects.filter(tournament_game__tournament=made):
        public = reverse("web-match", args=[match.pk])
        assert public == f"/matches/{match.pk}/"
        assert f'<a href="{public}">{public}</a>' in page
