"""Seed 004 Turn Orders: scrapping and cancelling (issue 23). "Units can be scrapped to recover 50% of their
original economic cost. Scrapping can be done where the unit could be constructed, and it does
not count against the construction capacity."

Readings (docs/economy.md):

* ``{"scrap": {"power": id, "unit": id, "planet": name}}``: a unit of the power standing at the
  sector of one of its own planets (where it could be built), in a fleet there or the garrison.
* The refund is 50% of the unit's cost (``units[].cost``; refused without one), paid into the
  Point Pool at once; the unit leaves the campaign at once (a fleet left empty leaves too, and
  escorts of it are released); the planet's construction capacity and docks are not touched.
* Cancelling a project not completed yet returns 50% of what was spent on it (its cost, paid in
  full when ordered): :func:`cancel`.
* Refused: a unit aboard another, carrying or towing units (unload them first), or with a repair
  ordered (cancel it first).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy import construction as cons
from rules.economy.income import points
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.economy_model import PowerEconomy
from rules.model.records import LogEntry
from rules.turn.civilian import release_escorts
from rules.turn.purchases import _where

SCRAP = f"{cons.CONSTRUCTION} (scrapping)"


def scrap(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "unit": id, "planet": name}``: the unit scrapped at its power's planet, 50%
    of its cost back in the Point Pool (a new campaign); an illegal order raises, changing nothing."""
    keys = {"power", "unit", "planet"}
    if not (isinstance(raw, dict) and set(raw) == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(cons.TURN_ORDERS, "a scrapping is {\"scrap\": {\"power\": id, \"unit\": id, \"planet\": "
                                              f"name}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(cons.TURN_ORDERS, "scrapping is kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(cons.TURN_ORDERS, f"there is no power {raw['power']!r}")
    spot = next(((s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                 if pl.name == raw["planet"] and pl.owner == p.id), None)
    if spot is None:
        raise RuleError(SCRAP, f"{p.name} scraps only where it could build, at its own planets: {raw['planet']} is "
                               "not one")
    s, pl = spot
    u = _where(c, p.id, s, raw["unit"])
    if u is None:
        raise RuleError(SCRAP, f"{raw['unit']} is not a unit of {p.name} standing at {pl.name} ({s.at})")
    aboard = [x.id for f in c.fleets for x in f.units if x.carrier_id == u.id] + list(u.towing)
    if u.carrier_id is not None or aboard:
        why = f"it is aboard {u.carrier_id}" if u.carrier_id is not None else "it carries or tows " + ", ".join(aboard)
        raise RuleError(SCRAP, f"{u.name} cannot be scrapped now: {why} (unload first)")
    if u.cost is None:
        raise RuleError(SCRAP, f"{u.name} has no cost in the file (units[].cost): 50% of it cannot be counted")
    eco = p.economy or PowerEconomy()
    if any(j.repair_of == u.id for j in eco.projects):
        raise RuleError(SCRAP, f"{possessive(u.name)} repair is ordered: cancel it before scrapping the unit")
    back = cons.scrap_refund(Fraction(u.cost))
    new = c.model_copy(deep=True)
    for f in new.fleets:
        f.units[:] = [x for x in f.units if x.id != u.id]
    for sec in new.map.sectors:
        sec.garrison[:] = [x for x in sec.garrison if x.id != u.id]
    new.fleets = [f for f in new.fleets if f.units]
    q = new.power(p.id)
    assert q is not None
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool + back})
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=SCRAP, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} scraps {u.name} at {pl.name} ({s.at}): 50% of {points(Fraction(u.cost))} "
                                 f"= {points(back)} back; Point Pool {points(eco.point_pool)} to "
                                 f"{points(eco.point_pool + back)}"))
    return release_escorts(new)


def cancel(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "project": id}``: a project not completed yet cancelled, half of what was
    spent on it back in the Point Pool (a new campaign)."""
    if not (isinstance(raw, dict) and set(raw) == {"power", "project"}
            and all(isinstance(v, str) for v in raw.values())):
        raise IllegalAnswer(cons.TURN_ORDERS, f"a cancel is {{\"cancel\": {{\"power\": id, \"project\": id}}}}, "
                                              f"not {raw!r}")
    p = c.power(raw["power"])
    eco = p.economy if p is not None else None
    j = next((x for x in eco.projects if x.id == raw["project"]), None) if eco is not None else None
    if p is None or eco is None or j is None:
        raise RuleError(cons.CONSTRUCTION, f"{raw['power']} has no project {raw['project']!r} waiting to be completed")
    back = cons.cancel_refund(j.cost)
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool + back,
                                       "projects": [x for x in eco.projects if x.id != j.id]})
    team = new.team_of_power(p.id)
    what = f"the repair of {j.repair_of}" if j.repair_of else f"the {j.unit_class}"
    new.log.append(LogEntry(turn=c.turn, rule=cons.CONSTRUCTION, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} cancels {what} at {j.planet} ({j.at}): 50% of {points(j.cost)} = "
                                 f"{points(back)} back; Point Pool {points(eco.point_pool)} to "
                                 f"{points(eco.point_pool + back)}"))
    return new
