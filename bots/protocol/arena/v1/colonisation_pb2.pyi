from bots.protocol.arena.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ColonisationSetup(_message.Message):
    __slots__ = ("board",)
    BOARD_FIELD_NUMBER: _ClassVar[int]
    board: ColonisationBoard
    def __init__(self, board: _Optional[_Union[ColonisationBoard, _Mapping]] = ...) -> None: ...

class ColonisationBoard(_message.Message):
    __slots__ = ("territories", "names", "continent_of", "continents", "continent_names", "neighbours", "symbols_us", "symbols_fr", "seat_colours", "continent_colours", "index")
    class IndexEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_OF_FIELD_NUMBER: _ClassVar[int]
    CONTINENTS_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_NAMES_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_US_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FR_FIELD_NUMBER: _ClassVar[int]
    SEAT_COLOURS_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_COLOURS_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    territories: _containers.RepeatedScalarFieldContainer[str]
    names: _containers.RepeatedScalarFieldContainer[str]
    continent_of: _containers.RepeatedScalarFieldContainer[int]
    continents: _containers.RepeatedScalarFieldContainer[str]
    continent_names: _containers.RepeatedScalarFieldContainer[str]
    neighbours: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    symbols_us: _containers.RepeatedScalarFieldContainer[str]
    symbols_fr: _containers.RepeatedScalarFieldContainer[str]
    seat_colours: _containers.RepeatedScalarFieldContainer[str]
    continent_colours: _containers.RepeatedScalarFieldContainer[str]
    index: _containers.ScalarMap[str, int]
    def __init__(self, territories: _Optional[_Iterable[str]] = ..., names: _Optional[_Iterable[str]] = ..., continent_of: _Optional[_Iterable[int]] = ..., continents: _Optional[_Iterable[str]] = ..., continent_names: _Optional[_Iterable[str]] = ..., neighbours: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., symbols_us: _Optional[_Iterable[str]] = ..., symbols_fr: _Optional[_Iterable[str]] = ..., seat_colours: _Optional[_Iterable[str]] = ..., continent_colours: _Optional[_Iterable[str]] = ..., index: _Optional[_Mapping[str, int]] = ...) -> None: ...

