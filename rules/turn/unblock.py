"""The GM's way out of a Combat Phase step the engine cannot ask (issue 19).

The Combat Phase waits for its questions one at a time (:func:`rules.turn.combat_phase.pending`).
Should the engine fail to produce one (a meeting it can no longer find, a record it cannot
read), the phase would wait for ever: End Phase is refused while it waits, and nothing can be
answered. :func:`stuck` says which step fails and why; :func:`settle` lets the GM settle that
step by a ruling, logged as such with the GM's note, so the phase goes on:

- field repairs of one power in one sector: none this turn;
- an encounter (a meeting of the Encounters Phase): no scenario, no battle, every fleet stays
  where it stands;
- the winner of a battle between sectors: the defender holds, nobody is sent back;
- a planet's ground combat: settled at the table, no losses entered, no conquest;
- a seized planet's morale check: no effect entered;
- a failure the engine cannot place on one step: the phase's questions are waived for the
  turn (its open meetings and ground combats settled as above), so End Phase goes on;
- End Phase itself failing (:func:`end_phase`): the next sub-phase begins without the work that
  failed (opening the meetings, sending pursued sides back, listing contested planets), which
  the GM does at the table.

A ruling is one step like any answer: it changes nothing when refused and can be undone.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexmap import LaneGraph
from rules.model.campaign import Campaign
from rules.model.records import LogEntry, Phase
from rules.model.turn_model import EncounterState
from rules.strategic.state import StrategicState
from rules.strategic.turn import PhaseError
from rules.turn import encounter_step, repairs
from rules.turn.combat_phase import pending
from rules.turn.invasion import ground_losses_question, seizure_morale_question
from rules.turn.sequence import system_order, unsettled

RULE = "GM ruling"


def waived_key(phase: Phase) -> str:
    """The ``turn_asked`` key of a phase whose questions a GM ruling waived this turn."""
    return f"ruling/{phase.value}"


@dataclass(frozen=True)
class Stuck:
    """A step of the Combat Phase the engine cannot ask.

    Attributes:
        kind: ``repairs``, ``encounter``, ``winner``, ``ground``, ``morale`` or ``phase``.
        index: the Battle Hex record or ground combat it concerns (-1: none).
        key: the ``turn_asked`` key the ruling marks (repairs, morale, phase; else ``""``).
        where: the step, in words.
        error: why the engine cannot ask it, in words.
        ruling: what a ruling settling it does, in words.
    """

    kind: str
    index: int
    key: str
    where: str
    error: str
    ruling: str


def _words(e: Exception) -> str:
    text = str(e.args[0]) if isinstance(e, KeyError) and len(e.args) == 1 else str(e)
    return text.strip() or type(e).__name__


def stuck(c: Campaign, graph: LaneGraph, state: StrategicState | None = None) -> Stuck | None:
    """The step the Combat Phase cannot ask, or ``None`` when its pending question (or its
    absence) can be told."""
    try:
        pending(c, graph, state)
    except Exception as e:  # whatever the engine's fault: the GM is offered the way out
        state = state if state is not None and state.campaign is c else None
        try:
            found = _locate(c, state or StrategicState.compute(c, graph))
        except Exception:  # the state itself cannot be made: the phase as a whole
            found = None
        return found or _phase_wide(c, _words(e))
    return None


def _phase_wide(c: Campaign, error: str) -> Stuck:
    return Stuck("phase", -1, waived_key(c.phase), f"the {c.phase.title} phase", error,
                 f"the {c.phase.title} phase's questions are waived for this turn (its open meetings and ground "
                 "combats are settled with no battle and no losses), so End Phase goes on")


def _names(c: Campaign) -> Callable[[str], str]:
    names = {t.id: t.name for t in c.teams} | {p.id: p.name for p in c.powers}
    return lambda key: names.get(key, key)


def _locate(c: Campaign, state: StrategicState) -> Stuck | None:
    """The first step, in :func:`pending`'s order, whose question cannot be made."""
    name = _names(c)
    if c.phase is Phase.SUPPLY:
        for at, power, points, hurt in repairs.repairable(c, state):
            key = f"repairs/{at}/{power}"
            if key in c.turn_asked:
                continue
            try:
                repairs.question(at, power, points, hurt, name(power))
            except Exception as e:
                return Stuck("repairs", -1, key, f"field repairs of {name(power)} at {at}", _words(e),
                             f"no field repairs for {name(power)} at {at} this turn")
            return None
    if c.phase is Phase.ENCOUNTERS:
        open_ = [i for i, r in enumerate(c.battle_hexes) if r.encounter is EncounterState.PENDING and not r.resolved]
        order = system_order(c, (c.battle_hexes[i].at for i in open_))
        for i in sorted(open_, key=lambda i: order[c.battle_hexes[i].at]):
            try:
                if encounter_step.pending_question(c, state, i) is not None:
                    return None
            except Exception as e:
                return Stuck("encounter", i, "", _meeting(c, i), _words(e),
                             "no scenario: no battle, every fleet stays where it stands")
    if c.phase is Phase.BATTLES:
        for i in unsettled(c):
            try:
                encounter_step.winner_question(c, i)
            except Exception as e:
                return Stuck("winner", i, "", f"the winner of {_meeting(c, i)}", _words(e),
                             "the defender holds; nobody is sent back")
            return None
    if c.phase is Phase.TROOPS:
        todo = [i for i, g in enumerate(c.ground_combats) if not g.done]
        order = system_order(c, (c.ground_combats[i].at for i in todo))
        for i in sorted(todo, key=lambda i: order[c.ground_combats[i].at]):
            g = c.ground_combats[i]
            try:
                ground_losses_question(c, g.at, g.planet)
            except Exception as e:
                return Stuck("ground", i, "", f"the ground combat on {g.planet} at {g.at}", _words(e),
                             "settled at the table: no losses entered, no conquest")
            return None
        for s in c.map.sectors:
            for pl in s.star_system.planets if s.star_system else []:
                key = f"morale/seized/{s.at}/{pl.name}"
                if pl.seized_turn != c.turn or key in c.turn_asked:
                    continue
                try:
                    seizure_morale_question(c, s.at, pl.name)
                except Exception as e:
                    return Stuck("morale", -1, key, f"the morale check of {pl.name} at {s.at}", _words(e),
                                 "no morale effect entered")
                return None
    return None


