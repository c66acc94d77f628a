"""Ships moving on the tactical map (seed 002, Warp Movement Rules: Sub-Light Combat, Warp Speed
Combat, Sub-Light Movement), one move a ship in each segment's Movement Phase.

A move is its movement points (the ship's speed, read by the To-Hit Modifier For Speed when it is
fired at) spent turning one hex side or moving one hex ahead a point, within what its power to movement
buys (:mod:`.power`: none without power; at the record's Movement Point Ratio when it gives one); the points
are capped: in warp-speed combat at the ship's
Emergency Warp Speed ("no more movement points than their maximum Emergency Warp Speed"), and a ship
with no warp power left at one point, one hex a point (Sub-Light Movement); in sub-light combat at
the speed table's last row (15). A cloaked ship is moved by its side in secret (issue 25): the GM's act
only names it; the points (0 allowed: the act tells nothing of whether it moved), the heading, the
hexes and where it ends are asked of and logged for its side and the GM only.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.words import possessive
from rules.systems.stcs import bodies, damage, minehits, power, sensors
from rules.systems.stcs.repair import SEGMENTS
from rules.systems.stcs.warp import Mode

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

MOVE = "STCS Movement"
SUBLIGHT = "STCS Sub-Light Movement"
WARP_COMBAT = "STCS Warp Speed Combat"
FASTEST = 15
"""The To-Hit Modifier For Speed table's last row (11-15): the most points in sub-light combat."""
OUTPOST = 3
"""Outpost Movement: an outpost never uses more than three movement points a turn."""
OUTPOSTS = "STCS Outpost Movement"
REVERSE = "STCS Moving In Reverse"
CLOAKED = "STCS Movement (cloaked, in secret)"
"""The rule of a cloaked ship's move: its questions and its line are its side's and the GM's."""


def most_points(e: STCSEngine, x: str) -> int:
    """The most movement points ``x`` may spend in a Movement Phase."""
    d = e.data(x)
    if d.outpost:  # Outpost Movement: at most 3 points a turn, and only with impulse engines
        return max(0, OUTPOST - spent(e, x)) if d.impulse_power else 0
    top = (d.emergency_warp if sum(d.warp_now) > 0 else 1) if e.mode is Mode.WARP else FASTEST
    return min(top, d.cruising_warp) if e.contact.tractors.get(x) else top  # Towing: never over Cruising Warp


def spent(e: STCSEngine, x: str) -> int:
    """The movement points ``x`` spent in this turn's earlier segments."""
    m = e.moves.get(x)
    return m[3] if m and (m[0] - 1) // SEGMENTS == (e.round - 1) // SEGMENTS else 0


