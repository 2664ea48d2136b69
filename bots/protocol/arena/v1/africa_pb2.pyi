from bots.protocol.arena.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AfricaSetup(_message.Message):
    __slots__ = ("board",)
    BOARD_FIELD_NUMBER: _ClassVar[int]
    board: AfricaBoard
    def __init__(self, board: _Optional[_Union[AfricaBoard, _Mapping]] = ...) -> None: ...

class AfricaBoard(_message.Message):
    __slots__ = ("territories", "names", "coastal", "squares", "neighbours", "historical_starts", "index")
    class HistoricalStartsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class IndexEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    COASTAL_FIELD_NUMBER: _ClassVar[int]
    SQUARES_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    HISTORICAL_STARTS_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    territories: _containers.RepeatedScalarFieldContainer[str]
    names: _containers.RepeatedScalarFieldContainer[str]
    coastal: _containers.RepeatedScalarFieldContainer[bool]
    squares: _containers.RepeatedScalarFieldContainer[int]
    neighbours: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    historical_starts: _containers.ScalarMap[str, str]
    index: _containers.ScalarMap[str, int]
    def __init__(self, territories: _Optional[_Iterable[str]] = ..., names: _Optional[_Iterable[str]] = ..., coastal: _Optional[_Iterable[bool]] = ..., squares: _Optional[_Iterable[int]] = ..., neighbours: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., historical_starts: _Optional[_Mapping[str, str]] = ..., index: _Optional[_Mapping[str, int]] = ...) -> None: ...

class AfricaObservation(_message.Message):
    __slots__ = ("seat", "power", "powers", "variant", "phase", "turn", "year", "last_turn", "presences", "developed", "colonies", "colonies_left", "stock", "embassies", "placer", "done", "messages", "messages_left", "message_length", "my_orders", "my_landing", "my_relations")
    class MessageView(_message.Message):
        __slots__ = ("turn", "sender", "to", "text")
        TURN_FIELD_NUMBER: _ClassVar[int]
        SENDER_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        turn: int
        sender: int
        to: str
        text: str
        def __init__(self, turn: _Optional[int] = ..., sender: _Optional[int] = ..., to: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...
    class Order(_message.Message):
        __slots__ = ("territory", "order")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        territory: str
        order: str
        def __init__(self, territory: _Optional[str] = ..., order: _Optional[str] = ...) -> None: ...
    class Relation(_message.Message):
        __slots__ = ("power", "relation")
        POWER_FIELD_NUMBER: _ClassVar[int]
        RELATION_FIELD_NUMBER: _ClassVar[int]
        power: str
        relation: str
        def __init__(self, power: _Optional[str] = ..., relation: _Optional[str] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    POWERS_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    YEAR_FIELD_NUMBER: _ClassVar[int]
    LAST_TURN_FIELD_NUMBER: _ClassVar[int]
    PRESENCES_FIELD_NUMBER: _ClassVar[int]
    DEVELOPED_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    COLONIES_LEFT_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    EMBASSIES_FIELD_NUMBER: _ClassVar[int]
    PLACER_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_LEFT_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    MY_ORDERS_FIELD_NUMBER: _ClassVar[int]
    MY_LANDING_FIELD_NUMBER: _ClassVar[int]
    MY_RELATIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    power: str
    powers: _containers.RepeatedScalarFieldContainer[str]
    variant: str
    phase: str
    turn: int
    year: int
    last_turn: int
    presences: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    developed: _containers.RepeatedScalarFieldContainer[int]
    colonies: _containers.RepeatedScalarFieldContainer[bool]
    colonies_left: int
    stock: _containers.RepeatedScalarFieldContainer[int]
    embassies: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    placer: int
    done: _containers.RepeatedScalarFieldContainer[bool]
    messages: _containers.RepeatedCompositeFieldContainer[AfricaObservation.MessageView]
    messages_left: int
    message_length: int
    my_orders: _containers.RepeatedCompositeFieldContainer[AfricaObservation.Order]
    my_landing: str
    my_relations: _containers.RepeatedCompositeFieldContainer[AfricaObservation.Relation]
    def __init__(self, seat: _Optional[int] = ..., power: _Optional[str] = ..., powers: _Optional[_Iterable[str]] = ..., variant: _Optional[str] = ..., phase: _Optional[str] = ..., turn: _Optional[int] = ..., year: _Optional[int] = ..., last_turn: _Optional[int] = ..., presences: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., developed: _Optional[_Iterable[int]] = ..., colonies: _Optional[_Iterable[bool]] = ..., colonies_left: _Optional[int] = ..., stock: _Optional[_Iterable[int]] = ..., embassies: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., placer: _Optional[int] = ..., done: _Optional[_Iterable[bool]] = ..., messages: _Optional[_Iterable[_Union[AfricaObservation.MessageView, _Mapping]]] = ..., messages_left: _Optional[int] = ..., message_length: _Optional[int] = ..., my_orders: _Optional[_Iterable[_Union[AfricaObservation.Order, _Mapping]]] = ..., my_landing: _Optional[str] = ..., my_relations: _Optional[_Iterable[_Union[AfricaObservation.Relation, _Mapping]]] = ...) -> None: ...

class AfricaAction(_message.Message):
    __slots__ = ("place_start", "message", "end_diplomacy", "develop", "explore", "hold", "land", "declare", "submit_orders")
    class PlaceStart(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Message(_message.Message):
        __slots__ = ("to", "text")
        TO_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        to: str
        text: str
        def __init__(self, to: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...
    class EndDiplomacy(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Develop(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Explore(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class Hold(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Land(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Declare(_message.Message):
        __slots__ = ("power", "relation")
        POWER_FIELD_NUMBER: _ClassVar[int]
        RELATION_FIELD_NUMBER: _ClassVar[int]
        power: str
        relation: str
        def __init__(self, power: _Optional[str] = ..., relation: _Optional[str] = ...) -> None: ...
    class SubmitOrders(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLACE_START_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    END_DIPLOMACY_FIELD_NUMBER: _ClassVar[int]
    DEVELOP_FIELD_NUMBER: _ClassVar[int]
    EXPLORE_FIELD_NUMBER: _ClassVar[int]
    HOLD_FIELD_NUMBER: _ClassVar[int]
    LAND_FIELD_NUMBER: _ClassVar[int]
    DECLARE_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_ORDERS_FIELD_NUMBER: _ClassVar[int]
    place_start: AfricaAction.PlaceStart
    message: AfricaAction.Message
    end_diplomacy: AfricaAction.EndDiplomacy
    develop: AfricaAction.Develop
    explore: AfricaAction.Explore
    hold: AfricaAction.Hold
    land: AfricaAction.Land
    declare: AfricaAction.Declare
    submit_orders: AfricaAction.SubmitOrders
    def __init__(self, place_start: _Optional[_Union[AfricaAction.PlaceStart, _Mapping]] = ..., message: _Optional[_Union[AfricaAction.Message, _Mapping]] = ..., end_diplomacy: _Optional[_Union[AfricaAction.EndDiplomacy, _Mapping]] = ..., develop: _Optional[_Union[AfricaAction.Develop, _Mapping]] = ..., explore: _Optional[_Union[AfricaAction.Explore, _Mapping]] = ..., hold: _Optional[_Union[AfricaAction.Hold, _Mapping]] = ..., land: _Optional[_Union[AfricaAction.Land, _Mapping]] = ..., declare: _Optional[_Union[AfricaAction.Declare, _Mapping]] = ..., submit_orders: _Optional[_Union[AfricaAction.SubmitOrders, _Mapping]] = ...) -> None: ...
