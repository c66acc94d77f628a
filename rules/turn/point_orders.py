"""Seed 004 Turn Orders that buy points rather than units (issue 23): a planet's next Productivity
point (:func:`improve`, added at Update Asset by :func:`rules.turn.purchases.improvements`) and
Intel Points (:func:`intel`), each paid at once from the Point Pool and refused with the rule when
illegal (split from rules/turn/purchases.py, behaviour unchanged).

Readings (docs/economy.md): Productivity costs ten times the new value, one point per planet per
turn; Intel Points cost 1 each and are held in the Military Intel Pool.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy import construction as cons
from rules.economy.income import points
from rules.economy.intel import buy_cost
from rules.errors import RuleError
from rules.model.campaign import Campaign, Power
from rules.model.economy_model import PowerEconomy
from rules.model.records import LogEntry
from rules.turn.purchases import INTEL, TURN_ORDERS, UPDATE_ASSET, own_planet


def improve(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "at": "0207", "planet": name}``: the planet's next Productivity point bought
    (ten times the new value, one point per planet per turn), paid now and added at Update Asset
    (a new campaign); an illegal order raises and changes nothing."""
    keys = {"power", "at", "planet"}
    if not (isinstance(raw, dict) and set(raw) == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(TURN_ORDERS, "a Productivity order is {\"productivity\": {\"power\": id, \"at\": "
                                         f"\"0207\", \"planet\": name}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "productivity is kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    s, pl = own_planet(c, p, raw, UPDATE_ASSET, "improves only")
    key = f"{s.at}/{pl.name}"
    eco = p.economy or PowerEconomy()
    if any(key in (x.economy.productivity_orders if x.economy else []) for x in c.powers):
        raise RuleError(UPDATE_ASSET, f"{pl.name} already gains a Productivity point this turn (one per planet per "
                                      "turn)")
    cost = Fraction(cons.productivity_cost(pl.productivity, pl.productivity + 1))
    if eco.point_pool < cost:
        debt = " (in debt: no purchases until the pool is paid back)" if eco.point_pool < 0 else ""
        raise RuleError(UPDATE_ASSET, f"{possessive(p.name)} Point Pool {points(eco.point_pool)}{debt} cannot "
                                      f"pay Productivity "
                                      f"{pl.productivity + 1} at {pl.name}: 10 x {pl.productivity + 1} = {cost}")
    return _paid(c, p, eco.model_copy(update={"point_pool": eco.point_pool - cost,
                                              "productivity_orders": [*eco.productivity_orders, key]}),
                 UPDATE_ASSET, f"{p.name} buys Productivity {pl.productivity + 1} at {pl.name} ({s.at}): 10 x "
                               f"{pl.productivity + 1} = {cost}; Point Pool {points(eco.point_pool)} to "
                               f"{points(eco.point_pool - cost)}; added at Update Asset")


def intel(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "points": n}``: ``n`` Intel Points bought at 1 each, paid now, held in the
    power's Military Intel Pool (their upkeep counts from the next Income) (a new campaign)."""
    if not (isinstance(raw, dict) and set(raw) == {"power", "points"} and isinstance(raw["power"], str)
            and isinstance(raw["points"], int) and not isinstance(raw["points"], bool) and raw["points"] >= 1):
        raise IllegalAnswer(TURN_ORDERS, f"Intel Points are bought as {{\"intel\": {{\"power\": id, \"points\": "
                                         f"1 or more}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "Intel Points are kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    eco = p.economy or PowerEconomy()
    cost = Fraction(buy_cost(raw["points"]))
    if eco.point_pool < cost:
        debt = " (in debt: no purchases until the pool is paid back)" if eco.point_pool < 0 else ""
        raise RuleError(INTEL, f"{possessive(p.name)} Point Pool {points(eco.point_pool)}{debt} cannot pay "
                               f"{raw['points']} Intel "
                               f"Points (1 each)")
    return _paid(c, p, eco.model_copy(update={"point_pool": eco.point_pool - cost,
                                              "intel_points": eco.intel_points + raw["points"]}),
                 INTEL, f"{p.name} buys {raw['points']} Intel Points for {points(cost)}: "
                        f"{eco.intel_points + raw['points']} held; Point Pool {points(eco.point_pool)} to "
                        f"{points(eco.point_pool - cost)}")


def _paid(c: Campaign, p: Power, eco: PowerEconomy, rule: str, text: str) -> Campaign:
    """A new campaign with ``p``'s economy now ``eco`` and the purchase logged, secret to its Team."""
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    q.economy = eco
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=rule, secret_of=[team.id if team else "gm"], text=text))
    return new
