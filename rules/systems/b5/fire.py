"""Seed 003 fire helpers as pure functions, each with its exact odds before the roll: range
bands and their modifiers, target selection penalties, the to-hit number, pulse weapons'
extra hits, ballistic delay, shots-per-turn spacing, damage classes, energy mines, fighters'
bonus, anti-fighter fire split among flights and the dogfight chart.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil

from hexmap import Label
from rules.errors import RuleError
from rules.model.b5 import B5Weapon, Category, WeaponClass
from rules.systems.b5.deploy import Board

RULE = "B5 Combat"
RANGE_MODIFIER = (0, 1, 3, 5)
"""Short, medium, long, extreme: added to the target's Def Rating."""
BANDS = ("short", "medium", "long", "extreme")
EMINE_RADIUS = ((1, 0), (3, 1), (6, 2), (11, 3), (17, 4), (24, 5), (33, 6))
"""(most launchers, radius): the Energy Mine Affected Area chart."""
EMINE_CLASS = {Category.ENORMOUS: 2, Category.CAPITAL: -1, Category.HEAVY: -2, Category.MEDIUM: -3,
               Category.FIGHTER: -4}
"""The Energy Mine Hit Table's unit class modifiers."""
EMINE_NEED = 5
ARC_RULE = "B5 Firing Procedure - Determining the 'X' Factor"
ARCS = ("front", "front right", "aft right", "aft", "aft left", "front left")
"""The six arcs of a weapon's hex diagram, clockwise from the firer's facing."""


def arcs_at(bearing: float) -> tuple[int, ...]:
    """The arcs (indexes of :data:`ARCS`) a target at ``bearing`` degrees clockwise from the
    firer's facing lies in: each arc spans 60 degrees about a hexside; a target on the line
    between two arcs is in both (docs/b5.md)."""
    b = bearing % 360
    return tuple(a for a in range(6) if min(abs(b - 60 * a), 360 - abs(b - 60 * a)) <= 30 + 1e-6)


def arc_x(arcs: Sequence[int], x: int, where: Sequence[int]) -> int:
    """The 'x' a weapon of ``arcs`` (empty: ``x`` all round) fires at into the arcs ``where``
    (the best of them); 0: it cannot fire there."""
    return max(arcs[a] for a in where) if arcs else x


def sides(die: str) -> tuple[int, int]:
    """(count, faces) of ``"d10"`` or ``"2d6"``."""
    n, _, f = die.partition("d")
    return (int(n) if n else 1), int(f)


def band(ranges: Sequence[int], cls: WeaponClass, hexes: int, shift: int = 0) -> int | None:
    """The range band (0 short .. 3 extreme) a weapon fires in at ``hexes``, moved out by
    ``shift`` bands (a Minbari jammer, fire-control jamming); None: out of reach. A ballistic
    weapon is always at short range within its reach (a jammer still shifts it)."""
    if hexes < 0:
        raise RuleError(RULE, f"a range is 0 or more hexes, not {hexes}")
    if cls in (WeaponClass.BALLISTIC, WeaponClass.ENERGY_MINE):
        b: int | None = 0 if hexes <= ranges[0] else None
    else:
        b = next((i for i, last in enumerate(ranges) if hexes <= last), None)
    if b is None or b + shift > 3:
        return None
    return b + shift


def bypass_penalty(target: int, others: Sequence[int]) -> int:
    """-1 for each ship of the target squadron nearer the firer than the target (``target``
    and ``others``: their distances); ships as near as the target cost nothing."""
    return -sum(1 for d in others if d < target)


def need(defence: int, band_: int, sensor: int, modifiers: int = 0) -> int:
    """The fire-control die face needed: die + sensor + modifiers >= Def Rating + range modifier."""
    return defence + RANGE_MODIFIER[band_] - sensor - modifiers


def p_die_at_least(die: str, face: int) -> Fraction:
    """The exact chance one ``die`` (one or more dice summed) shows ``face`` or more."""
    n, f = sides(die)
    counts = [1]
    for _ in range(n):
        nxt = [0] * (len(counts) + f)
        for total, c in enumerate(counts):
            for k in range(1, f + 1):
                nxt[total + k] += c
        counts = nxt
    return Fraction(sum(c for t, c in enumerate(counts) if t >= face), f ** n)


def pulse_hits(needed: int, rolled: int, most: int = 5) -> int:
    """Pulses a pulse weapon hits with: one, and one extra per point over the number needed
    (need 12, roll 14: 3), at most ``most``; 0 on a miss."""
    return 0 if rolled < needed else min(most, 1 + rolled - needed)


def ballistic_delay(hexes: int) -> int:
    """Pulses until a ballistic weapon fired at ``hexes`` hits: range / 15 rounded up, plus one
    (21 hexes: 3; range 0: 1)."""
    return ceil(hexes / 15) + 1


def impact(turn: int, pulse: int, hexes: int) -> tuple[int, int]:
    """(turn, pulse) a ballistic weapon launched in ``turn``, ``pulse`` at ``hexes`` hits."""
    later = pulse - 1 + ballistic_delay(hexes)
    return turn + later // 3, later % 3 + 1


def may_fire(shots: int, fired: Sequence[tuple[int, int]], turn: int, pulse: int) -> str:
    """Why a weapon of ``shots`` per turn may not fire in ``turn``, ``pulse`` after firing at the
    (turn, pulse) in ``fired`` ("" when it may): under 3 a turn, one pulse between shots, the
    wait carrying over between turns."""
    if sum(1 for t, _ in fired if t == turn) >= shots:
        return f"it fires at most {shots} time{'s' if shots > 1 else ''} a turn"
    if shots < 3 and fired:
        t, p = max(fired)
        if (turn * 3 + pulse) - (t * 3 + p) < 2:
            return f"it fired in turn {t} pulse {p}: one pulse must pass between its shots"
    return ""


