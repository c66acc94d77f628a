"""Seed 002's Tractor Beams and Towing: a tractor beam (1 power, at the table) takes a friendly or
de-crewed ship within four hexes, "fired" as a beam weapon on Firing Chart A with no lock needed, and
holds only while the shields between the two ships are down. Class VIII and less have one beam, Class
IX and above two, a tug or transport two; one beam is lost at 70% superstructure loss (two beams: one
at 40%, the second at 80%). A towing ship never exceeds its Cruising Warp Speed, its movement ratio is
made worse by the Relative Class Size table (a tug one line higher), and a towing ship that advanced
one hex without turning may draw the towed ship one hex closer once a Movement Phase.

Readings: the Relative Class Size is the towed ship's Class less the towing ship's; the table's
"+6 +4" line is read as +5 to +6 (its neighbours give +3 to +4 and +7); a beam breaks when the ships are
more than four hexes apart after a move (its reach), when either cloaks, when a beam is lost to damage
(the last taken goes first), or when a shield between them is up (Shield Control, :mod:`.shieldcontrol`).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import casualties, damage, fire, minehits, shieldcontrol, shields
from rules.systems.stcs.geometry import facing_angle, toward

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

TRACTOR = "STCS Tractor Beams"
TOWING = "STCS Towing"
REACH = 4
"""A tractor beam's maximum range in hexes."""
STEPS = ((-5, 0), (-3, 1), (0, 2), (2, 3), (4, 5), (6, 7))
"""The Relative Class Size table: (the highest relative size of the line, movement ratio steps worse)."""
Procedure = Generator[Question, Any, None]


def beams(class_size: int, tug: bool = False) -> int:
    """Tractor beams of a ship: Class VIII and less one, IX and above two, a tug or transport two."""
    return 2 if tug or class_size >= 9 else 1


def beams_left(total: int, lost: int, superstructure: int) -> int:
    """Working beams of a ship with ``total`` beams after ``lost`` of its ``superstructure`` points."""
    if total == 1:
        return 0 if lost * 10 >= superstructure * 7 else 1
    return 2 - (lost * 10 >= superstructure * 4) - (lost * 10 >= superstructure * 8)


def tow_steps(relative: int, tug: bool = False) -> int | None:
    """Movement ratio steps made worse towing a ship ``relative`` Classes larger (None: not possible)."""
    line = next((i for i, (top, _) in enumerate(STEPS) if relative <= top), len(STEPS))
    if tug:
        line -= 1
    return 0 if line < 0 else STEPS[line][1] if line < len(STEPS) else None


# -- on the engine -----------------------------------------------------------------------------------
def working(e: STCSEngine, x: str) -> int:
    d = e.data(x)
    return beams_left(beams(d.class_size, e.units[x].unit.is_tug), e.ss_lost.get(x, 0), d.superstructure)


def idle(e: STCSEngine, x: str) -> tuple[int, str]:
    """How many of ``x``'s tractor beams are free to deploy a mine (seed 002: "have an operational tractor beam";
    "A tractor beam requires 1 point of power to function"), and why none is ("" when one is): a beam lost to
    superstructure damage, holding a ship in tow (read: a beam holds one thing; a second tow needs a second beam and
    power, :func:`.power.refuse`), or without power (its allocation's, 1 a beam; a ship never allocated is at the
    table: powered)."""
    busy, a = e.contact.tractors.get(x, []), e.power.of.get(x)
    n = working(e, x) - len(busy)
    if a is not None:
        n = min(n, a.tractors - len(busy))
    if n > 0:
        return n, ""
    if working(e, x) < 1:
        return 0, "no operational tractor beam"
    if len(busy) >= working(e, x):
        return 0, f"no tractor beam free: {'it holds' if len(busy) == 1 else 'they hold'} " + ", ".join(
            e.ship(y) for y in busy) + " in tow"
    return 0, f"no power allocated to a free tractor beam (tractor beams: {a.tractors if a else 0} power, 1 a beam)"


def held(e: STCSEngine) -> list[tuple[str, str]]:
    """Each (towing ship, towed ship), in the order taken."""
    return [(x, y) for x, ys in e.contact.tractors.items() for y in ys]


def towing(e: STCSEngine, x: str) -> bool:
    return bool(e.contact.tractors.get(x))


