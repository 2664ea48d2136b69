"""The Django admin: pages render, writes go through the services, history stays read-only."""

from __future__ import annotations

import json
from types import SimpleNamespace

import admin_helpers as make
import celery
import pytest
from conquest.bots import services as bots
from conquest.bots.models import Bot, BotToken, BotVersion
from conquest.leagues.models import Entry, League
from conquest.matches.models import Match
from conquest.matches.services import RUN_MATCH
from conquest.ratings.models import RatingChange
from django.contrib.admin import site
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from engines.registry import get_game


def url(model, view: str = "changelist", *args) -> str:
    """The admin URL of ``view`` for ``model`` (changelist, add, change, replay…)."""
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def act(client, model, action: str, objects, **extra):
    """Run the changelist action ``action`` on ``objects``."""
    data = {"action": action, "_selected_action": [o.pk for o in objects], **extra}
    return client.post(url(model), data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def sent(monkeypatch):
    """The Celery messages sent (a fake ``send_task`` records them instead)."""
    calls = []

    def send_task(name, args=None, kwargs=None, **options):
        calls.append((name, list(args or ())))

    monkeypatch.setattr(celery.current_app, "send_task", send_task)
    return calls


@pytest.fixture
def world(db):
    """A league with two house bots, a finished (rated) match and a scheduled one, a token."""
    owner = make.user("owner")
    league = make.league()
    first, second = make.entries(league, owner)
    finished = make.played(league, [first, second])
    pending = make.scheduled(league, [second, first])
    token, _ = bots.token_issue(bot=first.version.bot, name="ci")
    return SimpleNamespace(
        owner=owner,
        league=league,
        entries=[first, second],
        finished=finished,
        pending=pending,
        token=token,
    )


# ----------------------------------------------------------------------------- pages


@pytest.mark.django_db
def test_every_changelist_and_change_page_renders(admin_client, world):
    bot = world.entries[0].version.bot
    change = world.finished.rating_changes.first()
    pages = [
        (League, world.league),
        (Entry, world.entries[0]),
        (Bot, bot),
        (BotToken, world.token),
        (Match, world.finished),
        (Match, world.pending),
        (RatingChange, change),
    ]
    for model, obj in pages:
        assert admin_client.get(url(model)).status_code == 200, model
        response = admin_client.get(url(model, "change", obj.pk))
        assert response.status_code == 200, (model, obj)
    for model in (League, Entry, Bot):
        assert admin_client.get(url(model, "add")).status_code == 200, model


@pytest.mark.django_db
def test_the_changelists_cost_the_same_queries_for_one_row_or_many(admin_client, world):
    def cost(model) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert admin_client.get(url(model)).status_code == 200
        return len(queries)

    models = (League, Entry, Bot, BotToken, Match, RatingChange)
    before = {model: cost(model) for model in models}
    other = make.league("Second league")
    seated = make.entries(other, make.user("bob"))
    for seed in (1, 2):
        make.played(other, seated, seed=seed)
    make.scheduled(other, seated)
    for bot in Bot.objects.all():
        bots.token_issue(bot=bot)
    assert {model: cost(model) for model in models} == before


@pytest.mark.django_db
def test_the_entries_inline_shows_ratings_read_only(admin_client, world):
    response = admin_client.get(url(League, "change", world.league.pk))
    content = response.content.decode()
    for entry in world.entries:
        assert str(entry.version) in content
    assert 'name="entries-0-elo"' not in content
    assert 'name="entries-0-active"' in content


# ----------------------------------------------------------------------------- leagues


def league_form(**fields) -> dict:
    data = {
        "name": "Admin league",
        "game": "conquetes",
        "variant": "standard",
        "seats": "3",
        "options": "{}",
        "decision_seconds": "1.0",
        "time_bank_seconds": "10.0",
        "max_faults": "3",
        "pace_seconds": "0",
        "ladder": "paused",
        "ladder_matches_per_tick": "4",
        "ladder_max_pending": "8",
        "elo_k": "24",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
        "entries-2-TOTAL_FORMS": "0",
        "entries-2-INITIAL_FORMS": "0",
    }
    return {**data, **fields}


@pytest.mark.django_db
def test_a_league_is_created_on_the_engine_version_of_its_game(admin_client):
    response = admin_client.post(url(League, "add"), league_form())
    assert response.status_code == 302, response.context["adminform"].form.errors
    league = League.objects.get(name="Admin league")
    assert (league.game, league.variant, league.seats) == ("conquetes", "standard", 3)
    assert league.engine_version == get_game("conquetes").engine_version
    assert (league.ladder, league.elo_k, league.options) == ("paused", 24.0, {})


@pytest.mark.django_db
def test_the_engine_version_is_not_a_field_of_the_form(admin_client):
    response = admin_client.post(url(League, "add"), league_form(engine_version="conquetes-0.0.1"))
    assert response.status_code == 302
    assert League.objects.get().engine_version == get_game("conquetes").engine_version
    page = admin_client.get(url(League, "add")).content.decode()
    assert 'name="engine_version"' not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "at_fault", "says"),
    [
        ({"game": "chess"}, "game", "no game 'chess'"),
        ({"variant": "nowhere"}, "variant", "no variant 'nowhere'"),
        ({"seats": "6"}, "seats", "is played by [2, 3, 4] seats"),
        ({"options": '{"fog": true}'}, "options", "unknown option"),
        ({"options": "[1, 2]"}, "options", "JSON object"),
    ],
)
def test_a_league_the_engine_refuses_shows_the_field_at_fault(admin_client, fields, at_fault, says):
    response = admin_client.post(url(League, "add"), league_form(**fields))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == [at_fault]
    assert says in " ".join(errors[at_fault])
    assert not League.objects.exists()


