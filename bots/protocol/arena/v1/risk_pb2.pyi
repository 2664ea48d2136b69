from bots.protocol.arena.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RiskSetup(_message.Message):
    __slots__ = ("board",)
    BOARD_FIELD_NUMBER: _ClassVar[int]
    board: RiskBoard
    def __init__(self, board: _Optional[_Union[RiskBoard, _Mapping]] = ...) -> None: ...

class RiskBoard(_message.Message):
    __slots__ = ("territories", "names", "names_fr", "continent_of", "continents", "neighbours", "symbols_us", "symbols_fr", "index")
    class Continent(_message.Message):
        __slots__ = ("id", "name", "name_fr", "bonus", "territories")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        NAME_FR_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        TERRITORIES_FIELD_NUMBER: _ClassVar[int]
        id: str
        name: str
        name_fr: str
        bonus: int
        territories: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., name_fr: _Optional[str] = ..., bonus: _Optional[int] = ..., territories: _Optional[_Iterable[int]] = ...) -> None: ...
    class IndexEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FR_FIELD_NUMBER: _ClassVar[int]
    CONTINENT_OF_FIELD_NUMBER: _ClassVar[int]
    CONTINENTS_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_US_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FR_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    territories: _containers.RepeatedScalarFieldContainer[str]
    names: _containers.RepeatedScalarFieldContainer[str]
    names_fr: _containers.RepeatedScalarFieldContainer[str]
    continent_of: _containers.RepeatedScalarFieldContainer[int]
    continents: _containers.RepeatedCompositeFieldContainer[RiskBoard.Continent]
    neighbours: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    symbols_us: _containers.RepeatedScalarFieldContainer[str]
    symbols_fr: _containers.RepeatedScalarFieldContainer[str]
    index: _containers.ScalarMap[str, int]
    def __init__(self, territories: _Optional[_Iterable[str]] = ..., names: _Optional[_Iterable[str]] = ..., names_fr: _Optional[_Iterable[str]] = ..., continent_of: _Optional[_Iterable[int]] = ..., continents: _Optional[_Iterable[_Union[RiskBoard.Continent, _Mapping]]] = ..., neighbours: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., symbols_us: _Optional[_Iterable[str]] = ..., symbols_fr: _Optional[_Iterable[str]] = ..., index: _Optional[_Mapping[str, int]] = ...) -> None: ...

