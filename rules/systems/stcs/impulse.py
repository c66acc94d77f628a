"""The impulse engine's damage (seed 002, Repairing Superstructure And Engine Damage; Destroying Engines; Moving The
Starship, Emergency Heading Changes).

"This rule applies to the repairing of damage to superstructure (SS), warp engines, and impulse engines." and "It is
possible to totally destroy a warp or impulse engine." Kept as a warp engine's: each point of damage takes one power
box (the record's ``impulse_power`` boxes; Carry Values From Hits counts only Sensors, Shield Generators, Beam and
Missile Weapons, so an engine carries no remainder); past its boxes it absorbs the extra damage "as if it had
additional damage boxes" until the extra equals min(10, its boxes), when it and its mounting are ripped off (that
hit's excess lost; later engine hits are the GM's on the superstructure, the option gone). Repairs: one box on a D100
at or under the Crew Efficiency (:mod:`.repairing`), the extra damage first ("must be applied to eliminating the
extra damage before power may be regained"), none once ripped off. The power available (:mod:`.power`) reads the
boxes left through :meth:`.engine.STCSEngine.data`. An Emergency Heading Change or an Evasive Maneuver with no
functional warp engine puts its point here from the record's era :data:`.compat.IMPULSE_ERA` on; a battle begun
before logs it for the table, as it was fought."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.battlehex.words import plural, possessive
from rules.systems.stcs import compat

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

KEY = "impulse"
"""The hit question's and the repair question's option for the impulse engine."""
RULE = "STCS Destroying Engines"
DAMAGE = "STCS Effects From Superstructure Hits"
MOST_EXTRA = 10
"""The extra damage that rips an engine off: ten boxes, or its boxes if fewer."""


def boxes(e: STCSEngine, x: str) -> int:
    """The power boxes ``x``'s impulse engine had at the battle's start (its record's)."""
    d = e.units[x].unit.stcs
    assert d is not None
    return d.impulse_power


def left(boxes_: int, hits: int) -> int:
    """The power boxes left of an engine of ``boxes_`` with ``hits`` points of damage."""
    return max(0, boxes_ - hits)


def rips(boxes_: int, hits: int) -> bool:
    """Whether ``hits`` points of damage rip off an engine of ``boxes_`` power boxes: the extra over its boxes reaches
    min(10, its boxes)."""
    return hits - boxes_ >= min(MOST_EXTRA, boxes_)


def kept(e: STCSEngine) -> bool:
    """Whether this battle's impulse engines take damage (its record's era)."""
    return compat.impulse_damage(e.state.record)


def may_hit(e: STCSEngine, x: str) -> bool:
    """Whether a hit may strike ``x``'s impulse engine: it has one (power boxes), not ripped off."""
    return boxes(e, x) > 0 and x not in e.impulse_ripped


def option(e: STCSEngine, x: str) -> dict[str, str]:
    """The hit question's option for ``x``'s impulse engine (none when it has none or it is ripped off)."""
    if not may_hit(e, x):
        return {}
    n = left(boxes(e, x), e.impulse_hits.get(x, 0))
    return {KEY: f"the impulse engine ({plural(n, 'power box', 'power boxes')} left)"}


def hit(e: STCSEngine, x: str, pts: int, why: str = "") -> None:
    """``pts`` points of damage on ``x``'s impulse engine (``why``: words after the engine's name)."""
    n = boxes(e, x)
    hits = e.impulse_hits[x] = e.impulse_hits.get(x, 0) + pts
    if rips(n, hits):
        e.impulse_ripped.add(x)
        over = hits - n - min(MOST_EXTRA, n)
        e.log.add("ruling", RULE, f"{possessive(e.ship(x))} impulse engine{why} and its mounting are ripped off"
                  + (f" ({over} points over lost)" if over else ""), {"unit": x})
        return
    extra = hits - n
    e.log.add("ruling", DAMAGE, f"{possessive(e.ship(x))} impulse engine{why}: {left(n, hits)} of {n} power boxes "
              "left" + (f" ({extra} of {min(MOST_EXTRA, n)} extra points absorbed: ripped off at "
                        f"{min(MOST_EXTRA, n)})" if extra > 0 else ""), {"unit": x})


def point(e: STCSEngine, x: str, n: int) -> None:
    """``n`` points of an Emergency Heading Change's (or Evasive Maneuvers') damage on ``x``'s impulse engine, no warp
    engine being functional; one ripped off (or none) takes none: "Engine hits received after the engine is ripped
    off are applied to the superstructure as described in the rules" (the base game's: the GM enters them)."""
    if may_hit(e, x):
        hit(e, x, n, " (no functional warp engine)")
        return
    gone = "is ripped off" if x in e.impulse_ripped else "has no power boxes"
    e.log.add("ruling", RULE, f"{possessive(e.ship(x))} impulse engine {gone}: {plural(n, 'point')} of damage on it, "
              "an engine hit after it is gone, applied to the superstructure as the base game's rules say (the Game "
              "Master enters it)", {"unit": x})


def damaged(e: STCSEngine, x: str) -> dict[str, str]:
    """The repair question's option for ``x``'s impulse engine, when damaged and not ripped off."""
    h = e.impulse_hits.get(x, 0)
    if h <= 0 or x in e.impulse_ripped:
        return {}
    n = boxes(e, x)
    return {KEY: f"impulse engine ({h} damage: {left(n, h)} of {n} power boxes left)"}


def mend(e: STCSEngine, x: str) -> None:
    """One box of ``x``'s impulse engine repaired (the extra damage first: its power returns only below its boxes)."""
    e.impulse_hits[x] -= 1


def words(e: STCSEngine, x: str) -> str:
    """The ships' sheet's words for ``x``'s impulse engine."""
    n = boxes(e, x)
    if x in e.impulse_ripped:
        return f"impulse ripped off (of {n})"
    return f"impulse {left(n, e.impulse_hits.get(x, 0))}/{n}"
