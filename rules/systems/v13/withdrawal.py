"""Step 1: Withdrawal Before Combat (V13.20-V13.29)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question, choose, once_each, yes_no
from rules.battlehex.roster import BUnit, Role, Status
from rules.battlehex.state import Ctx, Step
from rules.model.units import UnitKind

Ask = Generator[Question, Any, None]
NEVER = {UnitKind.GROUND_BASE, UnitKind.PLANET_DEFENSE}


def why_not_selectable(u: BUnit) -> str | None:
    """Why the defender cannot pick ``u`` itself for withdrawal (V13.23, V13.27), or ``None``.

    Units that may go only if towed are selectable; :func:`check_selection` then asks for
    their tug.
    """
    if u.aboard:
        return "V13.23: fighters and PFs go only with their carrier or tender"
    if not u.player_unit:
        return "V13.23: Auxiliary and Incidental units withdraw only when the whole Defending Team does"
    if u.unit.kind in NEVER:
        return "V13.27: ground defence bases can never be withdrawn"
    if u.unit.kind is UnitKind.MOBILE_BASE:
        return "V13.27: a Mobile Base cannot be withdrawn intact (its pods may be towed: GM ruling)"
    return None


def needs_tow(u: BUnit) -> bool:
    """V13.23 / V13.27: a unit that cannot move strategically goes only if towed."""
    return not u.strategic_capable


def check_selection(ctx: Ctx, chosen: list[str], options: list[str]) -> list[str]:
    """The defender's withdrawal choice, or :class:`IllegalAnswer` naming the rule."""
    st = ctx.state
    if not isinstance(chosen, list) or any(not isinstance(c, str) for c in chosen):
        raise IllegalAnswer("V13.23", "answer the list of units to withdraw")
    for c in chosen:
        if c not in st.units or st.units[c].role is not Role.DEFENDER:
            raise IllegalAnswer("V13.23", f"{st.units[c].name if c in st.units else 'that unit'} is not a defending "
                                          "unit in this battle")
        if c not in options:
            u = st.units[c]
            why = why_not_selectable(u) or ("V13.23 / V13.27: only units capable of Strategic Movement, or towed "
                                            "by one [V8.30], may be withdrawn; no defending unit tows it")
            raise IllegalAnswer("V13.23", f"{u.name}: {why}")
    once_each(chosen, "V13.23", lambda c: st.units[c].name)
    picked = set(chosen)
    for c in chosen:
        u = st.units[c]
        if needs_tow(u) and not any(c in st.units[t].unit.towing for t in picked if t != c):
            raise IllegalAnswer("V13.27", f"{u.name} cannot move strategically and may be withdrawn only "
                                          "if towed by a withdrawing unit [V8.30]")
    return list(chosen)


def withdrawal(ctx: Ctx) -> Ask:
    st = ctx.state
    st.step = Step.WITHDRAWAL
    defenders = [u for u in st.role_units(Role.DEFENDER)]
    attackers = st.role_units(Role.ATTACKER)
    d, a = st.defender, st.attacker
    if not defenders:
        ctx.info("V13.21", "no Defending Team units can withdraw (the other side is monsters or aliens): Step 1 "
                           "does not apply")
        return
    if all(u.sublight for u in defenders):
        ctx.info("V13.21", "the defending units are all sub-light: Withdrawal Before Combat is not offered")
        return
    if attackers and all(u.unit.is_cloaked for u in attackers):
        fleets = {u.fleet for u in attackers if u.fleet}
        denied = bool(fleets) and all(f.deny_withdrawal for f in ctx.campaign.fleets if f.id in fleets)
        if denied:
            ctx.info("V13.29", "the all-cloaked Attacking force gave written denial of withdrawal with its "
                               "movement orders: Withdrawal Before Combat is not offered", visible_to=(a, GM))
            ctx.info("V13.21", "Withdrawal Before Combat is not offered", visible_to=(d,))
            return
        ctx.info("V13.29", "the Attacking force is all cloaked but gave no written denial before entering the "
                           "hex: withdrawal cannot be withheld", visible_to=(a, GM))
    towed = {t for u in defenders for t in u.unit.towing}
    options = [u.id for u in defenders if why_not_selectable(u) is None and (not needs_tow(u) or u.id in towed)]
    if not options:
        ctx.info("V13.21 / A-23", "no defending unit can be withdrawn: Step 1 is skipped")
        return
    announce = yield yes_no("V13.21/announce", d, "V13.21",
                            f"{ctx.name(d)}: announce a Withdrawal Before Combat from {st.record.at}?")
    if not announce:  # the answer's own log line says so
        return
    oppose = yield yes_no("V13.22/oppose", a, "V13.22", f"{ctx.name(a)}: oppose the withdrawal?")
    if oppose:
        ctx.info("V13.24", f"{ctx.name(a)} opposes: ships may still leave under the pinning rules [V8.24] and, "
                           "cloaked, [V8.51]; those rules are outside the seeds, so the GM rules on any limit (A-60)")
    else:
        st.pursuit_forbidden = True
        ctx.info("V13.23", f"{ctx.name(a)} does not oppose: the defender may withdraw any eligible units and "
                           "there will be no Pursuit")
    chosen = yield Question("V13.23/select", QKind.CHOOSE_UNITS, d, "V13.23",
                            f"{ctx.name(d)}: choose the units that withdraw (none is allowed, V13.25)",
                            tuple(options), check=lambda ans: check_selection(ctx, ans, options))
    _apply_withdrawal(ctx, chosen, opposed=oppose)
    if st.resolved:
        return
    yield from _left_behind(ctx, chosen)


