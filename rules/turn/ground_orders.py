"""Seed 004 Turn Orders: ground units raised at a planet (issue 23). "The number of ground units
that can be raised each turn is limited by the Census of the planet. Larger planets can raise
more ground units compared to sparsely populated frontier planets." "Ground units cannot be
partially constructed."

Readings (docs/economy.md):

* ``{"ground": {"power": id, "class": name, "at": "0207", "planet": name}}``: a ground unit of the
  power's ``ground_list`` (named by the ground unit's name) raised at its own planet, paid at once
  from the Point Pool and recorded as a project (``ground`` true).
* At most Census ground units are ordered at a planet in a turn (this turn's ground orders there
  counted); the cost takes construction capacity like any project, but no dock space.
* Construction Completion raises it whole on the planet (``Planet.ground_units``), within the
  capacity and the Census then (rules/economy/construction.py), else it waits for the next one.
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy import construction as cons
from rules.economy.income import points
from rules.errors import RuleError
from rules.model.campaign import Campaign, Planet, Sector
from rules.model.economy_model import PowerEconomy, Project
from rules.model.records import LogEntry
from rules.turn.purchases import own_planet, project_id, room

CENSUS_LIMIT = f"{cons.CONSTRUCTION} (ground units)"


def raised(c: Campaign, s: Sector, pl: Planet, turn: int) -> int:
    """Ground units ordered at the planet in ``turn`` (every power's)."""
    return sum(1 for p in c.powers for j in (p.economy.projects if p.economy is not None else [])
               if j.ground and j.turn == turn and j.at == s.at and j.planet == pl.name)


def order(c: Campaign, raw: Any) -> Campaign:
    """The ground unit ordered at the planet, paid and recorded as a project (a new campaign); an
    illegal order raises and changes nothing."""
    keys = {"power", "class", "at", "planet"}
    if not (isinstance(raw, dict) and set(raw) == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(cons.TURN_ORDERS, "a ground unit is {\"ground\": {\"power\": id, \"class\": name, \"at\": "
                                              f"\"0207\", \"planet\": name}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(cons.TURN_ORDERS, "ground units are kept by hand in this campaign (settings.empire_turn "
                                          "by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(cons.TURN_ORDERS, f"there is no power {raw['power']!r}")
    entry = next((g for g in p.ground_list if g.unit.name == raw["class"]), None)
    if entry is None:
        raise RuleError(cons.TURN_ORDERS, f"{p.name} may not raise a {raw['class']}: it is not on its ground_list")
    eco = p.economy or PowerEconomy()
    if entry.in_service is not None and entry.in_service > eco.tech_year:
        raise RuleError(cons.TURN_ORDERS, f"the {raw['class']} enters service in Y{entry.in_service}, after "
                                          f"{possessive(p.name)} Tech Year {eco.tech_year}")
    s, pl = own_planet(c, p, raw, cons.TURN_ORDERS, "raises ground units only at")
    if eco.point_pool < entry.cost:
        debt = " (in debt: no purchases until the pool is paid back)" if eco.point_pool < 0 else ""
        raise RuleError(cons.TURN_ORDERS, f"{possessive(p.name)} Point Pool {points(eco.point_pool)}{debt} cannot pay "
                                          f"the {possessive(raw['class'])} cost {points(entry.cost)}")
    n = raised(c, s, pl, c.turn)
    if n >= pl.census:
        raise RuleError(CENSUS_LIMIT, f"{pl.name} raises at most its Census ({pl.census}) ground units a turn; "
                                      f"{n} are ordered there this turn")
    cap, _ = room(c, s, pl, c.turn)
    if entry.cost > cap:
        raise RuleError(cons.CONSTRUCTION, f"{possessive(pl.name)} construction capacity left this turn is "
                                           f"{points(cap)}, the {raw['class']} costs {points(entry.cost)}")
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    project = Project(id=project_id(eco, p.id, c.turn), unit_class=raw["class"], at=s.at, planet=pl.name,
                      cost=entry.cost, turn=c.turn, ground=True)
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool - entry.cost,
                                       "projects": [*eco.projects, project]})
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=cons.TURN_ORDERS, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} orders a {raw['class']} (ground unit {n + 1} of at most {pl.census}) at "
                                 f"{pl.name} ({s.at}) for {points(entry.cost)}: Point Pool {points(eco.point_pool)} "
                                 f"to {points(eco.point_pool - entry.cost)}; capacity left {points(cap - entry.cost)}"))
    return new
