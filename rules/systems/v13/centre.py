"""The original centre hex (V13.811, INTERPRETATIONS 4, A-14, A-15): proposed after the last
placement, confirmed or moved by the GM; every unit must then lie in the legal region."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from hexmap import Hex, Label
from hexmap.region import LegalRegion
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.state import Ctx, Step

Ask = Generator[Question, Any, None]


def propose_centre(ctx: Ctx) -> Hex:
    """The defence the set-up is placed around (a base, a carrier or tender, or the planet) if
    there is one, else the hex nearest the middle of all placed units."""
    st = ctx.state
    placed = [u.at for u in st.placed()]
    if not placed:
        return ctx.window.centre
    region = LegalRegion(ctx.window.cols, ctx.window.rows)
    if st.anchor is not None and all(region.contains(st.anchor, h) for h in placed):
        return st.anchor
    labels = [ctx.window.label(h) for h in placed]
    mid_col = (min(x.col for x in labels) + max(x.col for x in labels)) / 2
    mid_row = (min(x.row for x in labels) + max(x.row for x in labels)) / 2
    guess = ctx.window.hex_at(Label(round(mid_col), round(mid_row)))
    near = [guess, *guess.neighbors()]
    for c in near:
        if all(region.contains(c, h) for h in placed):
            return c
    # a wide set-up (hundreds of units): the centres whose region holds every unit lie in the
    # box of labels within (cols - 1, rows - 1) of every unit; the one nearest the middle
    w = ctx.window
    c_lo, c_hi = max(x.col for x in labels) - (w.cols - 1), min(x.col for x in labels) + (w.cols - 1)
    r_lo, r_hi = max(x.row for x in labels) - (w.rows - 1), min(x.row for x in labels) + (w.rows - 1)
    box = sorted((w.hex_at(Label(c, r)) for c in range(c_lo - 1, c_hi + 2) for r in range(r_lo - 1, r_hi + 2)),
                 key=lambda c: (c.distance(guess), c.q, c.r))
    edge = _outline(placed)
    for c in box:
        if all(region.contains(c, h) for h in edge) and all(region.contains(c, h) for h in placed):
            return c
    # no centre holds every unit (a GM ruling placed one far off): the one that leaves the fewest outside; of those,
    # the defence, then the middle, then the first placed unit's hex (the centre V13.811's ruling takes: centre())
    first = [st.anchor] if st.anchor is not None else []
    return min([*first, *near, *placed], key=lambda c: sum(not region.contains(c, h) for h in placed))


def _outline(placed: list[Hex]) -> list[Hex]:
    """The units furthest out in each of the six directions (tested first: they fail first)."""
    keys = (lambda h: h.q, lambda h: h.r, lambda h: -h.q - h.r)
    out = {min(placed, key=k) for k in keys} | {max(placed, key=k) for k in keys}
    return sorted(out, key=lambda h: (h.q, h.r))


def outside(ctx: Ctx, centre: Hex) -> list[str]:
    """Placed units that the legal region around ``centre`` does not hold."""
    region = LegalRegion(ctx.window.cols, ctx.window.rows)
    return [u.name for u in ctx.state.placed() if not region.contains(centre, u.at)]


RULED = "V13.811 / INTERPRETATIONS 4"
"""The rule of the engine's ruling when no original centre hex holds every unit."""


def centre(ctx: Ctx) -> Ask:
    """The GM confirms the proposed centre or names another that holds every unit. When none holds every unit (a GM
    ruling placed one far off) no answer could pass: the proposal, the centre leaving the fewest units outside, is
    then the engine's ruling, taken by OK (Return) and logged with its reason; another hex needs a GM ruling."""
    st = ctx.state
    st.step = Step.CENTRE
    proposal = propose_centre(ctx)
    label = ctx.label(proposal)
    words = ctx.where(proposal)
    off = outside(ctx, proposal)

    def parse(ans: Any) -> tuple[Hex, bool]:
        if not isinstance(ans, str):
            raise IllegalAnswer("V13.811", f"the centre hex is a label string (\"2115\" or \"(col,row)\"), not "
                                           f"{shown(ans)}")
        try:
            return ctx.window.hex_at(Label.parse(ans)), False
        except ValueError as e:
            raise IllegalAnswer("V13.811", str(e)) from None
    def check(ans: Any) -> tuple[Hex, bool]:
        h, _ = parse(ans)
        if off and h == proposal:  # no centre holds every unit: the engine rules the proposal
            return h, True
        out = outside(ctx, h)
        if out:
            raise IllegalAnswer("V13.811", f"with the centre at {ctx.where(h)}, "  # INTERPRETATIONS 4
                                f"{', '.join(out)} would lie outside the legal region of the floating map; "
                                + (f"no centre holds every unit: OK takes the proposed {words} (the engine's "
                                   "ruling), a GM ruling another hex" if off else "choose another centre")
                                + ", or re-place (undo)")
        return h, False

    data: dict[str, Any] = {"proposed": label}
    text = (f"GM: confirm the original centre hex of the map (proposed: {words}, "
            + (f"the hex of {st.anchor_name or 'the defence'}, the defence the set-up is placed around"
               if proposal == st.anchor else "the middle of all units") + ")")
    why = f"no centre holds every unit; with {words}, {', '.join(off)} {'lies' if len(off) == 1 else 'lie'} outside " \
          "the legal region"
    if off:  # a GM ruling placed a unit far off: the proposal is the engine's ruling, Return goes on
        data.update(rule=RULED, why=why)
        text = (f"GM: no original centre hex holds every unit (V13.811: a GM ruling placed units too far apart). "
                f"Proposed: {words}, the centre leaving the fewest units outside the legal region "
                f"({', '.join(off)}); OK takes it as the engine's ruling (logged), or rule another hex (a GM ruling), "
                "or undo")
    h, ruled_here = yield Question("V13.811/centre", QKind.LABEL, GM, "V13.811", text, data=data, check=check,
                                   parse=parse)
    if ruled_here:
        ctx.log.add("ruling", RULED, f"{why}: the engine rules the proposed centre, {words}, the one leaving the "
                                     "fewest units outside", {"centre": label, "outside": off})
    before = ctx.where(h)
    st.centre = h
    ctx.info("V13.811", f"the original centre hex ({before} during placement) now reads {ctx.where(h)}: the map "
                        "sheet is laid out around it and may float while it stays on the map (V13.812)",
             centre=ctx.label(h))
