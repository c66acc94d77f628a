"""Seed 004, Intel Phase diplomacy: treaties, their prerequisites, and the chance to break a
treaty or declare against a power with every modifier of Exhibit B.

How the seed's words are read (docs/economy.md):

* The number in parentheses after a treaty is the base chance to break or withdraw from it; a
  declaration's number is the base chance to declare it.
* Starred modifiers are "used as listed if action occurred last turn and are reduced by 10% per
  each turn thereafter until they reach 0%": a fact ``age`` turns old (1 = last turn) counts
  ``value - 10 * (age - 1)``, never below 0 (nor above 0 for a penalty).
* "Non-cumulative bonuses or penalties do not stack, and the highest applicable bonus or penalty
  should be used": among the non-cumulative bonuses only the largest counts, and among the
  non-cumulative penalties only the largest.
* "When taking action against a treaty, penalties specific to that treaty should not be
  applied": breaking the Peace Treaty drops "has a Peace Treaty with you"; breaking the Alliance
  drops the Alliance penalty (the Mutual Defense one still applies, as the seed's example says).
* The chance is rolled on d100 at or under it; below 0 it cannot succeed, at 100 or more it
  cannot fail. Declaring against an Alliance partner is impossible.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

INTEL = "004 Intel Phase"
EXHIBIT_B = "004 Exhibit B"


class Treaty(Enum):
    """A treaty or declaration and its number in parentheses (``None``: cannot be broken)."""

    NON_AGGRESSION = ("Non-Aggression Treaty", 60)
    PEACE = ("Peace Treaty", 10)
    TRADE = ("Trade Treaty", 50)
    MUTUAL_DEFENSE = ("Mutual Defense Treaty", 40)
    ALLIANCE = ("Alliance Treaty", -20)
    HOSTILITIES = ("Declaration of Hostilities", 20)
    WAR = ("Declaration of War", -20)
    ARMISTICE = ("Armistice Treaty", None)
    CO_BELLIGERENCE = ("Treaty of Co-Belligerence", 20)

    @property
    def title(self) -> str:
        """The seed's name."""
        return str(self.value[0])

    @property
    def base(self) -> int | None:
        """The base chance to break it (or, for a declaration, to declare it)."""
        base: int | None = self.value[1]
        return base


DECLARATIONS = (Treaty.HOSTILITIES, Treaty.WAR)


class Fact(Enum):
    """Something that happened between two powers, as Exhibit B names it."""

    IMPLICATED_SABOTAGE = "implicated in a successful sabotage/insurgency mission"
    DECLARED_ON_MDT_MEMBER = "declared hostilities/war on a mutual defense treaty member"
    DECLARED_WAR_ON_MDT_MEMBER = "declared war on a mutual defense treaty member"  # recorded with the one above
    CAUGHT_INSURGENCY = "caught running an insurgency mission on one of your systems"
    ENCOUNTER = "generated an encounter scenario against your ships"
    CAUGHT_SABOTAGE = "caught running a sabotage mission on one of your systems"
    DECLARED_ON_PEACE_MEMBER = "declared hostilities/war on a peace treaty member"
    CAUGHT_ESPIONAGE = "caught running an espionage mission on one of your systems"
    BROKE_TREATY_WITH_YOU = "broke a treaty with you"
    YOU_BROKE_TREATY = "you withdrew from or broke a treaty with them"
    LAST_ATTEMPT_FAILED = "your last attempt against them failed"


@dataclass(frozen=True)
class Row:
    """One line of Exhibit B.

    Attributes:
        text: the seed's words.
        value: the percent it adds (negative: subtracts).
        starred: it fades by 10 a turn after the first.
        single: non-cumulative (only the highest such bonus, or penalty, counts).
        fact: the fact it counts, or ``None`` for a state (a treaty in force).
        treaty: the treaty in force it counts.
    """

    text: str
    value: int
    starred: bool = False
    single: bool = False
    fact: Fact | None = None
    treaty: Treaty | None = None


