"""API matches and replays: the seed and the hidden information stay hidden, a seat's view
goes only to that seat's owner, the full replay to staff and to the owners of the match's bots
once no match still to be played shares its seed."""

from __future__ import annotations

import json

import pytest
from api_helpers import (
    bot_client,
    client_for,
    error_of,
    keys_in,
    make_bot,
    make_league,
    make_user,
    play,
    play_queued,
)
from conquest.bots.services import token_issue
from conquest.leagues.services import entry_create, league_update
from conquest.matches import services as matches
from conquest.matches.selectors import full_replay
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


@pytest.fixture
def risk(alice, bob):
    """A finished two-seat Risk match (alice in seat 0, bob in seat 1) in which cards were
    drawn, and the league's entries."""
    league = make_league()
    entries = [
        entry_create(league=league, version=make_bot(u, f"{u}bot", player="attacker")[1])
        for u in (alice, bob)
    ]
    return play(league, entries, seed=7), entries


def replay_of(client, match, **query):
    response = client.get(f"/api/matches/{match.pk}/replay/", query)
    if response.status_code == 200:
        assert response["Content-Type"] == "application/json"
        assert response["Content-Disposition"] == f"attachment; filename=match-{match.pk}.json"
    return response


def cards_drawn(view) -> dict[int, list[str]]:
    """The cards seen drawn by each seat in a replay view."""
    drawn: dict[int, list[str]] = {}
    for event in view["events"]:
        if event["type"] == "CardDrawn":
            drawn.setdefault(event["seat"], []).append(event["card"])
    return drawn


# --- matches --------------------------------------------------------------------------------


