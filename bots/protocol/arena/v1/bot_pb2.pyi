from bots.protocol.arena.v1 import africa_pb2 as _africa_pb2
from bots.protocol.arena.v1 import colonisation_pb2 as _colonisation_pb2
from bots.protocol.arena.v1 import conquetes_pb2 as _conquetes_pb2
from bots.protocol.arena.v1 import risk_pb2 as _risk_pb2
from bots.protocol.arena.v1 import risk2210_pb2 as _risk2210_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BotMessage(_message.Message):
    __slots__ = ("hello", "action", "pong", "log", "batch")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PONG_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    action: ActionReply
    pong: Pong
    log: LogLine
    batch: BotBatch
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., action: _Optional[_Union[ActionReply, _Mapping]] = ..., pong: _Optional[_Union[Pong, _Mapping]] = ..., log: _Optional[_Union[LogLine, _Mapping]] = ..., batch: _Optional[_Union[BotBatch, _Mapping]] = ...) -> None: ...

class BotBatch(_message.Message):
    __slots__ = ("messages",)
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[BotMessage]
    def __init__(self, messages: _Optional[_Iterable[_Union[BotMessage, _Mapping]]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("protocol_version", "sdk_name", "sdk_version", "max_matches", "batches")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    SDK_NAME_FIELD_NUMBER: _ClassVar[int]
    SDK_VERSION_FIELD_NUMBER: _ClassVar[int]
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    BATCHES_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    sdk_name: str
    sdk_version: str
    max_matches: int
    batches: bool
    def __init__(self, protocol_version: _Optional[int] = ..., sdk_name: _Optional[str] = ..., sdk_version: _Optional[str] = ..., max_matches: _Optional[int] = ..., batches: _Optional[bool] = ...) -> None: ...

class ActionReply(_message.Message):
    __slots__ = ("match_id", "request_id", "action")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    request_id: int
    action: Action
    def __init__(self, match_id: _Optional[int] = ..., request_id: _Optional[int] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class Pong(_message.Message):
    __slots__ = ("ping_id",)
    PING_ID_FIELD_NUMBER: _ClassVar[int]
    ping_id: int
    def __init__(self, ping_id: _Optional[int] = ...) -> None: ...

class LogLine(_message.Message):
    __slots__ = ("match_id", "text")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    text: str
    def __init__(self, match_id: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class ServerMessage(_message.Message):
    __slots__ = ("welcome", "match_started", "decision", "action_result", "match_ended", "ping", "error", "batch")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_STARTED_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    ACTION_RESULT_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_started: MatchStarted
    decision: DecisionRequest
    action_result: ActionResult
    match_ended: MatchEnded
    ping: Ping
    error: Error
    batch: ServerBatch
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_started: _Optional[_Union[MatchStarted, _Mapping]] = ..., decision: _Optional[_Union[DecisionRequest, _Mapping]] = ..., action_result: _Optional[_Union[ActionResult, _Mapping]] = ..., match_ended: _Optional[_Union[MatchEnded, _Mapping]] = ..., ping: _Optional[_Union[Ping, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ..., batch: _Optional[_Union[ServerBatch, _Mapping]] = ...) -> None: ...

class ServerBatch(_message.Message):
    __slots__ = ("messages",)
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[ServerMessage]
    def __init__(self, messages: _Optional[_Iterable[_Union[ServerMessage, _Mapping]]] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("protocol_version", "bot_id", "bot_name", "version_id", "limits", "batches")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_ID_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    BATCHES_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    bot_id: int
    bot_name: str
    version_id: int
    limits: Limits
    batches: bool
    def __init__(self, protocol_version: _Optional[int] = ..., bot_id: _Optional[int] = ..., bot_name: _Optional[str] = ..., version_id: _Optional[int] = ..., limits: _Optional[_Union[Limits, _Mapping]] = ..., batches: _Optional[bool] = ...) -> None: ...

class Limits(_message.Message):
    __slots__ = ("max_matches", "max_message_bytes", "reconnect_grace_seconds", "ping_interval_seconds")
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    RECONNECT_GRACE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PING_INTERVAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    max_matches: int
    max_message_bytes: int
    reconnect_grace_seconds: float
    ping_interval_seconds: float
    def __init__(self, max_matches: _Optional[int] = ..., max_message_bytes: _Optional[int] = ..., reconnect_grace_seconds: _Optional[float] = ..., ping_interval_seconds: _Optional[float] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("decision_seconds", "time_bank_seconds", "max_faults")
    DECISION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_FAULTS_FIELD_NUMBER: _ClassVar[int]
    decision_seconds: float
    time_bank_seconds: float
    max_faults: int
    def __init__(self, decision_seconds: _Optional[float] = ..., time_bank_seconds: _Optional[float] = ..., max_faults: _Optional[int] = ...) -> None: ...

class MatchStarted(_message.Message):
    __slots__ = ("match_id", "game", "variant", "seat", "players", "time_control", "resumed", "setup", "options_json")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    RESUMED_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    game: str
    variant: str
    seat: int
    players: _containers.RepeatedCompositeFieldContainer[Player]
    time_control: TimeControl
    resumed: bool
    setup: Setup
    options_json: str
    def __init__(self, match_id: _Optional[int] = ..., game: _Optional[str] = ..., variant: _Optional[str] = ..., seat: _Optional[int] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., resumed: _Optional[bool] = ..., setup: _Optional[_Union[Setup, _Mapping]] = ..., options_json: _Optional[str] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "request_id", "seat", "observation", "legal_actions", "decision_seconds", "time_bank_seconds", "rtt_seconds", "results")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    DECISION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    RTT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    request_id: int
    seat: int
    observation: Observation
    legal_actions: _containers.RepeatedCompositeFieldContainer[Action]
    decision_seconds: float
    time_bank_seconds: float
    rtt_seconds: float
    results: _containers.RepeatedCompositeFieldContainer[ActionResult]
    def __init__(self, match_id: _Optional[int] = ..., request_id: _Optional[int] = ..., seat: _Optional[int] = ..., observation: _Optional[_Union[Observation, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., decision_seconds: _Optional[float] = ..., time_bank_seconds: _Optional[float] = ..., rtt_seconds: _Optional[float] = ..., results: _Optional[_Iterable[_Union[ActionResult, _Mapping]]] = ...) -> None: ...

class ActionResult(_message.Message):
    __slots__ = ("match_id", "request_id", "accepted", "code", "reason")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    request_id: int
    accepted: bool
    code: str
    reason: str
    def __init__(self, match_id: _Optional[int] = ..., request_id: _Optional[int] = ..., accepted: _Optional[bool] = ..., code: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "placement", "score", "code")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    placement: int
    score: float
    code: str
    def __init__(self, seat: _Optional[int] = ..., placement: _Optional[int] = ..., score: _Optional[float] = ..., code: _Optional[str] = ...) -> None: ...

class MatchEnded(_message.Message):
    __slots__ = ("match_id", "results", "reason", "detail")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    results: _containers.RepeatedCompositeFieldContainer[SeatResult]
    reason: str
    detail: str
    def __init__(self, match_id: _Optional[int] = ..., results: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., reason: _Optional[str] = ..., detail: _Optional[str] = ...) -> None: ...

class Ping(_message.Message):
    __slots__ = ("ping_id",)
    PING_ID_FIELD_NUMBER: _ClassVar[int]
    ping_id: int
    def __init__(self, ping_id: _Optional[int] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "match_id", "request_id")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    match_id: int
    request_id: int
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ..., match_id: _Optional[int] = ..., request_id: _Optional[int] = ...) -> None: ...

class Setup(_message.Message):
    __slots__ = ("json", "risk", "conquetes", "africa", "colonisation", "risk2210")
    JSON_FIELD_NUMBER: _ClassVar[int]
    RISK_FIELD_NUMBER: _ClassVar[int]
    CONQUETES_FIELD_NUMBER: _ClassVar[int]
    AFRICA_FIELD_NUMBER: _ClassVar[int]
    COLONISATION_FIELD_NUMBER: _ClassVar[int]
    RISK2210_FIELD_NUMBER: _ClassVar[int]
    json: str
    risk: _risk_pb2.RiskSetup
    conquetes: _conquetes_pb2.ConquetesSetup
    africa: _africa_pb2.AfricaSetup
    colonisation: _colonisation_pb2.ColonisationSetup
    risk2210: _risk2210_pb2.Risk2210Setup
    def __init__(self, json: _Optional[str] = ..., risk: _Optional[_Union[_risk_pb2.RiskSetup, _Mapping]] = ..., conquetes: _Optional[_Union[_conquetes_pb2.ConquetesSetup, _Mapping]] = ..., africa: _Optional[_Union[_africa_pb2.AfricaSetup, _Mapping]] = ..., colonisation: _Optional[_Union[_colonisation_pb2.ColonisationSetup, _Mapping]] = ..., risk2210: _Optional[_Union[_risk2210_pb2.Risk2210Setup, _Mapping]] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("json", "risk", "conquetes", "africa", "colonisation", "risk2210")
    JSON_FIELD_NUMBER: _ClassVar[int]
    RISK_FIELD_NUMBER: _ClassVar[int]
    CONQUETES_FIELD_NUMBER: _ClassVar[int]
    AFRICA_FIELD_NUMBER: _ClassVar[int]
    COLONISATION_FIELD_NUMBER: _ClassVar[int]
    RISK2210_FIELD_NUMBER: _ClassVar[int]
    json: str
    risk: _risk_pb2.RiskObservation
    conquetes: _conquetes_pb2.ConquetesObservation
    africa: _africa_pb2.AfricaObservation
    colonisation: _colonisation_pb2.ColonisationObservation
    risk2210: _risk2210_pb2.Risk2210Observation
    def __init__(self, json: _Optional[str] = ..., risk: _Optional[_Union[_risk_pb2.RiskObservation, _Mapping]] = ..., conquetes: _Optional[_Union[_conquetes_pb2.ConquetesObservation, _Mapping]] = ..., africa: _Optional[_Union[_africa_pb2.AfricaObservation, _Mapping]] = ..., colonisation: _Optional[_Union[_colonisation_pb2.ColonisationObservation, _Mapping]] = ..., risk2210: _Optional[_Union[_risk2210_pb2.Risk2210Observation, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("json", "risk", "conquetes", "africa", "colonisation", "risk2210")
    JSON_FIELD_NUMBER: _ClassVar[int]
    RISK_FIELD_NUMBER: _ClassVar[int]
    CONQUETES_FIELD_NUMBER: _ClassVar[int]
    AFRICA_FIELD_NUMBER: _ClassVar[int]
    COLONISATION_FIELD_NUMBER: _ClassVar[int]
    RISK2210_FIELD_NUMBER: _ClassVar[int]
    json: str
    risk: _risk_pb2.RiskAction
    conquetes: _conquetes_pb2.ConquetesAction
    africa: _africa_pb2.AfricaAction
    colonisation: _colonisation_pb2.ColonisationAction
    risk2210: _risk2210_pb2.Risk2210Action
    def __init__(self, json: _Optional[str] = ..., risk: _Optional[_Union[_risk_pb2.RiskAction, _Mapping]] = ..., conquetes: _Optional[_Union[_conquetes_pb2.ConquetesAction, _Mapping]] = ..., africa: _Optional[_Union[_africa_pb2.AfricaAction, _Mapping]] = ..., colonisation: _Optional[_Union[_colonisation_pb2.ColonisationAction, _Mapping]] = ..., risk2210: _Optional[_Union[_risk2210_pb2.Risk2210Action, _Mapping]] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("match_id",)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    def __init__(self, match_id: _Optional[int] = ...) -> None: ...

class SpectatorEvent(_message.Message):
    __slots__ = ("match_id", "seq", "event_json", "final", "result_json")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    EVENT_JSON_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    match_id: int
    seq: int
    event_json: str
    final: bool
    result_json: str
    def __init__(self, match_id: _Optional[int] = ..., seq: _Optional[int] = ..., event_json: _Optional[str] = ..., final: _Optional[bool] = ..., result_json: _Optional[str] = ...) -> None: ...
