"""Conquêtes (seed 001), the card game of connected territories, with its solo mode: see
``RULES.md``."""

from engines.conquetes.actions import ACTION_TYPES, CommitSupport, DrawTwo
from engines.conquetes.board import LAYOUT
from engines.conquetes.events import EVENT_TYPES
from engines.conquetes.match import ConquetesMatch, EndReason
from engines.conquetes.observation import ConquetesObservation
from engines.conquetes.variants import BOT_LEVEL, VARIANTS
from engines.core.contract import STEP_LIMIT, GameInfo

GAME = GameInfo(
    name="conquetes",
    description="Conquêtes: 90 region cards, hidden hands, face-down support, score one "
    "territory of connected regions; 2-4 players or solo against the book's bot",
    engine_version="conquetes-1.1.0",
    variants=tuple(rules.variant for rules in VARIANTS.values()),
    options=(STEP_LIMIT, BOT_LEVEL),
    action_types=ACTION_TYPES,
    event_types=EVENT_TYPES,
    end_reasons=tuple(EndReason),
    layout=LAYOUT,
    passive_actions=(CommitSupport, DrawTwo),
    match_class=ConquetesMatch,
    observation_type=ConquetesObservation,
)

__all__ = ["GAME", "ConquetesMatch"]
