"""The .proto files: the committed generated code and the games' messages in docs/bots.md
match them, and everything is commented."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("arena/v1", "arena/internal/v1")  # the bot protocol, the platform's internal one
PROTOS = sorted(p for package in PACKAGES for p in (ROOT / "proto" / package).glob("*.proto"))

# FileDescriptorProto / DescriptorProto / ServiceDescriptorProto field numbers, as used in
# SourceCodeInfo location paths.
MESSAGE_TYPE, SERVICE = 4, 6
FIELD, NESTED_TYPE, ONEOF = 2, 3, 8
METHOD = 2


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """A folder where scripts/protos wrote the code and a copy of docs/bots.md."""
    folder = tmp_path_factory.mktemp("generated")
    shutil.copy(ROOT / "docs" / "bots.md", folder / "bots.md")
    script = [ROOT / "scripts" / "protos", folder, folder / "bots.md"]
    subprocess.run(script, check=True, timeout=120)
    return folder


def test_generated_code_matches_the_proto_files(generated):
    fresh = {
        f"{package}/{p.name}": p.read_text()
        for package in PACKAGES
        for p in (generated / package).iterdir()
    }
    committed = {
        f"{package}/{p.name}": p.read_text()
        for package in PACKAGES
        for p in (ROOT / "bots" / "protocol" / package).glob("*_pb2*")
    }
    assert sorted(committed) == sorted(fresh), "run scripts/protos"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"generated code differs from proto/ in {stale}: run scripts/protos"


def test_the_games_messages_in_the_docs_match_the_proto_files(generated):
    fresh, committed = (generated / "bots.md").read_text(), (ROOT / "docs/bots.md").read_text()
    assert fresh == committed, "docs/bots.md differs from proto/: run scripts/protos"


def _described(tmp_path) -> descriptor_pb2.FileDescriptorSet:
    out = tmp_path / "set.pb"
    args = ["protoc", f"-I{ROOT / 'proto'}", "--include_source_info", f"-o{out}"]
    assert protoc.main([*args, *map(str, PROTOS)]) == 0
    return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


def _message_paths(message, path):
    yield path, message.name
    for i, field in enumerate(message.field):
        yield (*path, FIELD, i), f"{message.name}.{field.name}"
    synthetic = {f.oneof_index for f in message.field if f.proto3_optional}  # `optional x`
    for i, oneof in enumerate(message.oneof_decl):
        if i not in synthetic:
            yield (*path, ONEOF, i), f"{message.name}.{oneof.name}"
    for i, nested in enumerate(message.nested_type):
        if not nested.options.map_entry:
            yield from _message_paths(nested, (*path, NESTED_TYPE, i))


def test_every_message_field_and_service_has_a_comment(tmp_path):
    missing = []
    for file in _described(tmp_path).file:
        comments = {
            tuple(loc.path): loc.leading_comments.strip() for loc in file.source_code_info.location
        }
        paths = [
            p for i, m in enumerate(file.message_type) for p in _message_paths(m, (MESSAGE_TYPE, i))
        ]
        for i, service in enumerate(file.service):
            paths.append(((SERVICE, i), service.name))
            paths += [((SERVICE, i, METHOD, j), m.name) for j, m in enumerate(service.method)]
        missing += [f"{file.name}: {name}" for path, name in paths if not comments.get(path)]
    assert not missing
