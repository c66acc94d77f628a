"""Field repairs in the Supply Phase (seed 004; issue 13): "Military supply ships can perform
field repairs. Each point of supply rating allows the ship to provide 1 economic point worth
of repairs. Multiple supply ships in the same system can combine their ratings. Transport
fleets cannot perform field repairs." A ship "can be repaired at a shipyard by paying 25% of
the ship's original cost".

Readings: the seed lists field repairs with construction, but issue 13 asks them of the Supply
Phase, where supply is checked, so the GM is asked there, once per sector and power with both
repair points (:func:`rules.turn.supply_phase.field_repairs`: its own and its allies' supply
ships) and crippled units In Supply of that power; a unit's repair costs 25% of its original cost, its Economic BPV
(else its Combat BPV), rounded up, at least 1 (a mobile base in a fleet: 25% per damage level, all
of them repaired); the units chosen must fit the points together; a repaired unit is no longer
crippled. Units Out of Supply receive no field repairs (:data:`rules.turn.supply_phase.NO_FIELD_REPAIRS`).
"""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.model.campaign import Campaign
from rules.model.records import LogEntry
from rules.model.units import Unit, base_levels
from rules.strategic.state import StrategicState
from rules.turn.supply_phase import CONSTRUCTION, field_repairs

RULE = f"{CONSTRUCTION} (field repairs)"


def cost(u: Unit) -> int:
    """25% of the unit's original cost, rounded up (at least 1); a base's, 25% per damage level."""
    base = (u.economic_bpv or u.combat_bpv) * max(1, base_levels(u))
    return max(1, -(-base // 4))


def repairable(c: Campaign, state: StrategicState) -> list[tuple[Label, str, int, list[Unit]]]:
    """(sector, power, repair points, crippled units In Supply) wherever field repairs may be given."""
    supply = state.unit_supply()
    out = []
    for at in sorted({f.sector for f in c.fleets if f.in_transit_to is None}):
        powers = sorted({f.power for f in state.fleets_at(at)})
        for p in powers:
            hurt = [u for f in state.fleets_at(at) if f.power == p
                    for u in f.units if u.crippled and not u.destroyed and supply.get(u.id, False)]
            points = field_repairs(c, state, at, p, supply) if hurt else 0
            if points and hurt:
                out.append((at, p, points, hurt))
    return out


def question(at: Label, power: str, points: int, hurt: list[Unit], power_name: str = "") -> Question:
    """The GM chooses which crippled units the supply ships repair (their costs within the points)."""
    ids = tuple(u.id for u in hurt)
    costs = {u.id: cost(u) for u in hurt}

    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(not isinstance(x, str) or x not in ids for x in a) or len(set(a)) != len(a):
            raise IllegalAnswer(RULE, "name crippled units of the sector, each once: " + ", ".join(ids))
        spent = sum(costs[x] for x in a)
        if spent > points:
            raise IllegalAnswer(RULE, f"the repairs cost {spent} Economic Points; the supply ships at {at} give "
                                      f"{points}")
        return list(a)
    names = {u.id: f"{u.name} ({costs[u.id]} EP)" for u in hurt}
    return Question(f"repairs/{at}/{power}", QKind.CHOOSE_UNITS, "gm", RULE,
                    f"Game Master: the supply ships at {at} give {power_name or power} {points} Economic Points of "
                    "field repairs "
                    "(a repair costs 25% of the ship's cost): which crippled units are repaired?", ids,
                    data={"names": names, "points": points}, check=check)


def apply(c: Campaign, at: Label, power: str, chosen: list[str]) -> Campaign:
    """The units ``chosen`` repaired (no longer crippled), with a log line; checked first."""
    new = c.model_copy(deep=True)
    done = []
    for f in new.fleets:
        if f.sector == at and f.in_transit_to is None:
            for u in f.units:
                if u.id in chosen:
                    done.append(f"{u.name} ({cost(u)} EP)")
                    u.crippled, u.damage_levels = False, 0
    new.log.append(LogEntry(turn=new.turn, rule=RULE, text=f"field repairs at {at} for {power}: "
                            + (", ".join(done) if done else "none")))
    return new
