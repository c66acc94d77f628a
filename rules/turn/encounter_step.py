"""The Encounters Phase on the campaign (seed 004): each meeting's questions replayed from its
record's ``encounter_answers``, and the result written back in one step (issue 13).

A meeting in a sector is the Battle Hex V13.11 formed there (its record marked ``pending``);
a meeting between sectors (fleets that stopped each other on a lane) gets a record of its
own with ``between`` set. When a meeting is decided: a scenario leaves the record open for
the Space Combat Phase; no scenario resolves it without a battle, and the fleets of the
sides that return go back to their last sector (seed 004: "returns to the last sector").
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import lane_fleets
from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord, LogEntry
from rules.model.turn_model import EncounterState, FleetKind, Scenario
from rules.model.types import Terrain
from rules.strategic.state import StrategicState
from rules.turn.encounter_find import R_TRADE, meetings, trade_fleet_met
from rules.turn.encounters import RULE, EncounterResult, Meeting, after_battle, decide


def _moved_from(c: Campaign) -> dict[str, Label]:
    return {f.id: f.last_sector for f in c.fleets if f.last_sector is not None}


def _key(r: BattleHexRecord | Meeting) -> tuple[Label, Label | None, str, str]:
    return r.at, r.between, r.attacker, r.defender


def _pair(r: BattleHexRecord | Meeting) -> tuple[Label, Label | None, frozenset[str]]:
    return r.at, r.between, frozenset((r.attacker, r.defender))


def find_meeting(c: Campaign, state: StrategicState, record: BattleHexRecord) -> Meeting | None:
    """The meeting a pending record stands for, as the map now forms it (with the fleets still
    there), or ``None`` when its Teams no longer meet there. A record not answered yet follows
    the map's roles (who attacks may change when fleets left); an answered one keeps its own."""
    found = meetings(c, state, _moved_from(c), near=(record.at, record.between))
    exact = next((m for m in found if _key(m) == _key(record)), None)
    if exact is not None or record.encounter_answers:
        return exact
    return next((m for m in found if _pair(m) == _pair(record)), None)


def meeting_of(c: Campaign, state: StrategicState, record: BattleHexRecord) -> Meeting:
    """The meeting a pending record stands for.

    Raises:
        IllegalAnswer: its Teams no longer meet there (see :func:`reform`).
    """
    m = find_meeting(c, state, record)
    if m is None:
        raise IllegalAnswer(RULE, f"the meeting at {record.at} is no longer on the map (its fleets left)")
    return m


def _present(state: StrategicState, r: BattleHexRecord) -> set[str]:
    if r.between is None:
        fleets = state.fleets_at(r.at)
    else:
        lane = {(r.at, r.between), (r.between, r.at)}
        fleets = [f for f in state.campaign.fleets if (f.sector, f.in_transit_to) in lane]
    return {t.id for f in fleets if (t := state.team_of(f.power)) is not None}


