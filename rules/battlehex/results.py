"""Back to the campaign (V13.01): when a Battle Hex resolves, its results are written to the
campaign in one step on a copy, so nothing is ever half-applied.

Destroyed, captured and crippled units; forced next strategic moves (V13.514, V13.614);
units that withdrew in disorder moved to the sector beyond their exit facing (V13.82x); the
fates of sub-light evaders (V13.90); BPV awards (V13.28: logged for the two sides alone); the
Battle Hex marked resolved and the outcome logged.
"""
from __future__ import annotations

import json
from collections.abc import Collection, Mapping

from rules.battlehex.roster import BUnit, Role, Status
from rules.battlehex.sight import Seen, learned
from rules.battlehex.state import BattleState
from rules.strategic.turn import staying
from rules.systems.v13.sublight import Outcome
from rules.model.campaign import Campaign, Fleet
from rules.model.records import BattleHexRecord, BattleStart, LogEntry
from rules.model.units import BOXES, DAMAGE_LEVELS, CrewQuality, Unit, UnitFate, base_levels, levels_words
from rules.model.visibility import GM, Secrets, joined, may_read, record_words, taken_out

_FATE = {Outcome.LOST.name: UnitFate.LOST, Outcome.LOCATABLE.name: UnitFate.LOCATABLE,
         Outcome.AWAITING_RENDEZVOUS.name: UnitFate.AWAITING_RENDEZVOUS,
         Outcome.PLANETOID_CREW.name: UnitFate.MAROONED_PLANETOID, Outcome.STORM_PLANETOID.name:
         UnitFate.MAROONED_PLANETOID, Outcome.ASTEROID_CREW.name: UnitFate.MAROONED_ASTEROID,
         Outcome.CRASHED.name: UnitFate.CRASHED, Outcome.DESTROYED.name: UnitFate.DESTROYED,
         Outcome.SELF_DESTRUCT.name: UnitFate.DESTROYED, Outcome.CAPTURED.name: UnitFate.CAPTURED,
         "ABANDONED": UnitFate.ABANDONED, "SCUTTLED": UnitFate.SCUTTLED}


def _apply_unit(u: Unit, b: BUnit, approach: bool = False) -> str | None:
    """Update the campaign's unit from its battle record; returns a line for the report."""
    if b.is_crippled and not u.crippled:
        u.crippled = True
    if b.poor:
        u.crew_quality = CrewQuality.POOR
    if b.status is Status.DESTROYED:
        u.destroyed, u.fate = True, UnitFate.DESTROYED
        return f"{u.name} destroyed"
    if b.status is Status.CAPTURED:
        u.captured, u.fate = True, UnitFate.CAPTURED
        return f"{u.name} captured"
    if b.status is Status.UNMANNED:
        u.fate = UnitFate.ABANDONED
        return f"{u.name} abandoned (V13.28)"
    if b.status is Status.RETREATED and approach and b.role is Role.DEFENDER:
        return f"{u.name} retreated to its base; it is turned around for the battle there (V13.39)"
    if b.status in (Status.DISENGAGED, Status.RETREATED) and b.forced_direction is not None:
        u.forced_strategic_direction = b.forced_direction
        return f"{u.name} {b.status.value}: next strategic move in direction {b.forced_direction.name}"
    if b.status is Status.EVADED:
        if not u.native_sublight:
            u.warp_engines_dropped = True
        fate = _FATE.get(b.outcome)
        if fate is not None:
            u.fate = fate
            u.destroyed = fate in (UnitFate.DESTROYED, UnitFate.MAROONED_PLANETOID, UnitFate.MAROONED_ASTEROID,
                                   UnitFate.CRASHED, UnitFate.SCUTTLED)
            u.captured = fate is UnitFate.CAPTURED
            u.lost_turns_remaining = b.lost_turns
            u.lost_by = (b.lost_by or "V13.91x") if fate is UnitFate.LOST else ""
        damage = ""
        if b.extra_damage and not u.destroyed:  # V13.954x-V13.967x: it survived the extra damage
            u.internal_hits = min(BOXES, u.internal_hits + b.extra_damage)
            damage = f", {b.extra_damage} extra damage ({u.internal_hits} internal hits)"
        return f"{u.name} evaded at sub-light: {b.outcome.lower().replace('_', ' ') or 'see the log'}{damage}"
    if b.status is Status.DISORGANIZED:
        return f"{u.name} withdrew in disorder to {b.destination or 'nowhere (A-49)'} ({b.outcome})"
    if b.outcome == Outcome.LOST.name:  # V13.753: a crippled Rear Guard unit that did not rejoin
        u.fate, u.lost_turns_remaining, u.lost_by = UnitFate.LOST, b.lost_turns, "V13.753"
        u.internal_hits = min(BOXES, u.internal_hits + b.extra_damage)
        u.base_repair_hits = min(u.internal_hits, u.base_repair_hits + b.extra_damage)  # only at a Base (V13.753)
        u.crew_units_current = max(0, (u.crew_units_current or u.crew_units_normal) - b.crew_lost)
        return (f"{u.name} is lost for {b.lost_turns} Strategic Turns, Out of Supply, and will reappear in "
                f"{b.destination} with {b.extra_damage} more internal hits and {b.crew_lost} crew units fewer "
                "(V13.753)")
    return None


