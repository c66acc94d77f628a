"""Seed 003 command, morale, reinforcements and ELINT as pure functions: command radius by
race, out of command, the weapon-rating steps of lost commanders, abilities and their costs,
morale levels and checks, reinforcement discount and arrival, ELINT ranges.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import ceil

from hexmap import Label
from rules.errors import RuleError
from rules.model.b5 import Race
from rules.systems.b5.deploy import distance

RULE = "B5 Fleet Command and Control"
MORALE_RULE = "B5 Morale"
REINFORCE_RULE = "B5 Reinforcements"
RADIUS = 5
RACE_RADIUS = {Race.EARTH: 4, Race.NARN: 4, Race.CENTAURI: 5, Race.MINBARI: 6, Race.OTHER: 5}
"""The optional rule: a command radius by race."""
ABILITY_COST = {"rapid net change": 250, "improved command network": 75, "command reorganization": 50,
                "stubborn": 100, "ex-fighter ops commander": 300, "elint priority support": 100,
                "superior strategic planner": 50, "clout": 75, "superior tactical planner": 75}
"""Points per purchase (improved network: per command point gained; strategic planner: per
500 points of reinforcements; clout: per ship beyond the limits)."""
STYLES = ((2, "defensive"), (8, "standard"), (10, "offensive"))
MORALE_NEEDS = (11, 9, 7, 5, 3)
"""The d12 a squadron withdraws on at its first to fifth morale level."""
SITUATION = {"skirmish": (1, 1), "strategic": (-1, 0), "major": (-3, -1)}
"""Battle situation: (defender, attacker) morale modifiers."""
DISCOUNT = {4: 10, 5: 15, 6: 20, 7: 25, 8: 30, 9: 35}
ELINT_RANGE = {"offensive support": 20, "jam command": 15, "jam elint": 35, "jam fire control": 25}
JAM_COMMAND_LEVELS = {"ship": 1, "command ship": 2, "flagship": 4}


def radius(race: Race, by_race: bool = False) -> int:
    """A squadron commander's command radius: 5, or by race (Earth and Narn 4, Minbari 6)."""
    return RACE_RADIUS[race] if by_race else RADIUS


def out_of_command(command: Label, ships: Mapping[str, Label], reach: int) -> list[str]:
    """The ships beyond ``reach`` hexes of their command ship (out of command next turn)."""
    return [uid for uid, at in ships.items() if distance(command, at) > reach]


def rating(x: int, *, out_of_command: bool = False, commander_lost: bool = False,
           flagship_lost: bool = False) -> int:
    """A weapon's 'x' rating after the command losses: x0.75 for the flagship lost, then x0.5
    for the squadron commander lost (or the ship out of command), fractions rounded up at the
    end (4x: 3x, then 1.5x, up to 2x)."""
    value = Fraction(x)
    if flagship_lost:
        value *= Fraction(3, 4)
    if commander_lost or out_of_command:
        value *= Fraction(1, 2)
    return ceil(value)


def abilities(command_rating: int) -> int:
    """How many abilities a commander may buy: 25% of the ship's command rating, round down,
    at least 1 (rating 3: one)."""
    return max(1, command_rating * 25 // 100)


def improved_network(command_rating: int) -> int:
    """The command rating with an Improved Command Network: 25% more, round up."""
    return command_rating + ceil(Fraction(command_rating, 4))


def style(d10: int) -> str:
    """The Command Style Table: 1-2 defensive, 3-8 standard, 9-10 offensive."""
    for most, name in STYLES:
        if d10 <= most:
            return name
    raise RuleError(RULE, f"a d10 shows 1-10, not {d10}")


MORALE_DOWN = "down"
MORALE_UP = "up"


def morale_levels(grey: int, rounding: str = MORALE_DOWN) -> list[int]:
    """A squadron's morale levels (the vertical circles) from its grey boxes (its starting
    level): half of it in the top circle (round down by the text, up by the sheet; docs/b5.md),
    each next one 10% of the starting level (round down, at least 1) less; circles at 0 or
    under are marked out."""
    top = grey // 2 if rounding == MORALE_DOWN else -(-grey // 2)
    step = max(1, grey // 10)
    return [v for v in (top - i * step for i in range(len(MORALE_NEEDS))) if v > 0]


def morale_checks(grey: int, marked: int, rolled: int, rounding: str = MORALE_DOWN) -> list[int]:
    """The d12 each new morale check needs when ``marked`` grey boxes are marked off and the
    squadron already rolled for ``rolled`` levels (one roll per level)."""
    left = grey - marked
    levels = morale_levels(grey, rounding)
    reached = sum(1 for v in levels if left <= v)
    return list(MORALE_NEEDS[rolled:reached])


def p_withdraw(need: int, modifier: int = 0) -> Fraction:
    """The chance a morale check begins withdrawal: d12 plus the situation modifier, ``need`` or more."""
    face = need - modifier
    return Fraction(max(0, min(12, 13 - face)), 12)


def discount(turn: int) -> int:
    """The reinforcement discount (percent) for arriving on ``turn`` (not before 4; after 9 no more)."""
    if turn < 4:
        raise RuleError(REINFORCE_RULE, f"reinforcements may not be scheduled before turn 4, not {turn}")
    return DISCOUNT[min(turn, 9)]


def arrival(check: int, roll: int, again: int | None = None) -> str:
    """``arrive``, ``delayed`` or ``never`` for the ``check``-th arrival check's d6 (and the second
    d6 after a first-check 6): 3 or less on the first, 4 on the second, 5 thereafter; a 6 then a
    6 on the first means they never come."""
    most = 3 if check == 1 else 4 if check == 2 else 5
    if roll <= most:
        return "arrive"
    if check == 1 and roll == 6 and again == 6:
        return "never"
    return "delayed"


def arrival_odds(check: int) -> dict[str, Fraction]:
    """The exact chances of the ``check``-th arrival check."""
    most = 3 if check == 1 else 4 if check == 2 else 5
    never = Fraction(1, 36) if check == 1 else Fraction(0)
    return {"arrive": Fraction(most, 6), "delayed": 1 - Fraction(most, 6) - never, "never": never}


def elint_reach(ability: str, hexes: int) -> bool:
    """Whether an ELINT ability reaches ``hexes`` (offensive support 20, commander to
    commander; jam command 15; jam ELINT 35; jam fire control 25)."""
    return hexes <= ELINT_RANGE[ability]