def reform(c: Campaign, state: StrategicState) -> Campaign:
    """Seed 004: "Encounters occur when fleets from different powers are in the same system or
    stumble upon each other in deep space". A pending meeting whose Teams no longer meet there
    (a side returned to its last sector after another meeting of the same place, as in a
    three-way meeting) is settled: no scenario, nobody else moves. One whose fleets changed is
    re-formed with who is still there (its fleets are read from the map when it is decided).
    ``c`` is left unchanged; the result shares what it does not change."""
    names = {t.id: t.name for t in c.teams}
    hexes: list[BattleHexRecord] | None = None
    log: list[LogEntry] = []
    for i, r in enumerate(c.battle_hexes):
        if r.encounter is not EncounterState.PENDING or r.resolved:
            continue
        m = find_meeting(c, state, r)
        if m is not None and _key(m) == _key(r):
            continue
        hexes = hexes if hexes is not None else list(c.battle_hexes)
        if m is not None:  # not answered yet, and the map now gives the other side the attack
            hexes[i] = r.model_copy(update={"attacker": m.attacker, "defender": m.defender,
                                            "attacker_reason": m.reason})
            continue
        where = f"between {r.at} and {r.between}" if r.between is not None else f"in {r.at}"
        here = _present(state, r)
        gone = [names.get(t, t) for t in (r.attacker, r.defender) if t not in here]
        why = (f"{' and '.join(gone)} {'has' if len(gone) == 1 else 'have'} no fleet left {where}" if gone
               else f"they no longer meet {where}")
        text = (f"{r.at if r.between is None else f'{r.at}-{r.between}'}: the meeting of "
                f"{names.get(r.attacker, r.attacker)} and {names.get(r.defender, r.defender)} is over: {why}; "
                "no scenario")
        hexes[i] = r.model_copy(update={"encounter": EncounterState.NONE, "resolved": True,
                                        "resolution": f"no scenario: {text}"})
        log.append(LogEntry(turn=c.turn, rule=RULE, text=text))
    if hexes is None:
        return c
    return c.model_copy(update={"battle_hexes": hexes, "log": [*c.log, *log]})


def open_meetings(c: Campaign, state: StrategicState) -> Campaign:
    """The campaign at the start of the Encounters Phase: every open V13.11 record pending, a
    record for each meeting between sectors, meetings diplomacy forbids resolved at once."""
    # shallow: the records, the log and the fleets it changes are new, the rest is shared
    new = trade_fleets_met(c.model_copy(update={"fleets": list(c.fleets), "log": list(c.log)}), state)
    if any(a is not b for a, b in zip(new.fleets, c.fleets)):
        state = StrategicState.compute(new, state.graph)
    names = {t.id: t.name for t in new.teams}
    known = {_pair(r) for r in new.battle_hexes if not r.resolved}  # a V13.11 record may name other roles
    new.battle_hexes = [r.model_copy(update={"encounter": EncounterState.PENDING})
                        if not r.resolved and r.encounter is EncounterState.V13 else r for r in new.battle_hexes]
    for m in meetings(new, state, _moved_from(new)):
        if _pair(m) in known:
            continue
        sec = new.sector_at(str(m.at))
        new.battle_hexes.append(BattleHexRecord(
            at=m.at, between=m.between, turn=new.turn, attacker=m.attacker, defender=m.defender,
            attacker_reason=m.reason, encounter=EncounterState.PENDING,
            terrain=sec.terrain if sec is not None and m.between is None else Terrain.NONE,
            terrain_source="a meeting between sectors: deep space" if m.between is not None
            else "the sector's terrain (a meeting found in the Encounters Phase)"))
        where = f"between {m.at} and {m.between}" if m.between is not None else f"in {m.at}"
        new.log.append(LogEntry(turn=new.turn, rule=RULE, text=f"{names.get(m.attacker, m.attacker)} and "
                                f"{names.get(m.defender, m.defender)} meet {where}"))
    return reform(new, state)


def trade_fleets_met(c: Campaign, state: StrategicState) -> Campaign:
    """Seed 004: "If a non-friendly fleet enters a system along a Trade Fleet's trade route,
    there is a chance of encountering the Trade Fleet": for each system of a route that such a
    fleet entered this turn, the roll of :func:`rules.turn.encounter_find.trade_fleet_met`; a
    Trade Fleet met elsewhere than where it stands is taken there with its escorts (``c``'s
    fleets list and log are changed in place, the moved fleets are new objects)."""
    dice = DiceRoller(c.dice_seed * 92_821 + c.turn * 7_919)
    dice.listeners.append(lambda r: c.log.append(LogEntry(turn=c.turn, rule=r.rule, text=r.describe())))
    for t in c.fleets:
        if t.kind is not FleetKind.TRADE or not t.trade_route or t.in_transit_to is not None:
            continue
        entered = sorted({f.sector for f in c.fleets if f.last_sector is not None and f.in_transit_to is None
                          and f.sector in t.trade_route and f.sector != t.sector
                          and state.dip.may_fight(f.power, t.power)})
        for at in entered:
            if trade_fleet_met(t, at, dice):
                c.log.append(LogEntry(turn=c.turn, rule=R_TRADE, text=f"{t.name} is met at {at}, on its trade route"))
                going = {t.id} | {e.id for e in c.fleets if e.escort_of == t.id and e.sector == t.sector}
                c.fleets[:] = [f.model_copy(update={"sector": at, "last_sector": f.sector}) if f.id in going else f
                               for f in c.fleets]
                break
    return c


