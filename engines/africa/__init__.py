"""Africa (seed 002), the 1880-1914 game of secret simultaneous orders and diplomacy: see
``RULES.md``."""

from engines.africa.actions import ACTION_TYPES, EndDiplomacy, SubmitOrders
from engines.africa.board import LAYOUT
from engines.africa.events import EVENT_TYPES
from engines.africa.match import AfricaMatch, EndReason
from engines.africa.observation import AfricaObservation
from engines.africa.variants import MESSAGE_LENGTH, MESSAGES, VARIANTS
from engines.core.contract import STEP_LIMIT, GameInfo

GAME = GameInfo(
    name="africa",
    description="Africa 1880: 3-6 powers write secret orders at once (develop, explore, land, "
    "alliance or war), talk freely, and found colonies over 8 turns",
    engine_version="africa-1.1.0",
    variants=tuple(rules.variant for rules in VARIANTS.values()),
    options=(STEP_LIMIT, MESSAGES, MESSAGE_LENGTH),
    action_types=ACTION_TYPES,
    event_types=EVENT_TYPES,
    end_reasons=tuple(EndReason),
    layout=LAYOUT,
    passive_actions=(EndDiplomacy, SubmitOrders),
    match_class=AfricaMatch,
    observation_type=AfricaObservation,
)

__all__ = ["GAME", "AfricaMatch"]