def damage_class(die: int, armor: int, cls: WeaponClass = WeaponClass.PARTICLE) -> str:
    """none, minor (equal or one over the armor), moderate (2-3 over), severe (4 or more);
    plasma lowers the armor by two (not under two)."""
    if cls is WeaponClass.PLASMA:
        armor = max(2, armor - 2) if armor > 2 else armor
    over = die - armor
    return "none" if over < 0 else "minor" if over <= 1 else "moderate" if over <= 3 else "severe"


def emine_radius(launchers: int) -> int:
    """The radius of a squadron's energy mines by launchers (1: 0; 2-3: 1; ...; 25-33: 6)."""
    for most, radius in EMINE_RADIUS:
        if launchers <= most:
            if launchers < 1:
                raise RuleError("B5 Energy Mines", "a squadron launches at least one energy mine")
            return radius
    raise RuleError("B5 Energy Mines", f"the chart stops at 33 launchers, not {launchers}")


def emine_p_hit(category: Category) -> Fraction:
    """The chance an energy mine hits a unit in its area: d12 with the class modifier, 5 or
    more (the modifier read as added: the larger, the likelier; docs/b5.md)."""
    face = EMINE_NEED - EMINE_CLASS[category]
    return Fraction(max(0, min(12, 13 - face)), 12)


EM_RULE = "B5 Electro-Pulse Gun"
"""Seed 003's one electro-magnetic weapon (Minbari Electro-Magnetic Weaponry)."""


def hits_ships(w: B5Weapon) -> bool:
    """Whether ``w`` may fire at a ship: not an electro-magnetic weapon ("This weapon has no effect on
    anything larger than an assault shuttle")."""
    return w.cls is not WeaponClass.EM


def no_armor_roll(w: B5Weapon) -> bool:
    """Whether each hit of ``w`` on a flight destroys a fighter with no damage roll: a matter weapon's
    fixed points, or an electro-magnetic weapon ("If it hits a fighter or shuttle, however, the target is
    automatically destroyed. No armor roll is necessary.")."""
    return w.cls is WeaponClass.EM or isinstance(w.damage[0], int)


def fighter_bonus(fighters: int) -> int:
    """+1 to hit and to damage for each two fighters alive in the flight."""
    return fighters // 2


def anti_fighter(rating: int, flights: int) -> tuple[int, int]:
    """(x, flights fired at) of a weapon of AF ``rating`` with ``flights`` enemy flights in the
    hex: the rating over half the flights (round up); under x1, x1 at half of them (round up)."""
    if flights < 1:
        return 0, 0
    share = ceil(flights / 2)
    x = rating // share
    return (x, flights) if x >= 1 else (1, ceil(flights / 2))


def long_range_af(arc_x: int, flights: int) -> tuple[int, int]:
    """(x, flights fired at) of long-range anti-fighter fire into a hex of ``flights`` enemy flights
    by a weapon of 'x' ``arc_x`` in that arc: "use half of the 'x' rating for the weapon system in
    the appropriate arc as your base AF rating" (exact, then as :func:`anti_fighter`: over half the
    flights, round up, the 'x' rounded down; under x1, x1 at half of them)."""
    if flights < 1 or arc_x < 1:
        return 0, 0
    share = ceil(flights / 2)
    x = int(Fraction(arc_x, 2) / share)
    return (x, flights) if x >= 1 else (1, share)


DOGFIGHT_TEXT = "text"
DOGFIGHT_PATTERN = "pattern"


def dogfight_kills(beat_by: int, reading: str = DOGFIGHT_TEXT) -> int:
    """Fighters killed when the dogfight total beats the target's rating by ``beat_by``: -3..-2
    one, -1..0 two, 1..2 three, 3..4 four, 5..6 five, then six ("7 or higher", the text's
    reading) or, by the chart's pattern, one more per two points (docs/b5.md)."""
    if beat_by < -3:
        return 0
    kills = 2 + (beat_by + 1) // 2 if beat_by >= -1 else 1
    return kills if reading == DOGFIGHT_PATTERN else min(kills, 6)


def fighter_move_ok(steps: str, move: int, burn: int = 0) -> str:
    """Why a fighter flight may not fly ``steps`` (``F`` a hex, ``L``/``R`` a hexside; "" when it
    may): each hex and each hexside turned costs one of its Move; fighters cannot slip; the
    afterburner adds up to ``burn`` hexes (not points)."""
    if set(steps) - set("FLR"):
        return "a fighter moves F, L and R only (fighters cannot slip)"
    hexes, turns = steps.count("F"), len(steps) - steps.count("F")
    if hexes - min(burn, hexes) + turns > move:
        return f"{hexes} hexes and {turns} hexside turns cost {hexes + turns}, more than its Move {move}" + \
            (f" and {burn} afterburner hexes" if burn else "")
    return ""


def dogfight_total(roll: int, fighters: int, anti_ship: int = 0, interceptor: int = 0) -> int:
    """A flight's dogfight total: its damage roll, +1 per fighter in the flight, -1 for any
    anti-ship ability, +1 per interceptor level."""
    return roll + fighters - (1 if anti_ship else 0) + interceptor


def emine_area(board: Board, centre: Label, launchers: int) -> list[Label]:
    """The hexes a squadron's energy mines fill around their central impact hex."""
    mask = board.distances(centre) <= emine_radius(launchers)
    return [board.labels[i] for i in mask.nonzero()[0]]
