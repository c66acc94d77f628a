"""After the battle (V13.483 onwards): disorganized withdrawals and their pursuit
(V13.82x-V13.835), the fate of sub-light evaders (V13.90), and Pursuit after an organized
withdrawal (V13.70-V13.754).

A pursuit that intercepts means a new battle in the same Battle Hex (V13.748, A-48); it is
announced in the log with the forces that meet, and the GM starts it (a new set-up from
V13.420, roles per V13.712).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from hexmap import Facing, Label
from rules.systems.v13.evasion import SPECIAL_RULE, evasion_of
from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.v13.pursuit import crippled_rear_guard, disorganized_destination, pursuit_force_count, pursuit_roll
from rules.battlehex.questions import QKind, Question, choose, unit_list, yes_no
from rules.battlehex.roster import BUnit, Role, Status
from rules.battlehex.state import Ctx, Step
from rules.systems.v13.sublight import Outcome, evasion_fate, rendezvous
from rules.model.units import Unit
from rules.systems.v13.odds import evasion_text, outcome_odds, pursuit_text, rear_guard_text
from rules.strategic.neighbours import Stance, sector_toward

Ask = Generator[Question, Any, None]


def _pick(ctx: Ctx, key: str, to: str, rule: str, text: str, options: list[str], *, not_all: bool = False,
          secret: bool = False, odds: str = "") -> Question:
    def check(ans: Any) -> list[str]:
        chosen = unit_list(ans, options, rule, lambda x: ctx.state.units[x].name, "choose among")
        if not_all and options and len(chosen) == len(options):
            raise IllegalAnswer("V13.722", "the Rear Guard may be some, but not all, of the withdrawing units")
        return chosen
    data: dict[str, Any] = {"secret": True} if secret else {}
    if odds:
        data["odds"] = odds
    return Question(key, QKind.CHOOSE_UNITS, to, rule, text, tuple(options), check=check, data=data)


def endings(ctx: Ctx) -> Ask:
    st = ctx.state
    st.step = Step.ENDINGS
    if st.record.kind == "rear_guard":
        _rear_guard_outcome(ctx)
        st.resolved, st.step = True, Step.RESOLVED
        st.resolution = st.resolution or f"rear-guard battle over: {st.end_reason}"
        ctx.info("V13.12", f"the rear-guard battle in {st.record.at} is over")
        return
    _approach_outcome(ctx)
    if st.resolved:
        return
    yield from _disorganized(ctx)
    yield from _sublight(ctx)
    _left_behind_award(ctx)
    yield from _pursuit(ctx)
    st.resolved, st.step = True, Step.RESOLVED
    st.resolution = st.resolution or f"battle over: {st.end_reason}"
    ctx.info("V13.12", f"Battle Hex {st.record.at} is resolved")


# -- V13.34 / V13.37 / V13.28(b) ------------------------------------------------------------------------------
def _approach_outcome(ctx: Ctx) -> None:
    """V13.34: if the attacker disengaged from an Approach Battle the hex is resolved without
    Pursuit; if the defenders' approach units are gone, the battle at the base follows at once
    (V13.37), the approach units turned around (V13.39)."""
    st = ctx.state
    if st.kind != "approach":
        return
    attackers_left = any(u.present for u in st.units.values() if u.role is Role.ATTACKER)
    if not attackers_left:
        st.resolved, st.step = True, Step.RESOLVED
        st.resolution = "V13.34: the attacker disengaged from the Approach Battle; no Pursuit"
        ctx.info("V13.34", "the Attacking Team left the Approach Battle: the Battle Hex is resolved and the defender "
                           "may not pursue")
        return
    st.follow_ups.append({"attacker": st.attacker, "defender": st.defender, "participants": [], "kind": "base",
                          "why": "V13.37: the approach units are gone; the battle at the base follows"})
    st.resolved, st.step = True, Step.RESOLVED
    st.resolution = "V13.37: Approach Battle over; the battle at the base follows at once"
    ctx.info("V13.37 / V13.39", "the defending approach units are destroyed or retreated to their base: the battle at "
                                "the base follows at once; approach units that retreated are turned around for it")


def _left_behind_award(ctx: Ctx) -> None:
    """V13.28(b) / A-25: half the Economic BPV of the left-behind units that survive, if the
    attacker holds the hex at the end."""
    st = ctx.state
    if not st.left_behind_active:
        return
    survivors = [u for u in st.units.values() if u.poor and u.status not in (Status.DESTROYED,)]
    holds = any(u.present for u in st.units.values() if u.role is Role.ATTACKER) and not any(
        u.present for u in st.units.values() if u.role is Role.DEFENDER)
    if survivors and holds:
        total = sum(u.unit.economic_bpv for u in survivors)
        st.awards[st.attacker] = st.awards.get(st.attacker, 0) + total // 2
        ctx.info("V13.28 / A-25", f"{ctx.name(st.attacker)} holds the hex and gains floor(1/2 x {total}) = "
                                  f"{total // 2} for the left-behind units that survived",
                 visible_to=(st.attacker, st.defender, GM))  # the two sides' figure (issue 23), as its log line


# -- V13.82x / V13.83x --------------------------------------------------------------------------------------
def _disorganized(ctx: Ctx) -> Ask:
    st = ctx.state
    gone = sorted((u for u in st.units.values() if u.status is Status.DISORGANIZED), key=lambda u: u.left_at)
    for u in gone:  # V13.835: in the order they left the map
        enemy = st.attacker if u.team != st.attacker else st.defender
        chasers = [x for x in st.units.values() if x.team == enemy and x.exit_impulse is not None
                   and x.exit_impulse >= u.left_at and x.facing is u.facing and x.exit_sides & u.exit_sides
                   and not x.is_crippled]
        caught = False
        if chasers:
            picked = yield _pick(ctx, f"V13.831/{u.id}", enemy, "V13.831",
                                 f"{ctx.name(enemy)}: {u.name} withdrew in disorder; these units left across the same "
                                 "border with the same facing: do any of them pursue it? (none: no pursuit)",
                                 [x.id for x in chasers], odds=_disorganized_odds(u, chasers))
            if picked:
                first = min((st.units[p] for p in picked), key=lambda x: x.left_at)
                delay = first.left_at - u.left_at
                force = [st.units[p] for p in picked]
                res = pursuit_roll(ctx.dice, pursuers=len(picked), defenders=1, sensors=_sensors(force),
                                   pursuer_captain=max(x.unit.officers.captain for x in force),
                                   defender_captain=u.unit.officers.captain, delay=delay, who=ctx.name(enemy))
                caught = res.intercepted
                ctx.info(res.rule, f"pursuit of {u.name} (V13.834, {delay} impulses): {res.text}", unit=u.id)
                if caught:
                    st.follow_ups.append({"attacker": enemy, "defender": u.team,
                                          "participants": [u.id, *picked], "why": f"V13.834: {u.name} intercepted"})
                    ctx.info("V13.833 / A-48", f"{u.name} is intercepted by " + ", ".join(st.units[p].name
                             for p in picked) + ": a new battle in the same Battle Hex follows, never with a Rear "
                             "Guard (Turn > Fight a Battle Hex)")
        if not caught:
            team = st.teams[u.team]
            n = sector_toward(ctx.strategic, st.record.at, u.faces, team.id)
            d = disorganized_destination(n.stance.value if n.stance is not Stance.OFF_MAP else "off map",
                                         n.hostile_force, str(n.at) if n.at else None)
            group = [x.name for x in gone if x is not u and x.team == u.team and x.facing is u.facing]
            ctx.info(d.rule, f"{u.name} withdrew in disorder towards {d.at or 'the map edge'} ({d.stance}): "
                     f"{'In' if d.in_supply else 'Out of'} Supply, rendezvous {'yes' if d.rendezvous else 'no'}, "
                     f"repairs {'yes' if d.repairs else 'no'}"
                     + ("; an encounter with the hostile force there next Movement Phase" if d.encounter_next_phase
                        else "") + (f"; grouped with {', '.join(group)}" if group else ""),
                     unit=u.id, destination=d.at, in_supply=d.in_supply)
            u.destination, u.outcome = d.at, "in supply" if d.in_supply else "out of supply"


# -- V13.90 ---------------------------------------------------------------------------------------------------
def _sublight(ctx: Ctx) -> Ask:
    st = ctx.state
    evaders = [u for u in st.units.values() if u.status is Status.EVADED]
    if not evaders:
        return
    survivors = []
    for u in evaders:
        special, hc, _terrain, orion = evasion_of(ctx, u)
        if special is not None:
            ctx.info(SPECIAL_RULE[special], f"{u.name}: {special.value}", unit=u.id)
            u.outcome = special.name
            continue
        if len(outcome_odds(u.unit, hc, st.record.terrain, orion).outcomes) > 1:
            ctx.info("V13.90", f"{u.name}: the odds of its fate ({hc.value} hex, {st.record.terrain.title}): "
                     + evasion_text(u.unit, hc, st.record.terrain, orion), unit=u.id)
        fate = evasion_fate(u.unit, hc, st.record.terrain, ctx.dice, orion=orion)
        ctx.info(fate.rule, f"{u.name} ({hc.value} hex, {st.record.terrain.title}): {fate.outcome.value}"
                 + (f", lost {fate.lost_turns} Strategic Turns" if fate.lost_turns else "")
                 + (f", {fate.extra_damage} extra damage" if fate.extra_damage else ""), unit=u.id, steps=fate.steps)
        u.outcome, u.lost_turns, u.extra_damage = fate.outcome.name, fate.lost_turns, fate.extra_damage
        u.lost_by = fate.lost_by
        if fate.outcome is Outcome.FRIENDLY_HEX:
            pick = yield choose(f"V13.942/{u.id}", u.team, "V13.942",
                                f"{ctx.name(u.team)}: {u.name} is stranded in a friendly hex without warp engines: "
                                "repair in place (Campaign Damage Repairs, the warp engines stay lost), wait for a "
                                "tow, abandon it (the hulk stays) or scuttle it (the crew is saved)?",
                                ["repair", "tow", "abandon", "scuttle"])
            u.outcome = {"repair": "FRIENDLY_HEX", "tow": "FRIENDLY_HEX", "abandon": "ABANDONED",
                         "scuttle": "SCUTTLED"}[pick]
            ctx.info("V13.944" if pick == "scuttle" else "V13.945" if pick == "abandon" else "V13.942",
                     f"{u.name} " + _STRANDED[pick], unit=u.id)
        if not fate.destroyed:
            survivors.append(u.unit)
    if len(survivors) >= 2:
        group = rendezvous(survivors, ctx.dice)
        ctx.info("V13.932", "rendezvous: " + (", ".join(st.units[g].name for g in group) if group else
                                              "nobody (fewer than two rolled 1 or less)"))


_STRANDED = {"repair": "is repaired in place (Campaign Damage Repairs; the warp engines stay lost)",
             "tow": "waits in the hex for a tow", "abandon": "is abandoned: the crew is evacuated, the hulk stays",
             "scuttle": "is scuttled: the crew is saved; it counts as destroyed for Crew and Rank Points"}


# -- V13.70 ---------------------------------------------------------------------------------------------------
def _pursuit(ctx: Ctx) -> Ask:
    st = ctx.state
    for withdrawing, pursuer in ((st.attacker, st.defender), (st.defender, st.attacker)):
        gone = [u for u in st.units.values() if u.team == withdrawing and u.status in (Status.DISENGAGED,
                                                                                        Status.RETREATED)]
        if not gone:
            continue
        if st.pursuit_forbidden or st.kind == "approach":
            ctx.info("V13.23" if st.pursuit_forbidden else "V13.703", "no Pursuit is allowed after this battle")
            return
        eligible = [u for u in st.units.values() if u.team == pursuer and u.present and not u.is_crippled
                    and u.strategic_capable and u.pos is not None]
        if not eligible:
            ctx.info("V13.751 / V13.752", f"{ctx.name(pursuer)} has no unit able to pursue")
            continue
        go = yield replace(yes_no(f"V13.702/{pursuer}", pursuer, "V13.702",
                                  f"{ctx.name(pursuer)}: {ctx.name(withdrawing)} withdrew "
                                  f"({', '.join(u.name for u in gone)}). Pursue?"),
                           data={"odds": _pursuit_odds(eligible, gone)})
        if not go:  # the answer's own log line says so
            continue
        yield from _designate_and_roll(ctx, pursuer, withdrawing, eligible, gone)
        return


def _designate_and_roll(ctx: Ctx, pursuer: str, withdrawing: str, eligible: list[BUnit], gone: list[BUnit]) -> Ask:
    st = ctx.state
    guards = [u for u in gone if not u.is_crippled]
    force = yield _pick(ctx, "V13.721/force", pursuer, "V13.721",
                        f"{ctx.name(pursuer)} (secret, V13.723): choose the Pursuit Force (crippled units and units "
                        "that cannot move strategically may not pursue, V13.751/752)", [u.id for u in eligible],
                        secret=True, odds=_pursuit_odds(eligible, gone) + "; each unit fewer, while the force "
                        "outnumbers them, adds 1 (V13.742)")
    rear = []
    if len(guards) > 1 or (guards and len(gone) > 1):
        rear = yield _pick(ctx, "V13.722/rear_guard", withdrawing, "V13.722",
                           f"{ctx.name(withdrawing)} (secret, V13.723): choose a Rear Guard: some, not all, of your "
                           "withdrawing units (none: no Rear Guard)", [u.id for u in guards], not_all=True,
                           secret=True, odds="if crippled in the rear-guard battle (V13.753): " + "; ".join(
                               f"{u.name} {rear_guard_text(u.unit)}" for u in guards))
    ctx.info("V13.723", f"revealed together: Pursuit Force {', '.join(st.units[x].name for x in force) or 'none'}; "
             f"Rear Guard {', '.join(st.units[x].name for x in rear) or 'none'}")
    if not force:
        ctx.info("V13.721", "an empty Pursuit Force: no pursuit")
        return
    if rear:
        pursued = [u.id for u in gone if u.id not in rear]
        st.follow_ups.append({"attacker": pursuer, "defender": withdrawing, "participants": [*force, *rear],
                              "kind": "rear_guard", "why": "V13.731: the Pursuit Force meets the Rear Guard",
                              "pursuit": {"force": list(force), "pursued": pursued, "rear": list(rear)}})
        ctx.info("V13.731 / V13.732", "the Pursuit Force meets the Rear Guard: a rear-guard battle in this hex follows "
                 "(both Weapon Status III, any speed; V13.733's ten-turn locks), then the Pursuit Roll")
        return
    _roll(ctx, pursuer, withdrawing, [st.units[x] for x in force], [u.unit for u in gone], 0)


def _pursuit_odds(chasing: list[BUnit], gone: list[BUnit]) -> str:
    """The Pursuit Roll's odds if every unit in ``chasing`` pursues ``gone`` with no Rear Guard left."""
    text = pursuit_text(pursuers=pursuit_force_count([u.unit for u in chasing]),
                        defenders=pursuit_force_count([u.unit for u in gone], crippled_count=True),
                        sensors=_sensors(chasing),
                        pursuer_captain=max((u.unit.officers.captain for u in chasing), default=0),
                        defender_captain=max((u.unit.officers.captain for u in gone), default=0))
    who = "the eligible unit pursues" if len(chasing) == 1 else f"all {len(chasing)} eligible units pursue"
    return f"if {who} and no Rear Guard stays: {text}; each turn fought against a Rear Guard adds 1 (V13.744)"


