"""Seed 004's Combat Phase run on the campaign, one sub-phase after another (issue 13): Supply,
Encounters, Space Combat, Orbital Bombardment and Troop Combat, then the next turn.

Every step is a function from a campaign to a new campaign, refused with the rule when the
phase does not allow it, so a step never half-applies; the app and ``main.py turn`` call the
same steps. A campaign whose ``settings.combat_phase`` is ``v13`` keeps the old loop (End
Movement forms the Battle Hexes, End Phase starts the next turn).

The seed orders the phases but gives no procedure for orbital bombardment, so that phase is
passed with the GM's note in the log; ground combat is fought at the table and the GM enters
each contested planet's losses (:func:`rules.turn.invasion.ground_losses_question`), after
which conquest is decided by the seed's rule.
"""
from __future__ import annotations

from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.questions import Question
from rules.model.campaign import Campaign
from rules.model.records import LogEntry, Phase
from rules.model.turn_model import EncounterState, GroundCombat
from rules.strategic.battle_hex import Decisions
from rules.strategic.state import StrategicState
from rules.strategic.turn import MovementReport, PhaseError, end_movement_phase, next_turn, refresh_resolution
from rules.strategic.turn import end_movement as strategic_end_movement
from rules.turn import empire, encounter_after, encounter_step, intel_missions, internment, orders, raids, repairs
from rules.turn.civilian import follow_orders
from rules.turn.invasion import (
    apply_conquest,
    apply_ground_losses,
    apply_seizure_morale,
    conquest,
    ground_losses_question,
    ground_war,
    seizure_morale_question,
    system_conquered,
)
from rules.turn.sequence import fightable as fightable  # re-exported: the phase's callers ask it here too
from rules.turn.sequence import outside_combat, pending_outside_combat, system_order, unsettled
from rules.turn.supply_phase import report_lines, supply_report

SEQUENCE = "004 Sequence of Play"
NEXT = {Phase.SUPPLY: Phase.ENCOUNTERS, Phase.ENCOUNTERS: Phase.BATTLES, Phase.BATTLES: Phase.BOMBARDMENT,
        Phase.BOMBARDMENT: Phase.TROOPS}


def seed004(c: Campaign) -> bool:
    """Whether the campaign plays seed 004's whole Combat Phase."""
    return c.settings.combat_phase == "seed004"


def end_movement(c: Campaign, graph: LaneGraph, decisions: Decisions | None = None) -> MovementReport:
    """End Movement: V13.11's Battle Hexes form; a seed-004 campaign then enters the Supply
    Phase with each fleet's supply status and its effects in the log."""
    open_orders = orders.pending(c)  # each power's own Turn Orders first, then the GM's rulings on missions
    if open_orders is not None:
        raise PhaseError(orders.TURN_ORDERS, f"Turn Orders wait for: {open_orders.text.split(':')[0]}")
    if intel_missions.pending(c) is not None:
        raise PhaseError(intel_missions.RULE, "Turn Orders wait for the GM's ruling on an Intel mission (Turn > Answer, "
                                              "Ctrl+Shift+A)")
    c = follow_orders(c)  # escorts follow their civilian fleet's movement (seed 004 Movement Phase)
    report = strategic_end_movement(c, graph, decisions)
    if report.campaign is None or not seed004(c):
        return report
    new = report.campaign  # made by this End Movement: no one else holds it
    if any(f.interned_by is not None for f in new.fleets):  # holds the treaty no longer backs end
        new = internment.release_stale(new, StrategicState.compute(new, graph))
    new.phase = Phase.SUPPLY
    names = {p.id: p.name for p in new.powers} | {t.id: t.name for t in new.teams}  # names, not ids
    lines = report_lines(supply_report(new, StrategicState.compute(new, graph)), names)
    new.log.extend(LogEntry(turn=new.turn, rule=rule, text=text) for rule, text in lines)
    report.campaign = new
    report.events.extend(f"{rule}: {text}" for rule, text in lines)
    return report