def check(e: STCSEngine) -> None:
    """Beams broken since: a ship gone or cloaked, more than four hexes apart, a beam lost to damage."""
    for x, ys in list(e.contact.tractors.items()):
        for y in list(ys):
            why = ("a ship is no longer on the map" if x not in e.on_map() or y not in e.on_map()
                   else "a ship cloaked" if e.cloaked[x] or e.cloaked[y]
                   else f"more than {REACH} hexes apart" if e.range(x, y) > REACH
                   else "a beam lost to superstructure damage" if ys.index(y) >= working(e, x)
                   else "a shield up between them" if not shieldcontrol.both_down(e, x, y) else "")
            if why:
                ys.remove(y)
                e.log.add("ruling", TRACTOR, f"{possessive(e.ship(x))} tractor beam on {e.ship(y)} breaks: {why}")
        if not ys:
            del e.contact.tractors[x]


def tow_along(e: STCSEngine, x: str, start: Hex) -> None:
    """The ships ``x`` tows in its hex (``start``, before its move) move with it (Towing: in the same hex they
    "may move normally without their shields endangering the tractor beam")."""
    for y in e.contact.tractors.get(x, []):
        if e.at.get(y) == start and e.at[x] != start:
            e.at[y], e.facing[y] = e.at[x], e.facing[x]
            e.log.add("ruling", TOWING, f"{e.ship(x)} tows {e.ship(y)} along to {e.at[y].q},{e.at[y].r}")


def blocked(e: STCSEngine, x: str, y: str) -> str:
    """Why ``x``'s tractor beam cannot take ``y`` ("": it can): a shield up between them (Shield Control). The
    shields' state is not announced (seed 002): the refusal is the GM's (asked again), never a public line."""
    if shieldcontrol.both_down(e, x, y):
        return ""
    return f"{possessive(e.ship(x))} tractor beam cannot take {e.ship(y)}: a shield is up between them"


def _unblocked(e: STCSEngine, x: str, y: str) -> str:
    why = blocked(e, x, y)
    if why:
        raise IllegalAnswer(TRACTOR, why)
    return y


def reversing(e: STCSEngine, x: str) -> None:
    """``x`` moved in reverse: its beams holding ships break (Towing: "A ship moving in reverse may not tow or
    maintain a tow")."""
    for y in e.contact.tractors.pop(x, []):
        e.log.add("ruling", TOWING, f"{possessive(e.ship(x))} tractor beam on {e.ship(y)} breaks: a ship moving in "
                  "reverse may not tow or maintain a tow")


def refuse_act(e: STCSEngine, x: str) -> None:
    """The act "``x`` fires a tractor beam" refused (to the GM) when ``x`` moved in reverse this segment, or when a
    shield is up toward every ship it could take."""
    if e.reversing.get(x) == e.round:
        raise IllegalAnswer(TOWING, f"{e.ship(x)} moved in reverse in this Movement Phase: a ship moving in reverse "
                            "may not tow")
    near = targets(e, x)
    if near and all(blocked(e, x, y) for y in near):
        raise IllegalAnswer(TRACTOR, f"{possessive(e.ship(x))} tractor beam cannot take "
                            + ", ".join(e.ship(y) for y in near) + ": a shield is up between them")


def targets(e: STCSEngine, x: str) -> list[str]:
    """The ships ``x`` may take in a tractor beam: friendly or de-crewed, within four hexes, seen, not held."""
    if e.cloaked[x] or damage.dead_in_space(e, x) or len(e.contact.tractors.get(x, [])) >= working(e, x):
        return []
    taken = {y for _, y in held(e)} | set(e.contact.tractors)
    team = e.units[x].team
    return [y for y in e.on_map() if y != x and y not in taken and not e.cloaked[y] and e.range(x, y) <= REACH
            and (e.units[y].team == team or casualties.no_crew(e, y))]


