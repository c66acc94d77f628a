"""Step 2: Approach Battle with Bases, Carriers and PF Tenders (V13.30-V13.39)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question, unit_list, yes_no
from rules.battlehex.roster import BASES_FOR_APPROACH, BUnit, Role
from rules.battlehex.state import Ctx, Step
from rules.model.types import Terrain

Ask = Generator[Question, Any, None]


def approach_defence(ctx: Ctx) -> tuple[list[BUnit], bool]:
    """The defence that makes Step 2 apply (A-26): bases, carriers and tenders among the
    defending units, and whether the Defending Team claims the hex's star system."""
    st = ctx.state
    defenders = st.role_units(Role.DEFENDER)
    defence = [u for u in defenders if u.unit.kind in BASES_FOR_APPROACH or u.unit.is_carrier or u.unit.is_pf_tender]
    sec = ctx.strategic.sectors.get(st.record.at)
    owner_team = ctx.strategic.team_of(sec.owner) if sec is not None else None
    claimed = bool(sec is not None and sec.star_system and owner_team is not None and owner_team.id == st.defender)
    return defence, claimed


def approach_candidates(ctx: Ctx, defence: list[BUnit]) -> list[BUnit]:
    """Units that may fight an Approach Battle (A-27): any mobile defending unit except the
    Base/Carrier/Tender itself: ships, fighters, PFs, shuttles, Auxiliary and Incidental units."""
    skip = {u.id for u in defence}
    return [u for u in ctx.state.role_units(Role.DEFENDER) if u.id not in skip and not u.is_base]


def approach(ctx: Ctx) -> Ask:
    st = ctx.state
    st.step = Step.APPROACH
    if not st.role_units(Role.DEFENDER):
        return
    defence, claimed = approach_defence(ctx)
    if not defence and not claimed:
        ctx.info("V13.31", "no Base, Carrier, PF Tender or claimed Star System in the defence: no Approach Battle")
        return
    what = ", ".join(u.name for u in defence) or "the Star System"
    candidates = approach_candidates(ctx, defence)
    if not candidates:
        ctx.info("V13.38", f"{what} has nothing to send (no fighters, shuttles, PFs, Auxiliary or Incidental "
                           "units): no Approach Battle")
        return
    attackers = st.role_units(Role.ATTACKER)
    a, d = st.attacker, st.defender
    if attackers and all(u.unit.is_cloaked for u in attackers):
        offer = yield yes_no("V13.36/offer", a, "V13.36",
                             f"{ctx.name(a)}: your force is all cloaked; offer the defender an Approach Battle?")
        if not offer:
            ctx.info("V13.36", f"{ctx.name(a)} (all cloaked) goes straight to the main battle")
            return
    else:
        ctx.info("V13.32", f"{ctx.name(a)} must offer an Approach Battle, fought where {what} is invulnerable")
    accept = yield yes_no("V13.32/accept", d, "V13.32",
                          f"{ctx.name(d)}: fight an Approach Battle away from {what}?")
    if not accept:
        ctx.info("V13.35", f"{ctx.name(d)} declines the Approach Battle: on to the main battle")
        return
    options = [u.id for u in candidates]

    def check(ans: Any) -> list[str]:
        if ans == []:
            raise IllegalAnswer("V13.33", "choose at least one of: " + ", ".join(st.units[o].name for o in options))
        return unit_list(ans, options, "V13.33", lambda x: st.units[x].name, "choose at least one of")
    chosen = yield Question("V13.33/units", QKind.CHOOSE_UNITS, d, "V13.33",
                            f"{ctx.name(d)}: choose the units that fight the Approach Battle", tuple(options),
                            check=check, default=list(options))  # at least one: all that may, to untick
    for uid in chosen:
        st.units[uid].approach = True
    st.kind, st.terrain = "approach", Terrain.NONE
    ctx.info("V13.33", "Approach Battle in open space without Random Terrain: "
             + ", ".join(st.units[i].name for i in chosen) + " against the Attacking Team; the defenders are "
             "Weapon Status III and the attacker rolls without the +8 (V13.37)", units=chosen)