def write_back(campaign: Campaign, st: BattleState, rule: str = "V13.01", run: Seen | None = None) -> Campaign:
    """A new campaign with the battle's results applied, logged under ``rule``: the system's own
    end of battle (V13's is V13.01, the Tactical Combat Interface; :attr:`ReplayRun.RESULT_RULE`).
    ``run``: the battle fought; a line naming the other Teams' hidden units it showed a Team is
    that Team's to read too (:func:`known_by`, :func:`result_lines`)."""
    new = campaign.model_copy(deep=True)
    by_id: dict[str, Unit] = {}
    for f in new.fleets:
        for u in f.units:
            by_id[u.id] = u
    for sec in new.map.sectors:
        for u in sec.garrison:
            by_id[u.id] = u
    report = []
    for b in st.units.values():
        unit = by_id.get(b.id)
        if unit is None:
            continue
        before = base_levels(unit)
        if line := _apply_unit(unit, b, st.kind == "approach"):
            report.append(line)
        if unit.destroyed and unit.destroyed_turn is None:
            unit.destroyed_turn = new.turn  # a loss record's date (rules/strategic/turn.py staying)
        if b.crippled and unit.kind.is_base and not (unit.destroyed or unit.captured):
            unit.damage_levels = min(DAMAGE_LEVELS, before + 1)  # seed 004: a level a battle that cripples it
            report.append(f"{unit.name} is crippled: {levels_words(unit.damage_levels)} to repair (004 "
                          "Construction Completion Phase: 25% of its cost each)")
    _fleets_after(new, st, report)
    _scatter(new, st)
    sealed: dict[int, list[str]] = {}  # report line -> whose secret: an award is the two sides' (V13.28 tells
    for team, points in st.awards.items():  # the defender the figure), a third Team's no business (issue 23)
        t = next(t for t in new.teams if t.id == team)
        t.economic_points += points
        sealed[len(report)] = list(dict.fromkeys((team, st.attacker, st.defender)))
        report.append(f"{t.name} gains {points} Economic Points (V13.28)")
    done = None
    for rec in new.battle_hexes:
        if rec.at == st.record.at and not rec.resolved:
            rec.resolved, rec.resolution, rec.began = True, st.resolution, began(campaign, rec, st)
            done = rec
            break
    for nxt in st.follow_ups:  # V13.748 / V13.834: the pursuit battles that follow, in the same hex
        new.battle_hexes.append(BattleHexRecord(
            at=st.record.at, turn=new.turn, attacker=nxt["attacker"], defender=nxt["defender"],
            kind=nxt.get("kind", "pursuit"), participants=nxt["participants"], pursuit=nxt.get("pursuit", {}),
            kept_ws=dict(st.ws) if nxt.get("kind", "pursuit") == "pursuit" else {},
            attacker_reason=f"V13.712: {nxt['why']}" if nxt.get("kind", "pursuit") == "pursuit" else nxt["why"],
            terrain=st.record.terrain, terrain_source="A-51: the same Battle Hex"))
        report.append(f"a pursuit battle follows in {st.record.at}: {nxt['why']}")
    records = new.settings.empire_turn == "seed004"  # seed 004's replacement flights replace combat losses
    for f in new.fleets:  # destroyed and captured units leave their fleets (the log keeps them)
        f.units[:] = staying(f.units, records)
    for sec in new.map.sectors:
        sec.garrison[:] = staying(sec.garrison, records)
    new.fleets = [f for f in new.fleets if any(not u.destroyed for u in f.units)]  # loss records alone: gone
    _orphans(new, report)
    turn = new.turn
    s, teams = Secrets(campaign, new), [(t.id, t.name) for t in new.teams if t.id != GM]
    seen = known_by(run) if run is not None else {}
    if done is not None:  # its words are read by every Team entitled to them: the hidden units' owner and the
        words = " ".join([*record_words(done).values(), json.dumps(done.answers, default=str, ensure_ascii=False)])
        done.secret_of = list(joined(done.secret_of, _readers(s, words, teams, seen)))  # sides that fought them
    lines = result_lines(s, f"Battle Hex {st.record.at} resolved: {st.resolution}", teams, seen)
    new.log.extend(LogEntry(turn=turn, rule=rule, text=text, secret_of=who, supersedes=lines[0][0] if k else "")
                   for k, (text, who) in enumerate(lines))  # each fuller version tied to everyone's
    new.log.extend(LogEntry(turn=turn, rule=rule, text=line, secret_of=sealed.get(i) or _readers(s, line, teams, seen))
                   for i, line in enumerate(report))
    return new


