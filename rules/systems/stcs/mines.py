"""Seed 002's mines (Carrying And Deploying Mines; Detecting And Destroying Mines). A ship deploys a
mine up to 4 hexes away into a hex with no ship, stationary, with a tractor beam working, through a shield that
is down (:mod:`.laying` checks each condition); the deployment is obvious, the hex is its side's. In the Sensors Phase a
ship may scan a hex for mines: a lock-on roll at the range with -2; on a success it is told how many
mines are there. A ship may instead try to lock on to a mine in a hex (the same roll at -2): it learns
whether a mine is there and, if so, holds a lock on one; it fires at it as at a ship at speed 0 (+1), -2
more for the small size. A hit of 3 points or more destroys the mine it targets (not cumulative); a
blast of 3 or more in a hex destroys all its mines (:mod:`.explosion`)."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex, hexes_within
from rules.battlehex.log import GM
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import agrees, plural, possessive
from rules.systems.stcs import casualty_track, damage, fire, firing, sensors

if TYPE_CHECKING:
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


def seen(e: STCSEngine) -> list[Hex]:
    """Where the ships not cloaked are (the hexes a question may name: never a cloaked ship's, issue 25)."""
    return [h for x, h in e.at.items() if not e.cloaked[x]]


def lay_spots(e: STCSEngine, x: str) -> list[Hex]:
    """The hexes ``x`` may deploy a mine into: within 4 hexes, none with a ship not cloaked (a cloaked ship's
    hex is offered too, so the offer does not tell where it is; choosing it is refused) or a planet, moon or asteroid."""
    taken = set(seen(e)) | set(e.bodies)  # (a planet, moon or asteroid: :mod:`.bodies`)
    return [h for h in hexes_within(e.at[x], REACH) if h not in taken]


def scan(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` scans a hex for mines (its Sensors Phase): a lock roll at -2; a success tells how many."""
    near = {h for y in [*seen(e), *e.wake] for h in hexes_within(y, REACH)}  # where ships are or were
    spots = {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({e.at[x].distance(h)} hexes: D10 1-{scan_top(e.at[x].distance(h))})"
             for h in sorted(near, key=lambda h: (h.q, h.r)) if scan_top(e.at[x].distance(h)) > 0}
    aim = str((yield e._choose(f"stcs/{e.round}/minescan/{x}", DETECT, f"Game Master: which hex does {e.ship(x)} scan "
                               "for mines?", spots)))
    q, r = (int(v) for v in aim.split(","))
    h, team = Hex(q, r), e.units[x].team
    top = scan_top(e.at[x].distance(h))
    die = e.dice.roll("d10", purpose=f"scan hex {q},{r} for mines (1-{top})", rule=DETECT, who=team).total
    e.locks.pop(x, None)  # the scan is the ship's Sensors Phase
    sensors.lose_mine_lock(e, x, "its Sensors Phase scans a hex for mines", DETECT)
    if die <= top:
        n = sum(1 for m in e.mines if m.at == h)
        e.log.add("ruling", DETECT, f"{possessive(e.ship(x))} scan of {q},{r}: {plural(n, 'mine')}", visible_to=(team, GM))
    else:
        e.log.add("ruling", DETECT, f"{possessive(e.ship(x))} scan of {q},{r} gives no information",
                  visible_to=(team, GM))


def lock_spots(e: STCSEngine, x: str) -> dict[str, str]:
    """The hexes ``x`` may try to lock on to a mine in, with their D10 (hexes where mines can lie)."""
    near = {h for y in [*seen(e), *e.wake] for h in hexes_within(y, REACH)}
    return {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({e.at[x].distance(h)} hexes: D10 1-{scan_top(e.at[x].distance(h))})"
            for h in sorted(near, key=lambda h: (h.q, h.r)) if scan_top(e.at[x].distance(h)) > 0}


def lock(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` tries to lock on to a mine in a hex (its Sensors Phase): a lock roll at -2. A success tells
    whether a mine is there and, if one is, locks on to it: each ship locking on to the hex holds a
    different mine (not told of more than one, nor that none is left for it)."""
    aim = str((yield e._choose(f"stcs/{e.round}/minelock/{x}", DETECT, f"Game Master: in which hex does {e.ship(x)} "
                               "try to lock on to a mine?", lock_spots(e, x))))
    q, r = (int(v) for v in aim.split(","))
    h, team = Hex(q, r), e.units[x].team
    top = scan_top(e.at[x].distance(h))
    die = e.dice.roll("d10", purpose=f"lock on to a mine at {q},{r} (1-{top})", rule=DETECT, who=team).total
    e.locks.pop(x, None)  # in place of a normal sensor lock-on
    e.mine_locks.pop(x, None)
    here = [m for m in e.mines if m.at == h]
    if die > top:
        e.log.add("ruling", DETECT, f"{e.ship(x)} fails to lock on to a mine at {q},{r}", visible_to=(team, GM))
        return
    if not here:
        e.log.add("ruling", DETECT, f"{e.ship(x)} finds no mine at {q},{r}", visible_to=(team, GM))
        return
    e.mine_locks[x] = (h, sum(1 for g, _ in e.mine_locks.values() if g == h))  # each lock a different mine
    e.log.add("ruling", DETECT, f"{e.ship(x)} locks on to a mine at {q},{r}", visible_to=(team, GM))


def fire_at(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` fires at the mine it is locked on to: the To-Hit as at a ship at speed 0, -2 for the mine's
    small size; a hit of 3 points or more destroys it."""
    h, i = e.mine_locks[x]
    if not (yield from casualty_track.may_fire(e, x, f"the mine at {h.q},{h.r}")):  # its crew: the GM's ruling
        return
    r, team = e.at[x].distance(h), e.units[x].team
    arms = {str(k): f"{w.name} ({w.kind.value}, reach {w.reach})" for k, w in enumerate(e.data(x).weapons)
            if w.reach >= r and firing.armed(e, x, k)}
    pick = yield e._choose(f"stcs/{e.round}/minefire/{x}/weapon", DETECT, f"Game Master: which weapon does "
                           f"{e.ship(x)} fire at the mine at {h.q},{h.r} ({r} hexes)?", arms)
    w = e.data(x).weapons[int(pick)]
    e.fired[(x, int(pick))] = e.round
    missile = w.kind.value == "missile"
    odds = {str(c): fire.words(fire.to_hit(c, 0, missile, True) + SMALL) for c in range(11)}
    base = int((yield Question(f"stcs/{e.round}/minefire/{x}/chart", QKind.NUMBER, GM, DETECT,
                               f"Game Master: the Firing Chart's To-Hit number for {w.name} at {r} hexes? (then "
                               f"speed 0 +1, a mine -2{', missile -1' if missile else ''}: chart 5 is {odds['5']})",
                               low=0, high=10, default=5, data={"odds": odds}, check=firing.chart)))
    value = fire.to_hit(base, 0, missile, True) + SMALL
    top = fire.extended(value)
    if top is not None:
        hit = e.dice.roll("d100", purpose=f"to hit a mine (1-{top})", rule=DETECT, who=team).total <= top
    else:
        hit = value > 0 and e.dice.roll("d10", purpose=f"to hit a mine (1-{value})", rule=DETECT,
                                        who=team).total <= value
    verb = agrees(w.name, "hits" if hit else "misses")  # "KD-4 disruptors miss"
    e.log.add("ruling", DETECT, f"{possessive(e.ship(x))} {w.name} {verb} the mine at "
              f"{h.q},{h.r} ({fire.words(value)})")
    if not hit:
        return
    pts = int((yield Question(f"stcs/{e.round}/minefire/{x}/damage", QKind.NUMBER, GM, DETECT,
                              f"Game Master: how many damage points does the {w.name} hit on the mine do (the Firing "
                              f"Chart's)? ({KILL} or more destroy it)", low=1, high=damage.MOST, default=KILL,
                              check=damage.points)))
    here = [j for j, m in enumerate(e.mines) if m.at == h]
    if not destroyed(pts) or i >= len(here):  # its mine is gone (another ship's lock, a blast)
        e.log.add("ruling", DETECT, f"{pts} points: no mine destroyed at {h.q},{h.r}"
                  + ("" if destroyed(pts) else f" (a mine takes {KILL} from one hit)"))
        return
    del e.mines[here[i]]
    del e.mine_locks[x]
    e.mine_locks = {y: (g, j - 1 if g == h and j > i else j) for y, (g, j) in e.mine_locks.items()}
    e.log.add("ruling", DETECT, f"{pts} points destroy the mine at {h.q},{h.r}")
