"""A campaign-level warning for B5 (issue 24): the units of each open Battle Hex fought with Babylon 5 Fleet Action
that have no B5 data. The engine leaves such units out of the battle (logged at its start, "without Babylon 5 data,
out of this battle"), and refuses a battle where a side has no ship with B5 data (:func:`rules.systems.b5.force.force_of`);
``main.py --check`` says both in words beforehand, as warnings: the file is still valid."""
from __future__ import annotations

from rules.battlehex.roster import build_roster
from rules.battlehex.words import plural
from rules.model.campaign import Campaign
from rules.model.b5 import Category
from rules.strategic import StrategicState, build_graph

SYSTEM = "b5"
LEFT_OUT = ("left out of the battle by rule (B5 Turn Sequence: a unit without Babylon 5 data has no speed, weapons or "
            "structure to fight with)")


def warnings(c: Campaign, state: StrategicState | None = None) -> list[str]:
    """One line for each open Battle Hex fought with B5 (its record's system, else the campaign's) that holds units
    without B5 data: which they are, that they are left out, and whether a side is then left with no ship (the
    battle refused when it starts). Empty when every such unit has its data."""
    hexes = [r for r in c.battle_hexes if not r.resolved and (r.system or c.settings.battle_system) == SYSTEM]
    if not hexes:
        return []
    state = state or StrategicState.compute(c, build_graph(c))
    names = {t.id: t.name for t in c.teams}
    out = []
    for r in hexes:
        roster = build_roster(c, state, r).values()
        left = [u for u in roster if u.unit.b5 is None]
        if not left:
            continue
        line = (f"Battle Hex {r.at} (fought with Babylon 5 Fleet Action): {plural(len(left), 'unit')} without B5 data, "
                f"{LEFT_OUT}: " + ", ".join(f"{u.unit.name} ({names.get(u.team, u.team)})" for u in left))
        for team in dict.fromkeys(u.team for u in roster):
            if not any(u.unit.b5 is not None and (u.unit.b5.category is not Category.FIGHTER or u.unit.b5.squadron)
                       for u in roster if u.team == team):
                line += (f"; {names.get(team, team)} is then left with no ship with Babylon 5 data, so the battle is "
                         "refused when it starts")
        out.append(line)
    return out