def _run(m: Meeting, answers: list[Any], name: Callable[[str], str]) -> tuple[Question | None, EncounterResult | None]:
    gen = decide(m, name)
    try:
        q = next(gen)
        for a in answers:
            q.check(a)
            q = gen.send(a)
    except StopIteration as stop:
        return None, stop.value
    return q, None


def settle_immediate(c: Campaign, state: StrategicState) -> Campaign:
    """Decide at once the pending meetings that ask nothing (diplomacy forbids an encounter)."""
    new = c
    names = {t.id: t.name for t in c.teams}
    for i, r in enumerate(c.battle_hexes):
        if r.encounter is not EncounterState.PENDING or r.resolved or r.encounter_answers:
            continue
        m = find_meeting(c, state, r)
        if m is None:
            continue
        q, result = _run(m, [], lambda t: names.get(t, t))
        if q is None and result is not None:
            new = new.model_copy(deep=True) if new is c else new
            _decided(new, new.battle_hexes[i], m, result)
    return new


def winner_question(c: Campaign, index: int) -> Question:
    """Seed 004, meeting in the middle: "Winner remains between sectors. Loser returns to the
    last sector." The GM names the side that won the battle fought between sectors."""
    r = c.battle_hexes[index]
    names = {t.id: t.name for t in c.teams}
    q = choose(f"encounter/{r.at}-{r.between}/winner", "gm", RULE,
               f"Game Master: who won the Deep Space encounter between {r.at} and {r.between}? (the winner "
               "remains between sectors, the loser returns to its last sector)", [r.attacker, r.defender])
    return dataclasses.replace(q, data={"option_words": {t: names.get(t, t) for t in (r.attacker, r.defender)}})


def settle(c: Campaign, state: StrategicState, index: int, raw: Any) -> Campaign:
    """Name the winner of the battle fought between sectors: the loser's fleets return."""
    winner = winner_question(c, index).check(raw)
    new = c.model_copy(deep=True)
    r = new.battle_hexes[index]
    r.winner = winner
    names = {t.id: t.name for t in new.teams}
    m = Meeting(r.at, r.between, r.attacker, r.defender,
                tuple(f.id for f in lane_fleets(new, r) if _team(state, f.power) == r.attacker),
                tuple(f.id for f in lane_fleets(new, r) if _team(state, f.power) == r.defender))
    result = after_battle(EncounterResult(Scenario.DEEP_SPACE, (), (), RULE, "", (r.attacker, r.defender), r.between),
                          winner, lambda t: names.get(t, t))
    new.log.append(LogEntry(turn=new.turn, rule=RULE, text=result.text))
    send_back(new, m, result.returns)
    return new


def after_pursuits(c: Campaign, state: StrategicState) -> Campaign:
    """The side that refused and was pursued still "returns to the last sector" once its Pursuit
    scenario is fought (seed 004; the reading of rules/turn/encounters.py): its fleets go back
    when the Space Combat Phase ends. The record's ``winner`` then names the pursuer."""
    new = c
    names = {t.id: t.name for t in c.teams}
    for i, r in enumerate(c.battle_hexes):
        if r.scenario is not Scenario.PURSUIT or not r.resolved or r.winner:
            continue
        try:  # the pursued side may be gone (destroyed): nobody is left to return
            m: Meeting | None = meeting_of(c, state, r)
        except IllegalAnswer:
            m = None
        _, result = _run(m, list(r.encounter_answers), lambda t: names.get(t, t)) if m else (None, None)
        new = new.model_copy(deep=True) if new is c else new
        new.battle_hexes[i].winner = r.defender
        if m is not None and result is not None:
            send_back(new, m, result.returns)
    return new


