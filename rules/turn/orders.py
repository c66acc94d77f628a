"""Seed 004 Turn Orders entered by each power (issue 23, ``settings.turn_orders`` powers): before
the movement orders, each power whose Team is a player's is asked, in secret, for its own orders
(purchases, repairs, productivity, Intel Points, cancels; rules/turn/purchases.py) until it answers
``"done"``. Another Team never sees the question, the answers or their log lines; the GM sees all.

Readings (docs/economy.md):

* A power enters only its own orders: an order naming another power is refused; the power may be
  left out of an order (it is the one asked).
* A power run by the GM (no Team, or the GM's own) is not asked: the GM enters its orders as
  before, beside the movement orders.
* Each order is one answer (one undoable step), checked and applied alone; ``"done"`` closes the
  power's orders for this turn (kept in ``Campaign.turn_asked``, cleared at the next turn).
"""
from __future__ import annotations

from typing import Any, Callable

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.economy.income import points
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.turn import (civilian, colonize, diplomacy_orders, ground_orders, intel_missions, point_orders, purchases,
                        repairs_ordered, replacement, reserve, scrapping)

TURN_ORDERS = purchases.TURN_ORDERS
_ORDERS: dict[str, Callable[[Campaign, Any], Campaign]] = {
    "purchase": purchases.order, "productivity": point_orders.improve, "repair": repairs_ordered.repair,
    "intel": point_orders.intel, "cancel": scrapping.cancel, "scrap": scrapping.scrap,
    "ground": ground_orders.order, "colonize": colonize.load, "settle": colonize.choose,
    "reserve": reserve.reserve_order,
    "mothball": reserve.mothball_order, "reactivate": reserve.reactivate_order, "mission": intel_missions.order,
    "escort": civilian.escort_order, "route": civilian.route_order, "replace": replacement.order,
    **diplomacy_orders.KINDS}  # the power's own diplomacy (seed 004: recorded on its turn orders sheet)


def _judged(kind: str) -> Callable[[Campaign, Any], Campaign]:
    def judge(c: Campaign, raw: Any) -> Campaign:
        if isinstance(raw, dict) and isinstance(raw.get("power"), str):
            colonize.not_yet(c, raw["power"], raw)  # a colony in its first turn acts in no order
        return _ORDERS[kind](c, raw)
    return judge


KINDS: dict[str, Callable[[Campaign, Any], Campaign]] = {k: _judged(k) for k in _ORDERS}
"""The Turn Orders a power enters, each judged by rules/turn/purchases.py, scrapping.py, ground_orders.py
(a new colony's first turn refused first: rules/turn/colonize.py ``not_yet``)."""
DONE = "done"


def asks(c: Campaign) -> bool:
    """Whether each power enters its own Turn Orders (``settings.turn_orders`` powers, seed004 economy)."""
    return c.settings.empire_turn == "seed004" and c.settings.turn_orders == "powers" and c.phase is Phase.ORDERS


def key(power: str) -> str:
    """The turn_asked key of a power's closed orders."""
    return f"orders/{power}"


def _team(c: Campaign, power: str) -> str | None:
    team = c.team_of_power(power)
    return team.id if team is not None and team.id != GM else None


def pending(c: Campaign) -> Question | None:
    """The next power's orders question (to its Team, secret), or ``None`` when every power is done."""
    if not asks(c):
        return None
    for p in c.powers:
        team = _team(c, p.id)
        if team is None or key(p.id) in c.turn_asked:
            continue
        eco = p.economy
        pool = points(eco.point_pool) if eco is not None else "0"
        waiting = ", ".join(f"{j.id} ({j.unit_class} at {j.planet})" for j in eco.projects) if eco else ""
        text = (f"{p.name}: your Turn Orders (Point Pool {pool}"
                + (f"; projects waiting: {waiting}" if waiting else "")
                + ") - one at a time: {\"purchase\": {class, at, planet}}, {\"productivity\": {at, planet}}, "
                  "{\"repair\": {unit, planet}}, {\"intel\": {points}}, {\"cancel\": {project}}, "
                  "{\"scrap\": {unit, planet}}, {\"ground\": {class, at, planet}}, {\"colonize\": {fleet, planet}}, "
                  "{\"settle\": {fleet, at, planet}} (the planet a loaded Colony Fleet settles), "
                  "{\"reserve\": {unit}}, {\"mothball\": {unit, planet}}, {\"reactivate\": {unit, planet}}, "
                  "{\"mission\": {mission, staging, target, intel}}, {\"escort\": {fleet, of}} (of: null to remove), "
                  "{\"route\": {fleet, route}}, {\"replace\": {flight, to}} (a new flight to a fleet or planet), "
                  + diplomacy_orders.HELP + "; \"done\" when finished")
        return Question(key(p.id), QKind.ACTION, team, TURN_ORDERS, text, (DONE, *KINDS),
                        data={"secret": True, "power": p.id, "answers": [DONE, *KINDS]})
    return None


def answer(c: Campaign, raw: Any) -> Campaign:
    """Answer :func:`pending`: one order of the asked power, or ``"done"`` (a new campaign); an
    illegal order raises with its rule and changes nothing."""
    q = pending(c)
    if q is None:
        raise RuleError(TURN_ORDERS, "no power's Turn Orders are open now")
    power = str(q.data["power"])
    if raw == DONE:
        new = c.model_copy(deep=True)
        new.turn_asked.append(q.key)
        return new
    if not (isinstance(raw, dict) and len(raw) == 1 and next(iter(raw)) in KINDS
            and isinstance(next(iter(raw.values())), dict)):
        raise IllegalAnswer(TURN_ORDERS, f"answer one order ({', '.join(KINDS)}: {{kind: {{...}}}}) or \"done\", "
                                         f"not {raw!r}")
    kind, body = next(iter(raw.items()))
    if body.get("power", power) != power:
        name, other = c.power(power), c.power(str(body["power"]))
        raise RuleError(TURN_ORDERS, f"{name.name if name else power} enters only its own Turn Orders, not "
                                     f"{possessive(other.name) if other else 'those of ' + repr(body['power'])}")
    return KINDS[kind](c, {**body, "power": power})
