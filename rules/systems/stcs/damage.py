"""Damage the engine tracks (seed 002, Effects From Superstructure Hits, Negative Superstructure,
Romulan Cloaking Devices, Sensors Phase): the GM enters a hit that penetrated a ship's shields from
the table (superstructure points, the Maneuver Engineering Grid made inoperable, a warp or the impulse engine's power
boxes: :mod:`.impulse`); the engine
keeps the superstructure lost, negative superstructure, loses the ship's sensor lock, bars a warp
out at 70% superstructure loss and forces an uncloak in the Repair / Repower Phase (the segment's
end) at 70% loss or the grid down."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import compat, fire, impulse, sensors

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

SS = "STCS Effects From Superstructure Hits"
NEGATIVE = "STCS Negative Superstructure"
LOCK_LOST = "STCS Sensors Phase (lock lost on penetrating damage)"
UNCLOAK = "STCS Romulan Cloaking Devices (forced uncloak)"
SHIELD = "STCS Effects From Shield Generator Hits"
RIPPED = "STCS Engines Ripped Off"
WEAPON = "STCS Effects From Beam / Missile Weapon Hits"
GRID = "grid"
BOXED = ("sensors", "shield", "weapon", GRID)
"""The systems in 5-point boxes (Systems Repair: "weapons, sensors, shields, and the engineering grids")."""
OUT_BOX = 5
"""The fifth box (OUT) of a 5-point-box system marked: it is out."""
MOST = 200
"""The most points one hit entered here may carry."""
Procedure = Generator[Question, Any, None]


def forced_out(e: STCSEngine, x: str) -> str:
    """Why ``x``'s cloak cannot function ("" when it can): 70% superstructure lost, the grid inoperable."""
    d = e.data(x)
    if e.ss_lost.get(x, 0) * 10 >= d.superstructure * 7:
        return "70% or more of its superstructure lost"
    if x in e.grid_down or e.boxes.get((x, GRID), (0, 0))[0] >= OUT_BOX:
        return "its Maneuver Engineering Grid is inoperable"
    return ""