@pytest.mark.django_db
def test_a_league_without_matches_may_change_its_game_settings(admin_client):
    league = make.league()
    page = admin_client.get(url(League, "change", league.pk))
    data = make.change_form_data(page)
    data.update(seats="4", elo_k="16")
    response = admin_client.post(url(League, "change", league.pk), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    league.refresh_from_db()
    assert (league.seats, league.elo_k) == (4, 16.0)
    data.update(variant="nowhere")
    response = admin_client.post(url(League, "change", league.pk), data)
    assert "variant" in response.context["adminform"].form.errors


@pytest.mark.django_db
def test_a_league_with_matches_keeps_its_game_fixed(admin_client, world):
    page = admin_client.get(url(League, "change", world.league.pk))
    content = page.content.decode()
    for name in ("game", "variant", "seats", "options"):
        assert f'name="{name}"' not in content
    data = make.change_form_data(page)
    data.update(elo_k="12", variant="continents", seats="3")
    response = admin_client.post(url(League, "change", world.league.pk), data)
    assert response.status_code == 302
    world.league.refresh_from_db()
    assert (world.league.variant, world.league.seats, world.league.elo_k) == (
        "standard",
        2,
        12.0,
    )


@pytest.mark.django_db
def test_saving_a_league_never_writes_back_a_stale_rated_count(rf, admin_user, world):
    stale = League.objects.get(pk=world.league.pk)
    League.objects.filter(pk=stale.pk).update(rated_count=5)  # a worker recorded meanwhile
    stale.elo_k = 20.0
    request = rf.post("/")
    request.user = admin_user
    league_admin = site._registry[League]
    league_admin.save_model(request, stale, SimpleNamespace(changed_data=["elo_k"]), True)
    assert (stale.rated_count, stale.elo_k) == (5, 20.0)
    world.league.refresh_from_db()
    assert (world.league.rated_count, world.league.elo_k) == (5, 20.0)


@pytest.mark.django_db
def test_pause_and_resume_the_ladder(admin_client):
    leagues = [make.league("One"), make.league("Two")]
    response = act(admin_client, League, "pause_ladder", leagues)
    assert "Paused the ladder of 2 league(s)." in messages_of(response)
    assert set(League.objects.values_list("ladder", flat=True)) == {"paused"}
    act(admin_client, League, "resume_ladder", leagues[:1])
    assert League.objects.get(name="One").ladder == "active"
    assert League.objects.get(name="Two").ladder == "paused"


@pytest.mark.django_db
def test_entering_a_version_from_the_league_page_goes_through_the_service(admin_client):
    league = make.league()
    owner = make.user("owner")
    _, plays = make.house_bot(owner, "plays-it")
    _, elsewhere = make.house_bot(owner, "risk-only", games=["risk"])
    page = admin_client.get(url(League, "change", league.pk))
    data = make.change_form_data(page)
    data["entries-2-0-version"] = str(elsewhere.pk)
    response = admin_client.post(url(League, "change", league.pk), data)
    assert response.status_code == 200
    assert "risk-only does not play conquetes" in response.content.decode()
    assert not Entry.objects.exists()
    data["entries-2-0-version"] = str(plays.pk)
    response = admin_client.post(url(League, "change", league.pk), data)
    assert response.status_code == 302
    assert list(Entry.objects.values_list("version", flat=True)) == [plays.pk]


@pytest.mark.django_db
def test_unticking_active_on_the_league_page_withdraws_the_entry(admin_client, world):
    page = admin_client.get(url(League, "change", world.league.pk))
    data = make.change_form_data(page)
    withdrawn = Entry.objects.get(pk=data["entries-0-id"])
    del data["entries-0-active"]
    response = admin_client.post(url(League, "change", world.league.pk), data)
    assert response.status_code == 302
    assert list(Entry.objects.filter(active=False)) == [withdrawn]


# ----------------------------------------------------------------------------- entries


@pytest.mark.django_db
def test_withdraw_entries(admin_client, world):
    response = act(admin_client, Entry, "withdraw", world.entries[:1])
    assert "Withdrew 1 entr(y/ies)." in messages_of(response)
    assert [e.active for e in Entry.objects.order_by("pk")] == [False, True]


@pytest.mark.django_db
def test_an_entry_is_added_as_the_service_enters_it(admin_client):
    league = make.league()
    owner = make.user("owner")
    disabled, off = make.house_bot(owner, "sleeper")
    bots.bot_update(bot=disabled, enabled=False)
    _, on = make.house_bot(owner, "awake")
    data = {"league": league.pk, "version": off.pk, "active": "on"}
    response = admin_client.post(url(Entry, "add"), data)
    assert response.status_code == 200
    assert "sleeper is disabled" in response.context["adminform"].form.errors["version"][0]
    response = admin_client.post(url(Entry, "add"), {**data, "version": on.pk})
    assert response.status_code == 302
    entry = Entry.objects.get()
    assert (entry.version, entry.active, entry.games) == (on, True, 0)
    response = admin_client.post(url(Entry, "add"), {**data, "version": on.pk})
    assert response.status_code == 200  # the same version twice in a league
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_the_ratings_of_an_entry_are_read_only(admin_client, world):
    entry = world.entries[0]
    entry.refresh_from_db()
    page = admin_client.get(url(Entry, "change", entry.pk))
    assert 'name="elo"' not in page.content.decode()
    response = admin_client.post(url(Entry, "change", entry.pk), {"elo": "9999", "active": "on"})
    assert response.status_code == 302
    assert Entry.objects.get(pk=entry.pk).elo == entry.elo != 9999


# ----------------------------------------------------------------------------- bots


@pytest.mark.django_db
def test_disable_and_enable_bots(admin_client, world):
    bot = world.entries[0].version.bot
    response = act(admin_client, Bot, "disable_bots", [bot])
    assert "Disabled 1 bot(s)." in messages_of(response)
    bot.refresh_from_db()
    assert not bot.enabled
    assert not BotToken.objects.live().exists()
    act(admin_client, Bot, "enable_bots", [bot])
    bot.refresh_from_db()
    assert bot.enabled


@pytest.mark.django_db
def test_a_bot_is_created_by_the_service(admin_client):
    owner = make.user("owner")
    data = {
        "owner": owner.pk,
        "name": "newcomer",
        "description": "",
        "games": ["risk", "conquetes"],
        "versions-TOTAL_FORMS": "1",
        "versions-INITIAL_FORMS": "0",
        "versions-0-kind": "house",
        "versions-0-player": "heuristic",
        "versions-0-notes": "first",
        "tokens-TOTAL_FORMS": "0",
        "tokens-INITIAL_FORMS": "0",
    }
    response = admin_client.post(url(Bot, "add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    bot = Bot.objects.get(name="newcomer")
    assert (bot.owner, bot.games, bot.enabled) == (owner, ["conquetes", "risk"], False)
    assert [(v.number, v.player) for v in bot.versions.all()] == [(1, "heuristic")]


@pytest.mark.django_db
def test_a_version_naming_no_player_is_refused(admin_client):
    bot, _ = make.house_bot(make.user("owner"), "bot")
    page = admin_client.get(url(Bot, "change", bot.pk))
    data = make.change_form_data(page)
    data.update(
        {
            "versions-TOTAL_FORMS": "2",
            "versions-1-kind": "house",
            "versions-1-player": "nobody",
            "versions-1-bot": str(bot.pk),
        }
    )
    response = admin_client.post(url(Bot, "change", bot.pk), data)
    assert response.status_code == 200
    versions = response.context["inline_admin_formsets"][0].formset
    assert "no such player 'nobody'" in versions.errors[1]["player"][0]
    data["versions-1-player"] = "attacker"
    response = admin_client.post(url(Bot, "change", bot.pk), data)
    assert response.status_code == 302
    assert list(bot.versions.values_list("number", "player")) == [(1, "random"), (2, "attacker")]


@pytest.mark.django_db
def test_a_frozen_version_cannot_be_changed(admin_client, world):
    version = world.entries[0].version
    version.refresh_from_db()
    assert version.frozen
    page = admin_client.get(url(Bot, "change", version.bot.pk))
    data = make.change_form_data(page)
    data.update({"versions-0-player": "heuristic", "versions-0-notes": "rewritten"})
    response = admin_client.post(url(Bot, "change", version.bot.pk), data)
    assert response.status_code == 302
    assert BotVersion.objects.get(pk=version.pk).player == "random"
    assert BotVersion.objects.get(pk=version.pk).notes == ""


@pytest.mark.django_db
def test_the_token_digest_is_never_shown_nor_editable(admin_client, world):
    token = world.token
    for page in (url(BotToken, "change", token.pk), url(Bot, "change", token.bot_id)):
        content = admin_client.get(page).content.decode()
        assert token.prefix in content
        assert token.digest not in content
        assert "digest" not in content
    response = admin_client.post(url(BotToken, "change", token.pk), {"digest": "0" * 64})
    assert response.status_code == 302
    assert BotToken.objects.get(pk=token.pk).digest == token.digest
    assert admin_client.get(url(BotToken, "add")).status_code == 403
    response = admin_client.post(url(BotToken, "add"), {"bot": token.bot_id, "digest": "1" * 64})
    assert response.status_code == 403
    assert BotToken.objects.count() == 1


@pytest.mark.django_db
def test_revoke_tokens(admin_client, world):
    response = act(admin_client, BotToken, "revoke_tokens", [world.token])
    assert "Revoked 1 token(s)." in messages_of(response)
    world.token.refresh_from_db()
    assert world.token.revoked_at is not None


# ----------------------------------------------------------------------------- matches


@pytest.mark.django_db
def test_cancel_matches_that_have_not_ended(admin_client, world):
    response = act(admin_client, Match, "cancel_matches", [world.finished, world.pending])
    assert "Cancelled 1 match(es); refused 1 that had already ended." in messages_of(response)
    assert Match.objects.get(pk=world.pending.pk).status == "cancelled"
    assert Match.objects.get(pk=world.finished.pk).status == "finished"


@pytest.mark.django_db
def test_rerun_matches_in_error_or_cancelled_only(
    admin_client, world, sent, django_capture_on_commit_callbacks
):
    league, seated = world.league, world.entries
    failed = make.with_status(league, seated, "error", end_reason="worker lost", attempts=3)
    cancelled = make.with_status(league, seated, "cancelled")
    chosen = [world.finished, failed, cancelled]
    with django_capture_on_commit_callbacks(execute=True):
        response = act(admin_client, Match, "rerun_matches", chosen)
    assert "Re-ran 2 match(es); refused 1 that are neither in error nor cancelled." in messages_of(
        response
    )
    statuses = dict(Match.objects.values_list("pk", "status"))
    assert (statuses[failed.pk], statuses[cancelled.pk]) == ("queued", "queued")
    assert statuses[world.finished.pk] == "finished"
    assert Match.objects.get(pk=failed.pk).attempts == 0
    assert sorted(sent) == sorted([(RUN_MATCH, [failed.pk]), (RUN_MATCH, [cancelled.pk])])


@pytest.mark.django_db
def test_a_match_is_read_only_and_cannot_be_added_or_deleted(admin_client, world):
    page = admin_client.get(url(Match, "change", world.finished.pk)).content.decode()
    for name in ("status", "lease_owner", "lease_expires_at", "attempts", "log", "seed"):
        assert f'name="{name}"' not in page
    assert 'name="seats-0-placement"' not in page
    assert admin_client.get(url(Match, "add")).status_code == 403
    assert admin_client.get(url(Match, "delete", world.finished.pk)).status_code == 403


@pytest.mark.django_db
def test_the_match_log_is_shown_escaped(admin_client, world):
    Match.objects.filter(pk=world.pending.pk).update(log="boom <script>alert(1)</script> & co")
    content = admin_client.get(url(Match, "change", world.pending.pk)).content.decode()
    assert "<script>alert(1)</script>" not in content
    assert "boom &lt;script&gt;alert(1)&lt;/script&gt; &amp; co</pre>" in content


@pytest.mark.django_db
def test_staff_download_the_full_replay(admin_client, world):
    match = world.finished
    page = admin_client.get(url(Match, "change", match.pk)).content.decode()
    link = url(Match, "replay", match.pk)
    assert f'href="{link}"' in page
    response = admin_client.get(link)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="match-{match.pk}-replay.json"'
    )
    replay = json.loads(response.content)
    assert (replay["game"], replay["seed"], replay["seats"]) == ("conquetes", match.seed, 2)
    assert admin_client.get(url(Match, "replay", world.pending.pk)).status_code == 404
    assert admin_client.get(url(Match, "replay", 10**9)).status_code == 404


@pytest.mark.django_db
def test_the_replay_is_refused_to_anonymous_and_non_staff_users(client, world):
    link = url(Match, "replay", world.finished.pk)
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
    client.force_login(world.owner)
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


# ----------------------------------------------------------------------------- ratings


@pytest.mark.django_db
def test_rating_changes_are_listed_read_only_and_filtered_by_league(admin_client, world):
    other = make.league("Second league")
    seated = make.entries(other, world.owner)
    for seed in (1, 2):
        make.played(other, seated, seed=seed)
    for league, count in ((world.league, 2), (other, 4)):
        response = admin_client.get(url(RatingChange), {"entry__league__id__exact": league.pk})
        assert response.status_code == 200
        shown = response.context["cl"].result_list
        assert len(shown) == count
        assert {change.entry.league for change in shown} == {league}
    change = RatingChange.objects.first()
    page = admin_client.get(url(RatingChange, "change", change.pk)).content.decode()
    assert 'name="elo_after"' not in page
    assert admin_client.get(url(RatingChange, "add")).status_code == 403
    assert admin_client.get(url(RatingChange, "delete", change.pk)).status_code == 403


# ----------------------------------------------------------------------------- finish


def headers(response) -> list[str]:
    """The changelist's column headers as shown."""
    return [str(h["text"]) for h in response.context["result_headers"]]


@pytest.mark.django_db
def test_the_changelists_round_their_numbers_under_readable_headers(admin_client, world):
    first = world.entries[0]
    Entry.objects.filter(pk=first.pk).update(
        elo=1523.456789, mu=27.123456, sigma=3.987654, ordinal=15.160001
    )
    response = admin_client.get(url(Entry))
    assert response.status_code == 200
    assert {"Elo", "μ", "σ", "ordinal (μ − 3σ)", "rated games"} <= set(headers(response))
    content = response.content.decode()
    for shown in ("1523.5", "27.12", "3.99", "15.16"):
        assert f">{shown}<" in content, shown
    for raw in ("1523.456789", "27.123456", "3.987654", "15.160001"):
        assert raw not in content, raw
    league_page = admin_client.get(url(League, "change", world.league.pk)).content.decode()
    assert ">1523.5<" in league_page and "1523.456789" not in league_page

    change = world.finished.rating_changes.first()
    RatingChange.objects.filter(pk=change.pk).update(
        elo_before=1500.04, elo_after=1516.0049, mu_after=26.98765, sigma_after=8.123456
    )
    response = admin_client.get(url(RatingChange))
    assert {"Elo before", "Elo after", "μ after", "σ after", "rated result no."} <= set(
        headers(response)
    )
    content = response.content.decode()
    for shown in ("1500.0", "1516.0", "26.99", "8.12"):
        assert f">{shown}<" in content, shown
    assert "8.123456" not in content and "26.98765" not in content
    detail = admin_client.get(url(RatingChange, "change", change.pk)).content.decode()
    assert "26.99" in detail and "26.98765" not in detail

    seat = world.finished.seats.get(seat=0)
    type(seat).objects.filter(pk=seat.pk).update(time_used=0.123456, score=2.0 / 3)
    page = admin_client.get(url(Match, "change", world.finished.pk)).content.decode()
    assert "Time used (s)" in page
    assert "0.12" in page and "0.123456" not in page
    assert "0.67" in page and "0.666" not in page

    response = admin_client.get(url(Match))
    assert {"match", "status", "origin", "public page"} <= set(headers(response))
    content = response.content.decode()
    assert f">#{world.finished.pk}<" in content
    assert '<td class="field-status_short">finished</td>' in content, "the short name"
    response = admin_client.get(url(League))
    assert {"ladder", "entries", "rated results", "public page"} <= set(headers(response))
    response = admin_client.get(url(Bot))
    assert {"games played", "public page"} <= set(headers(response))


@pytest.mark.django_db
def test_no_changelist_repeats_a_column(admin_client, world):
    for model in (League, Entry, Bot, BotToken, Match, RatingChange):
        shown = headers(admin_client.get(url(model)))
        named = [h for h in shown if h]  # the action checkbox has no header
        assert len(named) == len(set(named)), (model, shown)


@pytest.mark.django_db
def test_the_admin_is_named_and_view_site_opens_the_website(admin_client):
    response = admin_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert response.context["site_url"] == "/"
    content = response.content.decode()
    assert "Conquest Arena administration" in content
    assert "<title>Site administration | Conquest Arena administration</title>" in content
    assert '<a href="/">View site</a>' in content


@pytest.mark.django_db
def test_admin_rows_link_to_their_public_pages(admin_client, world):
    bot = world.entries[0].version.bot
    public = {
        League: (world.league, "web-league", f"/leagues/{world.league.pk}/"),
        Bot: (bot, "web-bot", f"/bots/{bot.pk}/"),
        Match: (world.finished, "web-match", f"/matches/{world.finished.pk}/"),
    }
    for model, (obj, name, path) in public.items():
        link = reverse(name, args=[obj.pk])
        assert link == path
        content = admin_client.get(url(model)).content.decode()
        assert f'<a href="{link}">{link}</a>' in content, model
        assert site._registry[model].get_view_on_site_url(obj) == link
        page = admin_client.get(url(model, "change", obj.pk)).content.decode()
        assert f'href="{link}"' in page and "View on site" in page, model


@pytest.mark.django_db
def test_the_new_links_show_no_secret(admin_client, world):
    token = world.token
    for page in (url(Bot), url(Bot, "change", token.bot_id), url(BotToken)):
        content = admin_client.get(page).content.decode()
        assert token.digest not in content
