from bots.protocol.arena.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Risk2210Setup(_message.Message):
    __slots__ = ("board",)
    BOARD_FIELD_NUMBER: _ClassVar[int]
    board: Risk2210Board
    def __init__(self, board: _Optional[_Union[Risk2210Board, _Mapping]] = ...) -> None: ...

class Risk2210Board(_message.Message):
    __slots__ = ("territories", "names", "kinds", "region_of", "regions", "region_names", "region_kinds", "region_bonus", "members", "neighbours", "landing_sites", "index")
    class IndexEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    REGION_OF_FIELD_NUMBER: _ClassVar[int]
    REGIONS_FIELD_NUMBER: _ClassVar[int]
    REGION_NAMES_FIELD_NUMBER: _ClassVar[int]
    REGION_KINDS_FIELD_NUMBER: _ClassVar[int]
    REGION_BONUS_FIELD_NUMBER: _ClassVar[int]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    LANDING_SITES_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    territories: _containers.RepeatedScalarFieldContainer[str]
    names: _containers.RepeatedScalarFieldContainer[str]
    kinds: _containers.RepeatedScalarFieldContainer[str]
    region_of: _containers.RepeatedScalarFieldContainer[int]
    regions: _containers.RepeatedScalarFieldContainer[str]
    region_names: _containers.RepeatedScalarFieldContainer[str]
    region_kinds: _containers.RepeatedScalarFieldContainer[str]
    region_bonus: _containers.RepeatedScalarFieldContainer[int]
    members: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    neighbours: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    landing_sites: _containers.RepeatedScalarFieldContainer[int]
    index: _containers.ScalarMap[str, int]
    def __init__(self, territories: _Optional[_Iterable[str]] = ..., names: _Optional[_Iterable[str]] = ..., kinds: _Optional[_Iterable[str]] = ..., region_of: _Optional[_Iterable[int]] = ..., regions: _Optional[_Iterable[str]] = ..., region_names: _Optional[_Iterable[str]] = ..., region_kinds: _Optional[_Iterable[str]] = ..., region_bonus: _Optional[_Iterable[int]] = ..., members: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., neighbours: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., landing_sites: _Optional[_Iterable[int]] = ..., index: _Optional[_Mapping[str, int]] = ...) -> None: ...

