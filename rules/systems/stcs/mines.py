"""Seed 002's mines (Carrying And Deploying Mines; Detecting And Destroying Mines). A ship deploys a
mine up to 4 hexes away into a hex with no ship (stationary, tractor beam working and the shield
toward it down: at the table); the deployment is obvious, the hex is its side's. In the Sensors Phase a
ship may scan a hex for mines: a lock-on roll at the range with -2; on a success it is told how many
mines are there. A hit of 3 points or more destroys the mine it targets (not cumulative); a blast of
3 or more in a hex destroys all its mines (:mod:`.explosion`)."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex, hexes_within
from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.systems.stcs import sensors

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

LAY = "STCS Carrying And Deploying Mines"
DETECT = "STCS Detecting And Destroying Mines"
REACH = 4
"""A mine is placed up to four hexes from the deploying ship."""
SMALL = -2
"""A mine's small size: -2 to lock on (or scan) and to hit."""
KILL = 3
"""Points of one hit that destroy a mine."""


@dataclass(frozen=True)
class Mine:
    """A mine on the tactical map and the side that laid it."""

    at: Hex
    team: str


def scan_top(range_hexes: int) -> int:
    """The highest D10 that finds the mines in a hex ``range_hexes`` away (a lock roll at -2)."""
    return sensors.lock_top(range_hexes, SMALL)


def destroyed(points: int) -> bool:
    """Whether one hit of ``points`` destroys the mine it targets."""
    return points >= KILL


def lay_spots(e: STCSEngine, x: str) -> list[Hex]:
    """The hexes ``x`` may deploy a mine into: within 4 hexes, none with a ship."""
    taken = set(e.at.values())
    return [h for h in hexes_within(e.at[x], REACH) if h not in taken]


def lay(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` deploys a mine: the GM chooses its hex; the deployment is announced, the hex is its side's."""
    spots = {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({e.at[x].distance(h)} hexes)" for h in lay_spots(e, x)}
    aim = str((yield e._choose(f"stcs/{e.round}/mine/{x}", LAY, f"Game Master: into which hex does {e.ship(x)} "
                               "deploy a mine (it carries one, is stationary, its tractor beam works and the shield "
                               "toward the hex is down)?", spots)))
    q, r = (int(v) for v in aim.split(","))
    team = e.units[x].team
    e.mines.append(Mine(Hex(q, r), team))
    e.log.add("ruling", LAY, f"{e.ship(x)} deploys a mine")
    e.log.add("ruling", LAY, f"{possessive(e.ship(x))} mine is at {q},{r}", visible_to=(team, GM))


def scan(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` scans a hex for mines (its Sensors Phase): a lock roll at -2; a success tells how many."""
    near = {h for y in [*e.at.values(), *e.wake] for h in hexes_within(y, REACH)}  # where ships are or were
    spots = {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({e.at[x].distance(h)} hexes: D10 1-{scan_top(e.at[x].distance(h))})"
             for h in sorted(near, key=lambda h: (h.q, h.r)) if scan_top(e.at[x].distance(h)) > 0}
    aim = str((yield e._choose(f"stcs/{e.round}/minescan/{x}", DETECT, f"Game Master: which hex does {e.ship(x)} scan "
                               "for mines?", spots)))
    q, r = (int(v) for v in aim.split(","))
    h, team = Hex(q, r), e.units[x].team
    top = scan_top(e.at[x].distance(h))
    die = e.dice.roll("d10", purpose=f"scan hex {q},{r} for mines (1-{top})", rule=DETECT, who=team).total
    e.locks.pop(x, None)  # the scan is the ship's Sensors Phase
    if die <= top:
        n = sum(1 for m in e.mines if m.at == h)
        e.log.add("ruling", DETECT, f"{possessive(e.ship(x))} scan of {q},{r}: {n} mine(s)", visible_to=(team, GM))
    else:
        e.log.add("ruling", DETECT, f"{possessive(e.ship(x))} scan of {q},{r} gives no information",
                  visible_to=(team, GM))
