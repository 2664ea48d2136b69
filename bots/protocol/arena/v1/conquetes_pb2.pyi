from bots.protocol.arena.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ConquetesSetup(_message.Message):
    __slots__ = ("board",)
    BOARD_FIELD_NUMBER: _ClassVar[int]
    board: ConquetesBoard
    def __init__(self, board: _Optional[_Union[ConquetesBoard, _Mapping]] = ...) -> None: ...

class ConquetesBoard(_message.Message):
    __slots__ = ("regions", "names", "values", "continent_of", "continents", "neighbours", "sea_routes", "copies", "index")
    class Continent(_message.Message):
        __slots__ = ("id", "name", "regions")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        REGIONS_FIELD_NUMBER: _ClassVar[int]
        id: str
        name: str
        regions: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., regions: _Optional[_Iterable[int]] = ...) -> None: ...
    class IndexEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    REGIONS_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_OF_FIELD_NUMBER: _ClassVar[int]
    CONTINENTS_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    SEA_ROUTES_FIELD_NUMBER: _ClassVar[int]
    COPIES_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    regions: _containers.RepeatedScalarFieldContainer[str]
    names: _containers.RepeatedScalarFieldContainer[str]
    values: _containers.RepeatedScalarFieldContainer[int]
    continent_of: _containers.RepeatedScalarFieldContainer[int]
    continents: _containers.RepeatedCompositeFieldContainer[ConquetesBoard.Continent]
    neighbours: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    sea_routes: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    copies: int
    index: _containers.ScalarMap[str, int]
    def __init__(self, regions: _Optional[_Iterable[str]] = ..., names: _Optional[_Iterable[str]] = ..., values: _Optional[_Iterable[int]] = ..., continent_of: _Optional[_Iterable[int]] = ..., continents: _Optional[_Iterable[_Union[ConquetesBoard.Continent, _Mapping]]] = ..., neighbours: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., sea_routes: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., copies: _Optional[int] = ..., index: _Optional[_Mapping[str, int]] = ...) -> None: ...

class ConquetesObservation(_message.Message):
    __slots__ = ("seat", "variant", "phase", "turn_seat", "turn", "camps", "hand", "hand_sizes", "deck_size", "discard", "exhaustions", "exhaustions_to_end", "continent_majority", "attack", "excess", "excess_to", "bot", "bot_camp", "loot", "steps", "reshuffled")
    class AttackView(_message.Message):
        __slots__ = ("attacker", "defender", "source", "target", "source_value", "target_value", "attack_count", "defence_count", "chooser", "my_support")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        SOURCE_VALUE_FIELD_NUMBER: _ClassVar[int]
        TARGET_VALUE_FIELD_NUMBER: _ClassVar[int]
        ATTACK_COUNT_FIELD_NUMBER: _ClassVar[int]
        DEFENCE_COUNT_FIELD_NUMBER: _ClassVar[int]
        CHOOSER_FIELD_NUMBER: _ClassVar[int]
        MY_SUPPORT_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        defender: int
        source: str
        target: str
        source_value: int
        target_value: int
        attack_count: int
        defence_count: int
        chooser: int
        my_support: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., source: _Optional[str] = ..., target: _Optional[str] = ..., source_value: _Optional[int] = ..., target_value: _Optional[int] = ..., attack_count: _Optional[int] = ..., defence_count: _Optional[int] = ..., chooser: _Optional[int] = ..., my_support: _Optional[_Iterable[str]] = ...) -> None: ...
    class BotView(_message.Message):
        __slots__ = ("level", "attack_support", "defence_support")
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        ATTACK_SUPPORT_FIELD_NUMBER: _ClassVar[int]
        DEFENCE_SUPPORT_FIELD_NUMBER: _ClassVar[int]
        level: str
        attack_support: int
        defence_support: int
        def __init__(self, level: _Optional[str] = ..., attack_support: _Optional[int] = ..., defence_support: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    CAMPS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    EXHAUSTIONS_FIELD_NUMBER: _ClassVar[int]
    EXHAUSTIONS_TO_END_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_MAJORITY_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    EXCESS_FIELD_NUMBER: _ClassVar[int]
    EXCESS_TO_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_CAMP_FIELD_NUMBER: _ClassVar[int]
    LOOT_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    variant: str
    phase: str
    turn_seat: int
    turn: int
    camps: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    exhaustions: int
    exhaustions_to_end: int
    continent_majority: bool
    attack: ConquetesObservation.AttackView
    excess: int
    excess_to: int
    bot: ConquetesObservation.BotView
    bot_camp: _containers.RepeatedScalarFieldContainer[str]
    loot: _containers.RepeatedScalarFieldContainer[str]
    steps: int
    reshuffled: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., variant: _Optional[str] = ..., phase: _Optional[str] = ..., turn_seat: _Optional[int] = ..., turn: _Optional[int] = ..., camps: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., exhaustions: _Optional[int] = ..., exhaustions_to_end: _Optional[int] = ..., continent_majority: _Optional[bool] = ..., attack: _Optional[_Union[ConquetesObservation.AttackView, _Mapping]] = ..., excess: _Optional[int] = ..., excess_to: _Optional[int] = ..., bot: _Optional[_Union[ConquetesObservation.BotView, _Mapping]] = ..., bot_camp: _Optional[_Iterable[str]] = ..., loot: _Optional[_Iterable[str]] = ..., steps: _Optional[int] = ..., reshuffled: _Optional[_Iterable[str]] = ...) -> None: ...