def _team(state: StrategicState, power: str) -> str:
    t = state.team_of(power)
    return t.id if t is not None else ""


def pending_question(c: Campaign, state: StrategicState, index: int) -> Question | None:
    """The question the meeting of ``battle_hexes[index]`` waits for, if it is pending."""
    r = c.battle_hexes[index]
    if r.encounter is not EncounterState.PENDING:
        return None
    m = find_meeting(c, state, r)
    if m is None:  # its Teams no longer meet: End Phase settles it (reform), it asks nothing
        return None
    names = {t.id: t.name for t in c.teams}
    q, _ = _run(m, list(r.encounter_answers), lambda t: names.get(t, t))
    return q


def answer(c: Campaign, state: StrategicState, index: int, raw: Any) -> Campaign:
    """Give the meeting of ``battle_hexes[index]`` its next answer; when that decides it, write
    the result. An illegal answer raises ``IllegalAnswer`` and changes nothing."""
    r = c.battle_hexes[index]
    if r.encounter is not EncounterState.PENDING:
        raise IllegalAnswer(RULE, f"the meeting at {r.at} is already decided")
    names = {t.id: t.name for t in c.teams}
    m = meeting_of(c, state, r)
    q, _ = _run(m, list(r.encounter_answers), lambda t: names.get(t, t))
    assert q is not None, "a pending meeting has a question"
    q.check(raw)
    # a new campaign sharing what the answer does not touch (a deep copy of a large campaign
    # would cost more than the whole answer): the record, the log and the moved fleets are new
    rec = r.model_copy(update={"encounter_answers": [*r.encounter_answers, raw]})
    hexes = list(c.battle_hexes)
    hexes[index] = rec
    # no line of its own (issue 22): the result line names who answered what, and the undo entry
    # and the next side's question say it meanwhile
    new = c.model_copy(update={"battle_hexes": hexes, "log": list(c.log)})
    _, result = _run(m, list(rec.encounter_answers), lambda t: names.get(t, t))
    if result is not None:
        _decided(new, rec, m, result)
        if result.scenario is None and result.returns:  # the other meetings of the place with who is left
            new = reform(new, StrategicState.compute(new, state.graph))
    return new


def _decided(c: Campaign, rec: BattleHexRecord, m: Meeting, result: EncounterResult) -> None:
    rec.scenario = result.scenario
    rec.encounter = EncounterState.SCENARIO if result.scenario is not None else EncounterState.NONE
    c.log.append(LogEntry(turn=c.turn, rule=result.rule, text=result.text))
    if result.scenario is None:
        rec.resolved, rec.resolution = True, f"no scenario: {result.text}"
        send_back(c, m, result.returns)


def send_back(c: Campaign, m: Meeting, teams: tuple[str, ...]) -> None:
    """Fleets of the meeting's ``teams`` return to their last sector (in place on ``c``)."""
    sides = {m.attacker: m.attacker_fleets, m.defender: m.defender_fleets}
    going = {fid for team in teams for fid in sides.get(team, ())}
    fleets = list(c.fleets)
    for k, f in enumerate(fleets):
        if f.id not in going:
            continue
        if f.last_sector is None:
            c.log.append(LogEntry(turn=c.turn, rule=RULE, text=f"{f.name} has no last sector this turn: it stays "
                                                               f"in {f.sector}"))
            continue
        fleets[k] = f.model_copy(update={"sector": f.last_sector, "in_transit_to": None, "orders": []})
        c.log.append(LogEntry(turn=c.turn, rule=RULE, text=f"{f.name} returns to its last sector, {f.last_sector}"))
    c.fleets = fleets
