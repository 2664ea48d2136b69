"""Seeds: a fresh seed is one no match has had, and a seed is revealed (a finished match's
full replay handed out) only when no match that may still be played has it."""

from __future__ import annotations

import pytest
from api_helpers import make_bot, make_league, make_user, play, play_queued
from conquest.leagues.services import entry_create
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.matches.selectors import seed_in_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries():
    league = make_league()
    return [
        entry_create(league=league, version=make_bot(make_user(u), f"{u}bot")[1])
        for u in ("alice", "bob")
    ]


def test_a_fresh_seed_is_one_no_match_has_had(entries, monkeypatch):
    league = entries[0].league
    matches.match_schedule(league=league, entries=entries, seed=7)
    drawn = iter([7, 7, 9])
    monkeypatch.setattr(matches.secrets, "randbelow", lambda _: next(drawn))
    assert matches.match_schedule(league=league, entries=entries).seed == 9


def test_a_seed_shared_with_a_match_still_to_be_played_is_not_revealed(entries):
    """Two matches on one seed (as paired games are): while the second is queued the first's
    seed stays hidden; once both are played it may be revealed."""
    league = entries[0].league
    first = play(league, entries, seed=42)
    assert not seed_in_play(first)
    second = matches.match_schedule(league=league, entries=entries[::-1], seed=42)
    matches.match_enqueue(match_ids=[second.pk])
    assert seed_in_play(first)
    play_queued(second)
    assert not seed_in_play(first) and not seed_in_play(second)


@pytest.mark.parametrize(
    ("status", "origin", "hidden"),
    [
        ("scheduled", "ladder", True),
        ("running", "challenge", True),
        ("error", "tournament", True),  # a tournament re-runs its games in error
        ("cancelled", "ladder", True),  # an admin may re-run it
        ("cancelled", "tournament", False),  # never played again
        ("finished", "ladder", False),
    ],
)
def test_which_matches_may_still_be_played(entries, status, origin, hidden):
    first = play(entries[0].league, entries, seed=5)
    other = matches.match_schedule(league=entries[0].league, entries=entries, seed=5)
    Match.objects.filter(pk=other.pk).update(status=status, origin=origin)
    assert seed_in_play(first) is hidden


def test_a_seed_is_hidden_whatever_the_league_of_the_match_that_shares_it(entries):
    first = play(entries[0].league, entries, seed=3)
    conquetes = make_league("conquetes-2", game="conquetes", variant="standard")
    others = [entry_create(league=conquetes, version=e.version) for e in entries]
    matches.match_schedule(league=conquetes, entries=others, seed=3)
    assert seed_in_play(first)