def known_by(run: Seen) -> dict[str, frozenset[str]]:
    """The other Teams' hidden names (ids and names) the battle ``run`` showed each Team of its
    campaign (:func:`rules.battlehex.sight.learned`), for :func:`write_back`."""
    return {t.id: learned(run, t.id) for t in run.campaign.teams}


def _readers(s: Secrets, text: str, teams: list[tuple[str, str]], known: Mapping[str, Collection[str]]) -> list[str]:
    """Who may read ``text`` beside the GM: ``[]`` everyone (it names no hidden unit); else the
    Teams that may know every hidden unit it names (their own, or shown them by the battle:
    V13.03, V13.29), ``[gm]`` when none may."""
    names = s.named(text)
    if not names:
        return []
    return [t for t, _ in teams if all(may_read((s.names[n],), t) or n in known.get(t, ()) for n in names)] or [GM]


def result_lines(s: Secrets, text: str, teams: list[tuple[str, str]],
                 known: Mapping[str, Collection[str]]) -> list[tuple[str, list[str]]]:
    """The result line ``text`` in the versions its readers may read, each with whom it is for
    (``secret_of``): the line whole when it names no hidden unit; else everyone's version, the
    hidden units taken out (the table, a Team not in the battle), and after it each Team's that
    may know some of them (the sides that fought them, their owner: the units it may know put
    back), the GM's whole, last: a viewer is shown the last version it may read
    (:func:`rules.model.visibility.shown`), the GM the whole one."""
    names = s.named(text)
    if not names:
        return [(text, [])]
    versions: dict[str, list[str]] = {}
    for t, _name in teams:
        kept = {n for n in names if not (may_read((s.names[n],), t) or n in known.get(t, ()))}
        if kept != names:
            versions.setdefault(taken_out(text, kept), []).append(t)
    versions[text] = versions.pop(text, [])  # the whole version last, whoever reads it
    by_id = dict(teams)
    out = [(taken_out(text, names), list[str]())]
    for version, who in versions.items():
        named = [by_id[t] for t in who] or ["the GM"]
        saw = " and ".join(filter(None, (", ".join(named[:-1]), named[-1])))
        out.append((f"{version} (as {saw} saw it: V13.03, V13.29)", who or [GM]))
    return out


def began(c: Campaign, rec: BattleHexRecord, st: BattleState) -> BattleStart:
    """What replaying the battle ``rec`` of ``c`` (the campaign before its results) needs that
    the write-back and the turns after it change: the fleets that were in the sector (or on the
    lane) or fought in it and the sector's fixed units, as they were (copies), its owner, the
    turn's ignore records there, the turn and the system, and a B5 battle's readings (settings.b5,
    which Campaign > Settings may change afterwards; rules/battlehex/replay_source.py)."""
    ends = {rec.at, rec.between} if rec.between is not None else None
    fleets = [f.model_copy(deep=True) for f in c.fleets
              if (f.sector == rec.at and f.in_transit_to is None if ends is None
                  else f.in_transit_to is not None and {f.sector, f.in_transit_to} == ends)
              or any(u.id in st.units for u in f.units)]
    sec = c.sector_at(str(rec.at))
    system = rec.system or c.settings.battle_system
    return BattleStart(turn=c.turn, system=system, b5=c.settings.b5.model_copy() if system == "b5" else None,
                       owner=sec.owner if sec is not None else None, fleets=fleets,
                       garrison=[u.model_copy(deep=True) for u in sec.garrison] if sec is not None else [],
                       ignores=[i.model_copy() for i in c.ignores if i.at == rec.at and i.turn == c.turn])


