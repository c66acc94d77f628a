"""A random-play profile where bases fight (issue 23): the default campaign with seed 004's empire turn
(tests/test_campaign_property.py ``_economy``), every base whole and with a cost, the Federation's Point
Pool at 60, and the Klingon Deep Strike fleet (at war with the Federation) standing at Tau Ceti (0509),
where the Federation keeps a battle station, two ground bases and a DEFSAT. The default profile's economy
games (a few, of one or two turns, a share of battles ruled) counted no base crippled in battle in
20167fa's run and write damage levels into the file instead (``_base_damaged``), so the repair of a base
crippled *in battle* was reached only by scripted tests. What
makes it come here: every battle fought (the test plays with ``ruling=0.0``, SIDCORS), the bases whole at
the start (any damage is a battle's), costed (a repair is 25% of the cost a level) and a pool that can pay.
The raiders at 0509 give a battle there in the first turn; from 0609 the random movement brings them
there too in some seeds (seeds 2, 4 and 5 of the test's search cripple a base either way)."""
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
