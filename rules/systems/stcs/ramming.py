"""Seed 002's Ramming: a ship with at most 20% of its crew left (40% for Klingons) that ended its
movement in its target's hex rams it. The Ramming Roll is an opposed D10 each with the modifiers
(speed, Crew Efficiency, Class, the target's +1, +2 an Evasive Maneuver, +1 an Emergency Heading
Change); the ramming ship must win: by 1-4 a Glancing Blow, by more a Solid Hit. A target that does
not try to avoid it (or cannot: no crew, an outpost, dead in space) faces the rammer's single D10: any
face but 0 rams. Each ship's damage to the other is rolled on its own D10 (0 reads 10); shields
protect as against weapons, so the points are entered as hits (at the table's shields). A ram is
declared first (at most 20% crew); from then until it is resolved the targeting modifiers apply: +1 for
any ship firing on the ramming ship, +3 instead for its target firing on it, +1 for the ramming ship
firing on its target.

Readings: an unopposed ram's face is its margin (1-4 a Glancing Blow, 5-9 a Solid Hit), as if the
target had rolled 0; an Evasive Maneuver damages the target as an Emergency Heading Change (one point
on each warp engine not ripped off and one on the superstructure; the Turning Stress Chart is the
table's); a cloaked ship neither rams nor is rammed here (its place would be shown).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.battlehex.words import plural, possessive
from rules.model.stcs import Nation
from rules.systems.stcs import casualties, damage, impulse, movement

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Ramming"
CREW_MOST, KLINGON_CREW_MOST = 20, 40
"""The most percent of its crew a ship may have left to declare a ram."""
Procedure = Generator["Question", Any, None]


class Blow(str, Enum):
    """What a Ramming Roll gives."""

    NONE = "no ram"
    GLANCING = "Glancing Blow"
    SOLID = "Solid Hit"


@dataclass(frozen=True, slots=True)
class Side:
    """What a ship brings to a Ramming Roll."""

    speed: int
    efficiency: int
    class_size: int


def may_ram(crew_left: int, nation: Nation) -> bool:
    """Whether a ship with ``crew_left`` percent of its crew may declare a ram (a desperation tactic)."""
    return 0 < crew_left <= (KLINGON_CREW_MOST if nation is Nation.KLINGON else CREW_MOST)


def _edge(mine: int, theirs: int, per: int, most: int) -> int:
    """+1 for every ``per`` full points ``mine`` has over ``theirs``, at most ``most``."""
    return min(most, max(0, mine - theirs) // per)


def modifiers(ram: Side, target: Side, evasive: int, heading_change: bool) -> tuple[int, int]:
    """The ramming ship's and the target's Ramming Roll modifiers."""
    def own(a: Side, b: Side) -> int:
        return (_edge(a.speed, b.speed, 3, 2) + _edge(a.efficiency, b.efficiency, 10, 2)
                + _edge(b.class_size, a.class_size, 2, 3))
    return own(ram, target), own(target, ram) + 1 + 2 * evasive + (1 if heading_change else 0)


def blow(margin: int) -> Blow:
    """The ramming ship's modified roll less the target's: a tie or less no ram, 1-4 Glancing, more Solid."""
    return Blow.NONE if margin <= 0 else Blow.GLANCING if margin <= 4 else Blow.SOLID


def face(d10: int) -> int:
    """A D10 face as the damage formulas read it (0 reads 10)."""
    return 10 if d10 % 10 == 0 else d10


def ram_damage(kind: Blow, class_size: int, ram_speed: int, d10: int) -> int:
    """One ship's damage to the other: Glancing class x speed x D10 / 10; Solid class x speed x (1 + D10 / 5);
    remainders dropped. The class is the ship doing the damage; the speed is always the ramming ship's."""
    base = class_size * ram_speed
    if kind is Blow.GLANCING:
        return base * face(d10) // 10
    if kind is Blow.SOLID:
        return base * (5 + face(d10)) // 5
    return 0


def unopposed(d10: int) -> Blow:
    """A target that does not avoid the ram: any face but 0 rams, the face its margin."""
    return Blow.NONE if d10 % 10 == 0 else blow(d10)


