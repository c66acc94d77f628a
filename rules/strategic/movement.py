"""Strategic movement (seed 004 Movement Phase; RULES_MATRIX §2.1, B-02, B-17).

- A fleet moves along open lanes, one sector per turn; two when it starts in and enters only
  sectors Controlled by its own power, allies or Mutual-Defense partners (B-02). A fleet with
  a Slow unit moves one (B-17); one with a unit that cannot move strategically (sub-light,
  warp engines dropped) does not move. Carried fighters and towed units go with their carrier.
- Treaties forbid entry into the partner's sectors (:mod:`rules.strategic.diplomacy`).
- A fleet between sectors (``in_transit_to``) must go on to that sector, cannot be stopped,
  and blocks non-friendly fleets in that sector from taking the lane it arrived by.
- A unit with a forced strategic direction (V13.514 / V13.614) must leave that way first.
- A unit in Reserve or mothballed (seed 004: "deactivated", "out of active duty"), or a fleet kept
  in reserve, does not move and is not moved with its fleet: the fleet's orders are refused with
  the rule until it is reactivated (docs/economy.md).

Orders are checked when given (:func:`check_orders`) and again when executed
(:func:`resolve_movement`), where the opposite-direction and pass-through stops happen: between
non-friendly powers (neither allied nor at Peace; Normal Relations and Non-Aggression included),
whether or not they may fight.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from hexmap import Label
from rules.economy.construction import CONSTRUCTION
from rules.model.campaign import Campaign, Fleet
from rules.model.turn_model import FleetKind
from rules.model.units import Unit, UnitFate
from rules.strategic.diplomacy import INTERNMENT, Diplomacy
from rules.strategic.state import StrategicState

MOVE_RULE = "004 Movement Phase"
RESERVE_RULE = f"{CONSTRUCTION} (reserve and mothballs)"


def _moving_units(fleet: Fleet) -> list[Unit]:
    towed = {t for u in fleet.units for t in u.towing}
    return [u for u in fleet.units if not u.destroyed and u.carrier_id is None and u.id not in towed]


def fleet_speed(fleet: Fleet) -> tuple[int, str]:
    """Sectors per turn at best (0, 1 or 2) and why it is less than 2."""
    for u in _moving_units(fleet):
        if u.fate is UnitFate.LOST:
            return 0, f"{u.name} is Lost, off the map until it reappears (V13.753 / V13.914)"
        if u.native_sublight or u.warp_engines_dropped or not u.strategic_movement_capable:
            why = "is sub-light" if (u.native_sublight or u.warp_engines_dropped) else "cannot move strategically"
            return 0, f"{u.name} {why}"
    slow = next((u for u in _moving_units(fleet) if u.slow), None)
    if slow is not None:
        return 1, f"{slow.name} is Slow: one sector per turn (B-17)"
    return 2, ""


def steps_this_turn(state: StrategicState, fleet: Fleet, start: Label, path: list[Label]) -> int:
    """How many sectors of ``path`` the fleet enters in one turn from ``start`` (B-02)."""
    speed, _ = fleet_speed(fleet)
    if speed == 0 or not path:
        return 0
    if speed == 1 or len(path) == 1 or not state.friendly_controlled(fleet.power, start):
        return 1
    ok = state.friendly_controlled(fleet.power, path[0]) and state.friendly_controlled(fleet.power, path[1])
    return 2 if ok else 1


def turns_needed(state: StrategicState, fleet: Fleet, path: list[Label]) -> int | None:
    """Turns to follow ``path`` at today's control (``None`` if the fleet cannot move)."""
    at, i, turns = fleet.sector, 0, 0
    while i < len(path):
        n = steps_this_turn(state, fleet, at, path[i:])
        if n == 0:
            return None
        i += n
        at = path[i - 1]
        turns += 1
    return turns


@dataclass(frozen=True, slots=True)
class OrderCheck:
    """The verdict on a fleet's orders: legal or not, why, under which rule, and how far."""

    ok: bool
    reason: str = ""
    rule: str = MOVE_RULE
    reach: int = 0
    turns: int | None = 0
    bad_step: int | None = None

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.reason else "legal"


def inactive(campaign: Campaign, fleet: Fleet) -> str | None:
    """Why ``fleet`` may not move because a unit of it is inactive (in Reserve or mothballed), or ``None``."""
    if fleet.reserve:
        return f"{fleet.name} is kept in reserve"
    p = campaign.power(fleet.power)
    eco = p.economy if p is not None else None
    if eco is None or not (eco.reserve or eco.mothballed):
        return None
    for u in fleet.units:
        if u.id in eco.reserve or u.id in eco.mothballed:
            return f"{u.name} is {'in Reserve' if u.id in eco.reserve else 'mothballed'}"
    return None


