"""The acts of Shield Control, damage on a shield, shut-down engines, sensor shadows, mines as targets and
the Striking Table, listed beside the engine's own (:meth:`.engine.STCSEngine.actions`) and run by verb (:data:`VERBS`)."""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.words import possessive
from rules.systems.stcs import damage, engines, firing, mines, selfdestruct, shieldcontrol, shields, warping

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

Procedure = Generator["Question", Any, None]
VERBS: dict[str, Callable[[STCSEngine, str], Procedure]] = {
    "shutdown": engines.shut_down, "restart": engines.restart, "shadow": engines.shadow,
    "unshadow": engines.unshadow, "minelock": mines.lock, "minefire": mines.fire_at, "warppath": warping.path,
    "struck": shields.struck, "selfdestruct": selfdestruct.self_destruct, "shields": shieldcontrol.control}


def acts(e: STCSEngine, x: str, sees: bool) -> dict[str, str]:
    """``x``'s acts of this module (``sees``: its sensors work and it may use them)."""
    out = engines.acts(e, x)
    if shieldcontrol.may(e, x):
        out[f"shields:{x}"] = f"{possessive(e.ship(x))} Shield Control (its side lowers or raises shields, in secret)"
    if not damage.dead_in_space(e, x):  # else its shields are down: its damage is entered as a hit
        out[f"struck:{x}"] = f"{e.ship(x)} takes damage on a shield (a blast, a mine, a ram: from the table)"
    if selfdestruct.may(e, x):
        out[f"selfdestruct:{x}"] = f"{e.ship(x)} self-destructs (its crew 20% or less, 40% Klingon)"
    if sees and mines.lock_spots(e, x):
        out[f"minelock:{x}"] = f"{e.ship(x)} tries to lock on to a mine in a hex"
    if x in e.mine_locks and not e.cloaked[x] and not damage.dead_in_space(e, x) and any(
            w.reach >= e.at[x].distance(e.mine_locks[x][0]) and firing.armed(e, x, i)
            for i, w in enumerate(e.data(x).weapons)):
        h = e.mine_locks[x][0]
        out[f"minefire:{x}"] = f"{e.ship(x)} fires at the mine it is locked on to at {h.q},{h.r}"
    return out


def off_board(e: STCSEngine) -> dict[str, str]:
    """Acts not of a ship on the board: back from a sensor shadow, an object on a warp path."""
    return {**engines.off_board(e), **warping.path_acts(e)}
