"""Every registered game's data on the wire: setup, observations, actions, events, results.

A game whose name is a field of bot.proto's ``Setup``, ``Observation`` and ``Action`` travels
as those typed messages (each game's .proto); every other game as the engines' JSON. Decoding
accepts both forms, so a bot may always answer in JSON. Either way decoding gives back the
engine's own dataclasses, equal to the originals, or raises :class:`WireError` naming what
was wrong.

>>> from engines.registry import get_game
>>> match = get_game("risk").new_match("hasbro", 3, seed=1)
>>> risk = codec("risk")
>>> setup = risk.decode_setup(risk.encode_setup(match.observation(0)))
>>> message = risk.encode_observation(match.observation(0))
>>> risk.decode_observation(message, setup) == match.observation(0)
True
>>> legal = match.legal_actions(0)
>>> risk.decode_legal_actions(risk.encode_actions(legal)) == legal
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, Generic, TypeVar

from google.protobuf.message import Message

from bots.protocol import plain, typed
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.errors import WireError
from bots.protocol.shapes import choice_of, shape_of
from engines.core import Action, Event, GameInfo, Result, visible_events
from engines.core.codec import json_encoder
from engines.registry import get_game

STATIC_FIELDS = ("board",)
"""Observation fields that never change during a match: sent once, in MatchStarted.setup."""
ACTION_ONEOF = "action"
"""The oneof of a game's typed action message, with one field per action class."""

GameMessage = pb.Setup | pb.Observation | pb.Action
"""The messages holding a game's data: a ``json`` field, or one message field per game."""
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
MEMO_SIZE = 50_000
"""Entries a codec remembers per memo (encoded actions, decoded actions)."""


@cache
def codec(game: str) -> GameCodec:
    """The codec of the registered game called ``game`` (UnknownGame otherwise)."""
    return GameCodec(get_game(game))


