"""Classic Risk with every variant of the books (seeds 000 and 003): see ``RULES.md``."""

from engines.core.contract import STEP_LIMIT, GameInfo
from engines.risk.actions import ACTION_TYPES, EndPhase
from engines.risk.board import LAYOUT
from engines.risk.events import EVENT_TYPES
from engines.risk.match import VERSION, VERSION_1_1, EndReason, RiskMatch
from engines.risk.missions import OPTIONS as MISSION_OPTIONS
from engines.risk.observation import RiskObservation
from engines.risk.variants import CARDS, DEFENDER_DICE, VARIANTS

GAME = GameInfo(
    name="risk",
    description="Classic Risk on the 42-territory world map, with every variant of the books",
    engine_version=VERSION,
    older_versions=(VERSION_1_1,),
    variants=tuple(rules.variant for rules in VARIANTS.values()),
    options=(STEP_LIMIT, *MISSION_OPTIONS, DEFENDER_DICE, CARDS),
    action_types=ACTION_TYPES,
    event_types=EVENT_TYPES,
    end_reasons=tuple(EndReason),
    layout=LAYOUT,
    passive_actions=(EndPhase,),
    match_class=RiskMatch,
    observation_type=RiskObservation,
)

__all__ = ["GAME", "RiskMatch"]
