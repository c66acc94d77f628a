"""Seed 003 movement as pure functions: the speed/pulse chart, accel/decel by pulse, the
once-per-turn shift, and a squadron's plotted move checked before it runs.

A plot is the command ship's route for the turn: per pulse, a string of steps, ``F`` one hex
forward, ``L`` / ``R`` one hexside to port / starboard, ``l`` / ``r`` a slip one hex to port /
starboard; and a speed change (``delta``, made in pulse ``at``). The maneuver the turns make
is named as the seed names it (maintain course, turn, hard turn, come about, course
correction) and must be allowed by every ship of the squadron at its speed in that pulse,
and combinable with a speed change by its category (Movement Limits by Category).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from hexmap import Facing, Hex
from rules.errors import RuleError
from rules.model.b5 import B5Data, Category

RULE = "B5 Movement"
PULSES = 3


def pulse_moves(speed: int) -> tuple[int, int, int]:
    """Hexes moved in pulses 1, 2 and 3 at ``speed`` (the Speed/Pulse chart; past 20 its pattern:
    a third each, the one extra hex in pulse 2, the two extra in pulses 1 and 3)."""
    if speed < 0:
        raise RuleError(RULE, f"a speed is 0 or more, not {speed}")
    base, extra = divmod(speed, 3)
    return ((base, base + 1, base) if extra == 1 else (base + 1, base, base + 1) if extra == 2
            else (base, base, base))


def change_allowed(rating: int, pulse: int) -> int:
    """The most a ship of accel (or decel) ``rating`` may change speed by when it does so in
    ``pulse``: two less for each pulse it waits (the Thentus: 6, in pulse 2: 4)."""
    if not 1 <= pulse <= PULSES:
        raise RuleError(RULE, f"a speed change is made in pulse 1, 2 or 3, not {pulse}")
    return max(0, rating - 2 * (pulse - 1))


def shift_allowance(moves: Sequence[int]) -> int:
    """How far the squadron commander may shift one ship this turn: half (round up) of the
    fewest hexes it moves in a single pulse."""
    least = min(moves)
    return -(-least // 2)


class Maneuver(str, Enum):
    """The maneuvers of a plotted move, least demanding first."""

    MAINTAIN = "maintain course"
    TURN = "turn"
    HARD_TURN = "hard turn"
    COURSE_CORRECT = "course correction"
    COME_ABOUT = "come about"


WITH_SPEED_CHANGE = {Category.CAPITAL: {Maneuver.MAINTAIN}, Category.ENORMOUS: {Maneuver.MAINTAIN},
                     Category.HEAVY: {Maneuver.MAINTAIN, Maneuver.TURN},
                     Category.MEDIUM: {Maneuver.MAINTAIN, Maneuver.TURN, Maneuver.HARD_TURN,
                                       Maneuver.COURSE_CORRECT},
                     Category.FIGHTER: set(Maneuver)}
"""Movement Limits by Category: what may be combined with a speed change (a course
correction counts as a hard turn; nobody comes about while changing speed)."""
WITH_SPEED_CHANGE[Category.FIGHTER].discard(Maneuver.COME_ABOUT)


RELATIVE = "relative"
"""A plot's last word for relative formation (Movement of a Squadron)."""


@dataclass(frozen=True, slots=True)
class Plot:
    """A squadron command ship's plotted turn; ``relative``: every ship of the squadron follows
    the same path from its own place (Movement of a Squadron: formation *relative* to the command
    ship), not its formation place about the command ship (the normal, *absolute* way)."""

    steps: tuple[str, str, str]
    delta: int = 0
    at: int = 1
    relative: bool = False
    jump: bool = False
    """The squadron jumps out instead of moving (rules/systems/b5/jumpout.py)."""


def _rating(d: B5Data, m: Maneuver) -> int:
    return {Maneuver.TURN: d.turn, Maneuver.HARD_TURN: d.hard_turn, Maneuver.COME_ABOUT: d.come_about,
            Maneuver.COURSE_CORRECT: d.course_correct}[m]