def dead_in_space(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` ceases all operations: negative superstructure, or its core ejected or damaged (it may
    still take hits and casualties and be repaired), or its engines shut down (no action at all, not even
    repairs: :mod:`.engines`)."""
    return x in e.dead or x in e.shutdown or e.ss_lost.get(x, 0) > e.data(x).superstructure


def sensors_out(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s sensors are out (their fifth 5-point box marked: OPER, DMGD, REPD, INOP, OUT)."""
    return e.boxes.get((x, "sensors"), (0, 0))[0] >= OUT_BOX


def weapon_ready(e: STCSEngine, x: str, i: int) -> bool:
    """Whether weapon ``i`` of ``x`` may fire: none of its 5-point boxes marked (damaged or crossed off)."""
    return e.boxes.get((x, f"weapon:{i}"), (0, 0))[0] == 0


def system_name(e: STCSEngine, x: str, key: str) -> str:
    """The words for a 5-point-box system of ``x``: the sensors, shield generator N, a weapon's name."""
    kind, _, n = key.partition(":")
    if kind == GRID:
        return "the Maneuver Engineering Grid"
    if kind == "weapon":
        return f"the {e.data(x).weapons[int(n)].name}"
    return "the sensors" if kind == "sensors" else f"shield generator {n}"


def hit(e: STCSEngine, x: str, through: int | None = None) -> Procedure:
    """The GM enters a hit on ``x`` that penetrated its shields (``through``: its points, known from the
    shield that let them through)."""
    d, boxed = e.data(x), compat.grid_boxes(e.state.record)
    words = {"superstructure": "superstructure points", GRID: "the Maneuver Engineering Grid (5-point boxes)" if boxed
             else "the Maneuver Engineering Grid made inoperable", "sensors": "the sensors (5-point boxes)"}
    words.update({f"shield:{i}": f"shield generator {i} (5-point boxes)" for i in range(1, 7)})
    words.update({f"weapon:{i}": f"{w.name} (5-point boxes)" for i, w in enumerate(d.weapons)
                  if e.boxes.get((x, f"weapon:{i}"), (0, 0))[0] < OUT_BOX})
    words.update({f"engine:{i + 1}": f"warp engine {i + 1} ({n} power boxes left)" for i, n in enumerate(d.warp_now)
                  if (x, i) not in e.ripped})
    words.update(impulse.option(e, x))
    what = str((yield e._choose(f"stcs/{e.round}/hit/{x}", SS, f"Game Master: what did the hit through "
                                f"{possessive(e.ship(x))} shields strike (from the table)?", words)))
    if through is not None:
        pts = through
    elif what != GRID or boxed:
        pts = int((yield Question(f"stcs/{e.round}/hit/{x}/points", QKind.NUMBER, GM, SS,
                                  f"Game Master: how many points of damage on {words[what]}?",
                                  low=1, high=MOST, default=1, check=points)))
    if what.startswith(BOXED) and (what != GRID or boxed):
        _boxes(e, x, what, pts)
    elif what.startswith("engine"):
        _engine(e, x, int(what.partition(":")[2]) - 1, pts)
    elif what == impulse.KEY:
        impulse.hit(e, x, pts)
    elif what == "superstructure":
        superstructure(e, x, pts)
    else:  # the grid
        e.grid_down.add(x)
        e.log.add("ruling", SS, f"{possessive(e.ship(x))} Maneuver Engineering Grid is inoperable", {"unit": x})
    if x in e.locks:  # (a cloaked ship's lock is its side's: :mod:`.cloaklock`)
        del e.locks[x]
        e.log.add("ruling", LOCK_LOST, f"{e.ship(x)} loses its sensor lock (damage through its shields)",
                  visible_to=(e.units[x].team, GM) if e.cloaked.get(x) else None)
    sensors.lose_mine_lock(e, x, "damage through its shields", LOCK_LOST)


def superstructure(e: STCSEngine, x: str, pts: int, why: str = "") -> None:
    """``x`` loses ``pts`` superstructure points (``why``: words after them)."""
    e.ss_lost[x] = e.ss_lost.get(x, 0) + pts
    left = e.data(x).superstructure - e.ss_lost[x]
    e.log.add("ruling", SS, f"{e.ship(x)} loses {plural(pts, 'superstructure point')}{why}: {left} of "
              f"{e.data(x).superstructure} left", {"unit": x})
    if left < 0:
        e.log.add("ruling", NEGATIVE, f"{possessive(e.ship(x))} superstructure is negative ({left}): it ceases all "
                  "operations, dead in space (an explosion check at the table)")


def _boxes(e: STCSEngine, x: str, what: str, pts: int) -> None:
    """5-point boxes with the carried remainder (Carry Values From Hits); a weapon's fifth box crosses it
    off, the excess points going to the superstructure at 1/2 value (Effects From Beam Weapon Hits)."""
    marked, carry = e.boxes.get((x, what), (0, 0))
    b = fire.boxes(pts, carry)
    name = system_name(e, x, what).removeprefix("the ")
    if what.startswith("weapon") and marked + b.marked >= OUT_BOX:
        excess = pts + carry - (OUT_BOX - marked) * 5
        e.boxes[(x, what)] = (OUT_BOX, 0)
        e.log.add("ruling", WEAPON, f"{possessive(e.ship(x))} {name}: {pts} points mark the last box: crossed off "
                  f"(destroyed){f', {excess} points over' if excess else ''}", {"unit": x})
        if excess // 2:
            superstructure(e, x, excess // 2, f" (half the {excess} over on its {name})")
        return
    e.boxes[(x, what)] = (marked + b.marked, b.carried)
    e.log.add("ruling", fire.CARRY, f"{possessive(e.ship(x))} {name}: {pts} points mark {b.marked} box(es) "
              f"({marked + b.marked} in all), {b.carried} carried", {"unit": x})
    if what.startswith("weapon") and marked == 0 and b.marked:
        e.log.add("ruling", WEAPON, f"{possessive(e.ship(x))} {name}: damaged, no fire until repaired")
    if what.startswith("shield") and marked == 0 and b.marked:
        e.log.add("ruling", SHIELD, f"{possessive(e.ship(x))} shield {what.partition(':')[2]} is down "
                  "(its power stays allocated)")
    if what == GRID and marked < OUT_BOX <= marked + b.marked:
        e.log.add("ruling", SS, f"{possessive(e.ship(x))} Maneuver Engineering Grid is inoperable (its fifth box "
                  "marked)", {"unit": x})
    if what == "sensors" and marked < OUT_BOX <= marked + b.marked:
        e.locks.pop(x, None)
        e.log.add("ruling", fire.CARRY, f"{possessive(e.ship(x))} sensors are out: no lock, no scan")
        sensors.lose_mine_lock(e, x, "its sensors are out")


def _engine(e: STCSEngine, x: str, i: int, pts: int) -> None:
    """Power boxes lost; past them the engine absorbs up to min(10, its boxes) more, then is ripped off
    (the excess of that hit lost)."""
    hits = e.engine_hits.setdefault(x, [0] * len(e.data(x).warp_engines))
    d = e.units[x].unit.stcs
    assert d is not None
    had, original = d.warp_now[i], d.warp_engines[i]
    hits[i] += pts
    extra = hits[i] - had
    if extra >= min(10, original):
        e.ripped.add((x, i))
        e.log.add("ruling", RIPPED, f"{possessive(e.ship(x))} warp engine {i + 1} and its mounting are ripped off",
                  {"unit": x})
    else:
        e.log.add("ruling", SS, f"{possessive(e.ship(x))} warp engine {i + 1}: {max(0, had - hits[i])} of {original} "
                  "power boxes left" + (f" ({extra} more to absorb before it is ripped off: {min(10, original)})"
                                        if extra >= 0 else ""), {"unit": x})


def repower(e: STCSEngine) -> None:
    """The Repair / Repower Phase: a cloaked ship whose cloak cannot function uncloaks."""
    for x in e.on_map():
        why = forced_out(e, x) if e.cloaked[x] else ""
        if why:
            e.cloaked[x] = False
            held = f", holding its sensor lock on {e.ship(e.locks[x])}" if x in e.locks else ""  # kept (cloaklock)
            e.log.add("ruling", UNCLOAK, f"{e.ship(x)} uncloaks ({why}) at {e.at[x].q},{e.at[x].r}{held}")


def points(a: Any) -> int:
    """A hit's points, checked."""
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= MOST:
        raise IllegalAnswer(SS, f"a hit's superstructure points are 1-{MOST}")
    return a