F, T = Fact, Treaty
BREAK_ROWS: tuple[Row, ...] = (
    Row("Power implicated in successful sabotage/insurgency mission", 100, True, fact=F.IMPLICATED_SABOTAGE),
    Row("Power has declared hostilities/war on a mutual defense treaty member", 90, single=True,
        fact=F.DECLARED_ON_MDT_MEMBER),
    Row("Power was caught running an insurgency mission on one of your systems", 80, True, fact=F.CAUGHT_INSURGENCY),
    Row("Power has generated an encounter scenario against your ships", 75, True, fact=F.ENCOUNTER),
    Row("Power was caught running a sabotage mission on one of your systems", 60, True, fact=F.CAUGHT_SABOTAGE),
    Row("Power has declared hostilities/war on a peace treaty member", 50, single=True,
        fact=F.DECLARED_ON_PEACE_MEMBER),
    Row("Power was caught running an espionage mission on one of your systems", 25, True, fact=F.CAUGHT_ESPIONAGE),
    Row("Power has broken a treaty with you (per treaty)", 25, True, fact=F.BROKE_TREATY_WITH_YOU),
    Row("Successfully withdrawn or broken a treaty with power", 10, True, fact=F.YOU_BROKE_TREATY),
    Row("Last attempt to break a treaty with power failed", -10, fact=F.LAST_ATTEMPT_FAILED),
    Row("Power has a Peace Treaty with you", -20, single=True, treaty=T.PEACE),
    Row("Power is a Mutual Defense Treaty partner", -30, single=True, treaty=T.MUTUAL_DEFENSE),
    Row("Power is an Alliance partner", -50, single=True, treaty=T.ALLIANCE),
)
DECLARE_ROWS: tuple[Row, ...] = (
    Row("Power implicated in successful sabotage/insurgency mission", 50, True, fact=F.IMPLICATED_SABOTAGE),
    Row("Power has generated an encounter scenario against your ships", 40, True, fact=F.ENCOUNTER),
    Row("Power was caught running an insurgency mission on one of your systems", 35, True, fact=F.CAUGHT_INSURGENCY),
    Row("Power has declared war on a mutual defense treaty member", 30, single=True,
        fact=F.DECLARED_WAR_ON_MDT_MEMBER),
    Row("Power is currently under a Declaration of Hostilities", 25, single=True, treaty=T.HOSTILITIES),
    Row("Power was caught running a sabotage mission on one of your systems", 25, True, fact=F.CAUGHT_SABOTAGE),
    Row("Power has broken a treaty with you (per treaty)", 10, True, fact=F.BROKE_TREATY_WITH_YOU),
    Row("Power was caught running an espionage mission on one of your systems", 10, True, fact=F.CAUGHT_ESPIONAGE),
    Row("Power has declared hostilities/war on a peace treaty member", 10, single=True,
        fact=F.DECLARED_ON_PEACE_MEMBER),
    Row("Successfully withdrawn from an agreement or broken a treaty with power (per treaty)", 5, True,
        fact=F.YOU_BROKE_TREATY),
    Row("Power has a Trade Agreement with you", -10, single=True, treaty=T.TRADE),
    Row("Power has a Non-Aggression Treaty with you", -20, single=True, treaty=T.NON_AGGRESSION),
    Row("Last attempt to break a treaty with power or declare against a power failed", -25,
        fact=F.LAST_ATTEMPT_FAILED),
    Row("Power has a Peace Treaty with you", -40, single=True, treaty=T.PEACE),
    Row("Power has a Mutual Defense Treaty with you", -60, single=True, treaty=T.MUTUAL_DEFENSE),
)
PER_INTEL_POINT = 5


@dataclass(frozen=True)
class Happened:
    """A fact between the acting power and the other, ``age`` turns ago (1: last turn)."""

    fact: Fact
    age: int = 1


@dataclass(frozen=True)
class Part:
    """One modifier counted, for the log and the sheet."""

    text: str
    value: int


