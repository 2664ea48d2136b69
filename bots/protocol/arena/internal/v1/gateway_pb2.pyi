from bots.protocol.arena.v1 import bot_pb2 as _bot_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Hello(_message.Message):
    __slots__ = ("secret", "revision")
    SECRET_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    secret: str
    revision: int
    def __init__(self, secret: _Optional[str] = ..., revision: _Optional[int] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("serving", "refused", "revision")
    SERVING_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    serving: bool
    refused: str
    revision: int
    def __init__(self, serving: _Optional[bool] = ..., refused: _Optional[str] = ..., revision: _Optional[int] = ...) -> None: ...

class DeliverRequest(_message.Message):
    __slots__ = ("bot_id", "match_id", "connection_id", "messages", "think_seconds", "ticket", "attempt", "decision", "request_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTION_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    THINK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    match_id: int
    connection_id: str
    messages: _containers.RepeatedCompositeFieldContainer[_bot_pb2.ServerMessage]
    think_seconds: float
    ticket: int
    attempt: int
    decision: bytes
    request_id: int
    def __init__(self, bot_id: _Optional[int] = ..., match_id: _Optional[int] = ..., connection_id: _Optional[str] = ..., messages: _Optional[_Iterable[_Union[_bot_pb2.ServerMessage, _Mapping]]] = ..., think_seconds: _Optional[float] = ..., ticket: _Optional[int] = ..., attempt: _Optional[int] = ..., decision: _Optional[bytes] = ..., request_id: _Optional[int] = ...) -> None: ...

class DeliverReply(_message.Message):
    __slots__ = ("status", "connection_id", "action", "think_seconds", "log_lines", "ticket")
    class Status(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        STATUS_UNSPECIFIED: _ClassVar[DeliverReply.Status]
        DELIVERED: _ClassVar[DeliverReply.Status]
        NOT_CONNECTED: _ClassVar[DeliverReply.Status]
        TIMEOUT: _ClassVar[DeliverReply.Status]
        OVERSIZED: _ClassVar[DeliverReply.Status]
        STALE: _ClassVar[DeliverReply.Status]
    STATUS_UNSPECIFIED: DeliverReply.Status
    DELIVERED: DeliverReply.Status
    NOT_CONNECTED: DeliverReply.Status
    TIMEOUT: DeliverReply.Status
    OVERSIZED: DeliverReply.Status
    STALE: DeliverReply.Status
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CONNECTION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    THINK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    LOG_LINES_FIELD_NUMBER: _ClassVar[int]
    TICKET_FIELD_NUMBER: _ClassVar[int]
    status: DeliverReply.Status
    connection_id: str
    action: _bot_pb2.Action
    think_seconds: float
    log_lines: _containers.RepeatedScalarFieldContainer[str]
    ticket: int
    def __init__(self, status: _Optional[_Union[DeliverReply.Status, str]] = ..., connection_id: _Optional[str] = ..., action: _Optional[_Union[_bot_pb2.Action, _Mapping]] = ..., think_seconds: _Optional[float] = ..., log_lines: _Optional[_Iterable[str]] = ..., ticket: _Optional[int] = ...) -> None: ...