def test_match_detail_has_its_seats_and_never_the_seed(risk):
    match, entries = risk
    response = APIClient().get(f"/api/matches/{match.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "finished" and body["rated"] is True and body["steps"] > 0
    assert [(s["seat"], s["entry"], s["bot_name"], s["owner"]) for s in body["seats"]] == [
        (0, entries[0].pk, "alicebot", "alice"),
        (1, entries[1].pk, "bobbot", "bob"),
    ]
    assert sorted(s["placement"] for s in body["seats"]) == [1, 2]
    seat = body["seats"][0]
    assert {"seat", "bot", "version", "placement", "score", "code", "time_used"} <= set(seat)
    assert {
        "faults": 0,
        "timeouts": 0,
        "crashes": 0,
        "illegal_actions": 0,
        "disconnects": 0,
    }.items() <= seat.items()
    assert not {"seed", "log", "replay", "lease_owner"} & keys_in(body)
    # Staff neither: the seed is in the full replay only.
    staff = client_for(make_user("root", staff=True)).get(f"/api/matches/{match.pk}/").json()
    assert "seed" not in keys_in(staff)


def test_match_list_filters(risk, alice):
    match, entries = risk
    league = match.league
    other_league = make_league("other")
    other_entry = entry_create(league=other_league, version=make_bot(alice, "third")[1])
    other = matches.match_schedule(
        league=other_league,
        entries=[
            other_entry,
            entry_create(league=other_league, version=make_bot(alice, "fourth")[1]),
        ],
    )
    everything = APIClient().get("/api/matches/").json()
    assert [m["id"] for m in everything["results"]] == [other.pk, match.pk]
    assert not {"seed", "log"} & keys_in(everything)

    def ids(**query):
        response = APIClient().get("/api/matches/", query)
        assert response.status_code == 200, response.content
        return [m["id"] for m in response.json()["results"]]

    assert ids(league=league.pk) == [match.pk]
    assert ids(entry=entries[1].pk) == [match.pk]
    assert ids(entry=other_entry.pk) == [other.pk]
    assert ids(status="finished") == [match.pk]
    assert ids(status="scheduled") == [other.pk]
    assert ids(status="running") == []
    response = APIClient().get("/api/matches/", {"status": "won"})
    assert response.status_code == 400
    assert "status" in error_of(response)["fields"]
    assert APIClient().get("/api/matches/999999/").status_code == 404


def test_match_lists_take_a_fixed_number_of_queries(risk, django_assert_max_num_queries):
    match, entries = risk
    for seed in (1, 2, 3):
        play(match.league, entries, seed=seed)
    with django_assert_max_num_queries(3):  # count, page, seats with bots and owners
        body = APIClient().get("/api/matches/").json()
    assert body["count"] == 4 and all(len(m["seats"]) == 2 for m in body["results"])


# --- replays --------------------------------------------------------------------------------


def test_the_spectator_view_has_no_seed_and_no_hidden_cards(risk):
    match, _ = risk
    response = replay_of(APIClient(), match)
    assert response.status_code == 200
    view = json.loads(response.content)
    assert view["viewer_seat"] is None and view["game"] == "risk"
    assert not {"seed", "actions", "events_digest"} & keys_in(view)
    drawn = cards_drawn(view)
    assert drawn[0] and drawn[1], "the match should have drawn cards for both seats"
    assert {card for cards in drawn.values() for card in cards} == {""}
    assert view["result"]["type"] == "Result"
    # An explicit view=spectator is the same document.
    assert replay_of(APIClient(), match, view="spectator").content == response.content


def test_a_seat_view_shows_that_seats_cards_only(risk, alice):
    match, _ = risk
    full = json.loads(full_replay(match))
    response = replay_of(client_for(alice), match, seat=0)
    assert response.status_code == 200
    view = json.loads(response.content)
    assert view["viewer_seat"] == 0
    assert not {"seed", "actions"} & keys_in(view)
    drawn = cards_drawn(view)
    assert drawn[0] and all(drawn[0]), "seat 0 sees its own cards"
    assert set(drawn[1]) == {""}, "but not seat 1's"
    assert len(view["events"]) == len(json.loads(replay_of(APIClient(), match).content)["events"])
    assert full["seed"] == match.seed  # the stored replay does have the seed


def test_a_seat_view_is_for_that_seats_owner_only(risk, alice, bob):
    match, _ = risk
    assert replay_of(client_for(bob), match, seat=1).status_code == 200
    for client, code in [
        (client_for(alice), 403),
        (client_for(make_user("carol")), 403),
        (client_for(make_user("root", staff=True)), 403),
        (APIClient(), 401),
    ]:
        response = replay_of(client, match, seat=1)
        assert response.status_code == code
        assert error_of(response)["code"] in {"permission_denied", "not_authenticated"}
        assert "events" not in response.content.decode()


def test_a_bot_token_sees_its_own_bots_seat_only(risk, alice):
    match, entries = risk
    own = bot_client(token_issue(bot=entries[0].version.bot)[1])
    assert replay_of(own, match, seat=0).status_code == 200
    assert replay_of(own, match, seat=1).status_code == 403
    sibling, _ = make_bot(alice, "sibling")
    assert replay_of(bot_client(token_issue(bot=sibling)[1]), match, seat=0).status_code == 403


def test_the_full_replay_is_for_staff_and_the_owners_of_its_bots(risk, alice, bob):
    """The stored replay with its seed (what ``python -m engines replay`` re-runs): staff,
    each seat's owner and their bots' tokens may download it; nobody else."""
    match, entries = risk
    staff = make_user("root", staff=True)
    for client in (
        client_for(staff),
        client_for(alice),
        client_for(bob),
        bot_client(token_issue(bot=entries[0].version.bot)[1]),
    ):
        response = replay_of(client, match, view="full")
        assert response.status_code == 200
        assert response.content.decode() == full_replay(match)
        assert json.loads(response.content)["seed"] == match.seed
    staff_bot, _ = make_bot(staff, "staffbot")
    sibling, _ = make_bot(alice, "sibling")
    for client in (
        client_for(make_user("carol")),
        bot_client(token_issue(bot=sibling)[1]),  # a bot token acts for its own bot only
        bot_client(token_issue(bot=staff_bot)[1]),  # staff rights are the user's, not its bots'
    ):
        response = replay_of(client, match, view="full")
        assert response.status_code == 403
        assert "only the owners of" in error_of(response)["message"]
    assert replay_of(APIClient(), match, view="full").status_code == 401


def test_a_league_may_keep_its_full_replays_from_the_bots_owners(risk, alice):
    match, _ = risk
    league_update(league=match.league, replays_downloadable=False)
    response = replay_of(client_for(alice), match, view="full")
    assert response.status_code == 403
    assert "does not hand out its matches' full replays" in error_of(response)["message"]
    staff = client_for(make_user("root", staff=True))
    assert replay_of(staff, match, view="full").status_code == 200


def test_the_full_replay_waits_for_every_match_on_its_seed(risk, alice):
    """A match still to be played on the same seed (a paired game, one to be re-run) keeps the
    seed hidden from the bots' owners: 409, saying why, until it has been played."""
    match, entries = risk
    paired = matches.match_schedule(league=match.league, entries=entries[::-1], seed=match.seed)
    matches.match_enqueue(match_ids=[paired.pk])
    response = replay_of(client_for(alice), match, view="full")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "conflict" and "seed is still in play" in error["message"]
    staff = client_for(make_user("root", staff=True))
    assert replay_of(staff, match, view="full").status_code == 200
    play_queued(paired)
    assert replay_of(client_for(alice), match, view="full").status_code == 200
    assert replay_of(client_for(alice), paired, view="full").status_code == 200


@pytest.mark.parametrize(
    ("query", "field"),
    [({"seat": 2}, "seat"), ({"seat": -1}, "seat"), ({"view": "god"}, "view")],
)
def test_bad_replay_queries_are_400(risk, alice, query, field):
    match, _ = risk
    response = replay_of(client_for(alice), match, **query)
    assert response.status_code == 400
    assert field in error_of(response)["fields"]


def test_full_and_seat_together_is_400(risk):
    match, _ = risk
    staff = client_for(make_user("root", staff=True))
    response = replay_of(staff, match, view="full", seat=0)
    assert response.status_code == 400


def test_a_match_without_replay_is_404(alice, bob):
    league = make_league()
    entries = [entry_create(league=league, version=make_bot(u, f"{u}bot")[1]) for u in (alice, bob)]
    match = matches.match_schedule(league=league, entries=entries)
    staff = client_for(make_user("root", staff=True))
    owner = client_for(alice)
    for response in (
        replay_of(APIClient(), match),
        replay_of(staff, match, view="full"),
        replay_of(owner, match, view="full"),
    ):
        assert response.status_code == 404
        assert "scheduled" in error_of(response)["message"]
    matches.match_cancel(match=match)
    assert replay_of(APIClient(), match).status_code == 404


def test_a_conquetes_replay(alice, bob):
    carol = make_user("carol")
    league = make_league("conquetes-3", game="conquetes", variant="standard", seats=3)
    entries = [
        entry_create(league=league, version=make_bot(u, f"{u}bot", player=p)[1])
        for u, p in ((alice, "random"), (bob, "heuristic"), (carol, "heuristic"))
    ]
    match = play(league, entries, seed=11)
    spectator = json.loads(replay_of(APIClient(), match).content)
    assert spectator["game"] == "conquetes" and spectator["seats"] == 3
    assert "seed" not in keys_in(spectator)
    mine = replay_of(client_for(carol), match, seat=2)
    assert mine.status_code == 200 and json.loads(mine.content)["viewer_seat"] == 2
    assert replay_of(client_for(carol), match, seat=0).status_code == 403


# --- the bots' log lines ----------------------------------------------------------------------


def _with_bot_lines(match):
    """``match`` with a line from each seat's bot in its log, as the runner writes them."""
    match.log += (
        "[2026-11-24 10:00:00] attempt 1 claimed by worker\n"
        "[2026-11-24 10:00:01] step 0: seat 0 bot log: alice thinks\n"
        "[2026-11-24 10:00:02] step 3: seat 1 bot log: bob's secret plan\n"
        "[2026-11-24 10:00:03] step 4: seat 0 bot log: alice again\n"
    )
    match.save(update_fields=["log"])
    return match


def test_a_bots_owner_reads_its_own_seats_log_lines_only(risk, alice, bob):
    match = _with_bot_lines(risk[0])
    response = client_for(alice).get(f"/api/matches/{match.pk}/log/")
    assert response.status_code == 200
    body = response.json()
    assert (body["match"], body["seats"]) == (match.pk, [0])
    assert [(line["step"], line["seat"], line["text"]) for line in body["lines"]] == [
        (0, 0, "alice thinks"),
        (4, 0, "alice again"),
    ]
    assert body["lines"][0]["at"] == "2026-11-24 10:00:01"
    bobs = client_for(bob).get(f"/api/matches/{match.pk}/log/").json()
    assert [line["text"] for line in bobs["lines"]] == ["bob's secret plan"]


def test_a_bot_token_reads_its_own_bots_lines_and_staff_every_seats(risk, alice):
    match, entries = risk
    _with_bot_lines(match)
    _, plaintext = token_issue(bot=entries[0].version.bot)
    mine = bot_client(plaintext).get(f"/api/matches/{match.pk}/log/").json()
    assert [line["seat"] for line in mine["lines"]] == [0, 0]
    staff = client_for(make_user("root", staff=True)).get(f"/api/matches/{match.pk}/log/").json()
    assert staff["seats"] == [0, 1] and len(staff["lines"]) == 3


def test_nobody_else_reads_a_matchs_log_lines(risk):
    match = _with_bot_lines(risk[0])
    stranger = client_for(make_user("eve")).get(f"/api/matches/{match.pk}/log/")
    assert stranger.status_code == 403 and "owners" in error_of(stranger)["message"]
    assert APIClient().get(f"/api/matches/{match.pk}/log/").status_code == 401
    assert client_for(make_user("zed")).get("/api/matches/999999/log/").status_code == 404