def tractor(e: STCSEngine, x: str) -> Procedure:
    """``x`` fires a tractor beam at a ship to tow (Firing Chart A, no lock needed)."""
    check(e)
    q = e._choose(f"stcs/{e.round}/tractor/{x}", TRACTOR, f"Game Master: which ship does {possessive(e.ship(x))} "
                  f"tractor beam take (friendly or de-crewed, within {REACH} hexes)?",
                  {t: f"{e.ship(t)} ({e.range(x, t)} hexes)" for t in targets(e, x)})
    near = [t for t in q.options if not blocked(e, x, t)]  # its GM's dialog opens at one it takes
    y = str((yield replace(q, check=lambda a: _unblocked(e, x, q.check(a)), default=near[0] if near else None)))
    m = e.moves.get(y)
    s = m[1] if m else 0  # its speed: its latest move's points (movement.speed; movement imports this module)
    odds = {str(c): fire.words(fire.to_hit(c, s, False, True)) for c in range(11)}
    base = int((yield Question(f"stcs/{e.round}/tractor/{x}/chart", QKind.NUMBER, GM, TRACTOR,
                               f"Game Master: Firing Chart A's To-Hit number at {e.range(x, y)} hexes? (then speed "
                               f"{s} {fire.speed_modifier(s):+d}, no lock needed: chart 5 is {odds['5']})",
                               low=0, high=10, default=5, data={"odds": odds}, check=_chart)))
    value, who = fire.to_hit(base, s, False, True), e.units[x].team
    top = fire.extended(value)
    if top is not None:
        hit = e.dice.roll("d100", purpose=f"tractor beam (1-{top})", rule=TRACTOR, who=who).total <= top
    else:
        hit = value > 0 and e.dice.roll("d10", purpose=f"tractor beam (1-{value})", rule=TRACTOR,
                                        who=who).total <= value
    if not hit:
        e.log.add("ruling", TRACTOR, f"{possessive(e.ship(x))} tractor beam misses {e.ship(y)} ({fire.words(value)})")
        return
    e.contact.tractors.setdefault(x, []).append(y)
    rel = e.data(y).class_size - e.data(x).class_size
    steps = tow_steps(rel, e.units[x].unit.is_tug)
    how = ("it cannot be towed (Relative Class Size +7 or more): the beam holds it in place" if steps is None
           else f"towing: movement ratio {plural(steps, 'step')} worse (Relative Class Size {rel:+d}; the ratio is the "
           f"table's), at most Cruising Warp {e.data(x).cruising_warp}")
    e.log.add("ruling", TRACTOR, f"{possessive(e.ship(x))} tractor beam holds {e.ship(y)} ({fire.words(value)}; "
              f"1 power): {how}")


def release(e: STCSEngine, x: str) -> Procedure:
    """The GM ends one of ``x``'s beams: released (a shield up between the ships breaks it by itself)."""
    check(e)
    if not e.contact.tractors.get(x):
        return  # its beams broke since the act was offered (logged by check)
    y = str((yield e._choose(f"stcs/{e.round}/release/{x}", TRACTOR, f"Game Master: which of "
                             f"{possessive(e.ship(x))} tractor beams lets go?",
                             {t: e.ship(t) for t in e.contact.tractors.get(x, [])})))
    e.contact.tractors[x].remove(y)
    if not e.contact.tractors[x]:
        del e.contact.tractors[x]
    e.log.add("ruling", TRACTOR, f"{possessive(e.ship(x))} tractor beam lets go of {e.ship(y)}")


def may_draw(e: STCSEngine, x: str) -> list[str]:
    """The towed ships ``x`` may draw one hex closer: it advanced one hex without turning this Movement Phase."""
    m = e.moves.get(x)
    if not m or m[0] != e.round or m[1] != 1 or m[2].distance(e.at[x]) != 1 or (e.round, x) in e.contact.drawn:
        return []
    return [y for y in e.contact.tractors.get(x, []) if y in e.at and e.range(x, y) > 0]


def draw(e: STCSEngine, x: str) -> Procedure:
    """``x`` draws a towed ship one hex closer (once a Movement Phase)."""
    check(e)
    y = str((yield e._choose(f"stcs/{e.round}/draw/{x}", TOWING, f"Game Master: which ship does {e.ship(x)} draw "
                             "one hex closer?", {t: e.ship(t) for t in may_draw(e, x)})))
    e.contact.drawn.append((e.round, x))
    way = toward(e.at[y], e.at[x])
    e.at[y] = e.at[y].neighbor(way)
    e.log.add("ruling", TOWING, f"{e.ship(x)} draws {e.ship(y)} one hex closer: to {e.at[y].q},{e.at[y].r} "
              f"({e.range(x, y)} hexes apart)")
    side = shields.facing(facing_angle(e.facing[y]), facing_angle(way))[0]  # (a hex side's middle: one shield)
    yield from minehits.entered(e, y, e.at[y], side)  # a mine in the hex it is drawn into


def _chart(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= 10:
        raise IllegalAnswer(TRACTOR, "a Firing Chart To-Hit number is 0-10")
    return a