def maneuvers(turns: str) -> tuple[Maneuver, ...]:
    """The maneuvers a sequence of hexside turns (``L``/``R``) may be, any one of which
    suffices: none, one, two (the same way or one each way: a hard turn; one each way ending
    on the first heading is also a course correction), three the same way (come about)."""
    n = len(turns)
    if n == 0:
        return (Maneuver.MAINTAIN,)
    if n == 1:
        return (Maneuver.TURN,)
    if n == 2:
        return (Maneuver.HARD_TURN, Maneuver.COURSE_CORRECT) if turns[0] != turns[1] else (Maneuver.HARD_TURN,)
    if n == 3 and len(set(turns)) == 1:
        return (Maneuver.COME_ABOUT,)
    raise RuleError(RULE, f"{n} hexside turns ({turns}): a ship turns at most three hexsides, all the same way "
                          "(come about), in a turn")


def check_plot(plot: Plot, speed: int, ships: Sequence[tuple[str, B5Data]]) -> Maneuver:
    """The maneuver ``plot`` makes for a squadron moving at ``speed`` before it, or
    ``RuleError``: a pulse's hexes not the chart's, a speed change beyond a ship's accel/decel
    at its pulse, a turn one of the ``ships`` (name, data) cannot make at its speed, a slip
    with a turn or both ways, a maneuver its category cannot combine with the change."""
    if plot.delta and not 1 <= plot.at <= PULSES:
        raise RuleError(RULE, f"a speed change is made in pulse 1, 2 or 3, not {plot.at}")
    new = speed + plot.delta
    if new < 0:
        raise RuleError(RULE, f"speed {speed} cannot drop by {-plot.delta}")
    for name, d in ships:
        rating = d.accel if plot.delta > 0 else d.decel
        allowed = change_allowed(rating, plot.at if plot.delta else 1)
        if abs(plot.delta) > allowed:
            raise RuleError(RULE, f"{name} {'accelerates' if plot.delta > 0 else 'decelerates'} by at most "
                                  f"{allowed} in pulse {plot.at} (rating {rating}, two less for each pulse of "
                                  f"delay), not {abs(plot.delta)}")
    turns, slips, turn_speed = "", "", 0
    for p, steps in enumerate(plot.steps, start=1):
        at = new if not plot.delta or p >= plot.at else speed
        want = pulse_moves(at)[p - 1]
        if bad := set(steps) - set("FLRlr"):
            raise RuleError(RULE, f"pulse {p}: steps are F, L, R, l, r, not {''.join(sorted(bad))}")
        if steps.count("F") + len([c for c in steps if c in "lr"]) != want:
            raise RuleError(RULE, f"pulse {p}: at speed {at} a ship moves {want} hex{'es' if want != 1 else ''}, "
                                  f"not {steps.count('F') + sum(c in 'lr' for c in steps)}")
        for c in steps:
            if c in "LR":
                turns += c
                turn_speed = max(turn_speed, at)
            elif c in "lr":
                slips += c
    if slips and (turns or len(slips) > 1):
        raise RuleError(RULE, "a ship may slip once, to port or starboard, and only while keeping its course")
    options = maneuvers(turns)
    for m in options:
        if m is Maneuver.MAINTAIN:
            chosen: Maneuver | None = m
        else:
            chosen = m if all(_rating(d, m) >= turn_speed for _, d in ships) else None
        if chosen is not None and (not plot.delta or all(chosen in WITH_SPEED_CHANGE[d.category] for _, d in ships)):
            return chosen
    name = options[0].value
    slow = [n for n, d in ships if _rating(d, options[0]) < turn_speed] if options[0] is not Maneuver.MAINTAIN else []
    if slow:
        raise RuleError(RULE, f"{', '.join(slow)} cannot make a {name} at speed {turn_speed} (its maneuvering data)")
    cats = sorted({d.category.value for _, d in ships if options[0] not in WITH_SPEED_CHANGE[d.category]})
    raise RuleError(RULE, f"a {', '.join(cats)} ship cannot combine a {name} with a speed change "
                          "(Movement Limits by Category)")


