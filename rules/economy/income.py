"""Seed 004, Income Phase: Total Domestic Product + Trade/Misc. Income - Maintenance/Misc. Costs = Income,
added to the Point Pool, every part kept exact (maintenance may be fractional) and named.

How the seed's words are read (docs/economy.md):

* Total Domestic Product: the sum of every owned planet's output (:mod:`rules.economy.planet`).
* Commerce: each Trade Fleet that survived to this phase and visited its route's systems in the
  last Movement Phase earns 10% of those systems' output: all of its route's output when its path
  touched at least one of them (a fleet on its route stands for trading along all of it, as the
  seed's one roll for the system it is met in reads it); one that did not earns nothing, the
  ledger says why.
* Maintenance: per unit class in service (the source material's figure, fractions allowed),
  plus 1 per 10 Intel Points (fractional too: 15 points cost 3/2).
* A power that cannot pay: the seed is silent. The Point Pool may fall below 0 (a debt shown in
  red on the sheet); a power in debt buys nothing in Turn Orders until the pool is back at 0 or
  more. The GM may rule otherwise (reserve, mothballs, scrapping), logged.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.battlehex.words import changed

INCOME = "004 Income Phase"
COMMERCE_SHARE = Fraction(1, 10)
INTEL_UPKEEP = Fraction(1, 10)


def points(x: Fraction) -> str:
    """A point figure as people write it: ``12``, ``3 1/2``, ``-1/4``."""
    whole = int(x)  # toward 0
    rest = abs(x - whole)
    if rest == 0:
        return str(whole)
    if whole == 0:
        return f"{'-' if x < 0 else ''}{rest.numerator}/{rest.denominator}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


@dataclass(frozen=True)
class Item:
    """One named amount of the ledger (negative: a cost)."""

    text: str
    amount: Fraction


@dataclass(frozen=True)
class TradeRoute:
    """A Trade Fleet's route this turn: the outputs of its systems, and whether it earns."""

    fleet: str
    outputs: tuple[int, ...]
    survived: bool = True
    visited: bool = True

    def earns(self) -> Fraction:
        """10% of its route's output, if it survived and visited its route."""
        if not (self.survived and self.visited):
            return Fraction(0)
        return COMMERCE_SHARE * sum(self.outputs)

    def why_not(self) -> str:
        """Why it earns nothing, in words for the ledger (``""`` when it earns)."""
        if not self.survived:
            return " (did not survive)"
        return "" if self.visited else " (visited no system of its route in the last Movement Phase)"


@dataclass(frozen=True)
class Ledger:
    """A power's Income Phase with its parts.

    Attributes:
        carried: the Point Pool before this phase.
        items: every part, in the seed's order (product, commerce, misc., maintenance, intel upkeep).
        income: the sum of the items.
        pool: the Point Pool after it (``carried + income``).
    """

    carried: Fraction
    items: tuple[Item, ...]
    income: Fraction
    pool: Fraction

    @property
    def in_debt(self) -> bool:
        """The pool is below 0: no purchases until it is paid back."""
        return self.pool < 0

    def lines(self) -> tuple[str, ...]:
        """The ledger in words for the log and the sheet."""
        out = [f"{i.text}: {points(i.amount)}" for i in self.items]
        out.append(f"Income: {points(self.income)}; Point Pool {changed(points(self.carried), points(self.pool))}"
                   + (" (in debt: no purchases until it is paid back)" if self.in_debt else ""))
        return tuple(out)


def ledger(planet_outputs: Iterable[tuple[str, int]], routes: Iterable[TradeRoute],
           misc: Iterable[tuple[str, Fraction]], maintenance: Iterable[tuple[str, Fraction]],
           intel_points: int, carried: Fraction) -> Ledger:
    """The Income Phase of one power.

    Args:
        planet_outputs: each owned planet's name and output.
        routes: its Trade Fleets' routes.
        misc: miscellaneous income (positive) or expenses (negative), named.
        maintenance: each unit class's maintenance for the units in service (positive amounts).
        intel_points: the Intel Points it holds.
        carried: the Point Pool left from the last turn.
    """
    outs = list(planet_outputs)
    if any(o < 0 for _, o in outs) or intel_points < 0:
        raise ValueError("planet outputs and Intel Points are not negative")
    items = [Item(f"Total Domestic Product ({', '.join(f'{n} {o}' for n, o in outs) or 'no planets'})",
                  Fraction(sum(o for _, o in outs)))]
    rs = list(routes)
    if rs:
        items.append(Item("Commerce (" + ", ".join(f"{r.fleet} {points(r.earns())}{r.why_not()}" for r in rs) + ")",
                          sum((r.earns() for r in rs), Fraction(0))))
    items.extend(Item(text, Fraction(v)) for text, v in misc)
    for text, cost in maintenance:
        if cost < 0:
            raise ValueError(f"maintenance is a cost, not negative ({text}: {cost})")
        items.append(Item(f"Maintenance: {text}", -Fraction(cost)))
    if intel_points:
        items.append(Item(f"Intel upkeep ({intel_points} points, 1 per 10)", -INTEL_UPKEEP * intel_points))
    income = sum((i.amount for i in items), Fraction(0))
    return Ledger(Fraction(carried), tuple(items), income, Fraction(carried) + income)
