"""Risk : la colonisation (seed 004), 1830: nations found schools, colonise virgin territories
and score every year on the classic world board: see ``RULES.md``."""

from engines.colonisation.actions import ACTION_TYPES, Bid, EndTurn, Engage, Stop
from engines.colonisation.board import LAYOUT
from engines.colonisation.events import EVENT_TYPES
from engines.colonisation.match import VERSION, VERSION_1_0, ColonisationMatch, EndReason
from engines.colonisation.observation import ColonisationObservation
from engines.colonisation.variants import OPTIONS, VARIANTS
from engines.core.contract import STEP_LIMIT, GameInfo

GAME = GameInfo(
    name="colonisation",
    description="Risk : la colonisation, 1830: 3-6 nations draw and auction their first "
    "territories, found military schools, colonise virgin and hostile lands, wage wars with "
    "support and score points every year on the classic world board",
    engine_version=VERSION,
    older_versions=(VERSION_1_0,),
    variants=tuple(rules.variant for rules in VARIANTS.values()),
    options=(STEP_LIMIT, *OPTIONS),
    action_types=ACTION_TYPES,
    event_types=EVENT_TYPES,
    end_reasons=tuple(EndReason),
    layout=LAYOUT,
    passive_actions=(EndTurn, Bid, Engage, Stop),
    match_class=ColonisationMatch,
    observation_type=ColonisationObservation,
)

__all__ = ["GAME", "ColonisationMatch"]
