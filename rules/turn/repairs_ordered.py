"""Seed 004 Turn Orders: a repair ordered (issue 23). "Ships can become damaged and require repairs.
They can be repaired at a shipyard by paying 25% of the ship's original cost. The repair cost counts
against the shipyard's construction capacity, and each ship requires one dock space during repairs.
Bases, atmospheric ships, and fixed defenses can also be repaired using the construction capacity of
planets or other sources of productivity. The repair cost is 25% of the unit's original cost per base
damage level." The repair is paid now and done at Construction Completion
(rules/turn/purchases.py ``complete``) where it fits.

Readings (docs/combat_phase.md, "Base damage levels"; docs/economy.md): a base or fixed defence
(``UnitKind.is_base``) has damage levels, one for each battle that crippled it
(rules/battlehex/results.py), at least one while it is crippled (:func:`rules.model.units.base_levels`);
its repair order names how many of the levels not ordered yet it repairs (all of them when it names
none), for 25% of its cost each; the base is whole again when the last is repaired. An undamaged
base's repair is refused, and so is one for more levels than are left or than the Point Pool or the
planet's construction capacity can pay.
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
from rules.model.economy_model import PowerEconomy, Project
from rules.model.records import LogEntry
from rules.model.units import Unit, base_levels, levels_words
from rules.turn.purchases import CONSTRUCTION, TURN_ORDERS, _where, kind_of, project_id, room


def repair(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "unit": id, "planet": name}``: a crippled unit of the power, standing at its
    planet's sector, repaired there for 25% of its cost (a ship takes a dock space), paid now and
    done at Construction Completion where it fits (a new campaign); an illegal order raises. A base
    or fixed defence is repaired by its damage levels, 25% of its cost each: ``"levels": n`` of
    those not ordered yet (absent: all of them)."""
    keys = {"power", "unit", "planet"}
    if not (isinstance(raw, dict) and set(raw) - {"levels"} == keys and all(isinstance(raw[k], str) for k in keys)
            and (type(raw.get("levels", 1)) is int and raw.get("levels", 1) >= 1)):
        raise IllegalAnswer(TURN_ORDERS, "a repair is {\"repair\": {\"power\": id, \"unit\": id, \"planet\": "
                                         f"name}}}} (a base's: and \"levels\": a whole number from 1), not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "repairs are kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    spot = next(((s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                 if pl.name == raw["planet"] and pl.owner == p.id), None)
    if spot is None:
        raise RuleError(CONSTRUCTION, f"{p.name} repairs only at its own planets: {raw['planet']} is not one")
    s, pl = spot
    u = _where(c, p.id, s, raw["unit"])
    if u is None:
        raise RuleError(CONSTRUCTION, f"{raw['unit']} is not a unit of {p.name} standing at {pl.name} ({s.at})")
    eco = p.economy or PowerEconomy()
    levels, has = _levels(u, raw, eco) or (None, 0)
    if not u.crippled:
        raise RuleError(CONSTRUCTION, f"{u.name} is not crippled: nothing to repair")
    if u.cost is None:
        raise RuleError(CONSTRUCTION, f"{u.name} has no cost in the file (units[].cost): 25% of it cannot be counted")
    if levels is None and any(j.repair_of == u.id for j in eco.projects):
        raise RuleError(CONSTRUCTION, f"{possessive(u.name)} repair is already ordered")
    cost = cons.repair_cost(Fraction(u.cost), levels or 1)
    share = f"25% of {points(Fraction(u.cost))} = {points(cons.repair_cost(Fraction(u.cost)))}" + (
        f" per damage level, {levels} of {has} = {points(cost)}" if levels is not None else "")
    if eco.point_pool < cost:
        debt = " (in debt: no purchases until the pool is paid back)" if eco.point_pool < 0 else ""
        raise RuleError(TURN_ORDERS, f"{possessive(p.name)} Point Pool {points(eco.point_pool)}{debt} cannot "
                                     f"pay {possessive(u.name)} repair: {share}")
    cap, docks = room(c, s, pl, c.turn)
    if cost > cap:
        raise RuleError(CONSTRUCTION, f"{possessive(pl.name)} construction capacity left this turn is "
                                      f"{points(cap)}, the repair "
                                      f"costs {points(cost)}")
    dock = kind_of(u.kind).dock
    if dock and docks < 1:
        raise RuleError(CONSTRUCTION, f"{pl.name} has no dock space left this turn (a ship repaired takes one)")
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    project = Project(id=project_id(eco, p.id, c.turn), unit_class=u.class_designation or u.name, at=s.at,
                      planet=pl.name, cost=cost, turn=c.turn, repair_of=u.id, levels=levels or 1)
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool - cost, "projects": [*eco.projects, project]})
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=CONSTRUCTION, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} orders {possessive(u.name)} repair at {pl.name} ({s.at}): {share}; "
                                 f"Point Pool {points(eco.point_pool)} to "
                                 f"{points(eco.point_pool - cost)}"))
    return new


def _levels(u: Unit, raw: dict[str, Any], eco: PowerEconomy) -> tuple[int, int] | None:
    """The damage levels a base's repair order repairs and those it has (None: not a base), refused
    with the rule when the base has none left to order or fewer than asked (seed 004: "25% of the
    unit's original cost per base damage level")."""
    if not u.kind.is_base:
        if "levels" in raw:
            raise RuleError(CONSTRUCTION, f"{u.name} is no base: only bases and fixed defences are repaired by "
                                          "damage levels")
        return None
    has = base_levels(u)
    if has == 0:
        raise RuleError(CONSTRUCTION, f"{u.name} is undamaged (no damage level): nothing to repair")
    left = has - sum(j.levels for j in eco.projects if j.repair_of == u.id)
    if left < 1:
        raise RuleError(CONSTRUCTION, f"{possessive(u.name)} repair is already ordered ({levels_words(has)}, all it "
                                      "has)")
    wanted = int(raw.get("levels", left))
    if wanted > left:
        raise RuleError(CONSTRUCTION, f"{u.name} has {levels_words(left)} left to repair, not {wanted}"
                                      + (f" ({has - left} ordered already)" if left < has else ""))
    return wanted, has