class ColonisationObservation(_message.Message):
    __slots__ = ("seat", "variant", "deck", "school_cost", "phase", "year", "last_year", "first_player", "mover", "owner", "hostile", "armies", "diplomats", "generals", "schools", "homes", "eliminated", "points", "setup", "columns", "rolls", "hits", "ready", "used_armies", "used_diplomats", "used_generals", "war")
    class SetupView(_message.Message):
        __slots__ = ("first_cards", "second_cards", "second_holders", "starting_armies", "lot", "my_bid", "lot_bids")
        FIRST_CARDS_FIELD_NUMBER: _ClassVar[int]
        SECOND_CARDS_FIELD_NUMBER: _ClassVar[int]
        SECOND_HOLDERS_FIELD_NUMBER: _ClassVar[int]
        STARTING_ARMIES_FIELD_NUMBER: _ClassVar[int]
        LOT_FIELD_NUMBER: _ClassVar[int]
        MY_BID_FIELD_NUMBER: _ClassVar[int]
        LOT_BIDS_FIELD_NUMBER: _ClassVar[int]
        first_cards: _containers.RepeatedScalarFieldContainer[str]
        second_cards: _containers.RepeatedScalarFieldContainer[str]
        second_holders: _containers.RepeatedScalarFieldContainer[int]
        starting_armies: _containers.RepeatedScalarFieldContainer[int]
        lot: int
        my_bid: int
        lot_bids: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
        def __init__(self, first_cards: _Optional[_Iterable[str]] = ..., second_cards: _Optional[_Iterable[str]] = ..., second_holders: _Optional[_Iterable[int]] = ..., starting_armies: _Optional[_Iterable[int]] = ..., lot: _Optional[int] = ..., my_bid: _Optional[int] = ..., lot_bids: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ...) -> None: ...
    class WarView(_message.Message):
        __slots__ = ("attacker", "defender", "source", "target", "fronts", "general", "diplomat", "decider", "rounds")
        class Front(_message.Message):
            __slots__ = ("territory", "armies")
            TERRITORY_FIELD_NUMBER: _ClassVar[int]
            ARMIES_FIELD_NUMBER: _ClassVar[int]
            territory: str
            armies: int
            def __init__(self, territory: _Optional[str] = ..., armies: _Optional[int] = ...) -> None: ...
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        FRONTS_FIELD_NUMBER: _ClassVar[int]
        GENERAL_FIELD_NUMBER: _ClassVar[int]
        DIPLOMAT_FIELD_NUMBER: _ClassVar[int]
        DECIDER_FIELD_NUMBER: _ClassVar[int]
        ROUNDS_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        defender: int
        source: str
        target: str
        fronts: _containers.RepeatedCompositeFieldContainer[ColonisationObservation.WarView.Front]
        general: bool
        diplomat: bool
        decider: int
        rounds: int
        def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., source: _Optional[str] = ..., target: _Optional[str] = ..., fronts: _Optional[_Iterable[_Union[ColonisationObservation.WarView.Front, _Mapping]]] = ..., general: _Optional[bool] = ..., diplomat: _Optional[bool] = ..., decider: _Optional[int] = ..., rounds: _Optional[int] = ...) -> None: ...
    class Hit(_message.Message):
        __slots__ = ("territory", "roll")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        ROLL_FIELD_NUMBER: _ClassVar[int]
        territory: str
        roll: int
        def __init__(self, territory: _Optional[str] = ..., roll: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    SCHOOL_COST_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    YEAR_FIELD_NUMBER: _ClassVar[int]
    LAST_YEAR_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    MOVER_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    HOSTILE_FIELD_NUMBER: _ClassVar[int]
    ARMIES_FIELD_NUMBER: _ClassVar[int]
    DIPLOMATS_FIELD_NUMBER: _ClassVar[int]
    GENERALS_FIELD_NUMBER: _ClassVar[int]
    SCHOOLS_FIELD_NUMBER: _ClassVar[int]
    HOMES_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROLLS_FIELD_NUMBER: _ClassVar[int]
    HITS_FIELD_NUMBER: _ClassVar[int]
    READY_FIELD_NUMBER: _ClassVar[int]
    USED_ARMIES_FIELD_NUMBER: _ClassVar[int]
    USED_DIPLOMATS_FIELD_NUMBER: _ClassVar[int]
    USED_GENERALS_FIELD_NUMBER: _ClassVar[int]
    WAR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    variant: str
    deck: str
    school_cost: int
    phase: str
    year: int
    last_year: int
    first_player: int
    mover: int
    owner: _containers.RepeatedScalarFieldContainer[int]
    hostile: _containers.RepeatedScalarFieldContainer[bool]
    armies: _containers.RepeatedScalarFieldContainer[int]
    diplomats: _containers.RepeatedScalarFieldContainer[int]
    generals: _containers.RepeatedScalarFieldContainer[int]
    schools: _containers.RepeatedScalarFieldContainer[int]
    homes: _containers.RepeatedScalarFieldContainer[int]
    eliminated: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[int]
    setup: ColonisationObservation.SetupView
    columns: _containers.RepeatedScalarFieldContainer[int]
    rolls: _containers.RepeatedScalarFieldContainer[int]
    hits: _containers.RepeatedCompositeFieldContainer[ColonisationObservation.Hit]
    ready: _containers.RepeatedScalarFieldContainer[bool]
    used_armies: _containers.RepeatedScalarFieldContainer[int]
    used_diplomats: _containers.RepeatedScalarFieldContainer[int]
    used_generals: _containers.RepeatedScalarFieldContainer[int]
    war: ColonisationObservation.WarView
    def __init__(self, seat: _Optional[int] = ..., variant: _Optional[str] = ..., deck: _Optional[str] = ..., school_cost: _Optional[int] = ..., phase: _Optional[str] = ..., year: _Optional[int] = ..., last_year: _Optional[int] = ..., first_player: _Optional[int] = ..., mover: _Optional[int] = ..., owner: _Optional[_Iterable[int]] = ..., hostile: _Optional[_Iterable[bool]] = ..., armies: _Optional[_Iterable[int]] = ..., diplomats: _Optional[_Iterable[int]] = ..., generals: _Optional[_Iterable[int]] = ..., schools: _Optional[_Iterable[int]] = ..., homes: _Optional[_Iterable[int]] = ..., eliminated: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ..., setup: _Optional[_Union[ColonisationObservation.SetupView, _Mapping]] = ..., columns: _Optional[_Iterable[int]] = ..., rolls: _Optional[_Iterable[int]] = ..., hits: _Optional[_Iterable[_Union[ColonisationObservation.Hit, _Mapping]]] = ..., ready: _Optional[_Iterable[bool]] = ..., used_armies: _Optional[_Iterable[int]] = ..., used_diplomats: _Optional[_Iterable[int]] = ..., used_generals: _Optional[_Iterable[int]] = ..., war: _Optional[_Union[ColonisationObservation.WarView, _Mapping]] = ...) -> None: ...

class ColonisationAction(_message.Message):
    __slots__ = ("bid", "choose_home", "arrange_school", "produce", "move", "build_school", "diplomat_move", "diplomat_act", "general_move", "end_turn", "support", "engage", "stop")
    class Bid(_message.Message):
        __slots__ = ("armies",)
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        armies: _common_pb2.Quantity
        def __init__(self, armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class ChooseHome(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class ArrangeSchool(_message.Message):
        __slots__ = ("territory", "column")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        COLUMN_FIELD_NUMBER: _ClassVar[int]
        territory: str
        column: int
        def __init__(self, territory: _Optional[str] = ..., column: _Optional[int] = ...) -> None: ...
    class Produce(_message.Message):
        __slots__ = ("territory", "kind")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        territory: str
        kind: str
        def __init__(self, territory: _Optional[str] = ..., kind: _Optional[str] = ...) -> None: ...
    class Move(_message.Message):
        __slots__ = ("source", "target", "armies", "general", "diplomat")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        GENERAL_FIELD_NUMBER: _ClassVar[int]
        DIPLOMAT_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        armies: _common_pb2.Quantity
        general: bool
        diplomat: bool
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ..., general: _Optional[bool] = ..., diplomat: _Optional[bool] = ...) -> None: ...
    class BuildSchool(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class DiplomatMove(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class DiplomatAct(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class GeneralMove(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Support(_message.Message):
        __slots__ = ("territory", "armies")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        territory: str
        armies: _common_pb2.Quantity
        def __init__(self, territory: _Optional[str] = ..., armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class Engage(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Continue(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Stop(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    BID_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_HOME_FIELD_NUMBER: _ClassVar[int]
    ARRANGE_SCHOOL_FIELD_NUMBER: _ClassVar[int]
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    BUILD_SCHOOL_FIELD_NUMBER: _ClassVar[int]
    DIPLOMAT_MOVE_FIELD_NUMBER: _ClassVar[int]
    DIPLOMAT_ACT_FIELD_NUMBER: _ClassVar[int]
    GENERAL_MOVE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_FIELD_NUMBER: _ClassVar[int]
    ENGAGE_FIELD_NUMBER: _ClassVar[int]
    CONTINUE_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    bid: ColonisationAction.Bid
    choose_home: ColonisationAction.ChooseHome
    arrange_school: ColonisationAction.ArrangeSchool
    produce: ColonisationAction.Produce
    move: ColonisationAction.Move
    build_school: ColonisationAction.BuildSchool
    diplomat_move: ColonisationAction.DiplomatMove
    diplomat_act: ColonisationAction.DiplomatAct
    general_move: ColonisationAction.GeneralMove
    end_turn: ColonisationAction.EndTurn
    support: ColonisationAction.Support
    engage: ColonisationAction.Engage
    stop: ColonisationAction.Stop
    def __init__(self, bid: _Optional[_Union[ColonisationAction.Bid, _Mapping]] = ..., choose_home: _Optional[_Union[ColonisationAction.ChooseHome, _Mapping]] = ..., arrange_school: _Optional[_Union[ColonisationAction.ArrangeSchool, _Mapping]] = ..., produce: _Optional[_Union[ColonisationAction.Produce, _Mapping]] = ..., move: _Optional[_Union[ColonisationAction.Move, _Mapping]] = ..., build_school: _Optional[_Union[ColonisationAction.BuildSchool, _Mapping]] = ..., diplomat_move: _Optional[_Union[ColonisationAction.DiplomatMove, _Mapping]] = ..., diplomat_act: _Optional[_Union[ColonisationAction.DiplomatAct, _Mapping]] = ..., general_move: _Optional[_Union[ColonisationAction.GeneralMove, _Mapping]] = ..., end_turn: _Optional[_Union[ColonisationAction.EndTurn, _Mapping]] = ..., support: _Optional[_Union[ColonisationAction.Support, _Mapping]] = ..., engage: _Optional[_Union[ColonisationAction.Engage, _Mapping]] = ..., stop: _Optional[_Union[ColonisationAction.Stop, _Mapping]] = ..., **kwargs) -> None: ...
