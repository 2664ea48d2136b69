"""Risk 2210 A.D. (seed 003, its first part): five years of war on the Earth, its seas and the
Moon, with energy, commanders, space stations and command cards: see ``RULES.md``."""

from engines.core.contract import STEP_LIMIT, GameInfo
from engines.risk2210.actions import ACTION_TYPES, Bid, EndPhase, Pass, Retreat
from engines.risk2210.board import LAYOUT
from engines.risk2210.events import EVENT_TYPES
from engines.risk2210.match import VERSION, VERSION_1_0, EndReason, Risk2210Match
from engines.risk2210.observation import Risk2210Observation
from engines.risk2210.variants import OPTIONS, VARIANTS

GAME = GameInfo(
    name="risk2210",
    description="Risk 2210 A.D.: five years of war on the Earth, its seas and the Moon, with "
    "energy bids for the turn order, commanders and their d8s, space stations and the 100 "
    "command cards; 3-5 players, or 2 with a neutral",
    engine_version=VERSION,
    older_versions=(VERSION_1_0,),
    variants=tuple(rules.variant for rules in VARIANTS.values()),
    options=(STEP_LIMIT, *OPTIONS),
    action_types=ACTION_TYPES,
    event_types=EVENT_TYPES,
    end_reasons=tuple(EndReason),
    layout=LAYOUT,
    passive_actions=(Pass, EndPhase, Retreat, Bid),
    match_class=Risk2210Match,
    observation_type=Risk2210Observation,
)

__all__ = ["GAME", "Risk2210Match"]
