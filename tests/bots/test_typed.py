"""typed.check: every game's messages hold its dataclasses exactly, and each kind of difference
(name, type, signedness, repetition, optional presence, nesting, maps) is refused by name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_tools import protoc

from bots.protocol import typed
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.shapes import shape_of
from bots.protocol.wire import GameCodec, oneof_name
from engines.colonisation import actions as colonisation
from engines.core import Amount
from engines.registry import games, get_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_game_s_codec_checks_its_messages_at_construction(game):
    wire = GameCodec(game)  # a TypeError names any difference
    holders = (pb.Setup, pb.Observation, pb.Action)
    assert {game.name in holder.DESCRIPTOR.fields_by_name for holder in holders} == {wire.typed}


@dataclass(frozen=True)
class Spot:
    x: int
    y: int


@dataclass(frozen=True)
class Row:
    """A dataclass with one field of every shape that has a typed form."""

    name: str
    score: int
    ratio: float
    note: str | None
    tags: tuple[str, ...]
    spot: Spot
    near: Spot | None
    spots: tuple[Spot, ...]
    grid: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[str, int], ...]
    links: frozenset[frozenset[int]]
    index: dict[str, int]
    dice: int | Amount


ROW = {  # the message that holds a Row, field by field
    "name": "string name = 1;",
    "score": "sint64 score = 2;",
    "ratio": "double ratio = 3;",
    "note": "optional string note = 4;",
    "tags": "repeated string tags = 5;",
    "spot": "Spot spot = 6;",
    "near": "Spot near = 7;",
    "spots": "repeated Spot spots = 8;",
    "grid": "repeated arena.v1.IndexList grid = 9;",
    "pairs": "repeated Pair pairs = 10;",
    "links": "repeated arena.v1.IndexList links = 11;",
    "index": "map<string, int32> index = 12;",
    "dice": "arena.v1.Quantity dice = 13;",
}
MISMATCHES = {  # a message: the field it changes, how, and the error
    "Renamed": (
        "name",
        "string title = 1;",
        r"^toy\.Renamed and its dataclass differ: only in the message \['title'\], "
        r"only in the dataclass \['name'\]$",
    ),
    "Retyped": (
        "name",
        "bytes name = 1;",
        r"^toy\.Retyped\.name: bytes in the message, but the dataclass's str needs string$",
    ),
    "Unsigned": (
        "score",
        "uint64 score = 2;",
        r"^toy\.Unsigned\.score: uint64 in the message, but the dataclass's int needs "
        r"int32 or int64 or sint32 or sint64 \(an int may be negative\)$",
    ),
    "SinglePrecision": ("ratio", "float ratio = 3;", r"float in the message, .* needs double"),
    "NotRepeated": ("tags", "string tags = 5;", r"\.tags: a sequence .* is not repeated"),
    "Repeated": ("name", "repeated string name = 1;", r"\.name: repeated in the message"),
    "NotOptional": ("note", "string note = 4;", r"\.note: X \| None .* is not optional"),
    "Optional": ("score", "optional sint64 score = 2;", r"\.score: optional in the message"),
    "NestedType": ("spot", "BadSpot spot = 6;", r"^toy\.BadSpot\.y: string in the message"),
    "NestedName": ("spots", "repeated Point spots = 8;", r"^toy\.Point and its dataclass"),
    "Flat": ("grid", "repeated int32 grid = 9;", r"\.grid: int32 in the message, a sequence"),
    "PairSize": ("pairs", "repeated Triple pairs = 10;", r"Triple has 3 fields, .* 2 items"),
    "SetOfStrings": ("links", "repeated StringList links = 11;", r"StringList\.values: string"),
    "MapValue": ("index", "map<string, string> index = 12;", r"IndexEntry\.value: string"),
    "NotMap": ("index", "repeated Pair index = 12;", r"\.index: a dict .* is not a map"),
    "NoQuantity": ("dice", "sint64 dice = 13;", r"\.dice: sint64 in the message, a quantity"),
}
HELPERS = """
message Spot { sint32 x = 1; int64 y = 2; }
message BadSpot { sint32 x = 1; string y = 2; }
message Point { sint32 x = 1; sint32 z = 2; }
message Pair { string key = 1; int32 count = 2; }
message Triple { string key = 1; int32 count = 2; int32 more = 3; }
message StringList { repeated string values = 1; }
"""


def _message(name: str, changed: str = "", line: str = "") -> str:
    body = "\n".join(f"  {line if field == changed else text}" for field, text in ROW.items())
    return f"message {name} {{\n{body}\n}}\n"


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> descriptor_pool.DescriptorPool:
    """A pool holding the messages Good (a Row) and MISMATCHES, from a test-only .proto."""
    folder = tmp_path_factory.mktemp("proto")
    messages = [_message("Good")] + [_message(n, f, line) for n, (f, line, _) in MISMATCHES.items()]
    header = 'syntax = "proto3";\npackage toy;\nimport "arena/v1/common.proto";\n'
    (folder / "toy.proto").write_text(header + HELPERS + "".join(messages))
    out = folder / "set.pb"
    args = ["protoc", f"-I{folder}", f"-I{ROOT / 'proto'}", "--include_imports", f"-o{out}"]
    assert protoc.main([*args, str(folder / "toy.proto")]) == 0
    pool = descriptor_pool.DescriptorPool()
    for file in descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file:
        pool.Add(file)
    return pool


def test_a_message_holding_the_dataclass_passes(pool):
    typed.check(pool.FindMessageTypeByName("toy.Good"), shape_of(Row).fields)


@pytest.mark.parametrize("name", MISMATCHES)
def test_each_difference_is_refused_naming_the_message_and_field(pool, name):
    error = MISMATCHES[name][2]
    with pytest.raises(TypeError, match=error):
        typed.check(pool.FindMessageTypeByName(f"toy.{name}"), shape_of(Row).fields)


def test_colonisation_travels_typed_every_action_by_its_own_field():
    """Every Colonisation action class has its field in ColonisationAction's oneof (``continue``
    too, a Python keyword, reached by name) and comes back equal, templates with their
    ranges."""
    wire = GameCodec(get_game("colonisation"))
    assert wire.typed
    samples = [
        colonisation.Bid(Amount(0, 9)),
        colonisation.ChooseHome("peru"),
        colonisation.ArrangeSchool("peru", 6),
        colonisation.Produce("peru", "political_school"),
        colonisation.Move("peru", "brazil", Amount(1, 4), general=True, diplomat=False),
        colonisation.Move("peru", "brazil", 3, general=False, diplomat=True),
        colonisation.BuildSchool("peru"),
        colonisation.DiplomatMove("peru", "brazil"),
        colonisation.DiplomatAct("peru", "brazil"),
        colonisation.GeneralMove("peru", "brazil"),
        colonisation.EndTurn(),
        colonisation.Support("argentina", Amount(1, 2)),
        colonisation.Engage(),
        colonisation.Continue(),
        colonisation.Stop(),
    ]
    assert {type(a) for a in samples} == set(colonisation.ACTION_TYPES)
    for action in samples:
        message = pb.Action.FromString(wire.encode_action(action).SerializeToString())
        field = message.colonisation.WhichOneof("action")
        assert field == oneof_name(type(action))
        assert wire.decode_legal_actions([message]) == (action,)