class RiskObservation(_message.Message):
    __slots__ = ("seat", "variant", "phase", "turn_seat", "acting_for", "round", "owners", "armies", "alive", "hand", "hand_sizes", "mission", "colours", "deck_size", "discard", "trades_done", "next_set_value", "armies_to_place", "occupation", "attack", "conquered_this_turn", "steps")
    class CardView(_message.Message):
        __slots__ = ("id", "territory", "symbol")
        ID_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        id: str
        territory: str
        symbol: str
        def __init__(self, id: _Optional[str] = ..., territory: _Optional[str] = ..., symbol: _Optional[str] = ...) -> None: ...
    class MissionView(_message.Message):
        __slots__ = ("id", "text_fr", "text_en")
        ID_FIELD_NUMBER: _ClassVar[int]
        TEXT_FR_FIELD_NUMBER: _ClassVar[int]
        TEXT_EN_FIELD_NUMBER: _ClassVar[int]
        id: str
        text_fr: str
        text_en: str
        def __init__(self, id: _Optional[str] = ..., text_fr: _Optional[str] = ..., text_en: _Optional[str] = ...) -> None: ...
    class Occupation(_message.Message):
        __slots__ = ("source", "target", "minimum", "maximum")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        MINIMUM_FIELD_NUMBER: _ClassVar[int]
        MAXIMUM_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        minimum: int
        maximum: int
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ...) -> None: ...
    class PendingAttack(_message.Message):
        __slots__ = ("source", "target", "dice", "keep")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        KEEP_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        dice: int
        keep: int
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., dice: _Optional[int] = ..., keep: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTING_FOR_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OWNERS_FIELD_NUMBER: _ClassVar[int]
    ARMIES_FIELD_NUMBER: _ClassVar[int]
    ALIVE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    MISSION_FIELD_NUMBER: _ClassVar[int]
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TRADES_DONE_FIELD_NUMBER: _ClassVar[int]
    NEXT_SET_VALUE_FIELD_NUMBER: _ClassVar[int]
    ARMIES_TO_PLACE_FIELD_NUMBER: _ClassVar[int]
    OCCUPATION_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    CONQUERED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    variant: str
    phase: str
    turn_seat: int
    acting_for: int
    round: int
    owners: _containers.RepeatedScalarFieldContainer[int]
    armies: _containers.RepeatedScalarFieldContainer[int]
    alive: _containers.RepeatedScalarFieldContainer[bool]
    hand: _containers.RepeatedCompositeFieldContainer[RiskObservation.CardView]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    mission: RiskObservation.MissionView
    colours: _containers.RepeatedScalarFieldContainer[str]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    trades_done: int
    next_set_value: int
    armies_to_place: int
    occupation: RiskObservation.Occupation
    attack: RiskObservation.PendingAttack
    conquered_this_turn: bool
    steps: int
    def __init__(self, seat: _Optional[int] = ..., variant: _Optional[str] = ..., phase: _Optional[str] = ..., turn_seat: _Optional[int] = ..., acting_for: _Optional[int] = ..., round: _Optional[int] = ..., owners: _Optional[_Iterable[int]] = ..., armies: _Optional[_Iterable[int]] = ..., alive: _Optional[_Iterable[bool]] = ..., hand: _Optional[_Iterable[_Union[RiskObservation.CardView, _Mapping]]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., mission: _Optional[_Union[RiskObservation.MissionView, _Mapping]] = ..., colours: _Optional[_Iterable[str]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., trades_done: _Optional[int] = ..., next_set_value: _Optional[int] = ..., armies_to_place: _Optional[int] = ..., occupation: _Optional[_Union[RiskObservation.Occupation, _Mapping]] = ..., attack: _Optional[_Union[RiskObservation.PendingAttack, _Mapping]] = ..., conquered_this_turn: _Optional[bool] = ..., steps: _Optional[int] = ...) -> None: ...

class RiskAction(_message.Message):
    __slots__ = ("claim", "place", "trade_cards", "attack", "blitz", "occupy", "fortify", "end_phase", "defend")
    class Claim(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Place(_message.Message):
        __slots__ = ("territory", "armies")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        territory: str
        armies: _common_pb2.Quantity
        def __init__(self, territory: _Optional[str] = ..., armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class TradeCards(_message.Message):
        __slots__ = ("cards", "bonus_territory")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        BONUS_TERRITORY_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        bonus_territory: str
        def __init__(self, cards: _Optional[_Iterable[str]] = ..., bonus_territory: _Optional[str] = ...) -> None: ...
    class Attack(_message.Message):
        __slots__ = ("source", "target", "dice")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        dice: _common_pb2.Quantity
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., dice: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class Blitz(_message.Message):
        __slots__ = ("source", "target", "keep")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        KEEP_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        keep: _common_pb2.Quantity
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., keep: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class Defend(_message.Message):
        __slots__ = ("dice",)
        DICE_FIELD_NUMBER: _ClassVar[int]
        dice: int
        def __init__(self, dice: _Optional[int] = ...) -> None: ...
    class Occupy(_message.Message):
        __slots__ = ("armies",)
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        armies: _common_pb2.Quantity
        def __init__(self, armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class Fortify(_message.Message):
        __slots__ = ("source", "target", "armies")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        ARMIES_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        armies: _common_pb2.Quantity
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., armies: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class EndPhase(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TRADE_CARDS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    BLITZ_FIELD_NUMBER: _ClassVar[int]
    OCCUPY_FIELD_NUMBER: _ClassVar[int]
    FORTIFY_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_FIELD_NUMBER: _ClassVar[int]
    DEFEND_FIELD_NUMBER: _ClassVar[int]
    claim: RiskAction.Claim
    place: RiskAction.Place
    trade_cards: RiskAction.TradeCards
    attack: RiskAction.Attack
    blitz: RiskAction.Blitz
    occupy: RiskAction.Occupy
    fortify: RiskAction.Fortify
    end_phase: RiskAction.EndPhase
    defend: RiskAction.Defend
    def __init__(self, claim: _Optional[_Union[RiskAction.Claim, _Mapping]] = ..., place: _Optional[_Union[RiskAction.Place, _Mapping]] = ..., trade_cards: _Optional[_Union[RiskAction.TradeCards, _Mapping]] = ..., attack: _Optional[_Union[RiskAction.Attack, _Mapping]] = ..., blitz: _Optional[_Union[RiskAction.Blitz, _Mapping]] = ..., occupy: _Optional[_Union[RiskAction.Occupy, _Mapping]] = ..., fortify: _Optional[_Union[RiskAction.Fortify, _Mapping]] = ..., end_phase: _Optional[_Union[RiskAction.EndPhase, _Mapping]] = ..., defend: _Optional[_Union[RiskAction.Defend, _Mapping]] = ...) -> None: ...