def oneof_name(cls: type) -> str:
    """The field of a typed action message holding the engine class ``cls``.

    >>> from engines.risk.actions import TradeCards
    >>> oneof_name(TradeCards)
    'trade_cards'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def encode_result(result: Result) -> str:
    """A match result as JSON."""
    return _dumps(plain.encode(result, shape_of(Result)))


def decode_result(text: str) -> Result:
    """The result that :func:`encode_result` wrote."""
    result: Result = plain.decode(_loads(text, "result"), shape_of(Result), "result")
    return result


class Memo(Generic[K, V]):
    """A bounded memo: emptied when it reaches ``size`` entries (a match's actions are far
    fewer; free-text actions, e.g. Africa's messages, must not make it grow forever).

    >>> memo: Memo[str, int] = Memo(size=2)
    >>> memo.put("a", 1), memo.get("a"), memo.get("b")
    (1, 1, None)
    """

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self.values: dict[K, V] = {}
        self.get = self.values.get

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key``, and give it back."""
        if len(self.values) >= self.size:
            self.values.clear()
        self.values[key] = value
        return value


class TypedConverters:
    """One typed game's converters, built once from its messages and dataclasses."""

    def __init__(self, wire: GameCodec) -> None:
        name = wire.game.name
        observed = [f for f in wire.observation.fields if f[0] not in wire.static_names]
        self.observed_names = [field for field, _ in observed]
        observation = typed.message_of(pb.Observation.DESCRIPTOR.fields_by_name[name])
        self.write_observation = typed.encoder(observation, observed)
        self.read_observation = typed.decoder(observation, observed)
        setup = typed.message_of(pb.Setup.DESCRIPTOR.fields_by_name[name])
        self.write_setup = typed.encoder(setup, wire.statics)
        self.read_setup = typed.decoder(setup, wire.statics)
        actions = typed.message_of(pb.Action.DESCRIPTOR.fields_by_name[name])
        self.write_action: dict[type, tuple[str, typed.Write]] = {}
        self.read_action: dict[str, tuple[type, str, typed.ReadFields]] = {}
        for cls, field in wire.action_fields.items():
            message = typed.message_of(actions.fields_by_name[field])
            fields = wire.actions.choices[cls.__name__].fields
            self.write_action[cls] = (field, typed.encoder(message, fields))
            self.read_action[field] = (cls, f"action.{field}", typed.decoder(message, fields))


class GameCodec:
    """Turns one game's data into protocol messages and back."""

    def __init__(self, game: GameInfo) -> None:
        self.game = game
        self.observation = shape_of(game.observation_type)
        self.statics = tuple((n, s) for n, s in self.observation.fields if n in STATIC_FIELDS)
        self.static_names = frozenset(name for name, _ in self.statics)
        self.static_names_in_order = [name for name, _ in self.statics]
        self.actions = choice_of(game.action_types)
        self.events = choice_of(game.event_types)
        self.typed = game.name in pb.Action.DESCRIPTOR.fields_by_name
        self.action_fields = {cls: oneof_name(cls) for cls in game.action_types}
        self.action_classes = {field: cls.__name__ for cls, field in self.action_fields.items()}
        self._sent: Memo[Action, bytes] = Memo()
        self._listed: Memo[Action, bytes] = Memo()
        """Legal actions as items of a DecisionRequest's ``legal_actions`` (:meth:`_list`)."""
        self._received: tuple[Memo[bytes, Action], Memo[bytes, Action]] = (Memo(), Memo())
        """Decoded actions by their bytes: [False] bots' actions, [True] legal actions."""
        self.converters: TypedConverters | None = None
        if self.typed:
            self._check_messages()
            self.converters = TypedConverters(self)

    # -- setup ---------------------------------------------------------------------

    def encode_setup(self, observation: Any) -> pb.Setup:
        """The static fields (the board) of any observation of the match, for MatchStarted."""
        message = pb.Setup()
        if self.converters is not None:
            self.converters.write_setup(getattr(message, self.game.name), observation)
        else:
            message.json = _dumps(
                {n: plain.encode(getattr(observation, n), s) for n, s in self.statics}
            )
        return message

    def decode_setup(self, message: pb.Setup) -> dict[str, Any]:
        """The static fields by name, to pass to :meth:`decode_observation`."""

        def from_plain(data: Any) -> dict[str, Any]:
            if not isinstance(data, dict):
                raise WireError("setup.json: expected an object")
            return {n: plain.decode(data.get(n), s, f"setup.{n}") for n, s in self.statics}

        def from_typed(setup: Message) -> dict[str, Any]:
            assert self.converters is not None
            values = self.converters.read_setup(setup, "setup", False)
            return dict(zip(self.static_names_in_order, values, strict=True))

        return self._decode(message, "setup", from_typed, from_plain)

    # -- observations ----------------------------------------------------------------

    def encode_observation(self, observation: Any) -> pb.Observation:
        """An observation, without its static fields."""
        message = pb.Observation()
        self._write_observation(message, observation)
        return message

    def _write_observation(self, message: pb.Observation, observation: Any) -> None:
        if self.converters is not None:
            self.converters.write_observation(getattr(message, self.game.name), observation)
        else:
            message.json = _dumps(plain.encode(observation, self.observation, self.static_names))

    def decision_body(self, observation: Any, legal_actions: Iterable[Action]) -> bytes:
        """A DecisionRequest's ``observation`` (as :meth:`encode_observation`) and
        ``legal_actions`` (as :meth:`encode_actions`), serialized: the request is the bytes of
        its other fields followed by these (protobuf reads fields in any order). Nothing is
        parsed: the legal actions are the bytes remembered for each.

        >>> from engines.registry import get_game
        >>> match = get_game("risk").new_match("hasbro", 2, seed=1)
        >>> body = codec("risk").decision_body(match.observation(0), match.legal_actions(0))
        >>> head = pb.DecisionRequest(match_id=7, request_id=1).SerializeToString()
        >>> decision = pb.DecisionRequest.FromString(head + body)
        >>> decision.match_id, len(decision.legal_actions) == len(match.legal_actions(0))
        (7, True)
        """
        listed = self._listed
        message = pb.Observation()
        self._write_observation(message, observation)
        observed = length_delimited(_OBSERVATION_FIELD, message.SerializeToString())
        return observed + b"".join([listed.get(a) or self._list(a) for a in legal_actions])

    def _list(self, action: Action) -> bytes:
        """``action`` as one item of a DecisionRequest's ``legal_actions``, serialized."""
        return self._listed.put(
            action, length_delimited(_LEGAL_ACTIONS_FIELD, self._encoded(action))
        )

    def decode_observation(self, message: pb.Observation, setup: Mapping[str, Any]) -> Any:
        """The engine's observation, its static fields taken from ``setup`` (decode_setup)."""
        given = {name: setup[name] for name in self.static_names_in_order}
        shape = self.observation

        def from_typed(observation: Message) -> Any:
            assert self.converters is not None
            names = self.converters.observed_names
            values = self.converters.read_observation(observation, "observation", False)
            return shape.type(**given, **dict(zip(names, values, strict=True)))

        return self._decode(
            message,
            "observation",
            from_typed,
            lambda data: plain.decode(data, shape, "observation", given=given),
        )

    # -- actions -------------------------------------------------------------------

    def encode_action(self, action: Action) -> pb.Action:
        """An action: a legal-action template or a chosen action (a fresh message, parsed
        from the bytes remembered for an equal action: the same actions come back every
        decision, and parsing is several times cheaper than building)."""
        return pb.Action.FromString(self._encoded(action))

    def _encoded(self, action: Action) -> bytes:
        """``action``'s serialized Action message (remembered)."""
        sent = self._sent.get(action)
        if sent is None:
            message = pb.Action()
            if self.converters is not None:
                field, write = self.converters.write_action[type(action)]
                write(getattr(getattr(message, self.game.name), field), action)
            else:
                message.json = _dumps(plain.encode(action, self.actions))
            sent = self._sent.put(action, message.SerializeToString())
        return sent

    def encode_actions(self, actions: Iterable[Action]) -> list[pb.Action]:
        """Legal actions, in order."""
        return [self.encode_action(action) for action in actions]

    def decode_action(self, message: pb.Action) -> Action:
        """A bot's action: every quantity a number (a range is a WireError)."""
        return self._decode_action(message, templates=False)

    def decode_legal_actions(self, messages: Iterable[pb.Action]) -> tuple[Action, ...]:
        """Legal actions: quantities may hold Amount ranges."""
        return tuple(self._decode_action(m, templates=True) for m in messages)

    def _decode_action(self, message: pb.Action, templates: bool) -> Action:
        """The action ``message`` holds; one decoded before from the same bytes is reused
        (actions are immutable)."""
        received = self._received[templates]
        data = message.SerializeToString()
        known = received.get(data)
        if known is not None:
            return known

        def from_typed(game_action: Message) -> Any:
            which = game_action.WhichOneof(ACTION_ONEOF)
            if which is None:
                raise WireError(f"action.{self.game.name} holds no action")
            assert self.converters is not None
            cls, where, read = self.converters.read_action[which]
            return cls(*read(getattr(game_action, which), where, templates))

        action: Action = self._decode(
            message,
            "action",
            from_typed,
            lambda data: plain.decode(data, self.actions, "action", templates),
        )
        return received.put(data, action)

    # -- events ----------------------------------------------------------------------

    def encode_events(self, events: Iterable[Event], seat: int | None = None) -> list[str]:
        """The events ``seat`` is shown (None: a spectator, public facts only), each as JSON
        and as that viewer may see it."""
        encode = plain.encoder(self.events)
        return [_dumps(encode(event)) for event in visible_events(events, seat)]

    def decode_event(self, text: str) -> Event:
        """An event that :meth:`encode_events` wrote."""
        event: Event = plain.decode(_loads(text, "event"), self.events, "event")
        return event

    # -- shared ----------------------------------------------------------------------

    def _decode(
        self,
        message: GameMessage,
        where: str,
        from_typed: Callable[[Message], T],
        from_plain: Callable[[Any], T],
    ) -> T:
        which = message.WhichOneof("game")
        if which == "json":
            return from_plain(_loads(message.json, f"{where}.json"))
        if which == self.game.name:
            return from_typed(getattr(message, which))
        if which is None:
            raise WireError(f"{where} is empty")
        raise WireError(f"{where} holds a {which!r} message in a {self.game.name!r} match")

    def _check_messages(self) -> None:
        """TypeError unless the typed messages hold exactly the dataclasses (typed.check)."""
        name = self.game.name
        fields = typed.message_of(pb.Observation.DESCRIPTOR.fields_by_name[name])
        typed.check(fields, [f for f in self.observation.fields if f[0] not in self.static_names])
        typed.check(typed.message_of(pb.Setup.DESCRIPTOR.fields_by_name[name]), self.statics)
        actions = typed.message_of(pb.Action.DESCRIPTOR.fields_by_name[name])
        oneof = {f.name: f for f in actions.oneofs_by_name[ACTION_ONEOF].fields}
        if set(oneof) != set(self.action_classes):
            raise TypeError(
                f"{actions.full_name}.{ACTION_ONEOF} has {sorted(oneof)}, "
                f"the engine {sorted(self.action_classes)}"
            )
        for field_name, cls_name in self.action_classes.items():
            typed.check(typed.message_of(oneof[field_name]), self.actions.choices[cls_name].fields)


_dumps = json_encoder(separators=(",", ":"), ensure_ascii=False)
"""Compact JSON."""


def _varint(value: int) -> bytes:
    """``value`` (not negative) as a protobuf varint.

    >>> _varint(1), _varint(300)
    (b'\\x01', b'\\xac\\x02')
    """
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def length_delimited(number: int, data: bytes) -> bytes:
    """Field ``number`` holding ``data`` (a message's or a string's bytes), serialized: put
    after a message's bytes, it adds the field to the message (an item to a repeated one).

    >>> length_delimited(3, b"ab")
    b'\\x1a\\x02ab'
    """
    return _varint(number << 3 | 2) + _varint(len(data)) + data


_OBSERVATION_FIELD = pb.DecisionRequest.OBSERVATION_FIELD_NUMBER
_LEGAL_ACTIONS_FIELD = pb.DecisionRequest.LEGAL_ACTIONS_FIELD_NUMBER


def _loads(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise WireError(f"{where}: not JSON ({error})") from None


__all__ = [
    "STATIC_FIELDS",
    "GameCodec",
    "WireError",
    "codec",
    "decode_result",
    "encode_result",
    "oneof_name",
]