class Risk2210Observation(_message.Message):
    __slots__ = ("seat", "variant", "phase", "year", "mover", "order", "owners", "mods", "stations", "devastated", "commanders", "energy", "alive", "hand", "unseen", "hand_sizes", "deck_sizes", "territory_decks", "my_bid", "bids", "markers", "mods_to_place", "pieces_left", "cards_bought", "contested_captures", "invasion", "occupation", "losing", "fortified", "invaded", "jammed", "ceasefire", "hidden_energy", "hidden_energy_cards", "extraction", "scouts", "scout_cards", "earth_targets", "reinforcements_left")
    class CardView(_message.Message):
        __slots__ = ("id", "deck", "name_en", "name_fr", "cost", "timing")
        ID_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        NAME_EN_FIELD_NUMBER: _ClassVar[int]
        NAME_FR_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        TIMING_FIELD_NUMBER: _ClassVar[int]
        id: str
        deck: str
        name_en: str
        name_fr: str
        cost: int
        timing: str
        def __init__(self, id: _Optional[str] = ..., deck: _Optional[str] = ..., name_en: _Optional[str] = ..., name_fr: _Optional[str] = ..., cost: _Optional[int] = ..., timing: _Optional[str] = ...) -> None: ...
    class InvasionView(_message.Message):
        __slots__ = ("seat", "source", "target", "defender", "rolls", "contested", "dice", "commanders")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        ROLLS_FIELD_NUMBER: _ClassVar[int]
        CONTESTED_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        source: str
        target: str
        defender: int
        rolls: int
        contested: bool
        dice: int
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., target: _Optional[str] = ..., defender: _Optional[int] = ..., rolls: _Optional[int] = ..., contested: _Optional[bool] = ..., dice: _Optional[int] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    class OccupationView(_message.Message):
        __slots__ = ("source", "target", "minimum", "commanders")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        MINIMUM_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        minimum: int
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., minimum: _Optional[int] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    YEAR_FIELD_NUMBER: _ClassVar[int]
    MOVER_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    OWNERS_FIELD_NUMBER: _ClassVar[int]
    MODS_FIELD_NUMBER: _ClassVar[int]
    STATIONS_FIELD_NUMBER: _ClassVar[int]
    DEVASTATED_FIELD_NUMBER: _ClassVar[int]
    COMMANDERS_FIELD_NUMBER: _ClassVar[int]
    ENERGY_FIELD_NUMBER: _ClassVar[int]
    ALIVE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    UNSEEN_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZES_FIELD_NUMBER: _ClassVar[int]
    TERRITORY_DECKS_FIELD_NUMBER: _ClassVar[int]
    MY_BID_FIELD_NUMBER: _ClassVar[int]
    BIDS_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    MODS_TO_PLACE_FIELD_NUMBER: _ClassVar[int]
    PIECES_LEFT_FIELD_NUMBER: _ClassVar[int]
    CARDS_BOUGHT_FIELD_NUMBER: _ClassVar[int]
    CONTESTED_CAPTURES_FIELD_NUMBER: _ClassVar[int]
    INVASION_FIELD_NUMBER: _ClassVar[int]
    OCCUPATION_FIELD_NUMBER: _ClassVar[int]
    LOSING_FIELD_NUMBER: _ClassVar[int]
    FORTIFIED_FIELD_NUMBER: _ClassVar[int]
    INVADED_FIELD_NUMBER: _ClassVar[int]
    JAMMED_FIELD_NUMBER: _ClassVar[int]
    CEASEFIRE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_ENERGY_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_ENERGY_CARDS_FIELD_NUMBER: _ClassVar[int]
    EXTRACTION_FIELD_NUMBER: _ClassVar[int]
    SCOUTS_FIELD_NUMBER: _ClassVar[int]
    SCOUT_CARDS_FIELD_NUMBER: _ClassVar[int]
    EARTH_TARGETS_FIELD_NUMBER: _ClassVar[int]
    REINFORCEMENTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    variant: str
    phase: str
    year: int
    mover: int
    order: _containers.RepeatedScalarFieldContainer[int]
    owners: _containers.RepeatedScalarFieldContainer[int]
    mods: _containers.RepeatedScalarFieldContainer[int]
    stations: _containers.RepeatedScalarFieldContainer[int]
    devastated: _containers.RepeatedScalarFieldContainer[str]
    commanders: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    energy: _containers.RepeatedScalarFieldContainer[int]
    alive: _containers.RepeatedScalarFieldContainer[bool]
    hand: _containers.RepeatedCompositeFieldContainer[Risk2210Observation.CardView]
    unseen: int
    hand_sizes: _containers.RepeatedCompositeFieldContainer[_common_pb2.IndexList]
    deck_sizes: _containers.RepeatedScalarFieldContainer[int]
    territory_decks: _containers.RepeatedScalarFieldContainer[int]
    my_bid: int
    bids: _containers.RepeatedScalarFieldContainer[int]
    markers: _containers.RepeatedScalarFieldContainer[int]
    mods_to_place: int
    pieces_left: _containers.RepeatedScalarFieldContainer[str]
    cards_bought: int
    contested_captures: int
    invasion: Risk2210Observation.InvasionView
    occupation: Risk2210Observation.OccupationView
    losing: _containers.RepeatedScalarFieldContainer[str]
    fortified: bool
    invaded: bool
    jammed: _containers.RepeatedScalarFieldContainer[int]
    ceasefire: _containers.RepeatedScalarFieldContainer[int]
    hidden_energy: _containers.RepeatedScalarFieldContainer[str]
    hidden_energy_cards: _containers.RepeatedScalarFieldContainer[int]
    extraction: bool
    scouts: _containers.RepeatedScalarFieldContainer[str]
    scout_cards: _containers.RepeatedScalarFieldContainer[int]
    earth_targets: _containers.RepeatedScalarFieldContainer[str]
    reinforcements_left: int
    def __init__(self, seat: _Optional[int] = ..., variant: _Optional[str] = ..., phase: _Optional[str] = ..., year: _Optional[int] = ..., mover: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., owners: _Optional[_Iterable[int]] = ..., mods: _Optional[_Iterable[int]] = ..., stations: _Optional[_Iterable[int]] = ..., devastated: _Optional[_Iterable[str]] = ..., commanders: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., energy: _Optional[_Iterable[int]] = ..., alive: _Optional[_Iterable[bool]] = ..., hand: _Optional[_Iterable[_Union[Risk2210Observation.CardView, _Mapping]]] = ..., unseen: _Optional[int] = ..., hand_sizes: _Optional[_Iterable[_Union[_common_pb2.IndexList, _Mapping]]] = ..., deck_sizes: _Optional[_Iterable[int]] = ..., territory_decks: _Optional[_Iterable[int]] = ..., my_bid: _Optional[int] = ..., bids: _Optional[_Iterable[int]] = ..., markers: _Optional[_Iterable[int]] = ..., mods_to_place: _Optional[int] = ..., pieces_left: _Optional[_Iterable[str]] = ..., cards_bought: _Optional[int] = ..., contested_captures: _Optional[int] = ..., invasion: _Optional[_Union[Risk2210Observation.InvasionView, _Mapping]] = ..., occupation: _Optional[_Union[Risk2210Observation.OccupationView, _Mapping]] = ..., losing: _Optional[_Iterable[str]] = ..., fortified: _Optional[bool] = ..., invaded: _Optional[bool] = ..., jammed: _Optional[_Iterable[int]] = ..., ceasefire: _Optional[_Iterable[int]] = ..., hidden_energy: _Optional[_Iterable[str]] = ..., hidden_energy_cards: _Optional[_Iterable[int]] = ..., extraction: _Optional[bool] = ..., scouts: _Optional[_Iterable[str]] = ..., scout_cards: _Optional[_Iterable[int]] = ..., earth_targets: _Optional[_Iterable[str]] = ..., reinforcements_left: _Optional[int] = ...) -> None: ...

