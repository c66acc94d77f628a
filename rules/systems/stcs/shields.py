"""Shields absorbing damage (seed 002 with the base game's shields: the six shields, Effects From Shield
Generator Hits, Range Zero Combat). Shields are numbered clockwise from the bow: 1 ahead, 2 ahead
right, 3 astern right, 4 astern, 5 astern left, 6 ahead left; each covers the 60 degrees around one hex
side of the ship's heading. The shield facing the attacker takes the hit: on the line between two
shields the GM chooses (the target's side may select, as the seed lets it for a transport); in the
same hex a D6 decides (Range Zero Combat, no relationship declared). A shield absorbs up to its points
left this turn (the record's points stand for the power the base game allocates each turn; restored
at each turn's first segment, its Power Allocation); the rest goes through. A shield whose generator
has a box marked is down (absorbs nothing) but keeps its points for a repair later in the turn."""
from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex
from rules.battlehex.words import possessive
from rules.systems.stcs.geometry import angle_to, facing_angle

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
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
    """What shield ``i`` of ``x`` can still absorb this turn (0 while its generator is down)."""
    if generator_down(e, x, i):
        return 0
    return max(0, e.data(x).shields[i - 1] - e.shield_used.get((x, i), 0))


def which(e: STCSEngine, x: str, source: Hex, what: str) -> Generator[Question, Any, int]:
    """The shield of ``x`` that takes a hit from ``source`` (``what``: the attacker's words)."""
    found = shields_toward(e, x, source)
    if len(found) == 1:
        return found[0]
    if not found:
        return e.dice.roll("d6", purpose=f"which of {possessive(e.ship(x))} shields faces {what}", rule=ZERO,
                           who=e.units[x].team).total
    words = {str(i): f"shield {i} ({points_left(e, x, i)} points left)" for i in found}
    return int((yield e._choose(f"stcs/{e.round}/shield/{x}", SHIELDS, f"Game Master: {what} lies on the line "
                                f"between {possessive(e.ship(x))} shields {found[0]} and {found[1]}: which takes "
                                "the hit (the target's side selects)?", words)))


def absorb(e: STCSEngine, x: str, i: int, points: int, what: str) -> int:
    """Shield ``i`` of ``x`` absorbs what it can of ``points`` from ``what``; the points that go through."""
    held = min(points, points_left(e, x, i))
    if held:
        e.shield_used[(x, i)] = e.shield_used.get((x, i), 0) + held
    through = points - held
    state = " (its generator is down)" if generator_down(e, x, i) else f" ({points_left(e, x, i)} left this turn)"
    e.log.add("ruling", SHIELDS, f"{possessive(e.ship(x))} shield {i} faces {what}: it absorbs {held} of {points} "
              f"points{state}, {through} through", {"unit": x})
    return through


def power_allocation(e: STCSEngine) -> None:
    """Each turn's Power Allocation: the shields' points are restored."""
    e.shield_used.clear()
