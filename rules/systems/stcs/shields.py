"""Shields absorbing damage (seed 002 with the base game's shields: the six shields, Effects From Shield
Generator Hits, Range Zero Combat). Shields are numbered clockwise from the bow: 1 ahead, 2 ahead
right, 3 astern right, 4 astern, 5 astern left, 6 ahead left; each covers the 60 degrees around one hex
side of the ship's heading. The shield facing the attacker takes the hit: on the line between two
shields the GM chooses (the target's side may select, as the seed lets it for a transport); in the
same hex a D6 decides (Range Zero Combat, no relationship declared). A shield absorbs up to its points
left this turn (the record's points stand for the power the base game allocates each turn; restored
at each turn's first segment, its Power Allocation); the rest goes through. A shield whose generator
has a box marked is down (absorbs nothing) but keeps its points for a repair later in the turn; a ship
dead in space or with its engines shut down has no power to raise its shields. Damage on a shield not
from fire (a blast, a mine, a ram) is entered by the GM with the shield (or a D6) and its points."""
from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex
from rules.battlehex.log import GM
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import damage
from rules.systems.stcs.geometry import angle_to, facing_angle

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

SHIELDS = "STCS Shields (the shield facing the attacker)"
ZERO = "STCS Range Zero Combat (which shield faces)"
COUNT = 6


def facing(heading_deg: float, toward_deg: float) -> tuple[int, ...]:
    """The shield (1-6) facing a source at screen angle ``toward_deg`` from a ship heading
    ``heading_deg``; two shields (the lower-numbered clockwise first) on the line between them."""
    rel = round((toward_deg - heading_deg) % 360, 6) % 360
    first = math.floor((rel + 30) / 60) % COUNT + 1
    if math.isclose(rel % 60, 30, abs_tol=1e-6):
        return (first - 1 if first > 1 else COUNT, first)
    return (first,)


def shields_toward(e: STCSEngine, x: str, source: Hex) -> tuple[int, ...]:
    """The shield(s) of ``x`` facing ``source`` (none in its own hex: a D6 decides)."""
    if e.at[x] == source:
        return ()
    return facing(facing_angle(e.facing[x]), angle_to(e.at[x], source))


def generator_down(e: STCSEngine, x: str, i: int) -> bool:
    """Whether shield ``i``'s generator has a 5-point box marked (the shield is down)."""
    return e.boxes.get((x, f"shield:{i}"), (0, 0))[0] > 0


def points_left(e: STCSEngine, x: str, i: int) -> int:
    """What shield ``i`` of ``x`` can still absorb this turn (0 while its generator is down, lowered by Shield
    Control, and with no power to raise it: dead in space or its engines shut down)."""
    if generator_down(e, x, i) or (x, i) in e.lowered or damage.dead_in_space(e, x):
        return 0
    return max(0, powered(e, x, i) - e.shield_used.get((x, i), 0))


def powered(e: STCSEngine, x: str, i: int) -> int:
    """Shield ``i``'s points this turn by ``x``'s power allocation (:mod:`.power`): the record's for a ship never
    allocated; none without power; its power at the Shield Point Ratio, at most the record's; the record's when
    the ratio is the table's."""
    d, a = e.data(x), e.power.of.get(x)
    if a is None:
        return d.shields[i - 1]
    if not a.shields[i - 1]:
        return 0
    if d.shield_ratio is None:
        return d.shields[i - 1]
    pw, pts = d.shield_ratio
    return min(d.shields[i - 1], a.shields[i - 1] * pts // pw)


def which(e: STCSEngine, x: str, source: Hex, what: str) -> Generator[Question, Any, int]:
    """The shield of ``x`` that takes a hit from ``source`` (``what``: the attacker's words)."""
    found = shields_toward(e, x, source)
    if len(found) == 1:
        return found[0]
    if not found:
        return e.dice.roll("d6", purpose=f"which of {possessive(e.ship(x))} shields faces {what}", rule=ZERO,
                           who=e.units[x].team).total
    words = {str(i): f"shield {i}" for i in found}  # (no points left: on every screen)
    return int((yield e._choose(f"stcs/{e.round}/shield/{x}", SHIELDS, f"Game Master: {what} lies on the line "
                                f"between {possessive(e.ship(x))} shields {found[0]} and {found[1]}: which takes "
                                "the hit (the target's side selects)?", words)))


def absorb(e: STCSEngine, x: str, i: int, points: int, what: str) -> int:
    """Shield ``i`` of ``x`` absorbs what it can of ``points`` from ``what``; the points that go through."""
    held = min(points, points_left(e, x, i))
    if held:
        e.shield_used[(x, i)] = e.shield_used.get((x, i), 0) + held
    through = points - held
    state = ("its generator is down" if generator_down(e, x, i) else "lowered" if (x, i) in e.lowered
             else "no power to raise it" if damage.dead_in_space(e, x) else f"{points_left(e, x, i)} left this turn")
    e.log.add("ruling", SHIELDS, f"{possessive(e.ship(x))} shield {i} faces {what}: it absorbs {held} of {points} "
              f"points, {through} through", {"unit": x})
    e.log.add("ruling", SHIELDS, f"{possessive(e.ship(x))} shield {i}: {state}", {"unit": x},
              visible_to=(e.units[x].team, GM))  # a lowered shield, the points its power gave: its side's (issue 25)
    return through


def power_allocation(e: STCSEngine) -> None:
    """Each turn's Power Allocation: the shields' points are restored."""
    e.shield_used.clear()


def struck(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """Damage on a shield not from fire (a blast, a mine, a ram: the table's points): the GM names the
    shield or has a D6 choose it (a blast in the same hex, a mine under a stationary ship), enters the
    points; the shield absorbs what it can, the rest goes through (:func:`.damage.hit`)."""
    words = {str(i): f"shield {i}" for i in range(1, COUNT + 1)}  # no points left: they told a lowered shield, the
    # power allocation (issue 25: secret), on every screen
    words["d6"] = "at random (a D6: a blast in the same hex, a mine under a stationary ship)"
    pick = str((yield e._choose(f"stcs/{e.round}/struck/{x}", SHIELDS, f"Game Master: which of "
                                f"{possessive(e.ship(x))} shields faces the damage?", words)))
    i = e.dice.roll("d6", purpose=f"which of {possessive(e.ship(x))} shields faces the damage", rule=ZERO,
                    who=e.units[x].team).total if pick == "d6" else int(pick)
    pts = int((yield Question(f"stcs/{e.round}/struck/{x}/points", QKind.NUMBER, GM, SHIELDS,
                              f"Game Master: how many points of damage on {possessive(e.ship(x))} shield {i}?",
                              low=1, high=damage.MOST, default=1, check=damage.points)))
    through = absorb(e, x, i, pts, "the damage")
    if through:
        yield from damage.hit(e, x, through)
