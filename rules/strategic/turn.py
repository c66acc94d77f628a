"""The campaign turn as far as BattleHex runs it: orders, the Movement Phase, its Battle
Hexes and the end of the phase (seed 004 Sequence of Play; V13.12).

Every function takes a campaign and returns a *new* one, or raises :class:`PhaseError` and
changes nothing, so a refused order or a refused phase change never half-applies.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from hexmap import Label, LaneGraph
from rules.dice import DiceRoller
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet
from rules.model.records import BattleHexRecord, IgnoreRecord, LogEntry, Phase
from rules.model.turn_model import FleetKind
from rules.model.units import Unit, UnitFate, UnitKind
from rules.strategic.battle_hex import (
    Decisions,
    Detection,
    IgnoreQuestion,
    detect,
    record,
    teams_fighting_in,
    units_by_team,
)
from rules.strategic.lost import NEBULA_THEN, helmsman_recovery, lost_rear_guard, nebula_lost_time_over
from rules.strategic.meetings import sides
from rules.strategic.movement import OrderCheck, check_orders, resolve_movement
from rules.strategic.state import StrategicState


class PhaseError(RuleError):
    """An action the current phase or a rule does not allow; ``rule`` names the rule."""


class OrderRefused(PhaseError):
    def __init__(self, check: OrderCheck) -> None:
        super().__init__(check.rule, check.reason)
        self.check = check


def set_orders(campaign: Campaign, state: StrategicState, fleet_id: str, path: list[Label]) -> Campaign:
    """The campaign with ``fleet_id`` ordered along ``path``; refused orders raise."""
    if campaign.phase is not Phase.ORDERS:
        raise PhaseError("004 Sequence of Play", "orders are given in the Turn Orders phase; end the "
                                                 "Movement Phase first")
    i = next((i for i, f in enumerate(campaign.fleets) if f.id == fleet_id), None)
    if i is None:
        raise PhaseError("004 Movement Phase", f"there is no fleet {fleet_id!r}")
    check = check_orders(state, campaign.fleets[i], path)
    if not check.ok:
        raise OrderRefused(check)
    new = campaign.model_copy(deep=True)
    new.fleets[i].orders = list(path)
    return new


@dataclass
class MovementReport:
    """What ending movement did, or the questions that must be answered first: ``events`` the
    moves and Battle Hexes, ``quiet`` the sectors where a side ignored the other (no line in both)."""

    campaign: Campaign | None
    events: list[str] = field(default_factory=list)
    battle_hexes: list[BattleHexRecord] = field(default_factory=list)
    questions: list[IgnoreQuestion] = field(default_factory=list)
    quiet: list[str] = field(default_factory=list)


def end_movement(campaign: Campaign, graph: LaneGraph, decisions: Decisions | None = None) -> MovementReport:
    """Execute the Movement Phase and form its Battle Hexes (V13.11-V13.18).

    When a Team must first decide whether to ignore an Orion or sub-light unit, the report
    lists the questions and its ``campaign`` is ``None``; call again with the answers.
    """
    if campaign.phase is not Phase.ORDERS:
        raise PhaseError("004 Sequence of Play", "movement has already been executed this turn")
    state = StrategicState.compute(campaign, graph)
    outcome = resolve_movement(state)
    moved = campaign.model_copy(deep=True)
    economy = campaign.settings.empire_turn == "seed004"
    for f in moved.fleets:
        f.sector, f.in_transit_to, f.orders = outcome.positions[f.id], outcome.in_transit[f.id], []
        # where it goes back to when it refuses or loses an encounter (seed 004): the sector it
        # entered its present one from; for a fleet stopped on a lane, the sector at the lane's start
        f.last_sector = f.sector if f.in_transit_to is not None else outcome.left.get(f.id)
        if f.kind is FleetKind.TRADE and economy:  # seed 004 Income: "visited systems on their route in the previous
            f.visited, f.visited_turn = outcome.touched[f.id], moved.turn  # Movement Phase" (rules/turn/empire_facts.py)
    after = StrategicState.compute(moved, graph)
    found: Detection = detect(after, outcome.moved_into, decisions)
    events = [f"{e.rule}: {e.text}" for e in outcome.events]
    if found.questions:
        return MovementReport(None, events, questions=found.questions)
    moved.phase = Phase.BATTLES
    hexes = [record(moved, f) for f in found.formations]
    moved.battle_hexes.extend(hexes)
    decided = {(d[0], d[1]) for d in (decisions or {})}
    still_there = {(at, u.id) for at in {r.at for r in moved.ignores}
                   for units in units_by_team(after, at).values() for u in units}
    moved.ignores = [r for r in moved.ignores
                     if (r.at, r.team) not in decided and (r.at, r.unit) in still_there] + _unique(found.ignores)
    names = {t.id: t.name for t in moved.teams}
    log = [LogEntry(turn=moved.turn, rule=e.rule, text=e.text) for e in outcome.events]
    for b in hexes:
        log.append(LogEntry(turn=moved.turn, rule="V13.11",
                            text=f"Battle Hex {b.at}: {names[b.attacker]} attacks ({b.attacker_reason}); "
                                 f"{names[b.defender]} defends; terrain {b.terrain.title} ({b.terrain_source})"))
    events += [f"{e.rule}: {e.text}" for e in log[len(outcome.events):]]
    # a sector where a side ignored the other is listed once, in ``quiet`` (issue 22: it was in both lists)
    quiet = [f"{at}: {rule}: {text}" for at, rule, text in found.quiet]
    log.extend(LogEntry(turn=moved.turn, rule=rule, text=f"{at}: {text}") for at, rule, text in found.quiet)
    moved.log.extend(log)
    return MovementReport(moved, events, hexes, quiet=quiet)


def _unique(records: list[IgnoreRecord]) -> list[IgnoreRecord]:
    seen, out = set(), []
    for r in records:
        if (r.at, r.team, r.unit) not in seen:
            seen.add((r.at, r.team, r.unit))
            out.append(r)
    return out


def open_battle_hexes(campaign: Campaign) -> list[BattleHexRecord]:
    return [b for b in campaign.battle_hexes if not b.resolved]


def over(state: StrategicState, record: BattleHexRecord) -> str | None:
    """Why the battle of an open record in a sector is over before it is fought -- its own two
    sides no longer both stand there with units that may fight (V13.12) -- or ``None``."""
    pairs = teams_fighting_in(state, record.at)
    if (record.attacker, record.defender) in pairs or (record.defender, record.attacker) in pairs:
        return None
    present = units_by_team(state, record.at)
    gone = [t for t in (record.attacker, record.defender) if t not in present]
    names = {t.id: t.name for t in state.campaign.teams}
    return f"no units of {' or '.join(names.get(t, t) for t in gone)} remain" if gone else \
        "its Teams may no longer fight"


def _closed(state: StrategicState, b: BattleHexRecord) -> tuple[str, bool] | None:
    """Why the open record ``b`` is settled without a battle, and whether that is logged; or ``None``."""
    if b.between is not None:
        ends = {b.at, b.between}
        there = {t.id for f in state.campaign.fleets if f.in_transit_to is not None
                 and {f.sector, f.in_transit_to} == ends and (t := state.team_of(f.power)) is not None}
        if b.attacker not in there or b.defender not in there:
            return "no units of differing Teams remain between the sectors", False
        return None
    why = over(state, b)
    return None if why is None else (why, True)


def standing(state: StrategicState, indexes: Iterable[int]) -> list[int]:
    """Those of ``indexes`` (open records of ``state.campaign.battle_hexes``) whose battle may
    still be fought: the ones :func:`refresh_resolution` leaves open."""
    return [i for i in indexes if _closed(state, state.campaign.battle_hexes[i]) is None]


def refresh_resolution(campaign: Campaign, graph: LaneGraph) -> Campaign:
    """Mark resolved each open Battle Hex whose own two sides no longer both stand in it with
    units that may fight (V13.12): another pair of Teams fighting there keeps only its own
    record open (issue 19: the first battle of a three-way meeting may remove a later one's side)."""
    state = StrategicState.compute(campaign, graph) if any(not b.resolved for b in campaign.battle_hexes) else None
    new = campaign.model_copy(update={"battle_hexes": [b.model_copy(deep=True) for b in campaign.battle_hexes],
                                      "log": list(campaign.log)})  # the rest is shared: never changed once made
    for b in new.battle_hexes:
        closed = None if b.resolved or state is None else _closed(state, b)
        if closed is None:
            continue
        why, logged = closed
        b.resolved, b.resolution = True, f"V13.12: {why}" if logged else why
        if logged:
            new.log.append(LogEntry(turn=new.turn, rule="V13.12", text=f"Battle Hex {b.at} ({sides(new, b)}) "
                                                                     f"resolved: {why}"))
    return new


def gm_resolve(campaign: Campaign, at: Label, reason: str, index: int | None = None) -> Campaign:
    """A GM ruling marks one Battle Hex record resolved -- ``battle_hexes[index]``, else the
    first open record at ``at`` -- and no other (issue 19); the reason is logged."""
    if not reason.strip():
        raise PhaseError("GM ruling", "a GM override needs a reason for the log")
    new = campaign.model_copy(deep=True)
    if index is None:
        index = next((i for i, b in enumerate(new.battle_hexes) if b.at == at and not b.resolved), None)
    elif not 0 <= index < len(new.battle_hexes) or new.battle_hexes[index].at != at:
        index = None
    if index is None or new.battle_hexes[index].resolved:
        raise PhaseError("V13.12", f"there is no open Battle Hex at {at}")
    b = new.battle_hexes[index]
    b.resolved, b.resolution = True, f"GM ruling: {reason.strip()}"
    new.log.append(LogEntry(turn=new.turn, rule="V13.12",
                            text=f"GM ruling: Battle Hex {at} ({sides(new, b)}) resolved: {reason.strip()}"))
    return new


def end_movement_phase(campaign: Campaign, graph: LaneGraph) -> Campaign:
    """Close the Movement Phase and start the next turn's orders; refused while any Battle
    Hex is unresolved (V13.12) -- the GM resolves those with :func:`gm_resolve`."""
    if campaign.phase is not Phase.BATTLES:
        raise PhaseError("004 Sequence of Play", "execute movement (End Movement) first")
    new = refresh_resolution(campaign, graph)
    still = open_battle_hexes(new)
    if still:
        where = ", ".join(str(b.at) for b in still)
        raise PhaseError("V13.12", f"the Movement Phase cannot end while Battle Hexes are unresolved: {where}")
    return next_turn(new, graph)


_FLIGHTS = frozenset({UnitKind.FIGHTER, UnitKind.SHUTTLE})  # rules/turn/flights.py FLIGHTS


def next_turn(campaign: Campaign, graph: LaneGraph) -> Campaign:
    """The next turn's Turn Orders: the turn counted on, Lost units counted down (a new campaign)."""
    changing = [f.model_copy(deep=True) if any(u.fate is UnitFate.LOST or u.destroyed or u.captured for u in f.units)
                else f for f in campaign.fleets]  # only the fleets _lost_units changes are copied
    new = campaign.model_copy(update={"fleets": changing, "log": list(campaign.log)})
    new.phase, new.turn = Phase.ORDERS, new.turn + 1
    new.ground_combats, new.turn_asked = [], []
    new.log.append(LogEntry(turn=new.turn, rule="004 Sequence of Play", text=f"Turn {new.turn} begins"))
    _lost_units(new, graph)
    return new


def _lost_units(c: Campaign, graph: LaneGraph) -> None:
    """At the start of each Strategic Turn, Lost units count down. A sub-light evader whose
    Helmsman is above 1 may find the way back (V13.914: 2d6 at or under the Rating) and is then,
    or when its time is over, locatable -- except one lost in a nebula (V13.953 / V13.963): it
    is then treated as if it had evaded in Empty Space and rolls V13.9580 / V13.9680 (or, in a
    friendly hex, returns to V13.940), classified by the hex it is in now. A crippled Rear Guard
    unit Lost by V13.753 rolls no Helmsman check (A-43) and, its time over, reappears on the map
    as an active unit in the sector it was moved to (V13.753)."""
    dice = DiceRoller(c.dice_seed * 7_919 + c.turn * 65_537)
    lost = any(u.fate is UnitFate.LOST for f in c.fleets for u in f.units)
    state = StrategicState.compute(c, graph) if lost else None  # as the turn begins, before any count-down
    for f in c.fleets:
        for u in f.units:
            if u.fate is not UnitFate.LOST:
                continue
            if lost_rear_guard(u):
                u.lost_turns_remaining = max(0, u.lost_turns_remaining - 1)
                if u.lost_turns_remaining == 0:
                    u.fate, u.lost_by = UnitFate.ACTIVE, ""
                    c.log.append(LogEntry(turn=c.turn, rule="V13.753", text=f"{u.name} is no longer lost: it "
                                                                            f"reappears in {f.sector}"))
                else:
                    c.log.append(LogEntry(turn=c.turn, rule="V13.753", text=f"{u.name} is still lost, Out of "
                                          f"Supply ({u.lost_turns_remaining} turns left)"))
                continue
            found = helmsman_recovery(u, dice)
            u.lost_turns_remaining = max(0, u.lost_turns_remaining - 1)
            if (found or u.lost_turns_remaining == 0) and u.lost_by in NEBULA_THEN:
                if found:
                    c.log.append(LogEntry(turn=c.turn, rule="V13.914", text=f"{u.name}: its Helmsman "
                                          f"({u.officers.helmsman}) found the way out of the nebula"))
                assert state is not None
                where, orion = _hex_class(state, f)
                c.log.extend(LogEntry(turn=c.turn, rule=rule, text=text)
                             for rule, text in nebula_lost_time_over(u, where, dice, orion))
            elif found or u.lost_turns_remaining == 0:
                u.fate, u.lost_turns_remaining, u.lost_by = UnitFate.LOCATABLE, 0, ""
                why = f"its Helmsman ({u.officers.helmsman}) found the way (V13.914)" if found else "no longer lost"
                c.log.append(LogEntry(turn=c.turn, rule="V13.914", text=f"{u.name} is {why}: locatable"))
            else:
                c.log.append(LogEntry(turn=c.turn, rule="V13.914", text=f"{u.name} is still lost "
                                                                        f"({u.lost_turns_remaining} turns left)"))
    records = c.settings.empire_turn == "seed004"
    hit = [i for i, s in enumerate(c.map.sectors) if any(u.destroyed or u.captured for u in s.garrison)]
    if hit:  # only the garrisons changed are copied (the map is the campaign's before)
        sectors = list(c.map.sectors)
        for i in hit:
            sectors[i] = sectors[i].model_copy(deep=True)
        c.map = c.map.model_copy(update={"sectors": sectors})
    for units in [*(f.units for f in c.fleets), *(c.map.sectors[i].garrison for i in hit)]:
        for u in units:  # a record the battle did not date (an Intel mission's, an older file's): the turn ended
            if u.destroyed and u.destroyed_turn is None:
                u.destroyed_turn = c.turn - 1
        units[:] = staying(units, records, c.turn)  # destroyed and captured units leave (the log keeps them)
    c.fleets = [f for f in c.fleets if any(not u.destroyed for u in f.units)]


RECORD_TURNS = 2
"""A loss record is kept through this many turns after the one it was lost in (docs/economy.md,
"Replacement flights"): a flight lost in turn N can be replaced at turn N+2's Turn Orders by one
bought at N+1's (built at its Construction Completion); it goes as turn N+3 begins."""


def staying(units: list[Unit], records: bool, turn: int | None = None) -> list[Unit]:
    """The units that stay in a fleet or garrison when the destroyed and captured leave: those not
    destroyed or captured, and with ``records`` (settings.empire_turn seed004) each destroyed flight
    (fighter, shuttle) as its loss record, beside its carrier when that stays, for a replacement
    flight to replace (seed 004 Construction Completion, rules/turn/replacement.py); a loss whose
    carrier left has no place to be replaced and leaves too, and so does one lost more than
    :data:`RECORD_TURNS` turns before ``turn`` (the turn beginning; None: a battle's write-back)."""
    ids = {u.id for u in units if not (u.destroyed or u.captured)}

    def kept(u: Unit) -> bool:
        fresh = turn is None or u.destroyed_turn is None or turn - u.destroyed_turn <= RECORD_TURNS
        return records and u.destroyed and not u.captured and u.kind in _FLIGHTS and fresh and (
            u.carrier_id is None or u.carrier_id in ids)
    return [u for u in units if u.id in ids or kept(u)]


def _hex_class(state: StrategicState, fleet: Fleet) -> tuple[Literal["friendly", "neutral", "hostile"], bool]:
    """V13.941 / V13.951 / V13.961 for the hex a lost unit's fleet is in, as the battle's
    sub-light step classifies it; and whether the unit's Team is the Orion Pirates."""
    mine, owner = state.team_of(fleet.power), state.team_of(state.owner(fleet.sector))
    orion = mine is not None and mine.is_orion_pirates
    if mine is None or owner is None:
        return "neutral", orion
    if owner.id == mine.id:
        return "friendly", orion
    return ("hostile" if state.dip.teams_may_fight(mine, owner) else "neutral"), orion