def pending(c: Campaign, graph: LaneGraph, state: StrategicState | None = None) -> tuple[int, Question] | None:
    """The first question the Combat Phase waits for (field repairs, an encounter's demand, a
    winner between sectors, a planet's ground losses), with the index of its meeting or ground
    combat; ``None`` when none is open."""
    if outside_combat(c):  # an empire phase (settings.empire_turn seed004) or Turn Orders: their own questions
        return pending_outside_combat(c)
    state = state if state is not None and state.campaign is c else None
    if f"ruling/{c.phase.value}" in c.turn_asked:  # a GM ruling waived this phase's questions (turn/unblock.py)
        return None
    if c.phase is Phase.SUPPLY:
        state = state or StrategicState.compute(c, graph)
        held = internment.pending(c, state)  # a fleet in a treaty partner's system: hold it or let it leave
        if held is not None:
            return -1, held
        for at, power, points, hurt in repairs.repairable(c, state):
            fix = repairs.question(at, power, points, hurt, next((p.name for p in c.powers if p.id == power), power))
            if fix.key not in c.turn_asked:
                return -1, fix
    if c.phase is Phase.ENCOUNTERS:
        state = state or StrategicState.compute(c, graph)
        open_ = [i for i, r in enumerate(c.battle_hexes) if r.encounter is EncounterState.PENDING and not r.resolved]
        order = system_order(c, (c.battle_hexes[i].at for i in open_))  # one system at a time, seeded order
        for i in sorted(open_, key=lambda i: order[c.battle_hexes[i].at]):
            q = encounter_step.pending_question(c, state, i)
            if q is not None:
                return i, q
    if c.phase is Phase.BATTLES:
        for i in unsettled(c):
            return i, encounter_step.winner_question(c, i)
        state = state or StrategicState.compute(c, graph)
        for i in encounter_after.to_ask(c, state):  # the winner between sectors: continue or return
            return i, encounter_after.question(c, state, i)
        for i, team in raids.to_ask(c):  # a scenario against cargo carriers: was it a raid?
            return i, raids.question(c, i, team)
    if c.phase is Phase.TROOPS:
        todo = [i for i, g in enumerate(c.ground_combats) if not g.done]
        order = system_order(c, (c.ground_combats[i].at for i in todo))
        for i in sorted(todo, key=lambda i: order[c.ground_combats[i].at]):
            g = c.ground_combats[i]
            return i, ground_losses_question(c, g.at, g.planet)
        for s in c.map.sectors:  # the seizure's morale check (Update Asset, kept by hand: asked here)
            for pl in s.star_system.planets if s.star_system else []:
                if pl.seized_turn == c.turn:
                    q = seizure_morale_question(c, s.at, pl.name)
                    if q.key not in c.turn_asked:
                        return -1, q
        for at, planet in raids.morale_to_ask(c):  # a raided system checks morale as if seized
            return -1, raids.morale_question(c, at, planet)
    return None


def answer(c: Campaign, graph: LaneGraph, raw: Any, state: StrategicState | None = None) -> Campaign:
    """Answer the question :func:`pending` names; an illegal answer raises and changes nothing.
    ``state``: the campaign's strategic state, when the caller holds it (else computed)."""
    if c.phase in empire.PHASES:
        return empire.answer(c, raw, graph)
    if c.phase is Phase.ORDERS:
        if orders.pending(c) is None and intel_missions.pending(c) is not None:
            return intel_missions.answer(c, raw)
        return orders.answer(c, raw)
    state = state if state is not None and state.campaign is c else StrategicState.compute(c, graph)
    open_q = pending(c, graph, state)
    if open_q is None:
        raise PhaseError(SEQUENCE, f"the {c.phase.title} phase waits for no answer: go on with End Phase")
    i, q = open_q
    if c.phase is Phase.SUPPLY and q.key.startswith("intern/"):
        return internment.answer(c, state, raw)
    if c.phase is Phase.SUPPLY:
        chosen = q.check(raw)
        _, at, power = q.key.split("/")
        new = repairs.apply(c, Label.parse(at), power, chosen)
        new.turn_asked.append(q.key)
        return new
    if c.phase is Phase.ENCOUNTERS:
        return encounter_step.answer(c, state, i, raw)
    if c.phase is Phase.BATTLES:
        if "/continue/" in q.key:
            return encounter_after.answer(c, state, i, raw)
        if q.key.startswith("raid/"):
            return raids.answer(c, i, q.key.rsplit("/", 1)[1], raw)
        return encounter_step.settle(c, state, i, raw)
    if q.key.startswith("morale/raided/"):
        _, _, at, planet = q.key.split("/", 3)
        return raids.apply_morale(c, Label.parse(at), planet, raw)
    if q.key.startswith("morale/"):
        _, _, at, planet = q.key.split("/", 3)
        new = apply_seizure_morale(c, Label.parse(at), planet, q.check(raw), c.turn)
        new.turn_asked.append(q.key)
        return new
    g = c.ground_combats[i]
    new = apply_ground_losses(c, g.at, g.planet, raw)
    new.ground_combats[i].done = True
    state = StrategicState.compute(new, graph)
    result = conquest(new, state, g.at, g.planet, new.turn)
    if result.conquered:
        new = apply_conquest(new, result, new.turn)
    else:
        new.log.append(LogEntry(turn=new.turn, rule=result.rule, text=result.text))
    whole = system_conquered(new, StrategicState.compute(new, graph), g.at)
    if whole is not None and whole.conquered:
        new = apply_conquest(new, whole, new.turn)
    return new