def _meeting(c: Campaign, i: int) -> str:
    r = c.battle_hexes[i]
    name = _names(c)
    where = f"between {r.at} and {r.between}" if r.between is not None else f"at {r.at}"
    return f"the meeting {where} ({name(r.attacker)} and {name(r.defender)})"


def settle(c: Campaign, graph: LaneGraph, note: str, state: StrategicState | None = None) -> Campaign:
    """Settle the step :func:`stuck` names by the GM's ruling, logged with ``note``; refused
    when no step is stuck (the phase's question is then asked as usual)."""
    s = stuck(c, graph, state)
    if s is None:
        raise PhaseError(RULE, "no step of the Combat Phase is stuck: answer its question (or End Phase)")
    said = note.strip() or "no note"
    new = c.model_copy(update={"battle_hexes": list(c.battle_hexes), "ground_combats": list(c.ground_combats),
                               "turn_asked": list(c.turn_asked), "log": [*c.log, LogEntry(
                                   turn=c.turn, rule=RULE, text=f"on {s.where} (BattleHex could not ask it: {s.error})"
                                                                f": {s.ruling}. GM's note: {said}")]})
    if s.kind in ("encounter", "phase") and c.phase is Phase.ENCOUNTERS:
        for i in [s.index] if s.kind == "encounter" else range(len(new.battle_hexes)):
            r = new.battle_hexes[i]
            if r.encounter is EncounterState.PENDING and not r.resolved:
                new.battle_hexes[i] = r.model_copy(update={
                    "encounter": EncounterState.NONE, "resolved": True, "resolution": f"{RULE}: {said}"})
    if s.kind in ("winner", "phase") and c.phase is Phase.BATTLES:
        for i in [s.index] if s.kind == "winner" else unsettled(c):
            r = new.battle_hexes[i]
            new.battle_hexes[i] = r.model_copy(update={"winner": r.defender})
    if s.kind in ("ground", "phase") and c.phase is Phase.TROOPS:
        for i in [s.index] if s.kind == "ground" else range(len(new.ground_combats)):
            new.ground_combats[i] = new.ground_combats[i].model_copy(update={"done": True})
    if s.key:
        new.turn_asked.append(s.key)
    return new


_SKIPPED = {
    Phase.SUPPLY: "with no meeting opened by BattleHex (the Battle Hexes formed at the end of movement are fought "
                  "in Space Combat; the GM settles any other meeting at the table)",
    Phase.ENCOUNTERS: "as the Encounters left it",
    Phase.BATTLES: "without sending back the sides that were pursued (the GM moves them at the table)",
    Phase.BOMBARDMENT: "with no ground combat opened by BattleHex (the GM settles contested planets at the table)",
}


def end_phase_stuck(c: Campaign, error: str) -> Stuck:
    """End Phase failed with ``error`` (the engine's fault, not a refusal): the ruling that goes
    on to the next sub-phase without the work that failed; refused after Troop Combat (the next
    turn cannot be made without its own steps: undo, or correct the file)."""
    nxt = _next(c)
    return Stuck("end_phase", -1, "", f"End Phase from {c.phase.title}", error,
                 f"{nxt.title} begins {_SKIPPED[c.phase]}")


def _next(c: Campaign) -> Phase:
    from rules.turn.combat_phase import NEXT

    if c.phase not in NEXT or c.settings.combat_phase != "seed004":
        raise PhaseError(RULE, f"End Phase from {c.phase.title} cannot be ruled past: undo to an earlier step, or "
                               "correct the campaign file")
    return NEXT[c.phase]


def end_phase(c: Campaign, note: str, error: str) -> Campaign:
    """The GM's ruling past an End Phase that failed with ``error``: the next sub-phase begins
    (:func:`end_phase_stuck` says how), logged with ``note``."""
    s = end_phase_stuck(c, error)
    said = note.strip() or "no note"
    return c.model_copy(update={"phase": _next(c), "log": [*c.log, LogEntry(
        turn=c.turn, rule=RULE, text=f"on {s.where} (BattleHex could not do it: {error}): {s.ruling}. GM's note: "
                                     f"{said}")]})


def is_waived(c: Campaign) -> bool:
    """Whether a GM ruling waived the questions of the phase the campaign stands in."""
    return waived_key(c.phase) in c.turn_asked

