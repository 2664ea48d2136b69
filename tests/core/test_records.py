"""The records a compiled module holds (engines.core.records): their declared types, pickling,
and the templates the rules assemble, on every game's records as the test command builds them
(classic Risk's events and observations compiled)."""

from __future__ import annotations

import copy
import pickle
import random
import types
import typing
from dataclasses import fields, is_dataclass

import pytest

from engines.core.records import assemble, field_hints
from engines.registry import games, get_game
from engines.risk.actions import Blitz
from engines.risk.events import DiceRolled
from engines.risk.observation import Occupation, PendingAttack, RiskObservation


def _records(hint: object, found: set[type]) -> set[type]:
    """Every dataclass reachable from ``hint`` through the declared types of its fields."""
    if isinstance(hint, type) and is_dataclass(hint) and hint not in found:
        found.add(hint)
        for inner in field_hints(hint).values():
            _records(inner, found)
    for arg in typing.get_args(hint):
        _records(arg, found)
    return found


def _every_record_type() -> list[type]:
    found: set[type] = set()
    for game in games():
        for cls in (*game.action_types, *game.event_types, game.observation_type):
            _records(cls, found)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__name__))


@pytest.mark.parametrize("cls", _every_record_type(), ids=lambda cls: cls.__qualname__)
def test_every_field_has_its_declared_type_hint(cls):
    """A compiled class's own annotations are erased (``type`` for ``int | None``); the checks
    and the wire read the declared ones, whatever the build."""
    hints = field_hints(cls)
    for f in fields(cls):
        assert hints[f.name] is not type, f"{cls.__name__}.{f.name} erased"


def test_compiled_records_keep_unions_and_item_types():
    assert field_hints(RiskObservation)["occupation"] == Occupation | None
    assert field_hints(RiskObservation)["owners"] == tuple[int, ...]
    assert field_hints(PendingAttack)["keep"] == int | None
    assert field_hints(DiceRolled)["attacker"] == tuple[int, ...]
    assert isinstance(field_hints(RiskObservation)["attack"], types.UnionType)


def _played(game_name: str, seed: int, steps: int):
    """Observations, legal actions and events of a match played at random."""
    game = get_game(game_name)
    variant = game.variants[0]
    match = game.new_match(variant.name, variant.seats[-1], seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if match.is_over():
            break
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        seen.append(match.observation(seat))
        seen.extend(legal)
        seen.extend(match.apply(seat, game.default_action((rng.choice(legal),))))
    return seen


@pytest.mark.parametrize("game_name", [game.name for game in games()])
def test_records_pickle_and_copy_to_equal_records(game_name):
    """Events and observations go to other processes (a training loop's workers) and are
    copied: a native class has no ``__dict__`` or slots to restore, so they are rebuilt from
    their fields."""
    records = _played(game_name, seed=3, steps=400)
    assert any(isinstance(record, RiskObservation) for record in records) == (game_name == "risk")
    for record in records:
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.copy(record) == record
        assert copy.deepcopy(record) == record


def test_assemble_builds_what_the_class_builds():
    """The rules' templates are assembled; each equals the action its class builds, hash and
    repr included."""
    actions = get_game("risk").action_types
    templates = [a for a in _played("risk", seed=5, steps=600) if type(a) in actions]
    assert {type(a).__name__ for a in templates} >= {"Place", "Attack", "Blitz", "Fortify"}
    for template in templates:
        values = tuple(getattr(template, f.name) for f in fields(template))
        built = assemble(type(template), values)
        assert built == template == type(template)(*values)
        assert hash(built) == hash(template) and repr(built) == repr(template)
    with pytest.raises(TypeError, match="Blitz has 3 fields, not 2"):
        assemble(Blitz, ("alaska", "alberta"))
