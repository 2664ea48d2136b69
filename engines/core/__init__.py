"""The engine contract shared by every game (see ``contract``) and its plain-data codec."""

from engines.core.contract import (
    STEP_LIMIT,
    Action,
    Amount,
    BadSetup,
    EngineError,
    Event,
    GameInfo,
    IllegalAction,
    Match,
    MatchOver,
    Option,
    Result,
    UnknownGame,
    Variant,
    amount_field,
    visible_event,
)

__all__ = [
    "STEP_LIMIT",
    "Action",
    "Amount",
    "BadSetup",
    "EngineError",
    "Event",
    "GameInfo",
    "IllegalAction",
    "Match",
    "MatchOver",
    "Option",
    "Result",
    "UnknownGame",
    "Variant",
    "amount_field",
    "visible_event",
]
