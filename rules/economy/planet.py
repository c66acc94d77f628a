"""Seed 004, a planet's economy: utilized Productivity, output, construction capacity and dock
space (Income, Construction Completion), the Morale Check Chart and census growth (Update Asset).

How the seed's words are read (docs/economy.md):

* "each system or planet ... can use up to its Census worth in Productivity": utilized
  Productivity is the smaller of Productivity and Census; "If the morale drops below half of
  the Census ... the utilized productivity from that planet is halved" (rounded down); "If
  morale reaches zero, the colony stops producing" (rebellion), unless a Command Post holds it
  ("They also prevent that system from dropping to 0 Morale").
* Output = utilized Productivity x RAW, which is also the planet's construction capacity; its
  dock spaces are its utilized Productivity.
* The Morale Check Chart's target numbers are rolled on a d10: a roll at or under the target
  applies the effect; a Command Post adds 1 to the roll (its "bonus to morale checks").
  "Automatic" rows always apply. The "Varies" rows (bombardment, Intel, random events, the
  GM's unpopular actions) come from their own procedures with their own amounts.
* Census growth, every 12 turns: d10 + Census + the carried bonus above 15 adds 1 Census (never
  above the Carrying Capacity); otherwise the bonus grows by 1.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

UPDATE_ASSET = "004 Update Asset Phase"
MORALE_CHART = "004 Morale Check Chart"
GROWTH_TURNS = 12
GROWTH_ABOVE = 15


def utilized(productivity: int, census: int, morale: int, command_post: bool = False) -> int:
    """The Productivity a planet uses: at most its Census, halved below half-Census morale, 0 in rebellion."""
    base = min(productivity, census)
    if morale <= 0 and not command_post:
        return 0
    if 2 * morale < census:
        return base // 2
    return base


def output(utilized_productivity: int, raw: int) -> int:
    """A planet's output (and construction capacity): utilized Productivity x RAW."""
    return utilized_productivity * raw


def dock_spaces(utilized_productivity: int) -> int:
    """Dock spaces at a planet or shipyard: its utilized Productivity (one ship each)."""
    return utilized_productivity


def in_rebellion(morale: int, command_post: bool = False) -> bool:
    """Morale 0 (or less): the colony stops producing; a Command Post keeps it from 0."""
    return morale <= 0 and not command_post


class Check(Enum):
    """A Morale Check Chart row: (its words, target number on d10 or 0 for automatic, effect)."""

    FAR = ("System is more than 3 jumps away from a friendly colony and has a census of 5 or greater", 1, -1)
    CUT_OFF = ("System is cut off from homeworld", 2, -1)
    SEIZED = ("Hostile force seized system last turn", 3, -3)
    GARRISON = ("System is held by twice as many ground units as Census", 0, 1)
    IDLE = ("Productivity is at 0 and Census is greater than 3", 0, -1)
    FULL_EMPLOYMENT = ("Full employment (Productivity = Census)", 0, 1)
    HOMEWORLD_ATTACKED = ("Empire's homeworld is attacked", 1, -1)

    @property
    def text(self) -> str:
        """The chart's words."""
        return str(self.value[0])

    @property
    def target(self) -> int:
        """The d10 target number (0: automatic)."""
        return int(self.value[1])

    @property
    def effect(self) -> int:
        """The change to Morale."""
        return int(self.value[2])


@dataclass(frozen=True)
class SystemFacts:
    """What the Morale Check Chart asks of a system this turn.

    Attributes:
        census: its Census.
        productivity: its Productivity.
        jumps_to_friendly_colony: jumps to the nearest other friendly colony (``None``: none).
        cut_off: no continuous path through controlled or friendly territory to the homeworld.
        seized_last_turn: a hostile force seized it last turn.
        ground_units: the owner's ground units holding it.
        homeworld_attacked: the empire's homeworld was attacked this turn.
        command_post: a Command Post stands in the system.
    """

    census: int
    productivity: int
    jumps_to_friendly_colony: int | None = 0
    cut_off: bool = False
    seized_last_turn: bool = False
    ground_units: int = 0
    homeworld_attacked: bool = False
    command_post: bool = False


