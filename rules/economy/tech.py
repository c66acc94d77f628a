"""Seed 004, Tech Phase: the investment required, the chances of one or two advances, the calendar.

The seed's words, and how they are read here (docs/economy.md):

* "the required investment is set at 50% of the total domestic product of the last turn,
  rounded up" -- :func:`requirement`.
* "their chance of advancement would be 48% (52 / 107)": the pool over the requirement, shown
  rounded down; a d100 roll at or under the whole percent succeeds (:func:`succeeds`).
* "They can invest up to 200% of the required amount to secure a second tech advancement.
  However, the chance for the second advancement is halved": what is left after the first
  advance's requirement, over the requirement, halved (so never more than 50%).
* The calendar: rolls on the sixth and twelfth turns of each game year, at most two advances a
  year. A success on turn six takes the requirement out of the pool; a failure carries the pool
  to turn twelve. Two advances on turn six end the year's research: what is invested on turns
  seven to twelve waits for the next year (the seed's "carried over into the next year").
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

TECH = "004 Tech Phase"
TURNS_PER_YEAR = 12
ROLL_TURNS = (6, 12)
MAX_PER_YEAR = 2


def requirement(last_tdp: int) -> int:
    """The investment one advance requires: half the last turn's Total Domestic Product, rounded up."""
    if last_tdp < 0:
        raise ValueError(f"a Total Domestic Product is not negative ({last_tdp})")
    return -(-last_tdp // 2)


def percent(chance: Fraction) -> int:
    """A chance as the whole percent the seed writes (rounded down: 52/107 is 48%)."""
    return int(chance * 100)


def succeeds(chance: Fraction, roll: int) -> bool:
    """A d100 ``roll`` (1-100) at or under the chance's whole percent succeeds."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1-100, not {roll}")
    return roll <= percent(chance)


@dataclass(frozen=True)
class Odds:
    """The chances the pool gives, with their parts.

    Attributes:
        required: the investment one advance requires.
        invested: the tech investment pool.
        first: the chance of the next advance (at most 1).
        second: the chance of another advance after it, halved (at most 1/2); 0 when the first
            is not certain to be paid for by the pool.
    """

    required: int
    invested: int
    first: Fraction
    second: Fraction

    def words(self) -> str:
        """The odds as the seed writes them: ``52 / 107 = 48%; a second advance 0%``."""
        text = f"{self.invested} / {self.required} = {percent(self.first)}%"
        if self.invested > self.required:
            text += f"; a second advance {self.invested - self.required} / {self.required}, halved = " \
                    f"{percent(self.second)}%"
        return text


def odds(invested: int, required: int, advances_this_year: int = 0) -> Odds:
    """The chances of ``invested`` against ``required``, given the advances already made this year.

    The year's second advance (after one made on turn six) is "halved" like a second one
    bought by overpaying.
    """
    if invested < 0 or required < 0:
        raise ValueError(f"investment and requirement are not negative ({invested}, {required})")
    if advances_this_year >= MAX_PER_YEAR:
        return Odds(required, invested, Fraction(0), Fraction(0))
    if required == 0:  # no product last turn: any investment is enough, none is not
        first = Fraction(1 if invested > 0 else 0)
        rest = Fraction(1 if invested > 0 else 0)
    else:
        first = min(Fraction(invested, required), Fraction(1))
        rest = min(Fraction(max(invested - required, 0), required), Fraction(1))
    if advances_this_year == 1:
        return Odds(required, invested, first / 2, Fraction(0))
    return Odds(required, invested, first, rest / 2)


def cap(required: int) -> int:
    """The most the pool may hold: 200% of the requirement."""
    return 2 * required


def room(pool: int, required: int) -> int:
    """How much more may be invested this turn (the pool stops at 200%)."""
    return max(cap(required) - pool, 0)


def is_roll_turn(turn: int) -> bool:
    """The Tech Phase of the sixth and twelfth turns of each game year rolls."""
    return (turn - 1) % TURNS_PER_YEAR + 1 in ROLL_TURNS


def is_year_end(turn: int) -> bool:
    """The twelfth turn of a game year (the year's advances are counted anew after it)."""
    return (turn - 1) % TURNS_PER_YEAR + 1 == TURNS_PER_YEAR


@dataclass(frozen=True)
class Result:
    """One Tech Phase's outcome.

    Attributes:
        advances: the advances made this phase (0-2).
        pool: the investment pool afterwards.
        advances_this_year: the year's count afterwards (0 again after the year's last turn).
        lines: what happened, in words, for the log.
    """

    advances: int
    pool: int
    advances_this_year: int
    lines: tuple[str, ...]


def resolve(turn: int, pool: int, required: int, advances_this_year: int, rolls: list[int]) -> Result:
    """The Tech Phase of ``turn``: the rolls used (``rolls`` holds at least two d100 results).

    On a turn that does not roll, nothing happens but the year's count ending on its last turn.
    """
    lines: list[str] = []
    made = 0
    if is_roll_turn(turn) and advances_this_year < MAX_PER_YEAR:
        o = odds(pool, required, advances_this_year)
        if succeeds(o.first, rolls[0]):
            made, pool = 1, pool - min(required, pool)
            lines.append(f"advance: d100 {rolls[0]} against {o.words()}; {required} taken from the pool")
            if advances_this_year == 0 and o.second > 0:
                if succeeds(o.second, rolls[1]):
                    made, pool = 2, pool - min(required, pool)
                    lines.append(f"second advance: d100 {rolls[1]} against {percent(o.second)}%")
                else:
                    lines.append(f"no second advance: d100 {rolls[1]} against {percent(o.second)}%")
        else:
            lines.append(f"no advance: d100 {rolls[0]} against {o.words()}; the pool carries over")
    count = advances_this_year + made
    if is_year_end(turn):
        count = 0
    return Result(made, pool, count, tuple(lines))