def odds(ram_mod: int, target_mod: int) -> dict[Blow, Fraction]:
    """The exact chance of each result of an opposed Ramming Roll."""
    out = {b: Fraction(0) for b in Blow}
    for a in range(1, 11):
        for b in range(1, 11):
            out[blow(a + ram_mod - b - target_mod)] += Fraction(1, 100)
    return out


def odds_words(o: dict[Blow, Fraction]) -> str:
    """Exact odds as words."""
    return ", ".join(f"{b.value} {float(p):.0%}" for b, p in o.items())


# -- the act ---------------------------------------------------------------------------------------
def side(e: STCSEngine, x: str) -> Side:
    d = e.data(x)
    return Side(movement.speed(e, x), d.crew_efficiency, d.class_size)


def targets(e: STCSEngine, x: str) -> list[str]:
    """The enemies ``x`` may declare a ram on, its crew aside (:func:`crew_bar`): neither cloaked; ``x`` not dead
    in space, not already trying to ram."""
    if e.cloaked[x] or damage.dead_in_space(e, x) or x in e.contact.ramming:
        return []
    return [y for y in e.on_map(e.enemy(e.units[x].team)) if not e.cloaked[y]]


def crew_bar(e: STCSEngine, x: str) -> str:
    """Why ``x``'s crew bars a ram ("": it does not). Its side's and the GM's: the crew track counts the crew
    away in secret boarding parties, so the act is listed all the same and the GM refused (issue 25)."""
    d, left = e.data(x), casualties.onboard(e, x)  # "remaining onboard": a party waiting aboard too
    if may_ram(left, d.nation):
        return ""
    most = KLINGON_CREW_MOST if d.nation is Nation.KLINGON else CREW_MOST
    return (f"{e.ship(x)} may not declare a ram: " + ("no crew onboard" if left == 0 else
            f"more than {most}% of its crew remain onboard ({left}%)"))


def fire_modifier(e: STCSEngine, x: str, y: str) -> int:
    """The ramming targeting modifier for ``x`` firing on ``y``: +3 on the ship trying to ram ``x``, +1 on
    another ship trying to ram, +1 for a ramming ship on its target."""
    if y in e.contact.ramming:
        return 3 if e.contact.ramming[y] == x else 1
    return 1 if e.contact.ramming.get(x) == y else 0


def declare(e: STCSEngine, x: str) -> Procedure:
    """``x`` declares a ram: the targeting modifiers apply until it is resolved."""
    y = str((yield e._choose(f"stcs/{e.round}/declare/{x}", RULE, f"Game Master: which ship does {e.ship(x)} "
                             "declare a ram on?",
                             {t: f"{e.ship(t)} ({e.range(x, t)} hexes)" for t in targets(e, x)})))
    e.contact.ramming[x] = y
    e.log.add("ruling", RULE, f"{e.ship(x)} declares a ram on {e.ship(y)}: +1 to hit it for any ship firing on it "
              f"(+3 for {e.ship(y)}), +1 for it firing on {e.ship(y)}, until the ram is resolved")