def applies(check: Check, f: SystemFacts) -> bool:
    """Whether the chart's row ``check`` is checked for this system."""
    if check is Check.FAR:
        return f.census >= 5 and (f.jumps_to_friendly_colony is None or f.jumps_to_friendly_colony > 3)
    if check is Check.CUT_OFF:
        return f.cut_off
    if check is Check.SEIZED:
        return f.seized_last_turn
    if check is Check.GARRISON:
        return f.census > 0 and f.ground_units >= 2 * f.census
    if check is Check.IDLE:
        return f.productivity == 0 and f.census > 3
    if check is Check.FULL_EMPLOYMENT:
        return f.census > 0 and f.productivity == f.census
    return f.homeworld_attacked


@dataclass(frozen=True)
class Applied:
    """A row checked: its roll (``None`` when automatic) and whether its effect applies."""

    check: Check
    roll: int | None
    hit: bool

    def words(self) -> str:
        """``Cut off from homeworld: d10 2 (target 2): -1 Morale``."""
        how = "automatic" if self.roll is None else f"d10 {self.roll} (target {self.check.target})"
        effect = f"{self.check.effect:+d} Morale" if self.hit else "no effect"
        return f"{self.check.text}: {how}: {effect}"


def morale_checks(f: SystemFacts, rolls: list[int]) -> tuple[Applied, ...]:
    """Every chart row that applies to the system, each target row taking the next d10 of ``rolls``."""
    out: list[Applied] = []
    it = iter(rolls)
    for check in Check:
        if not applies(check, f):
            continue
        if check.target == 0:
            out.append(Applied(check, None, True))
            continue
        roll = next(it)
        out.append(Applied(check, roll, chart_hit(roll, check.target, f.command_post)))
    return tuple(out)


def chart_hit(roll: int, target: int, command_post: bool = False) -> bool:
    """A chart row's d10 test: the roll (a Command Post adds 1) at or under the target number."""
    if not 1 <= roll <= 10:
        raise ValueError(f"a d10 roll is 1-10, not {roll}")
    return roll + (1 if command_post else 0) <= target


def varies_check(target: int, effect: int, roll: int, morale: int, command_post: bool = False) -> tuple[bool, int]:
    """A "Varies" row of the chart (Use of Intel: the GM rules its target number and effect): the
    same d10 test as every row; whether it hit, and Morale after (a Command Post keeps it at 1 or
    more, as :func:`new_morale`)."""
    hit = chart_hit(roll, target, command_post)
    after = morale + (effect if hit else 0)
    return hit, (max(after, 1) if command_post else max(after, 0)) if hit else morale


def new_morale(morale: int, applied: tuple[Applied, ...], command_post: bool = False) -> int:
    """Morale after the checks (a Command Post keeps it at 1 or more)."""
    m = morale + sum(a.check.effect for a in applied if a.hit)
    return max(m, 1) if command_post else max(m, 0)


def is_growth_turn(turn: int) -> bool:
    """Census grows every 12 turns (the last turn of each game year)."""
    return turn % GROWTH_TURNS == 0


@dataclass(frozen=True)
class Growth:
    """A census growth roll: the new Census and the bonus carried to the next roll."""

    census: int
    bonus: int
    words: str


def census_growth(census: int, bonus: int, roll: int, capacity: int | None) -> Growth:
    """Census growth: d10 ``roll`` + Census + ``bonus`` over 15 adds 1, up to ``capacity``."""
    if not 1 <= roll <= 10:
        raise ValueError(f"a d10 roll is 1-10, not {roll}")
    total = roll + census + bonus
    parts = f"d10 {roll} + Census {census}" + (f" + {bonus} carried" if bonus else "") + f" = {total}"
    if capacity is not None and census >= capacity:
        return Growth(census, bonus, f"{parts}: at its Carrying Capacity ({capacity})")
    if total > GROWTH_ABOVE:
        return Growth(census + 1, 0, f"{parts} > {GROWTH_ABOVE}: Census {census + 1}")
    return Growth(census, bonus + 1, f"{parts}, not over {GROWTH_ABOVE}: +1 to the next roll")