def _blocked_lanes(state: StrategicState, fleet: Fleet) -> dict[Label, str]:
    """Lanes from the fleet's sector that an arriving non-friendly fleet blocks (-> its name)."""
    out: dict[Label, str] = {}
    for g in state.arrivals(fleet.sector):
        if g.id != fleet.id and not state.dip.friendly(g.power, fleet.power):
            out[g.sector] = g.name
    return out


def check_orders(state: StrategicState, fleet: Fleet, path: list[Label]) -> OrderCheck:
    """Whether ``fleet`` may be ordered along ``path`` (the sectors to enter) this turn."""
    if not path:
        return OrderCheck(True)
    ward = next((f for f in state.campaign.fleets if f.id == fleet.escort_of), None) if fleet.escort_of else None
    if ward is not None and (ward.sector, ward.in_transit_to) == (fleet.sector, fleet.in_transit_to) \
            and list(path) != list(ward.orders):
        return OrderCheck(False, f"{fleet.name} escorts {ward.name} and follows its movement: give the orders to "
                                 f"{ward.name}", f"{MOVE_RULE} (escorts)", bad_step=0)
    speed, why = fleet_speed(fleet)
    if speed == 0:
        rule = "V13.753 / V13.914" if "Lost" in why else f"{MOVE_RULE} / V13.18"
        return OrderCheck(False, f"{fleet.name} cannot move: {why}", rule, bad_step=0)
    holder = fleet.interned_by
    if holder is not None and state.owner(fleet.sector) == holder and state.dip.entry_refusal(
            fleet.power, holder, fleet.units, fleet.kind is FleetKind.TRADE) is not None:
        who = state.campaign.power(holder)
        return OrderCheck(False, f"{fleet.name} is interned: {who.name if who else holder} holds it in {fleet.sector} "
                                 "until it lets it leave", INTERNMENT, bad_step=0)
    idle = inactive(state.campaign, fleet)
    if idle is not None:
        return OrderCheck(False, f"{fleet.name} cannot move: {idle}, and an inactive unit does not move nor is "
                                 "moved with its fleet (reactivate it first)", RESERVE_RULE, bad_step=0)
    g = state.graph
    if fleet.in_transit_to is not None and path[0] != fleet.in_transit_to:
        return OrderCheck(False, f"{fleet.name} is between sectors and must first arrive at {fleet.in_transit_to}",
                          f"{MOVE_RULE} (between sectors)", bad_step=0)
    forced = next((u for u in fleet.units if u.forced_strategic_direction is not None), None)
    if forced is not None and fleet.in_transit_to is None:
        direction = forced.forced_strategic_direction
        assert direction is not None, "the unit was picked for its forced direction"
        need = g.toward(fleet.sector, direction)
        if path[0] != need:
            return OrderCheck(False, f"{forced.name} left its last battle and must first move in direction "
                                     f"{direction.name} (to {need})", "V13.514 / V13.614",
                              bad_step=0)
    blocked = _blocked_lanes(state, fleet) if fleet.in_transit_to is None else {}
    prev = fleet.sector
    for i, step in enumerate(path):
        if step not in g:
            return OrderCheck(False, f"sector {step} is not on the map", bad_step=i)
        if step == prev:
            return OrderCheck(False, f"the orders enter {step} twice in a row", bad_step=i)
        if not g.has_lane(prev, step):
            if g.is_closed(prev, step):
                return OrderCheck(False, f"the lane {prev}-{step} is closed", f"{MOVE_RULE} (closed lane)", bad_step=i)
            return OrderCheck(False, f"no jump lane joins {prev} to {step}", bad_step=i)
        if i == 0 and step in blocked:
            return OrderCheck(False, f"{blocked[step]} arrived from {step} and blocks that lane this turn",
                              f"{MOVE_RULE} (between sectors)", bad_step=i)
        refusal = state.dip.entry_refusal(fleet.power, state.owner(step), fleet.units, fleet.kind is FleetKind.TRADE)
        if refusal:
            return OrderCheck(False, f"cannot enter {step}: {refusal}", "004 Intel Phase (treaties)", bad_step=i)
        prev = step
    reach = steps_this_turn(state, fleet, fleet.sector, path)
    if reach < len(path):
        turns = turns_needed(state, fleet, path)
        power = state.campaign.power(fleet.power)
        rate = why or (f"two sectors per turn only through sectors controlled by "
                       f"{power.name if power else 'its own power'} or its allies (B-02); one otherwise")
        return OrderCheck(False, f"{path[-1]} is beyond this turn's movement: it needs {turns} turns; "
                                 f"{fleet.name} can enter {reach} sector{'s' if reach != 1 else ''} this turn ({rate})",
                          f"{MOVE_RULE} (movement rate)", reach, turns, bad_step=reach)
    return OrderCheck(True, reach=reach, turns=1)