def advance(c: Campaign, graph: LaneGraph, note: str = "") -> Campaign:
    """End Phase: the next sub-phase of the Combat Phase, or the next turn after Troop Combat
    (in a ``v13`` campaign: the next turn after the Battle Hexes). Refused with the rule while
    the phase waits for something; ``note`` is the GM's record of a phase kept by hand."""
    if c.phase is Phase.ORDERS:
        raise PhaseError(SEQUENCE, "execute movement first (End Movement)")
    if c.phase in empire.PHASES:
        return empire.advance(c, graph)
    if not seed004(c):
        return empire.close_combat(c, graph) if empire.runs(c) else end_movement_phase(c, graph)
    waiting = pending(c, graph)
    if waiting is not None:
        raise PhaseError(waiting[1].rule, f"the {c.phase.title} phase waits for: {waiting[1].text}")
    if c.phase is Phase.ENCOUNTERS:  # a meeting whose Teams no longer meet asks nothing: settled here
        c = encounter_step.reform(c, StrategicState.compute(c, graph))
    if c.phase is Phase.BATTLES:
        c = refresh_resolution(c, graph)
        still = [str(c.battle_hexes[i].at) for i in fightable(c)]
        if still:
            raise PhaseError("V13.12", f"the Space Combat Phase cannot end while Battle Hexes are unresolved: "
                                       f"{', '.join(still)}")
        c = encounter_step.after_pursuits(c, StrategicState.compute(c, graph))
    if c.phase is Phase.TROOPS:
        return empire.close_combat(c, graph) if empire.runs(c) else next_turn(c, graph)
    new = c.model_copy(update={"phase": NEXT[c.phase], "log": [*c.log, LogEntry(
        turn=c.turn, rule=SEQUENCE, text=f"{NEXT[c.phase].title} begins")]})  # shallow: what it changes is new
    if c.phase is Phase.BOMBARDMENT:
        new.log.append(LogEntry(turn=new.turn, rule="004 Orbital Bombardment Phase", text="kept by hand (the seed "
                                "gives no procedure)" + (f": {note.strip()}" if note.strip() else ": nothing recorded")))
    if new.phase is Phase.ENCOUNTERS:
        new = encounter_step.open_meetings(new, StrategicState.compute(new, graph))
        new = encounter_step.settle_immediate(new, StrategicState.compute(new, graph))
    if new.phase is Phase.TROOPS:
        new.ground_combats = contested_planets(new, StrategicState.compute(new, graph))
        if not new.ground_combats:
            new.log.append(LogEntry(turn=new.turn, rule="004 Invasion Phase", text="no planet holds ground units of "
                                                                                   "powers that may fight"))
    return new


def contested_planets(c: Campaign, state: StrategicState) -> list[GroundCombat]:
    """Planets where ground units of powers that may fight on the ground stand, or where the owner
    has none left and another power has: their ground combat is settled this phase. On the ground
    only War (and Normal Relations' exceptions) counts: a Declaration of Hostilities is "short of
    conquering systems ... ground troops cannot be committed for invasion" (seed 004 Intel Phase)."""
    out = []
    for s in c.map.sectors:
        for pl in s.star_system.planets if s.star_system else []:
            powers = sorted({g.power for g in pl.ground_units})
            hostile = any(ground_war(c, state.dip, s, a, b) is not None
                          for i, a in enumerate(powers) for b in powers[i + 1:])
            taken = bool(powers) and pl.owner not in powers and any(
                pl.owner is None or ground_war(c, state.dip, s, p, pl.owner) in ("both", p) for p in powers)
            if hostile or taken:
                out.append(GroundCombat(at=s.at, planet=pl.name))
    return out