def parse_plot(text: str) -> Plot:
    """A plot written ``"FF FLF FF"`` (three pulses' steps; ``-`` for none), optionally followed by
    a speed change ``+2`` or ``-3`` and its pulse ``@2`` (``"FF FFFF FFF +4@2"``), and maybe
    ``relative``: the squadron moves in relative formation (``"FF FLF FF relative"``)."""
    parts = text.split()
    relative = bool(parts) and parts[-1].lower() == RELATIVE
    parts = parts[:-1] if relative else parts
    if len(parts) not in (3, 4):
        raise RuleError(RULE, "a plot is three pulses' steps (F, L, R, l, r; - for none) and maybe a speed change "
                              f"such as +2@1, {'not ' + repr(text) if text.strip() else 'none was given'}")
    steps = tuple("" if p == "-" else p for p in parts[:3])
    delta, at = 0, 1
    if len(parts) == 4:
        change, _, when = parts[3].partition("@")
        try:
            delta, at = int(change), int(when or "1")
        except ValueError:
            raise RuleError(RULE, f"a speed change is written +2 or -3, maybe @pulse, and "
                                  f"\"{RELATIVE}\" last for relative formation, not {parts[3]!r}") from None
    return Plot((steps[0], steps[1], steps[2]), delta, at, relative)


def plot_text(plot: Plot) -> str:
    """``plot`` as :func:`parse_plot` reads it (a jump out: ``jump``, as the plot question takes it)."""
    if plot.jump:
        return "jump"
    steps = " ".join(s or "-" for s in plot.steps)
    return steps + (f" {plot.delta:+d}@{plot.at}" if plot.delta else "") + (f" {RELATIVE}" if plot.relative else "")


def run_plot(at: Hex, facing: Facing, plot: Plot) -> list[tuple[Hex, Facing]]:
    """Where a ship following ``plot`` from ``at``, ``facing`` is at the end of each pulse: ``F``
    one hex ahead, ``L`` / ``R`` a hexside to port / starboard, ``l`` / ``r`` one hex ahead to port
    / starboard keeping its heading (a slip)."""
    out = []
    for steps in plot.steps:
        for c in steps:
            if c == "F":
                at = at.neighbor(facing)
            elif c in "LR":
                facing = facing.rotate(-1 if c == "L" else 1)
            else:
                at = at.neighbor(facing.rotate(-1 if c == "l" else 1))
        out.append((at, facing))
    return out


def in_formation(cmd_from: Hex, cmd_facing: Facing, ship: Hex, ship_facing: Facing,
                 path: list[tuple[Hex, Facing]]) -> list[tuple[Hex, Facing]]:
    """A squadron member keeping its formation position: at each pulse's end, its place relative
    to the command ship turned as the command ship turned (the seed's normal way: the command ship
    moves, the others are placed in their positions)."""
    offset = ship - cmd_from
    out = []
    for at, facing in path:
        turned = (facing.value - cmd_facing.value) % 6
        out.append((at + offset.rotate(turned), ship_facing.rotate(turned)))
    return out


PRIORITIES = ("out of command", "lost a ship in the last pulse", "damaged in the last pulse", "without ELINT support",
              "not fired on in the last pulse", "with ELINT support")
"""Squadron Movement Priorities, first to move first."""


def priority(*, out_of_command: bool = False, lost_ship: bool = False, damaged: bool = False,
             elint: bool = False, fired_on: bool = False) -> int:
    """A squadron's place in the movement priorities (0 moves first): the most unfavourable of the
    categories it is in (ELINT support but a ship lost: the second group)."""
    if out_of_command:
        return 0
    if lost_ship:
        return 1
    if damaged:
        return 2
    if not elint:
        return 3
    if not fired_on:
        return 4
    return 5


def alternation(first: int, second: int) -> list[tuple[int, int]]:
    """How many squadrons each side moves in turn, (side, how many), side 0 moving first with
    ``first`` squadrons and side 1 with ``second``: evened out, the side with more moving more at
    a time (the seed: four against six, the four first: A1 B2 A1 B1 A1 B2 A1 B1; the six first:
    B1 A1 B2 A1 B1 A1 B2 A1)."""
    if not first or not second:
        return [(side, n) for side, n in ((0, first), (1, second)) if n]
    big, small = max(first, second), min(first, second)
    big_first = first > second
    # the larger side's groups, one beside each of the smaller side's moves
    sizes = [((i + 1) * big // small - i * big // small) if big_first
             else (-(-(i + 1) * big // small) - -(-i * big // small)) for i in range(small)]
    out: list[tuple[int, int]] = []
    for n in sizes:
        pair = [(0, n if big_first else 1), (1, 1 if big_first else n)] if first != second else [(0, 1), (1, 1)]
        out += pair
    return out
