"""Exact odds of the V13 rolls, computed from the engine's own rule functions (never simulated).

:class:`Dist` holds outcomes with :class:`fractions.Fraction` probabilities; the per-roll
functions give the distribution a roll leads to before it is rolled, and the ``*_text``
functions the short line a question shows (``data["odds"]``).
"""
from rules.systems.v13.odds.dist import Dist
from rules.systems.v13.odds.evasion import FateOdds, empty_space_odds, evasion_odds, evasion_text, outcome_odds
from rules.systems.v13.odds.rolls import (
    crippled_rear_guard_odds,
    pursuit_odds,
    pursuit_text,
    pursuit_total_odds,
    rear_guard_rejoin_odds,
    rear_guard_text,
    weapon_status_odds,
    weapon_status_text,
)
from rules.systems.v13.odds.text import breakdown, percent

__all__ = ["Dist", "FateOdds", "breakdown", "crippled_rear_guard_odds", "empty_space_odds", "evasion_odds",
           "evasion_text", "outcome_odds", "percent", "pursuit_odds", "pursuit_text", "pursuit_total_odds",
           "rear_guard_rejoin_odds", "rear_guard_text", "weapon_status_odds", "weapon_status_text"]
