"""b5 system damage and grey boxes by fire (seed 003 Determining What Is Damaged, Structural
Damage, Tracking the Morale of a Squadron).

A hit's class and damage die say what it strikes: minor, one structure; moderate even, a primary
system, odd a minor system and one structure; severe even, one structure and two minor systems,
odd a primary system and two structure (a flash weapon both results, the worst structure only).
A second die (the seeded d6: "any die") picks the system: a minor system even a secondary weapon,
odd the maneuvering system; a primary system even a primary weapon, odd the sensors. A matter
weapon's d10 picks the place of all its points (4 or less structure, 5-8 a minor system, 9-10 a
primary system).

Each system's track is marked from the right: a weapon's boxes are its 'x' (the last unmarked,
its most 'x'; arcs rated x1 kept while one box is left), the sensors' its rating, maneuvering's
its speeds (a hit from the front marks decel, from the aft accel, from the side turn; every two
turn boxes also mark one course correct, hard turn and come about box). A system with nothing
left in reach passes the hit on as the seed says, at last to structure. When several weapons
may take the hit, the engine marks the one with the most 'x' left, the first listed on a tie
(the seed lets the defender choose: not asked, docs/b5.md).

Grey boxes: the structure track is numbered 1 to structure and marked from the right, so a
ship with ``left`` structure has boxes ``left + 1`` .. structure marked. Without their places on a
datacard the grey boxes are spread evenly: box ``ceil(k * structure / (grey + 1))`` for k = 1..grey.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from fractions import Fraction

from rules.model.b5 import B5Data, B5Weapon, WeaponClass
from rules.systems.b5 import fire

RULE = "B5 Determining What Is Damaged"
MINOR, PRIMARY = "minor system", "primary system"
SECONDARY_W, PRIMARY_W, SENSOR, MANEUVER = "secondary weapon", "primary weapon", "sensors", "maneuvering"
FRONT, SIDE, AFT = "front", "side", "aft"


def grey_boxes(structure: int, grey: int) -> list[int]:
    """The structure boxes (1..``structure``) that are grey: spread evenly."""
    return [math.ceil(k * structure / (grey + 1)) for k in range(1, grey + 1)]


def elint_boxes(data: B5Data) -> list[int]:
    """The sensor track's 'S' boxes (Damage to the ELINT Systems): the unit data's, else one an ELINT
    level spread evenly like the grey boxes (no more than the track's boxes; docs/b5.md)."""
    if data.elint_boxes:
        return sorted(data.elint_boxes)
    return sorted(set(grey_boxes(data.sensor, min(data.elint, data.sensor))))


def elint_lost(data: B5Data, sensor_hits: int) -> int:
    """ELINT levels lost when ``sensor_hits`` sensor boxes are marked (from the right): one for each
    'S' box marked ("Each time one of these boxes is marked as damaged, the ship will lose one level")."""
    return sum(1 for b in elint_boxes(data) if b > data.sensor - sensor_hits)


def grey_marked(structure: int, grey: int, lost: int) -> int:
    """How many grey boxes ``lost`` structure (marked from the right) has marked off."""
    left = structure - lost
    return sum(1 for b in grey_boxes(structure, grey) if b > left)


def systems(cls: str, roll: int, flash: bool) -> list[str]:
    """The kinds of system (:data:`MINOR`, :data:`PRIMARY`) a hit of class ``cls`` with damage die
    ``roll`` strikes (a flash weapon's moderate or severe hit: both results)."""
    if cls == "moderate":
        return [PRIMARY, MINOR] if flash else [PRIMARY] if roll % 2 == 0 else [MINOR]
    if cls == "severe":
        return [MINOR, MINOR, PRIMARY] if flash else [MINOR, MINOR] if roll % 2 == 0 else [PRIMARY]
    return []


def which(kind: str, second: int) -> str:
    """The system the second die ``second`` picks for a hit on a ``kind`` system."""
    if kind == MINOR:
        return SECONDARY_W if second % 2 == 0 else MANEUVER
    return PRIMARY_W if second % 2 == 0 else SENSOR


def matter(where: int) -> str:
    """A matter weapon's location die (d10): "structure" at 4 or less, else the system it picks
    (5-8 a minor system, 9-10 a primary system, by its own odd or even)."""
    if where <= 4:
        return "structure"
    return which(MINOR if where <= 8 else PRIMARY, where)


def class_odds(dmg: str | int, armor: int, cls: WeaponClass) -> str:
    """The exact chance of each damage class a hit's damage ``dmg`` (a die, or a matter weapon's
    points) brings against ``armor``, shown before the roll."""
    if isinstance(dmg, int):
        return f"{dmg} point{'s' if dmg > 1 else ''} where a d10 says: structure 2/5, a minor system 2/5, " \
               "a primary system 1/5"
    n, f = fire.sides(dmg)
    by: dict[str, Fraction] = {}
    for t in range(n, n * f + 1):
        c = fire.damage_class(t, armor, cls)
        by[c] = by.get(c, Fraction(0)) + fire.p_die_at_least(dmg, t) - fire.p_die_at_least(dmg, t + 1)
    return f"{dmg} on armor {armor}: " + ", ".join(f"{c} {by.get(c, 0)}" for c in ("minor", "moderate", "severe"))


def mark(data: B5Data, hits: dict[str, int], system: str, side: str, in_arc: Callable[[int], bool]) -> str:
    """Mark one box of ``system`` on ``data`` (its ``hits`` so far, updated), hit from ``side``;
    ``in_arc(i)``: weapon ``i`` can fire into the arc the damage came from. Returns what was marked
    ("structure" when nothing applicable is left)."""
    if system in (SECONDARY_W, PRIMARY_W):
        order = (system == SECONDARY_W, system != SECONDARY_W)
        for secondary in order:
            pick = _weapon(data, hits, secondary, in_arc)
            if pick is not None:
                hits[f"w{pick}"] = hits.get(f"w{pick}", 0) + 1
                return data.weapons[pick].name
        return "structure"
    if system == SENSOR:
        if data.sensor - hits.get("sensor", 0) > 0:
            hits["sensor"] = hits.get("sensor", 0) + 1
            return "sensors"
        return "structure"
    rows = {FRONT: ["decel", "turn"], AFT: ["accel", "turn"]}.get(side, ["turn"])
    for row in rows:
        if int(getattr(data, row)) - hits.get(row, 0) > 0:
            hits[row] = hits.get(row, 0) + 1
            return row
    return "structure"


def _weapon(data: B5Data, hits: dict[str, int], secondary: bool, in_arc: Callable[[int], bool]) -> int | None:
    """The weapon a hit marks: of the kind (3 shots a turn: secondary), boxes left, in arc; the most
    'x' left, the first listed on a tie."""
    live = [(w.x - hits.get(f"w{i}", 0), -i) for i, w in enumerate(data.weapons)
            if (w.shots == 3) == secondary and w.x - hits.get(f"w{i}", 0) > 0 and in_arc(i)]
    return -max(live)[1] if live else None


def effective(data: B5Data | None, hits: dict[str, int]) -> B5Data:
    """``data`` with the marked boxes of ``hits`` taken off (sensors, maneuvering, weapons' 'x')."""
    assert data is not None, "a unit without Babylon 5 data"
    if not hits:
        return data
    turned = hits.get("turn", 0)
    weapons = [_cut(w, w.x - hits.get(f"w{i}", 0)) for i, w in enumerate(data.weapons)]
    return data.model_copy(update={
        "sensor": data.sensor - hits.get("sensor", 0),
        "elint": data.elint - elint_lost(data, hits.get("sensor", 0)) if data.elint else 0,
        "accel": data.accel - hits.get("accel", 0),
        "decel": data.decel - hits.get("decel", 0), "turn": data.turn - turned,
        "hard_turn": max(0, data.hard_turn - turned // 2), "come_about": max(0, data.come_about - turned // 2),
        "course_correct": max(0, data.course_correct - turned // 2), "weapons": weapons})


def _cut(w: B5Weapon, left: int) -> B5Weapon:
    """Weapon ``w`` with ``left`` boxes: its most 'x' (x1 arcs kept while a box is left; none: destroyed)."""
    if left >= w.x:
        return w
    left = max(0, left)
    return w.model_copy(update={"x": left, "arcs": [min(a, left) for a in w.arcs]})


def summary(data: B5Data, hits: dict[str, int], lost: int) -> str:
    """What fire has marked on a ship (``data`` undamaged): its structure left and each system
    hit at its rating now; empty when nothing is marked."""
    if not lost and not hits:
        return ""
    now = effective(data, hits)
    out = [f"structure {max(0, data.structure - lost)} of {data.structure}"]
    out += [f"{row} {getattr(now, row)}" for row in ("sensor", "accel", "decel", "turn") if hits.get(row)]
    out += [f"ELINT {now.elint} of {data.elint}"] if now.elint < data.elint else []  # 'S' boxes marked
    out += [f"{w.name} {'destroyed' if not w.x else f'x{w.x}'}" for i, w in enumerate(now.weapons) if hits.get(f"w{i}")]
    return ", ".join(out)