def _apply_withdrawal(ctx: Ctx, chosen: list[str], opposed: bool) -> None:
    st = ctx.state
    going = set(chosen)
    going |= {u.id for u in st.role_units(Role.DEFENDER) if u.aboard and u.unit.carrier_id in going}
    players = [u for u in st.role_units(Role.DEFENDER) if u.player_unit and not u.aboard]
    if players and all(u.id in going for u in players):
        extra = [u for u in st.role_units(Role.DEFENDER) if not u.player_unit]
        going |= {u.id for u in extra}
        if extra:
            ctx.info("V13.23", "the whole Defending Team withdraws, so its Auxiliary and Incidental units go too: "
                               + ", ".join(u.name for u in extra), visible_to=(st.defender, GM))
    order = [uid for uid in st.units if uid in going]  # the roster's order, never the set's (same bytes)
    for uid in order:
        st.units[uid].status = Status.WITHDRAWN
    if going:
        ctx.info("V13.23", "withdrawn: " + ", ".join(st.units[i].name for i in order if st.units[i].player_unit)
                 + "; each must spend its next Strategic Movement Point moving to an adjacent hex without enemy "
                   "units (A-57)", units=sorted(going))
    else:
        ctx.info("V13.25", f"{ctx.name(st.defender)} withdraws nothing")
    if not st.role_units(Role.DEFENDER):
        st.resolved, st.step = True, Step.RESOLVED
        st.resolution = "V13.26: every defending unit withdrew before combat"
        ctx.info("V13.26 / V13.12", "no defending unit is left: the Battle Hex is resolved"
                 + (" (the attacker opposed, A-24)" if opposed else ""))


def _left_behind(ctx: Ctx, chosen: list[str]) -> Ask:
    """V13.27-V13.28: defensive units left behind when every unit that could leave did."""
    st = ctx.state
    remaining = st.role_units(Role.DEFENDER)
    if not chosen or any(why_not_selectable(u) is None and not needs_tow(u) for u in remaining):
        ctx.info("V13.26", "defending units remain: on to Step 2")
        return
    total = sum(u.unit.economic_bpv for u in remaining)
    names = ", ".join(u.name for u in remaining)
    q = choose("V13.28/left_behind", st.defender, "V13.28",
               f"{ctx.name(st.defender)}: {names} stay behind (Economic BPV {total}). Withdraw all "
               f"personnel (the attacker gains {total // 4}) or keep them active with Poor crews?",
               ["unmanned", "active"])
    q.data["visible_to"] = [st.attacker, st.defender]  # its figure is the two sides' (issue 23), as the award's
    pick = yield q
    if pick == "unmanned":
        for u in remaining:
            u.status = Status.UNMANNED
        st.awards[st.attacker] = st.awards.get(st.attacker, 0) + total // 4
        st.resolved, st.step = True, Step.RESOLVED
        st.resolution = "V13.28(a): the defenders left behind were abandoned"
        ctx.info("V13.28", f"all personnel withdrawn from {names}: {ctx.name(st.attacker)} gains floor(1/4 x "
                           f"{total}) = {total // 4} (A-25); the Battle Hex is resolved",
                 visible_to=(st.attacker, st.defender, GM))  # the two sides' figure (issue 23), as its log line
        return
    for u in remaining:
        u.poor = True
    st.left_behind_active = True
    ctx.info("V13.28", f"{names} stay active with Poor crews [V18.80]; {ctx.name(st.attacker)} gains half the "
                       "Economic BPV of those that survive the fighting (A-25, A-62)")
