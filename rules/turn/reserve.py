"""Seed 004 Turn Orders: Reserve, mothballs and reactivation (issue 23). "Reserve status allows
units to be deactivated, reducing their maintenance cost. Activating a reserve unit requires an
order and incurs full maintenance cost. [...] Ships can be mothballed at a shipyard [...].
Mothballed units do not incur maintenance costs. To restore a mothballed ship, the full
maintenance cost must be paid, and it requires dock space." "Units placed in special maintenance
status [...] during the turn orders phase will assume their new status during the construction
completion phase. The effects [...] will take effect in the next campaign turn's income phase."

Readings (docs/economy.md):

* ``{"reserve": {"power": id, "unit": id}}``: an active unit of the power (in its fleets or its
  sectors' garrisons) goes to Reserve. ``{"mothball": {"power": id, "unit": id, "planet": name}}``:
  a ship of the power standing at its own planet (BattleHex has no separate shipyards) is
  mothballed. ``{"reactivate": {"power": id, "unit": id, "planet": name}}``: a unit in Reserve or
  mothballed is reactivated, its class's full maintenance (``economy.maintenance``) paid now; a
  mothballed one must stand at the power's planet ``planet`` with a dock space left this turn (a
  unit in Reserve needs no ``planet``).
* One status order a unit a turn; each is assumed at Construction Completion (:func:`assume`); the
  Income ledger then counts a unit in Reserve at ``reserve_share`` of its maintenance (the seed
  gives no figure: 1/2 unless the file says otherwise) and a mothballed one at nothing
  (rules/turn/empire_facts.py).
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
from rules.model.units import UnitFate
from rules.turn.purchases import _where, kind_of, room

RULE = f"{cons.CONSTRUCTION} (reserve and mothballs)"
VERBS = {"reserve": "goes to Reserve", "mothball": "is mothballed", "active": "is reactivated"}


def order(kind: str, c: Campaign, raw: Any) -> Campaign:
    """A Reserve, mothball or reactivation order (``kind``) checked and recorded, paid when it is a
    reactivation (a new campaign); an illegal order raises and changes nothing."""
    keys = {"power", "unit"} | ({"planet"} if kind == "mothball" else set())
    given = set(raw) if isinstance(raw, dict) else set()
    if not (isinstance(raw, dict) and (given == keys or kind == "reactivate" and given == keys | {"planet"})
            and all(isinstance(raw[k], str) for k in given)):
        shape = ", ".join(f"\"{k}\": ..." for k in sorted(keys))
        raise IllegalAnswer(cons.TURN_ORDERS, f"a {kind} order is {{\"{kind}\": {{{shape}}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(cons.TURN_ORDERS, f"{kind} orders are kept by hand in this campaign (settings.empire_turn "
                                          "by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(cons.TURN_ORDERS, f"there is no power {raw['power']!r}")
    eco = p.economy or PowerEconomy()
    units = {u.id: u for f in c.fleets if f.power == p.id for u in f.units if u.fate is UnitFate.ACTIVE}
    units.update({u.id: u for s in c.map.sectors if s.owner == p.id for u in s.garrison if u.fate is UnitFate.ACTIVE})
    u = units.get(raw["unit"])
    if u is None:
        raise RuleError(RULE, f"{raw['unit']} is not a unit of {p.name} in play")
    if u.id in eco.status_orders:
        raise RuleError(RULE, f"{possessive(u.name)} status is already ordered this turn")
    inactive = u.id in eco.reserve or u.id in eco.mothballed
    if kind != "reactivate" and inactive:
        raise RuleError(RULE, f"{u.name} is already {'in Reserve' if u.id in eco.reserve else 'mothballed'}")
    if kind == "reactivate" and not inactive:
        raise RuleError(RULE, f"{u.name} is active: only a unit in Reserve or mothballed is reactivated")
    where, cost = "", Fraction(0)
    if kind == "mothball" or kind == "reactivate" and u.id in eco.mothballed:
        spot = next(((s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                     if pl.name == raw.get("planet") and pl.owner == p.id), None)
        if spot is None or _where(c, p.id, spot[0], u.id) is None:
            raise RuleError(RULE, f"{u.name} is not standing at {raw.get('planet', '(no planet named)')}, a planet of "
                                  f"{p.name} (a mothballed ship is restored in a dock)")
        s, pl = spot
        where = f"{s.at}/{pl.name}"
        if kind == "mothball" and not kind_of(u.kind).dock:
            raise RuleError(RULE, f"{u.name} is not a ship: ships are mothballed (at a shipyard)")
        # room() already counts the docks of the ships ordered restored here this turn
        if kind == "reactivate" and u.id in eco.mothballed and room(c, s, pl, c.turn)[1] < 1:
            raise RuleError(RULE, f"{pl.name} has no dock space left this turn (restoring a mothballed ship takes one)")
    if kind == "reactivate":
        cost = Fraction(eco.maintenance.get(u.class_designation or "", Fraction(0)))
        if eco.point_pool < cost:
            raise RuleError(RULE, f"{possessive(p.name)} Point Pool {points(eco.point_pool)} cannot pay "
                                  f"{possessive(u.name)} full maintenance {points(cost)}")
    status = "active@" + where if kind == "reactivate" and u.id in eco.mothballed else \
        "active" if kind == "reactivate" else kind
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool - cost,
                                       "status_orders": {**eco.status_orders, u.id: status}})
    team = new.team_of_power(p.id)
    paid = f"; full maintenance {points(cost)} paid, Point Pool {points(eco.point_pool)} to " \
           f"{points(eco.point_pool - cost)}" if kind == "reactivate" else ""
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} orders: {u.name} {VERBS[status.split('@')[0]]} at Construction "
                                 f"Completion{paid}"))
    return new


def assume(new: Campaign, said: dict[str, list[str]] | None = None) -> None:
    """Construction Completion: every status ordered this turn assumed, logged for the power's Team
    (its orders are its own) and, by power id, in ``said`` (in place)."""
    for p in new.powers:
        eco = p.economy
        if eco is None or not eco.status_orders:
            continue
        reserve, mothballed = list(eco.reserve), list(eco.mothballed)
        names = {u.id: u.name for f in new.fleets for u in f.units} | \
            {u.id: u.name for s in new.map.sectors for u in s.garrison}  # the log names the unit, not its id
        team = new.team_of_power(p.id)
        for uid, status in sorted(eco.status_orders.items()):
            reserve = [x for x in reserve if x != uid] + ([uid] if status == "reserve" else [])
            mothballed = [x for x in mothballed if x != uid] + ([uid] if status == "mothball" else [])
            text = f"{p.name}: {names.get(uid, uid)} {VERBS[status.split('@')[0]]}; its maintenance changes from " \
                   "the next Income"
            new.log.append(LogEntry(turn=new.turn, rule=RULE, text=text, secret_of=[team.id if team else "gm"]))
            if said is not None:
                said.setdefault(p.id, []).append(text)
        p.economy = eco.model_copy(update={"reserve": reserve, "mothballed": mothballed, "status_orders": {}})


def reserve_order(c: Campaign, raw: Any) -> Campaign:
    """``{"reserve": ...}``: :func:`order`."""
    return order("reserve", c, raw)


def mothball_order(c: Campaign, raw: Any) -> Campaign:
    """``{"mothball": ...}``: :func:`order`."""
    return order("mothball", c, raw)


def reactivate_order(c: Campaign, raw: Any) -> Campaign:
    """``{"reactivate": ...}``: :func:`order`."""
    return order("reactivate", c, raw)