def _orphans(c: Campaign, report: list[str]) -> None:
    """What the battle's losses left pointing at nothing (issue 19: the file would fail --check):
    a flight or PF whose carrier left the campaign has no carrier now (the GM rebases it), and
    an escort whose civilian fleet was destroyed escorts nothing."""
    units = [u for f in c.fleets for u in f.units] + [u for s in c.map.sectors for u in s.garrison]
    ids = {u.id for u in units}
    for u in units:
        if u.carrier_id is not None and u.carrier_id not in ids:
            report.append(f"{u.name} lost its carrier {u.carrier_id}: it has none now (the GM rebases it)")
            u.carrier_id = None
    fleets = {f.id for f in c.fleets}
    for f in c.fleets:
        if f.escort_of is not None and f.escort_of not in fleets:
            report.append(f"{f.name} escorted {f.escort_of}, destroyed: it escorts nothing now")
            f.escort_of = None


def _fleets_after(c: Campaign, st: BattleState, report: list[str]) -> None:
    """Seed 004 on the fleets a battle touched: "if any carrying ship is lost, the entire cargo
    is lost"; a trade, transport or colony fleet is crippled when all its ships are and
    destroyed when 3/4 (round up) are, crippled ships counting half (rules/turn/civilian.py)."""
    from rules.turn.cargo import after_losses
    from rules.turn.civilian import CivilianState, fleet_state

    lost = {b.id for b in st.units.values() if b.status in (Status.DESTROYED, Status.CAPTURED)}
    for f in c.fleets:
        ids = {u.id for u in f.units}
        if not ids & set(st.units):
            continue
        if f.cargo and ids & lost:
            kept, gone = after_losses(f, ids & lost)
            if gone:
                f.cargo = kept.cargo
                report.append(f"{f.name} lost its cargo ({', '.join(x.id for x in gone)}): a carrying ship was lost "
                              "(seed 004 Movement Phase)")
        if f.kind.civilian:
            state = fleet_state(f)
            if state is CivilianState.DESTROYED:
                for u in f.units:
                    u.destroyed, u.fate = True, UnitFate.DESTROYED
                report.append(f"{f.name} is destroyed: 3/4 of its ships are destroyed, crippled ones counting half "
                              "(seed 004 Encounters Phase)")
            elif state is CivilianState.CRIPPLED:
                report.append(f"{f.name} is crippled: all its ships are crippled (seed 004 Encounters Phase)")


def _scatter(c: Campaign, st: BattleState) -> None:
    """V13.82x: units that withdrew in disorder go to the sector beyond their exit facing,
    grouped by fleet and destination; so do Lost crippled Rear Guard units, to the sector where
    they will reappear (V13.753; Lost, they count for nothing there until then)."""
    moving = [b for b in st.units.values() if b.destination and b.status is not Status.DESTROYED
              and (b.status is Status.DISORGANIZED or b.outcome == Outcome.LOST.name)]
    for b in moving:
        fleet = next((f for f in c.fleets if any(u.id == b.id for u in f.units)), None)
        if fleet is None:
            continue
        unit = next(u for u in fleet.units if u.id == b.id)
        fleet.units.remove(unit)  # in place: a fleet may be left empty for a moment (dropped below)
        lost = b.outcome == Outcome.LOST.name
        fid = f"{fleet.id}-{b.destination}" + ("-lost" if lost else "")
        dest = next((f for f in c.fleets if f.id == fid), None)
        if dest is None:
            dest = Fleet(id=fid, name=f"{fleet.name} ({'lost' if lost else 'scattered'})", power=fleet.power,
                         sector=b.destination,
                         units=[unit])
            c.fleets.append(dest)
        else:
            dest.units.append(unit)
    c.fleets = [f for f in c.fleets if f.units]