class ConquetesAction(_message.Message):
    __slots__ = ("draw_two", "play_region", "attack", "add_support", "commit_support", "give_card", "discard_card")
    class DrawTwo(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlayRegion(_message.Message):
        __slots__ = ("region",)
        REGION_FIELD_NUMBER: _ClassVar[int]
        region: str
        def __init__(self, region: _Optional[str] = ...) -> None: ...
    class Attack(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class AddSupport(_message.Message):
        __slots__ = ("region",)
        REGION_FIELD_NUMBER: _ClassVar[int]
        region: str
        def __init__(self, region: _Optional[str] = ...) -> None: ...
    class CommitSupport(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GiveCard(_message.Message):
        __slots__ = ("region", "to")
        REGION_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        region: str
        to: int
        def __init__(self, region: _Optional[str] = ..., to: _Optional[int] = ...) -> None: ...
    class DiscardCard(_message.Message):
        __slots__ = ("region",)
        REGION_FIELD_NUMBER: _ClassVar[int]
        region: str
        def __init__(self, region: _Optional[str] = ...) -> None: ...
    DRAW_TWO_FIELD_NUMBER: _ClassVar[int]
    PLAY_REGION_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    ADD_SUPPORT_FIELD_NUMBER: _ClassVar[int]
    COMMIT_SUPPORT_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARD_FIELD_NUMBER: _ClassVar[int]
    draw_two: ConquetesAction.DrawTwo
    play_region: ConquetesAction.PlayRegion
    attack: ConquetesAction.Attack
    add_support: ConquetesAction.AddSupport
    commit_support: ConquetesAction.CommitSupport
    give_card: ConquetesAction.GiveCard
    discard_card: ConquetesAction.DiscardCard
    def __init__(self, draw_two: _Optional[_Union[ConquetesAction.DrawTwo, _Mapping]] = ..., play_region: _Optional[_Union[ConquetesAction.PlayRegion, _Mapping]] = ..., attack: _Optional[_Union[ConquetesAction.Attack, _Mapping]] = ..., add_support: _Optional[_Union[ConquetesAction.AddSupport, _Mapping]] = ..., commit_support: _Optional[_Union[ConquetesAction.CommitSupport, _Mapping]] = ..., give_card: _Optional[_Union[ConquetesAction.GiveCard, _Mapping]] = ..., discard_card: _Optional[_Union[ConquetesAction.DiscardCard, _Mapping]] = ...) -> None: ...