def may_resolve(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s declared ram is resolved now (after the fire: the GM picks when)."""
    y = e.contact.ramming.get(x)
    return y is not None and (e.round, x) not in e.contact.rammed and y in e.on_map() and x in e.on_map()


def evasions(e: STCSEngine, y: str) -> int:
    """The Evasive Maneuvers ``y`` may make: none if it cannot move, else one and one a point it left unspent
    in this Movement Phase; -1 when it cannot try to avoid the ram at all."""
    d = e.data(y)
    if casualties.no_crew(e, y) or d.outpost or damage.dead_in_space(e, y) or not movement.most_points(e, y):
        return -1
    m = e.moves.get(y)
    used = m[1] if m and m[0] == e.round else 0
    return 1 + max(0, movement.most_points(e, y) - used)


def ram(e: STCSEngine, x: str) -> Procedure:
    """``x``'s declared ram is resolved (after the fire and the explosions, at the GM's pick): it fails unless
    ``x`` ended its movement in its target's hex."""
    team, y = e.units[x].team, e.contact.ramming.pop(x)
    e.contact.rammed.append((e.round, x))
    if e.at[x] != e.at[y] or e.cloaked[y]:
        e.log.add("ruling", RULE, f"{possessive(e.ship(x))} ram on {e.ship(y)} fails: it did not end its movement "
                  f"in {possessive(e.ship(y))} hex")
        return
    most = evasions(e, y)
    a, b = side(e, x), side(e, y)
    n, turned = -1, False
    if most >= 0:
        ask = e._choose(f"stcs/{e.round}/ram/{x}/heading", RULE, f"Game Master: did {e.ship(y)} make an Emergency "
                        "Heading Change this segment (+1 to avoid)?", {"no": "no", "yes": "yes (+1)"})
        turned = (yield replace(ask, default="yes" if e.turned.get(y) == e.round else "no")) == "yes"  # (its act)
        words = {"-1": f"{e.ship(y)} does not try to avoid it ({e.ship(x)} rams on D10 1-9: 90%)"}
        for k in range(most + 1):
            mine, theirs = modifiers(a, b, k, turned)
            words[str(k)] = (f"{e.ship(y)} avoids with {k} Evasive Maneuver{'' if k == 1 else 's'} (D10{mine:+d} "
                             f"against D10{theirs:+d}: {odds_words(odds(mine, theirs))})")
        n = int((yield e._choose(f"stcs/{e.round}/ram/{x}/evade", RULE, f"Game Master: does {e.ship(y)} try to "
                                 "avoid the ram (each Evasive Maneuver damages it as an Emergency Heading Change)?",
                                 words)))
    if n < 0:
        die = e.dice.roll("d10", purpose="ramming roll, unopposed (1-9 rams)", rule=RULE, who=team).total
        result = unopposed(die)
        e.log.add("ruling", RULE, f"{e.ship(y)} does not avoid the ram: {possessive(e.ship(x))} D10 {die % 10}: "
                  f"{result.value}")
    else:
        _evade(e, y, n)
        mine, theirs = modifiers(a, b, n, turned)
        d1 = e.dice.roll("d10", purpose=f"ramming roll ({mine:+d})", rule=RULE, who=team).total
        d2 = e.dice.roll("d10", purpose=f"avoiding the ram ({theirs:+d})", rule=RULE, who=e.units[y].team).total
        result = blow(d1 + mine - d2 - theirs)
        e.log.add("ruling", RULE, f"Ramming Roll: {e.ship(x)} {d1}{mine:+d} = {d1 + mine}, {e.ship(y)} "
                  f"{d2}{theirs:+d} = {d2 + theirs}: {result.value}")
    if result is Blow.NONE:
        return
    for doer, victim in ((x, y), (y, x)):
        cls = e.data(doer).class_size
        die = e.dice.roll("d10", purpose=f"ramming damage to {e.ship(victim)}", rule=RULE,
                          who=e.units[doer].team).total
        pts = ram_damage(result, cls, a.speed, die)
        e.log.add("ruling", RULE, f"{e.ship(victim)} takes {pts} ramming points from {e.ship(doer)} (Class {cls} x "
                  f"speed {a.speed} x {'D10 / 10' if result is Blow.GLANCING else '(1 + D10 / 5)'}, D10 "
                  f"{face(die)}; its shields protect as against weapons: entered as hits)", {"unit": victim})


def _evade(e: STCSEngine, y: str, n: int) -> None:
    """``n`` Evasive Maneuvers' damage on ``y``, as for Emergency Heading Changes."""
    if not n:
        return
    engines = [i for i, left in enumerate(e.data(y).warp_now) if (y, i) not in e.ripped and left > 0]
    for i in engines:
        damage._engine(e, y, i, n)
    if not engines and impulse.kept(e):
        impulse.point(e, y, n)
    elif not engines:  # a battle begun before the impulse engine kept its damage (compat.IMPULSE_ERA): as fought
        e.log.add("ruling", RULE, f"{e.ship(y)}: {plural(n, 'point')} on its impulse engine (at the table)")
    e.ss_lost[y] = e.ss_lost.get(y, 0) + n
    d = e.data(y)
    e.log.add("ruling", RULE, f"{e.ship(y)} loses {n} superstructure point{'' if n == 1 else 's'} ({n} Evasive "
              f"Maneuver{'' if n == 1 else 's'}): {d.superstructure - e.ss_lost[y]} of {d.superstructure} left",
              {"unit": y})
