"""Initial range (V13.420-V13.427): agreement by all Teams, else the standard range, which a
Team with the higher Weapon Status may move by up to 7 hexes per level of difference."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules.battlehex.questions import Question, number
from rules.battlehex.roster import Role
from rules.battlehex.state import Ctx, Step
from rules.systems.v13.ws_table import ws_name

Ask = Generator[Question, Any, None]
MAX_AGREED = 200


def advantage_window(standard: int, ws_a: int, ws_b: int) -> tuple[int, int]:
    """V13.425: the range window open to the Team with the higher Weapon Status."""
    diff = abs(ws_a - ws_b)
    return max(1, standard - 7 * diff), standard + 7 * diff


def opening_range(ctx: Ctx) -> Ask:
    st = ctx.state
    st.step = Step.RANGE
    standard = ctx.campaign.settings.standard_range
    a, d = st.attacker, st.defender
    fighting = st.in_battle()
    if not any(u.role is Role.DEFENDER for u in fighting) or not any(u.role is Role.ATTACKER for u in fighting):
        st.min_range = standard
        ctx.info("V13.427", "only Monsters or Alien Ships face the attacker: they use V13.470, not V13.420")
        return
    pa = yield number("V13.422/attacker", a, "V13.422",
                      f"{ctx.name(a)}: propose a starting range all Teams agree on, or none", 1, MAX_AGREED,
                      optional=True)
    pd = yield number("V13.422/defender", d, "V13.422",
                      f"{ctx.name(d)}: propose a starting range all Teams agree on, or none"
                      + (f"; {ctx.name(a)} proposed {pa}" if pa is not None else ""), 1, MAX_AGREED, optional=True,
                      default=pa)  # agreeing is the usual case: the dialog opens at the proposal
    if pa is not None and pa == pd:
        st.min_range, st.range_agreed = pa, True
        ctx.info("V13.422", f"all Teams agree on a starting range of {pa}")
        return
    ws_a, ws_d = st.ws.get(a, 0), st.ws.get(d, 0)
    if ws_a == ws_d:
        st.min_range = standard
        ctx.info("V13.424", f"no agreement and equal Weapon Status: the standard range {standard}")
        return
    adv = a if ws_a > ws_d else d
    low, high = advantage_window(standard, ws_a, ws_d)
    levels = abs(ws_a - ws_d)
    r = yield number("V13.425/choice", adv, "V13.425",
                     f"{ctx.name(adv)} (Weapon Status {ws_name(max(ws_a, ws_d))} against {ws_name(min(ws_a, ws_d))}):"
                     f" choose the starting range, {low}-{high} (7 hexes per level; {standard} declines, V13.426)",
                     low, high, why=f"V13.425 allows {standard} +/- 7 x {levels}", default=standard)  # V13.426 declines
    st.min_range = r
    ctx.info("V13.425" if r != standard else "V13.426", f"the starting range is {r}"
             + ("" if r != standard else f" ({ctx.name(adv)} declines the adjustment)"))