# -- executing the Movement Phase -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MoveEvent:
    fleet: str
    text: str
    rule: str = MOVE_RULE


@dataclass
class MovementOutcome:
    """Where every fleet ends, who moved into which sector, and what happened on the way."""

    positions: dict[str, Label] = field(default_factory=dict)
    in_transit: dict[str, Label | None] = field(default_factory=dict)
    moved_into: dict[Label, set[str]] = field(default_factory=lambda: defaultdict(set))
    events: list[MoveEvent] = field(default_factory=list)
    stopped_on: dict[frozenset[Label], list[str]] = field(default_factory=lambda: defaultdict(list))
    left: dict[str, Label] = field(default_factory=dict)
    """Per fleet that entered a sector this turn, the sector it entered it from (its last sector)."""
    touched: dict[str, list[Label]] = field(default_factory=dict)
    """Per fleet, the sectors its path touched: where it started (not between sectors) and each it entered."""


def resolve_movement(state: StrategicState) -> MovementOutcome:
    """Execute every fleet's orders simultaneously, step by step (two steps at most)."""
    c, dip = state.campaign, state.dip
    fleets = {f.id: f for f in c.fleets}
    out = MovementOutcome()
    plan: dict[str, list[Label]] = {}
    for f in c.fleets:
        out.positions[f.id], out.in_transit[f.id] = f.sector, f.in_transit_to
        out.touched[f.id] = [f.sector] if f.in_transit_to is None else []
        orders = list(f.orders) or ([f.in_transit_to] if f.in_transit_to is not None else [])
        chk = check_orders(state, f, orders)
        plan[f.id] = orders if chk.ok else []
        if not chk.ok:
            out.events.append(MoveEvent(f.id, f"{f.name}: orders cancelled: {chk.reason}", chk.rule))
    halted: set[str] = set()
    for step in range(2):
        intents = {fid: (out.positions[fid], p[step]) for fid, p in plan.items() if len(p) > step and fid not in halted}
        unstoppable = {fid for fid in intents if step == 0 and fleets[fid].in_transit_to is not None}
        stopped = _stops(intents, unstoppable, out.stopped_on, fleets, dip)
        for fid, (src, dst) in intents.items():
            f = fleets[fid]
            if fid in stopped:
                why = stopped[fid]
                out.in_transit[fid] = dst
                out.stopped_on[frozenset((src, dst))].append(fid)
                halted.add(fid)
                rest = plan[fid][step + 1:]
                tail = f"; orders beyond {dst} cancelled" if rest else ""
                out.events.append(MoveEvent(fid, f"{f.name} stopped between {src} and {dst}: {why}{tail}"))
                continue
            out.positions[fid], out.in_transit[fid] = dst, None
            out.left[fid] = src
            out.touched[fid].append(dst)
            team = dip.team_of.get(f.power)
            if team is not None:
                out.moved_into[dst].add(team.id)
            verb = "arrives at" if fid in unstoppable else "moves to"
            out.events.append(MoveEvent(fid, f"{f.name} {verb} {dst}"))
    for lane in list(out.moved_into):
        if not out.moved_into[lane]:
            del out.moved_into[lane]
    return out


def _stops(intents: dict[str, tuple[Label, Label]], unstoppable: set[str],
           stopped_on: dict[frozenset[Label], list[str]], fleets: dict[str, Fleet], dip: Diplomacy) -> dict[str, str]:
    """Fleets stopped on their lane this step, with the reason (opposite directions, then
    passing a stopped fleet, repeated until nothing changes)."""
    by_lane: dict[frozenset[Label], list[str]] = defaultdict(list)
    for fid, (src, dst) in intents.items():
        by_lane[frozenset((src, dst))].append(fid)
    out: dict[str, str] = {}
    for group in by_lane.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if (intents[a][0] != intents[b][0] and a not in unstoppable and b not in unstoppable
                        and not dip.friendly(fleets[a].power, fleets[b].power)):  # seed 004: "non-friendly"
                    out.setdefault(a, f"met {fleets[b].name} coming the other way")
                    out.setdefault(b, f"met {fleets[a].name} coming the other way")
    changed = True
    while changed:
        changed = False
        for lane, group in by_lane.items():
            sitting = list(stopped_on.get(lane, [])) + [g for g in group if g in out]
            for a in group:
                if a in out or a in unstoppable:
                    continue
                blocker = next((s for s in sitting if not dip.friendly(fleets[a].power, fleets[s].power)), None)
                if blocker is not None:
                    out[a] = f"could not pass {fleets[blocker].name}, stopped on that lane"
                    changed = True
    return out
