"""What the b5 Forces sheet says of a ship's specials (seed 003 Guardian Array, Plasma Accelerator,
tractor beam; rules/systems/b5/specials.py, guardian.py, tractor.py): its Guardian levels left, a
Plasma Accelerator's damage levels down this pulse, the tractor beam and what it holds, or the tractor
that holds it. The words are the engine's state; the panel only shows them."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from rules.battlehex.words import possessive
from rules.systems.b5 import guardian, specials

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine


def tags(e: B5Engine, uid: str) -> str:
    """`` [Guardian Array 1 of 2, ...]`` for ``uid`` on the Forces sheet, escaped; empty with no specials."""
    base = e.units[uid].unit.b5
    if base is None:
        return ""
    out = []
    if base.guardian:
        out.append(f"Guardian Array {guardian.left(e, uid)} of {base.guardian}")
    for w in base.weapons:
        if w.accelerator:
            down = specials.accelerator_levels(w, e.fired.get(uid, {}).get(w.name, []), e.round, e.pulse)
            out.append(f"{w.name}: damage {down} level{'s' if down != 1 else ''} down" if down
                       else f"{w.name}: full damage")
    hold = e.tractor.held.get(uid)
    if hold is not None:
        what = "all weapons powered down" if hold.every else f"{', '.join(hold.weapons)} powered down" \
            if hold.weapons else "nothing powered down"
        out.append(f"tractor beam holds {e.units[hold.target].unit.name} ({what}"
                   f"{', maneuvering halved' if hold.halved else ''})")
    elif base.tractor:
        out.append("tractor beam")
    by = [s for s, h in e.tractor.held.items() if h.target == uid]
    if by:
        out.append(f"held by {possessive(e.units[by[0]].unit.name)} tractor beam")
    return f" [{escape('; '.join(out))}]" if out else ""