def _disorganized_odds(u: BUnit, chasers: list[BUnit]) -> str:
    """V13.834: the odds if all ``chasers`` pursue ``u``, and if each pursues it alone."""
    def one(force: list[BUnit]) -> str:
        delay = min(x.left_at for x in force) - u.left_at
        return f"{delay} impulses after it: " + pursuit_text(
            pursuers=len(force), defenders=1, sensors=_sensors(force),
            pursuer_captain=max(x.unit.officers.captain for x in force),
            defender_captain=u.unit.officers.captain, delay=delay)
    alone = [f"{x.name} alone, {one([x])}" for x in sorted(chasers, key=lambda x: x.left_at)]
    return "; ".join([f"all {len(chasers)}, the first leaving {one(chasers)}", *alone] if len(chasers) > 1
                     else alone)


def _sensors(chasing: list[BUnit]) -> bool:
    """V13.743: a pursuer with Special Sensors that have suffered no sensor/scanner damage."""
    return any(u.unit.has_special_sensors and not u.unit.sensors_damaged for u in chasing)


def _roll(ctx: Ctx, pursuer: str, withdrawing: str, chasing: list[BUnit], defending: list[Unit], turns: int) -> None:
    """V13.740-V13.748: the Pursuit Roll; an interception opens a pursuit battle in the hex."""
    st = ctx.state
    res = pursuit_roll(ctx.dice, pursuers=pursuit_force_count([u.unit for u in chasing]),
                       defenders=pursuit_force_count(defending, crippled_count=True),
                       sensors=_sensors(chasing),
                       rear_guard_turns=turns,
                       pursuer_captain=max((u.unit.officers.captain for u in chasing), default=0),
                       defender_captain=max((u.officers.captain for u in defending), default=0),
                       who=ctx.name(pursuer))
    ctx.info(res.rule, "Pursuit Roll" + (f" after {turns} turns against the Rear Guard" if turns else "")
             + f": {res.text}")
    if res.intercepted:
        st.follow_ups.append({"attacker": pursuer, "defender": withdrawing,
                              "participants": [u.id for u in chasing] + [u.id for u in defending],
                              "why": "V13.748: the Pursuit Force intercepts"})
        ctx.info("V13.748 / V13.712", f"interception: {ctx.name(pursuer)} attacks, {ctx.name(withdrawing)} defends in "
                 "a new battle in the same Battle Hex (from V13.420, A-39; Turn > Fight a Battle Hex)")


