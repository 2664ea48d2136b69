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
from typing import Any, TypeVar

from google.protobuf.message import Message

from bots.protocol import plain, typed
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.errors import WireError
from bots.protocol.shapes import choice_of, shape_of
from engines.core import Action, Event, GameInfo, Result, visible_events
from engines.registry import get_game

STATIC_FIELDS = ("board",)
"""Observation fields that never change during a match: sent once, in MatchStarted.setup."""
ACTION_ONEOF = "action"
"""The oneof of a game's typed action message, with one field per action class."""

GameMessage = pb.Setup | pb.Observation | pb.Action
"""The messages holding a game's data: a ``json`` field, or one message field per game."""
T = TypeVar("T")


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
    return _dumps(plain.encode(result))


def decode_result(text: str) -> Result:
    """The result that :func:`encode_result` wrote."""
    result: Result = plain.decode(_loads(text, "result"), shape_of(Result), "result")
    return result


class GameCodec:
    """Turns one game's data into protocol messages and back."""

    def __init__(self, game: GameInfo) -> None:
        self.game = game
        self.observation = shape_of(game.observation_type)
        self.statics = tuple((n, s) for n, s in self.observation.fields if n in STATIC_FIELDS)
        self.static_names = frozenset(name for name, _ in self.statics)
        self.actions = choice_of(game.action_types)
        self.events = choice_of(game.event_types)
        self.typed = game.name in pb.Action.DESCRIPTOR.fields_by_name
        self.action_fields = {cls: oneof_name(cls) for cls in game.action_types}
        self.action_classes = {field: cls.__name__ for cls, field in self.action_fields.items()}
        if self.typed:
            self._check_messages()

    # -- setup ---------------------------------------------------------------------

    def encode_setup(self, observation: Any) -> pb.Setup:
        """The static fields (the board) of any observation of the match, for MatchStarted."""
        message = pb.Setup()
        if self.typed:
            target = getattr(message, self.game.name)
            target.SetInParent()
            for name, shape in self.statics:
                typed.put(target, name, shape, getattr(observation, name))
        else:
            message.json = _dumps(
                {n: plain.encode(getattr(observation, n)) for n, _ in self.statics}
            )
        return message

    def decode_setup(self, message: pb.Setup) -> dict[str, Any]:
        """The static fields by name, to pass to :meth:`decode_observation`."""

        def from_plain(data: Any) -> dict[str, Any]:
            if not isinstance(data, dict):
                raise WireError("setup.json: expected an object")
            return {n: plain.decode(data.get(n), s, f"setup.{n}") for n, s in self.statics}

        return self._decode(
            message,
            "setup",
            lambda m: {n: typed.take(m, n, s, f"setup.{n}", False) for n, s in self.statics},
            from_plain,
        )

    # -- observations ----------------------------------------------------------------

    def encode_observation(self, observation: Any) -> pb.Observation:
        """An observation, without its static fields."""
        message = pb.Observation()
        if self.typed:
            typed.fill(
                getattr(message, self.game.name), observation, self.observation, self.static_names
            )
        else:
            message.json = _dumps(plain.encode(observation, exclude=self.static_names))
        return message

    def decode_observation(self, message: pb.Observation, setup: Mapping[str, Any]) -> Any:
        """The engine's observation, its static fields taken from ``setup`` (decode_setup)."""
        given = {name: setup[name] for name, _ in self.statics}
        shape = self.observation
        return self._decode(
            message,
            "observation",
            lambda m: typed.build(m, shape, "observation", False, given),
            lambda data: plain.decode(data, shape, "observation", given=given),
        )

    # -- actions -------------------------------------------------------------------

    def encode_action(self, action: Action) -> pb.Action:
        """An action: a legal-action template or a chosen action."""
        message = pb.Action()
        if self.typed:
            target = getattr(getattr(message, self.game.name), self.action_fields[type(action)])
            typed.fill(target, action, self.actions.choices[type(action).__name__])
        else:
            message.json = _dumps(plain.encode(action))
        return message

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
        def from_typed(game_action: Message) -> Any:
            which = game_action.WhichOneof(ACTION_ONEOF)
            if which is None:
                raise WireError(f"action.{self.game.name} holds no action")
            shape = self.actions.choices[self.action_classes[which]]
            return typed.build(getattr(game_action, which), shape, f"action.{which}", templates)

        action: Action = self._decode(
            message,
            "action",
            from_typed,
            lambda data: plain.decode(data, self.actions, "action", templates),
        )
        return action

    # -- events ----------------------------------------------------------------------

    def encode_events(self, events: Iterable[Event], seat: int | None = None) -> list[str]:
        """The events ``seat`` is shown (None: a spectator, public facts only), each as JSON
        and as that viewer may see it."""
        return [_dumps(plain.encode(event)) for event in visible_events(events, seat)]

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


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


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
