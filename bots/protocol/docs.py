"""The typed games' messages as Markdown for bot authors, generated from the .proto files.

``scripts/protos`` compiles ``proto/arena/v1`` with its comments (``protoc
--include_source_info``) and runs ``python -m bots.protocol.docs SET docs/bots.md``, which
replaces the lines between :data:`BEGIN` and :data:`END` with :func:`render`'s text: for each
typed game of bot.proto's ``Action``, its setup, observation and action messages, every field
with its type and comment, then the shared messages they use. ``tests/bots/test_proto.py``
fails when the committed text is not what this would write.

>>> update(f"intro\\n{BEGIN}\\nold\\n{END}\\nrest\\n", "new\\n").splitlines()[2:]
['new', '<!-- END GENERATED -->', 'rest']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from google.protobuf.descriptor_pb2 import DescriptorProto, FieldDescriptorProto, FileDescriptorSet

BEGIN = "<!-- BEGIN GENERATED: game shapes, by scripts/protos from proto/arena/v1 -->"
END = "<!-- END GENERATED -->"
PACKAGE = ".arena.v1."
HOLDERS = ("Setup", "Observation", "Action")
"""The messages of bot.proto whose ``game`` oneof holds one field per typed game."""

# Field numbers of descriptor.proto, as used in SourceCodeInfo location paths.
SYNTAX, MESSAGE_TYPE = 12, 4
FIELD, NESTED_TYPE, ONEOF = 2, 3, 8
SCALARS = {
    number: name.removeprefix("TYPE_").lower() for name, number in FieldDescriptorProto.Type.items()
}


@dataclass(frozen=True)
class Message:
    """A message of a descriptor set: its description, file and path in the file."""

    proto: DescriptorProto
    file: str
    path: tuple[int, ...]


class Page:
    """The Markdown being written from one descriptor set compiled with source info."""

    def __init__(self, files: FileDescriptorSet) -> None:
        self.messages: dict[str, Message] = {}  # by full name, e.g. ".arena.v1.Setup"
        self.comments: dict[tuple[str, tuple[int, ...]], str] = {}
        for file in files.file:
            for location in file.source_code_info.location:
                self.comments[file.name, tuple(location.path)] = location.leading_comments
            for i, proto in enumerate(file.message_type):
                self._add(proto, f".{file.package}.{proto.name}", file.name, (MESSAGE_TYPE, i))
        self.lines: list[str] = []
        self.done: set[str] = set()
        self.shared: list[str] = []  # messages used by a game but declared in another file

    def _add(self, proto: DescriptorProto, name: str, file: str, path: tuple[int, ...]) -> None:
        self.messages[name] = Message(proto, file, path)
        for i, nested in enumerate(proto.nested_type):
            self._add(nested, f"{name}.{nested.name}", file, (*path, NESTED_TYPE, i))

    def comment(self, file: str, path: tuple[int, ...]) -> str:
        """The comment before the element at ``path`` of ``file``, its lines stripped."""
        text = self.comments.get((file, path), "")
        return "\n".join(line.strip() for line in text.strip().splitlines())

    def game(self, name: str, title: str) -> None:
        """A game's section: its file's header, then its setup, observation, action messages."""
        roots = [self._game_field(holder, name).type_name for holder in HOLDERS]
        file = self.messages[roots[0]].file
        self.lines += [f"#### `{name}`: {title}", "", self.comment(file, (SYNTAX,)), ""]
        for root in roots:
            self.message(root, file)

    def message(self, name: str, file: str) -> None:
        """A message: its comment and fields, then the messages of ``file`` it uses."""
        self.done.add(name)
        message = self.messages[name]
        proto, path = message.proto, message.path
        heading = f"##### `{name.removeprefix(PACKAGE)}`"
        self.lines += [heading, "", self.comment(message.file, path), ""]
        synthetic = {f.oneof_index for f in proto.field if f.proto3_optional}  # `optional x`
        for i, oneof in enumerate(proto.oneof_decl):
            if i not in synthetic:
                text = _cell(self.comment(message.file, (*path, ONEOF, i)))
                self.lines += [f"One of `{oneof.name}`: {text}", ""]
        rows = [
            f"| `{field.name}` | `{self.type_of(field)}` "
            f"| {_cell(self.comment(message.file, (*path, FIELD, i)))} |"
            for i, field in enumerate(proto.field)
        ]
        table = ["| field | type | meaning |", "|---|---|---|", *rows]
        self.lines += [*(table if rows else ["No fields."]), ""]
        for field in proto.field:
            used = self.messages.get(field.type_name)
            if used is None or field.type_name in self.done or used.proto.options.map_entry:
                continue
            if used.file == file:
                self.message(field.type_name, file)
            elif field.type_name not in self.shared:
                self.shared.append(field.type_name)

    def type_of(self, field: FieldDescriptorProto) -> str:
        """The type of ``field`` as a .proto file writes it, e.g. ``repeated IndexList``."""
        if field.type != FieldDescriptorProto.TYPE_MESSAGE:
            base = SCALARS[field.type]
        elif self.messages[field.type_name].proto.options.map_entry:
            key, value = self.messages[field.type_name].proto.field
            return f"map<{self.type_of(key)}, {self.type_of(value)}>"
        else:
            base = field.type_name.removeprefix(PACKAGE)
        if field.label == FieldDescriptorProto.LABEL_REPEATED:
            return f"repeated {base}"
        return f"optional {base}" if field.proto3_optional else base

    def _game_field(self, holder: str, game: str) -> FieldDescriptorProto:
        (field,) = (f for f in self.messages[PACKAGE + holder].proto.field if f.name == game)
        return field


def render(files: FileDescriptorSet) -> str:
    """The Markdown of every typed game's messages, from a set compiled with source info."""
    page = Page(files)
    action = page.messages[PACKAGE + "Action"]
    for i, field in enumerate(action.proto.field):
        if field.type == FieldDescriptorProto.TYPE_MESSAGE:  # a game, not `json`
            title = page.comment(action.file, (*action.path, FIELD, i)).rstrip(".")
            page.game(field.name, title)
    page.lines += ["#### Shared messages", ""]
    for name in page.shared:  # grows while the loop runs: each message's own shared ones
        if name not in page.done:
            page.message(name, page.messages[name].file)
    return "\n".join(page.lines).rstrip() + "\n"


def update(document: str, section: str) -> str:
    """``document`` with the lines between its BEGIN and END markers replaced by ``section``."""
    start, end = document.find(BEGIN + "\n"), document.find("\n" + END)
    if start < 0 or end < start:
        raise ValueError(f"no lines {BEGIN!r} ... {END!r} in the document")
    return document[: start + len(BEGIN) + 1] + section + document[end + 1 :]


def main(argv: list[str]) -> None:
    """``python -m bots.protocol.docs SET DOC``: rewrite DOC's generated part from SET, a
    descriptor set written by ``protoc --include_source_info -o SET``."""
    descriptors, document = (Path(arg) for arg in argv)
    files = FileDescriptorSet.FromString(descriptors.read_bytes())
    document.write_text(update(document.read_text(), render(files)))


def _cell(text: str) -> str:
    """``text`` on one line, fit for a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


if __name__ == "__main__":
    main(sys.argv[1:])