@dataclass(frozen=True)
class Chance:
    """A diplomatic action's chance with its parts.

    Attributes:
        action: what is attempted, in words.
        percent: the chance to succeed (may be below 0 or above 100).
        parts: the base and every modifier counted.
        possible: ``False`` when the seed forbids it outright (declaring on an Alliance partner).
    """

    action: str
    percent: int
    parts: tuple[Part, ...]
    possible: bool = True

    def words(self) -> str:
        """``Break Peace Treaty: base 10 + caught spying 25 + 2 Intel Points 10 = 45%``."""
        if not self.possible:
            return f"{self.action}: impossible (" + self.parts[-1].text + ")"
        terms = [f"{self.parts[0].text} {self.parts[0].value}"]
        terms += [f"{'+' if p.value >= 0 else '-'} {p.text} {abs(p.value)}" for p in self.parts[1:]]
        return f"{self.action}: {' '.join(terms)} = {self.percent}%"

    def succeeds(self, roll: int) -> bool:
        """A d100 ``roll`` at or under the chance succeeds."""
        if not 1 <= roll <= 100:
            raise ValueError(f"a d100 roll is 1-100, not {roll}")
        return self.possible and roll <= self.percent


def faded(row: Row, age: int) -> int:
    """A row's value for a fact ``age`` turns old: starred rows lose 10 a turn after the first."""
    if age < 1:
        raise ValueError(f"a fact's age counts from 1 (last turn), not {age}")
    if not row.starred:
        return row.value
    return max(row.value - 10 * (age - 1), 0)  # every starred row of Exhibit B is a bonus


def _counted(rows: tuple[Row, ...], facts: Iterable[Happened], treaties: frozenset[Treaty],
             skip: Treaty | None) -> list[Part]:
    parts: list[Part] = []
    singles: list[Part] = []
    facts = list(facts)
    for row in rows:
        if row.treaty is not None:
            if row.treaty in treaties and row.treaty is not skip:
                singles.append(Part(row.text, row.value))
            continue
        for h in facts:
            if h.fact is row.fact:
                v = faded(row, h.age)
                if v != 0:
                    (singles if row.single else parts).append(Part(row.text, v))
    best_up = max((p for p in singles if p.value > 0), key=lambda p: p.value, default=None)
    best_down = min((p for p in singles if p.value < 0), key=lambda p: p.value, default=None)
    return parts + [p for p in (best_up, best_down) if p is not None]


def _intel(points: int) -> list[Part]:
    if points < 0:
        raise ValueError(f"Intel Points spent are not negative ({points})")
    return [Part(f"{points} Intel Point{'s' if points != 1 else ''}", PER_INTEL_POINT * points)] if points else []


def break_chance(treaty: Treaty, facts: Iterable[Happened], treaties: frozenset[Treaty],
                 intel_points: int = 0) -> Chance:
    """The chance to break or withdraw from ``treaty`` with the other power.

    Args:
        treaty: the treaty broken.
        facts: what happened between the powers since the last successful diplomatic action.
        treaties: the treaties in force between them (the one broken included).
        intel_points: Intel Points spent on the attempt.
    """
    if treaty.base is None or treaty in DECLARATIONS:
        raise ValueError(f"{treaty.title} is not broken by a roll")
    skip = treaty
    parts = [Part("base", treaty.base), *_counted(BREAK_ROWS, facts, treaties, skip), *_intel(intel_points)]
    return Chance(f"Break the {treaty.title}", sum(p.value for p in parts), tuple(parts))


def declare_chance(declaration: Treaty, facts: Iterable[Happened], treaties: frozenset[Treaty],
                   intel_points: int = 0) -> Chance:
    """The chance to make ``declaration`` (Hostilities or War) against the other power."""
    if declaration not in DECLARATIONS:
        raise ValueError(f"{declaration.title} is not a declaration")
    assert declaration.base is not None
    action = f"Make a {declaration.title}"
    if Treaty.ALLIANCE in treaties:
        return Chance(action, 0, (Part("base", declaration.base),
                                  Part("Power has an Alliance Treaty with you", 0)), possible=False)
    parts = [Part("base", declaration.base), *_counted(DECLARE_ROWS, facts, treaties, None), *_intel(intel_points)]
    return Chance(action, sum(p.value for p in parts), tuple(parts))