def shuttled(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` took part in a Repair Shuttle assist this turn: it may not move this turn (Repair Assistance
    By Tenders During Battle, :mod:`.repairing`)."""
    turn = (e.round - 1) // SEGMENTS
    return any((r - 1) // SEGMENTS == turn and k == "shuttles" and x in (y, z) for r, y, z, k in e.assisted)


def speed(e: STCSEngine, x: str) -> int:
    """``x``'s speed: the movement points of its latest move (0 before it moves)."""
    m = e.moves.get(x)
    return m[1] if m else 0


def backed(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s latest move, made in the open, was in reverse (a cloaked ship's move is its side's secret)."""
    m = e.moves.get(x)
    return m is not None and e.reversing.get(x) == m[0] and not e.cloaked[x]


def usual(e: STCSEngine, x: str) -> int:
    """The points ``x`` usually spends, where its move question opens (issue 22: it opened at 0, so Return held
    every ship still). Seed 002 reads a ship as spending its movement: "movement points may be allocated, but the
    ships may not move" is an exception (Repair Shuttles), an "unexpended movement point" the ship's choice
    (Evasive Maneuvers). So: the points its power to movement buys (its allocation, at the record's Movement
    Point Ratio), else its speed (the points of its latest move: it keeps moving as it moves), else, before its
    first move, its Cruising Warp Speed (a fixed outpost holds still, as does a monitor, which has none); always
    within what it may spend now."""
    bought, d = power.movement_points(e, x), e.data(x)
    want = bought if bought is not None else speed(e, x) if x in e.moves else 0 if d.outpost else d.cruising_warp
    return min(want, most_points(e, x))


def acts(e: STCSEngine, x: str) -> dict[str, str]:
    """The move act of ``x`` if it may move in this segment's Movement Phase."""
    if damage.dead_in_space(e, x) or x in e.moves and e.moves[x][0] == e.round or not most_points(e, x) \
            or shuttled(e, x):
        return {}
    if e.cloaked[x]:  # nothing of its speed or points: its side answers in secret
        return {f"move:{x}": f"{possessive(e.ship(x))} side moves it or holds it still, in secret (cloaked)"}
    return {f"move:{x}": f"{e.ship(x)} moves (speed {speed(e, x)} now; at most {most_points(e, x)} points)"}


def turns(a: Facing, b: Facing) -> int:
    """Hex sides turned from ``a`` to ``b`` the short way."""
    n = (b.value - a.value) % 6
    return min(n, 6 - n)


def move(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` spends its movement points: the GM chooses them, then the heading and the hexes ahead."""
    top, team, hidden = most_points(e, x), e.units[x].team, e.cloaked[x]
    rule = OUTPOSTS if e.data(x).outpost else SUBLIGHT if e.mode is Mode.WARP and top == 1 \
        else WARP_COMBAT if e.mode is Mode.WARP else MOVE
    why = " (no warp power left: one point, one hex a point)" if rule == SUBLIGHT else ""
    who, to, secret = (f"{e.name(team)} (in secret)", team, {"secret": True}) if hidden else ("Game Master", GM, None)
    rule = CLOAKED if hidden else rule
    points = {str(p): f"{p} point{'' if p == 1 else 's'} (speed {p})" for p in range(top + 1)}
    ask = e._choose(f"stcs/{e.round}/move/{x}/points", rule, f"{who}: how many movement points does {e.ship(x)} "
                    f"spend this Movement Phase{why}?", points, to=to, data=secret)
    n = int((yield dataclasses.replace(ask, check=lambda a: str(power.points_check(e, x, int(ask.check(a)))),
                                       default=str(usual(e, x)))))
    here, now = e.at[x], e.facing[x]
    where = e._choose(f"stcs/{e.round}/move/{x}/path", rule, f"{who}: where does {e.ship(x)} "
                      f"move{'' if hidden else f' with {n} points'} (a point turns one hex side or moves one hex ahead; "
                      "in reverse, one hex astern)?", paths(e, x, n), to=to, data=secret)
    path = str((yield dataclasses.replace(where, default=f"{now.name}:{n}")))  # the usual case: straight on
    face, _, hexes = path.partition(":")
    back = hexes.startswith("-")  # Moving In Reverse
    e.facing[x] = Facing[face]
    hexes = str((yield from bodies.sublight(e, x, here, e.facing[x], int(hexes))))  # a body's hex: the GM rules
    e.at[x] = here.neighbor(e.facing[x], int(hexes))
    e.moves[x] = (e.round, n, here, spent(e, x) + n)
    if back:
        e.reversing[x] = e.round
    if here != e.at[x] and here not in e.wake and not hidden:  # the wake is public (mine scans)
        e.wake.append(here)
    e.log.add("ruling", REVERSE if back else rule, f"{e.ship(x)} moves {'in reverse ' if back else ''}at speed {n}: "
              f"heading {face}, to {e.at[x].q},{e.at[x].r}", {"unit": x}, visible_to=(team, GM) if hidden else None)
    from rules.systems.stcs import tractors  # (tractors reads movement)
    if back:
        tractors.reversing(e, x)  # "A ship moving in reverse may not tow or maintain a tow"
    along = [y for y in e.contact.tractors.get(x, []) if e.at.get(y) == here]  # towed in its hex: moved with it
    tractors.tow_along(e, x, here)
    tractors.check(e)
    for a, b in sorted(e.locks.items()):
        if x in (a, b) and a in e.at and b in e.at and e.range(a, b) > sensors.MAX_LOCK:
            del e.locks[a]
            e.log.add("ruling", sensors.LOCK, f"{e.ship(a)} loses its lock on {e.ship(b)} (beyond "
                      f"{sensors.MAX_LOCK} hexes)", visible_to=(e.units[a].team, GM) if e.cloaked[a] else None)
    if x in e.mine_locks and e.at[x].distance(e.mine_locks[x][0]) > sensors.MAX_LOCK:
        sensors.lose_mine_lock(e, x, f"beyond {sensors.MAX_LOCK} hexes")
    yield from minehits.went_over(e, x, here, e.facing[x] is not now, abs(int(hexes)), back)  # a mine in its way
    for y in along:
        if e.at.get(y) != here:  # towed along the same hexes, after the ship towing it
            yield from minehits.went_over(e, y, here, False, int(hexes))


def paths(e: STCSEngine, x: str, n: int) -> dict[str, str]:
    """Where ``x`` may move with ``n`` points: each point turns one hex side (the short way) or moves one hex ahead
    (``FACING:k``); or, in reverse (seed 002, Moving In Reverse: "For any one movement point when in reverse, a ship
    may either change heading or move backwards"), turns or moves one hex astern (``FACING:-k``, ``-0`` turning in
    reverse in its hex). Reverse is its own mode: no point both backs and turns, and the ship may not make an
    Emergency Heading Change after it (:mod:`.heading`)."""
    here, now, out = e.at[x], e.facing[x], {}
    order = sorted(Facing, key=lambda g: (turns(now, g), g.value))
    for f in order:
        for ahead in range(n - turns(now, f) + 1):
            h = here.neighbor(f, ahead)
            out[f"{f.name}:{ahead}"] = (f"{'keep' if f is now else 'turn to'} heading {f.name}, "
                                        f"{ahead} hex{'' if ahead == 1 else 'es'} ahead: to {h.q},{h.r}"
                                        + bodies.path_words(e, here, f, ahead))
    for f in order:
        for back in range(0 if f is not now else 1, n - turns(now, f) + 1):
            h = here.neighbor(f, -back)
            out[f"{f.name}:-{back}"] = (f"in reverse: {'keep' if f is now else 'turn to'} heading {f.name}, "
                                        f"{back} hex{'' if back == 1 else 'es'} astern: to {h.q},{h.r}"
                                        + bodies.path_words(e, here, f, -back))
    return out