def _reappears(ctx: Ctx, hexes: int, direction: Facing | None) -> Label:
    """V13.753 / A-63: ``hexes`` sectors in a straight line in ``direction`` from the Battle
    Hex, stopping at the last sector on the map; the Battle Hex itself for a non-warp unit."""
    at = ctx.state.record.at
    for _ in range(hexes if direction is not None else 0):
        nxt = ctx.strategic.graph.toward(at, direction) if direction is not None else None
        if nxt is None:
            break
        at = nxt
    return at


def _rear_guard_outcome(ctx: Ctx) -> None:
    """V13.733-V13.736 and V13.753-V13.754: after the rear-guard battle."""
    st = ctx.state
    ctx_p = st.record.pursuit
    force = [st.units[x] for x in ctx_p.get("force", []) if x in st.units]
    rear = [st.units[x] for x in ctx_p.get("rear", []) if x in st.units]
    pursuer, withdrawing = st.attacker, st.defender
    for u in rear:
        if u.is_crippled and u.status is not Status.DESTROYED:
            ctx.info("V13.753", f"{u.name}: the odds: {rear_guard_text(u.unit)}", unit=u.id)
            f = crippled_rear_guard(u.unit, ctx.dice)
            if f.rejoins:
                ctx.info("V13.736 / V13.753", f"{u.name}: rejoins its force", unit=u.id)
                continue
            where = "(same hex)" if f.same_hex else f"in direction {f.direction.name if f.direction else '?'}"
            dest = _reappears(ctx, f.hexes, f.direction)
            ctx.info("V13.736 / V13.753", f"{u.name}: lost {f.lost_turns} Strategic Turns, Out of Supply, then "
                     f"reappears {f.hexes} hexes away {where}: {dest}; {f.internal_hits} internal hits, "
                     f"{f.crew_lost} crew units lost", unit=u.id)
            u.outcome, u.lost_turns, u.extra_damage, u.crew_lost = "LOST", f.lost_turns, f.internal_hits, f.crew_lost
            u.destination = str(dest)
    chasing = [u for u in force if u.present and not u.is_crippled]
    if not chasing:
        ctx.info("V13.734", "the whole Pursuit Force is destroyed or crippled: the pursuit is over; the survivors "
                            "return to the original battle site")
        return
    turns = min(10, st.turn)
    rejoined = [u for u in rear if u.status is not Status.DESTROYED and u.outcome != "LOST"]
    ctx.info("V13.735 / V13.753", "the Rear Guard that rejoins its force (the uncrippled, and the crippled that "
             "rolled 3 or less; A-37): " + (", ".join(u.name for u in rejoined) or "none"))
    by_id = {u.id: u for f in ctx.campaign.fleets for u in f.units}
    pursued = [by_id[x] for x in ctx_p.get("pursued", []) if x in by_id]
    _roll(ctx, pursuer, withdrawing, chasing, pursued + [u.unit for u in rejoined], turns)
