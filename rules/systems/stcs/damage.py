"""Damage the engine tracks (seed 002, Effects From Superstructure Hits, Negative Superstructure,
Romulan Cloaking Devices, Sensors Phase): the GM enters a hit that penetrated a ship's shields from
the table (superstructure points, or the Maneuver Engineering Grid made inoperable); the engine
keeps the superstructure lost, negative superstructure, loses the ship's sensor lock, bars a warp
out at 70% superstructure loss and forces an uncloak in the Repair / Repower Phase (the segment's
end) at 70% loss or the grid down."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

SS = "STCS Effects From Superstructure Hits"
NEGATIVE = "STCS Negative Superstructure"
LOCK_LOST = "STCS Sensors Phase (lock lost on penetrating damage)"
UNCLOAK = "STCS Romulan Cloaking Devices (forced uncloak)"
MOST = 200
"""The most points one hit entered here may carry."""
Procedure = Generator[Question, Any, None]


def forced_out(e: STCSEngine, x: str) -> str:
    """Why ``x``'s cloak cannot function ("" when it can): 70% superstructure lost, the grid inoperable."""
    d = e.data(x)
    if e.ss_lost.get(x, 0) * 10 >= d.superstructure * 7:
        return "70% or more of its superstructure lost"
    if x in e.grid_down:
        return "its Maneuver Engineering Grid is inoperable"
    return ""


def hit(e: STCSEngine, x: str) -> Procedure:
    """The GM enters a hit on ``x`` that penetrated its shields."""
    words = {"superstructure": "superstructure points", "grid": "the Maneuver Engineering Grid made inoperable"}
    what = yield e._choose(f"stcs/{e.round}/hit/{x}", SS, f"Game Master: what did the hit through "
                           f"{e.ship(x)}'s shields strike (from the table)?", words)
    if what == "superstructure":
        pts = int((yield Question(f"stcs/{e.round}/hit/{x}/points", QKind.NUMBER, GM, SS,
                                  f"Game Master: how many superstructure points did {e.ship(x)} lose?",
                                  low=1, high=MOST, default=1, check=_points)))
        e.ss_lost[x] = e.ss_lost.get(x, 0) + pts
        left = e.data(x).superstructure - e.ss_lost[x]
        e.log.add("ruling", SS, f"{e.ship(x)} loses {pts} superstructure points: {left} of "
                  f"{e.data(x).superstructure} left", {"unit": x})
        if left < 0:
            e.log.add("ruling", NEGATIVE, f"{e.ship(x)}'s superstructure is negative ({left}): it ceases all "
                      "operations, dead in space (an explosion check at the table)")
    else:
        e.grid_down.add(x)
        e.log.add("ruling", SS, f"{e.ship(x)}'s Maneuver Engineering Grid is inoperable", {"unit": x})
    if x in e.locks:
        del e.locks[x]
        e.log.add("ruling", LOCK_LOST, f"{e.ship(x)} loses its sensor lock (damage through its shields)")


def repower(e: STCSEngine) -> None:
    """The Repair / Repower Phase: a cloaked ship whose cloak cannot function uncloaks."""
    for x in e.on_map():
        why = forced_out(e, x) if e.cloaked[x] else ""
        if why:
            e.cloaked[x] = False
            e.log.add("ruling", UNCLOAK, f"{e.ship(x)} uncloaks ({why}) at {e.at[x].q},{e.at[x].r}")


def _points(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= MOST:
        raise IllegalAnswer(SS, f"a hit's superstructure points are 1-{MOST}")
    return a
