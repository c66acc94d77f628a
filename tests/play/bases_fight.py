"""A random-play profile where bases fight (issue 23): the default campaign with seed 004's empire turn
(tests/test_campaign_property.py ``_economy``), every base whole and with a cost, and the Klingon Deep
Strike fleet (at war with the Federation) standing at Tau Ceti (0509), where the Federation keeps a
battle station, two ground bases and a DEFSAT. In the default profile no battle is fought at a base, so
base damage levels (rules/battlehex/results.py) and their repair (rules/turn/repairs_ordered.py) were
reached only by scripted tests and by damage written into the file; here a battle can cripple a base,
the random player orders its repair from the orders dialog's list (TurnPlayer._legal) and Construction
Completion does it, or the next battle destroys it first."""
from __future__ import annotations

from fractions import Fraction

from hexmap import Label
from rules.model.campaign import Campaign

AT = "0509"
"""Tau Ceti, the Federation's sector with four bases."""
RAIDERS = "kli-deep-strike"


def bases_fight(c: Campaign, pool: int = 60) -> Campaign:
    """``c`` (the default campaign run with the empire turn) with the raiders at Tau Ceti, no orders, every
    base whole (any damage comes from a battle) and with a cost (a repair is 25% of it a level), and the
    Federation's Point Pool at ``pool`` (a random record may be in debt, which buys no repair)."""
    c = c.model_copy(deep=True)
    raiders = next(f for f in c.fleets if f.id == RAIDERS)
    raiders.sector, raiders.orders = Label.parse(AT), []
    for s in c.map.sectors:
        for u in s.garrison:
            if u.kind.is_base:
                u.crippled, u.damage_levels = False, 0
                u.cost = u.cost or Fraction(20)
    fed = c.power("fed")
    assert fed is not None and fed.economy is not None
    fed.economy.point_pool = Fraction(pool)
    return c


def crippled_in_battle(log_texts: list[str]) -> list[str]:
    """The bases a battle crippled, by name (the write-back's 'X is crippled: 1 damage level to repair')."""
    return [t.split(" is crippled: ")[0] for t in log_texts if " is crippled: " in t and " damage level" in t]