class Risk2210Action(_message.Message):
    __slots__ = ("claim", "place", "place_piece", "bid", "choose_marker", "hire", "build_station", "buy_card", "invade", "capture", "roll", "retreat", "defend", "remove", "station_choice", "occupy", "choose_deck", "fortify", "play_card", "relocate", "remove_mods", "end_phase")
    class Claim(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class Place(_message.Message):
        __slots__ = ("territory", "mods")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        MODS_FIELD_NUMBER: _ClassVar[int]
        territory: str
        mods: _common_pb2.Quantity
        def __init__(self, territory: _Optional[str] = ..., mods: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class PlacePiece(_message.Message):
        __slots__ = ("piece", "territory")
        PIECE_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        piece: str
        territory: str
        def __init__(self, piece: _Optional[str] = ..., territory: _Optional[str] = ...) -> None: ...
    class Bid(_message.Message):
        __slots__ = ("energy",)
        ENERGY_FIELD_NUMBER: _ClassVar[int]
        energy: _common_pb2.Quantity
        def __init__(self, energy: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class ChooseMarker(_message.Message):
        __slots__ = ("position",)
        POSITION_FIELD_NUMBER: _ClassVar[int]
        position: int
        def __init__(self, position: _Optional[int] = ...) -> None: ...
    class Hire(_message.Message):
        __slots__ = ("commander", "territory")
        COMMANDER_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        commander: str
        territory: str
        def __init__(self, commander: _Optional[str] = ..., territory: _Optional[str] = ...) -> None: ...
    class BuildStation(_message.Message):
        __slots__ = ("territory",)
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        territory: str
        def __init__(self, territory: _Optional[str] = ...) -> None: ...
    class BuyCard(_message.Message):
        __slots__ = ("deck",)
        DECK_FIELD_NUMBER: _ClassVar[int]
        deck: str
        def __init__(self, deck: _Optional[str] = ...) -> None: ...
    class Invade(_message.Message):
        __slots__ = ("source", "target")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ...) -> None: ...
    class Capture(_message.Message):
        __slots__ = ("source", "target", "mods", "commanders")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        MODS_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        mods: _common_pb2.Quantity
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., mods: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    class Roll(_message.Message):
        __slots__ = ("dice", "commanders")
        DICE_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        dice: _common_pb2.Quantity
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, dice: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    class Retreat(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Defend(_message.Message):
        __slots__ = ("dice",)
        DICE_FIELD_NUMBER: _ClassVar[int]
        dice: int
        def __init__(self, dice: _Optional[int] = ...) -> None: ...
    class Remove(_message.Message):
        __slots__ = ("commander",)
        COMMANDER_FIELD_NUMBER: _ClassVar[int]
        commander: str
        def __init__(self, commander: _Optional[str] = ...) -> None: ...
    class StationChoice(_message.Message):
        __slots__ = ("replace",)
        REPLACE_FIELD_NUMBER: _ClassVar[int]
        replace: bool
        def __init__(self, replace: _Optional[bool] = ...) -> None: ...
    class Occupy(_message.Message):
        __slots__ = ("mods", "commanders")
        MODS_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        mods: _common_pb2.Quantity
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, mods: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    class ChooseDeck(_message.Message):
        __slots__ = ("deck",)
        DECK_FIELD_NUMBER: _ClassVar[int]
        deck: str
        def __init__(self, deck: _Optional[str] = ...) -> None: ...
    class Fortify(_message.Message):
        __slots__ = ("source", "target", "mods", "commanders")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        MODS_FIELD_NUMBER: _ClassVar[int]
        COMMANDERS_FIELD_NUMBER: _ClassVar[int]
        source: str
        target: str
        mods: _common_pb2.Quantity
        commanders: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, source: _Optional[str] = ..., target: _Optional[str] = ..., mods: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ..., commanders: _Optional[_Iterable[str]] = ...) -> None: ...
    class PlayCard(_message.Message):
        __slots__ = ("card", "territory", "player", "commander")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        PLAYER_FIELD_NUMBER: _ClassVar[int]
        COMMANDER_FIELD_NUMBER: _ClassVar[int]
        card: str
        territory: str
        player: int
        commander: str
        def __init__(self, card: _Optional[str] = ..., territory: _Optional[str] = ..., player: _Optional[int] = ..., commander: _Optional[str] = ...) -> None: ...
    class Relocate(_message.Message):
        __slots__ = ("commander", "territory")
        COMMANDER_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        commander: str
        territory: str
        def __init__(self, commander: _Optional[str] = ..., territory: _Optional[str] = ...) -> None: ...
    class RemoveMods(_message.Message):
        __slots__ = ("territory", "mods")
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        MODS_FIELD_NUMBER: _ClassVar[int]
        territory: str
        mods: _common_pb2.Quantity
        def __init__(self, territory: _Optional[str] = ..., mods: _Optional[_Union[_common_pb2.Quantity, _Mapping]] = ...) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class EndPhase(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLACE_PIECE_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_MARKER_FIELD_NUMBER: _ClassVar[int]
    HIRE_FIELD_NUMBER: _ClassVar[int]
    BUILD_STATION_FIELD_NUMBER: _ClassVar[int]
    BUY_CARD_FIELD_NUMBER: _ClassVar[int]
    INVADE_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    DEFEND_FIELD_NUMBER: _ClassVar[int]
    REMOVE_FIELD_NUMBER: _ClassVar[int]
    STATION_CHOICE_FIELD_NUMBER: _ClassVar[int]
    OCCUPY_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DECK_FIELD_NUMBER: _ClassVar[int]
    FORTIFY_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    RELOCATE_FIELD_NUMBER: _ClassVar[int]
    REMOVE_MODS_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_FIELD_NUMBER: _ClassVar[int]
    claim: Risk2210Action.Claim
    place: Risk2210Action.Place
    place_piece: Risk2210Action.PlacePiece
    bid: Risk2210Action.Bid
    choose_marker: Risk2210Action.ChooseMarker
    hire: Risk2210Action.Hire
    build_station: Risk2210Action.BuildStation
    buy_card: Risk2210Action.BuyCard
    invade: Risk2210Action.Invade
    capture: Risk2210Action.Capture
    roll: Risk2210Action.Roll
    retreat: Risk2210Action.Retreat
    defend: Risk2210Action.Defend
    remove: Risk2210Action.Remove
    station_choice: Risk2210Action.StationChoice
    occupy: Risk2210Action.Occupy
    choose_deck: Risk2210Action.ChooseDeck
    fortify: Risk2210Action.Fortify
    play_card: Risk2210Action.PlayCard
    relocate: Risk2210Action.Relocate
    remove_mods: Risk2210Action.RemoveMods
    end_phase: Risk2210Action.EndPhase
    def __init__(self, claim: _Optional[_Union[Risk2210Action.Claim, _Mapping]] = ..., place: _Optional[_Union[Risk2210Action.Place, _Mapping]] = ..., place_piece: _Optional[_Union[Risk2210Action.PlacePiece, _Mapping]] = ..., bid: _Optional[_Union[Risk2210Action.Bid, _Mapping]] = ..., choose_marker: _Optional[_Union[Risk2210Action.ChooseMarker, _Mapping]] = ..., hire: _Optional[_Union[Risk2210Action.Hire, _Mapping]] = ..., build_station: _Optional[_Union[Risk2210Action.BuildStation, _Mapping]] = ..., buy_card: _Optional[_Union[Risk2210Action.BuyCard, _Mapping]] = ..., invade: _Optional[_Union[Risk2210Action.Invade, _Mapping]] = ..., capture: _Optional[_Union[Risk2210Action.Capture, _Mapping]] = ..., roll: _Optional[_Union[Risk2210Action.Roll, _Mapping]] = ..., retreat: _Optional[_Union[Risk2210Action.Retreat, _Mapping]] = ..., defend: _Optional[_Union[Risk2210Action.Defend, _Mapping]] = ..., remove: _Optional[_Union[Risk2210Action.Remove, _Mapping]] = ..., station_choice: _Optional[_Union[Risk2210Action.StationChoice, _Mapping]] = ..., occupy: _Optional[_Union[Risk2210Action.Occupy, _Mapping]] = ..., choose_deck: _Optional[_Union[Risk2210Action.ChooseDeck, _Mapping]] = ..., fortify: _Optional[_Union[Risk2210Action.Fortify, _Mapping]] = ..., play_card: _Optional[_Union[Risk2210Action.PlayCard, _Mapping]] = ..., relocate: _Optional[_Union[Risk2210Action.Relocate, _Mapping]] = ..., remove_mods: _Optional[_Union[Risk2210Action.RemoveMods, _Mapping]] = ..., end_phase: _Optional[_Union[Risk2210Action.EndPhase, _Mapping]] = ..., **kwargs) -> None: ...
