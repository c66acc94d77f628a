"""Seed 002's Shield Control (Rules For Combat, Sequence Of Events, Sensors Phase) and what a lock reveals of
shields (Sensors, Sensor Locks, Additional Information). Each ship's side decides, in secret ("this is not
announced to other players"), which of its powered shields it lowers for the round: a lowered shield is
treated as having no power (it absorbs nothing) until it is repowered in the Repair / Repower Phase (read:
the side marks it to be raised and it comes up at the segment's end; until then it stays down, so a tractor
beam or a transport through it goes on). Transporters, Repair Teams and tractor beams need the shields
along the line between the two ships down on both: read by the engine here, no longer entered by the GM.

Readings: a shield is down when it absorbs nothing now - lowered, its generator with a box marked, no power
(a ship dead in space or shut down, a shield of 0 points) or its points used up this turn; on the line
between two shields either being down will do (the ship "may select which shield will be dropped"); in the
same hex any shield down will do (the relationship - shields 6 and 2 or 5 and 1 - is the table's); a ship
with no crew members aboard (none at their stations nor off them, e.g. in the transporter rooms:
:func:`casualties.no_crew`) has no one to raise its shields (so a de-crewed ship can be towed, as the seed allows).
A side holding a lock on a ship within 36 hexes is told answers A3 and A4 (its powered shields, their points
as if every shield were up, the number down; each shield down), not the base game's power ratio (no ship
data for it)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.systems.stcs import casualties, damage, shields
from rules.systems.stcs.repair import SEGMENTS

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Shield Control"
INFO = "STCS Sensor Locks - Additional Information"
REACH = 4
"""The reach of transporters and tractor beams: the ships toward which lowering is offered by name."""
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def down(e: STCSEngine, x: str, i: int) -> bool:
    """Whether shield ``i`` of ``x`` is down now (it absorbs nothing)."""
    return shields.points_left(e, x, i) == 0


def held_down(e: STCSEngine, x: str, i: int) -> bool:
    """Whether ``x``'s shield ``i`` stays down to the turn's end: a mine was laid through it this turn (seed 002:
    "drop a shield for the full turn"; :mod:`.laying`)."""
    return x in e.laid and e.laid[x][1] == i and (e.laid[x][0] - 1) // SEGMENTS == (e.round - 1) // SEGMENTS


def line_down(e: STCSEngine, x: str, y: str) -> bool:
    """Whether ``x``'s shields along the line to ``y`` are down (either of two on the line; any in one hex)."""
    if casualties.no_crew(e, x):
        return True
    return any(down(e, x, i) for i in shields.shields_toward(e, x, e.at[y]) or range(1, shields.COUNT + 1))


def both_down(e: STCSEngine, x: str, y: str) -> bool:
    """Whether the shields along the line between ``x`` and ``y`` are down on both ships."""
    return line_down(e, x, y) and line_down(e, y, x)


def may(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` has power to control its shields (offered whatever its shields, so the act tells nothing)."""
    return not damage.dead_in_space(e, x)


def options(e: STCSEngine, x: str) -> dict[str, str]:
    """``x``'s Shield Control choices now."""
    out = {"keep": "no change"}
    for y in e.on_map():
        near = shields.shields_toward(e, x, e.at[y]) if y != x and e.range(x, y) <= REACH else ()
        up = [i for i in near if not down(e, x, i)]
        if up and (not e.cloaked[y] or e.units[y].team == e.units[x].team):
            out[f"toward:{y}"] = (f"lower the shield{'s' if len(up) > 1 else ''} facing {e.ship(y)} "
                                  f"({' and '.join(str(i) for i in up)}; {e.range(x, y)} hexes)")
    for i in range(1, shields.COUNT + 1):
        if (x, i) in e.lowered:
            if not e.lowered[(x, i)] and not held_down(e, x, i):  # a mine laid through it: the turn's end
                out[f"raise:{i}"] = f"raise shield {i} again (repowered in the Repair / Repower Phase)"
        elif not down(e, x, i):
            out[f"lower:{i}"] = f"lower shield {i} ({shields.points_left(e, x, i)} points left)"
    return out


def control(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x``'s side lowers a shield (or the shields facing a ship), or raises one, in secret."""
    team = e.units[x].team
    pick = str((yield e._choose(f"stcs/{e.round}/shields/{x}", RULE, f"{e.name(team)} (in secret): "
                                f"{possessive(e.ship(x))} Shield Control: lower a powered shield for this round "
                                "(it absorbs nothing until repowered), or raise a lowered one?", options(e, x),
                                to=team, data={"secret": True})))
    how, _, what = pick.partition(":")
    if how == "keep":
        return
    if how == "raise":
        e.lowered[(x, int(what))] = True
        e.log.add("ruling", RULE, f"{possessive(e.ship(x))} shield {what} will be repowered in the Repair / "
                  "Repower Phase", {"unit": x}, visible_to=(team, GM))
        return
    which = [int(what)] if how == "lower" else [i for i in shields.shields_toward(e, x, e.at[what])
                                                  if not down(e, x, i)]
    for i in which:
        e.lowered[(x, i)] = False
    e.log.add("ruling", RULE, f"{e.ship(x)} lowers shield{'s' if len(which) > 1 else ''} "
              f"{' and '.join(str(i) for i in which)} (treated as having no power until repowered)", {"unit": x},
              visible_to=(team, GM))


def repower(e: STCSEngine) -> None:
    """The Repair / Repower Phase (the segment's end): shields marked to be raised come up again."""
    for (x, i), rising in sorted(e.lowered.items()):
        if rising or x not in e.units:
            del e.lowered[(x, i)]
            e.log.add("ruling", RULE, f"{possessive(e.ship(x))} shield {i} is repowered", {"unit": x},
                      visible_to=(e.units[x].team, GM))


def locked_by(e: STCSEngine, x: str, viewer: str) -> bool:
    """Whether a ship of the side ``viewer`` holds a lock on ``x``."""
    return any(e.locks.get(y) == x for y in e.on_map(viewer))


def words(e: STCSEngine, x: str, viewer: str) -> str:
    """What ``viewer`` knows of ``x``'s shields: all for its side and the GM, answers A3 and A4 for a side
    holding a lock on it, nothing else (a lowered shield "is not announced to other players")."""
    if x not in e.at:
        return ""
    up = [shields.powered(e, x, i) for i in range(1, shields.COUNT + 1)]  # by its power allocation
    gone = [i for i in range(1, shields.COUNT + 1) if up[i - 1] and down(e, x, i)]
    if viewer == GM or viewer == e.units[x].team:
        each = "/".join(str(shields.points_left(e, x, i)) for i in range(1, shields.COUNT + 1))
        low = sorted(i for y, i in e.lowered if y == x)
        return f", shields {each}" + (f" (lowered: {', '.join(str(i) for i in low)})" if low else "")
    if not locked_by(e, x, viewer):
        return ""
    powered = [p for p in up if p]
    n = len(gone)
    return (f", {NUMBERS[len(powered)]} shield{'s' if len(powered) != 1 else ''} powered, {sum(powered)} shield "
            f"points, {NUMBERS[n]} shield{'s' if n != 1 else ''} down"
            + (f" ({', '.join(f'shield {i}' for i in gone)})" if gone else ""))
