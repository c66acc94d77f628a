"""Brute force for the odds tests: run a rule function on every sequence of dice faces.

:func:`exhaust` feeds the function :class:`rules.dice.ScriptedDice` with a prefix of faces;
when the script runs out it learns the next die's size and tries each face, so every path
the function can take is run once, weighted by the chance of its faces.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from rules.dice import DiceRoller, ScriptedDice

T = TypeVar("T", bound=Hashable)


class _Short(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Probe(ScriptedDice):
    """Scripted faces that say how big the next die is when they run out."""

    def _face(self, sides: int) -> int:
        if not self._faces:
            raise _Short(sides)
        return super()._face(sides)


def exhaust(run: Callable[[DiceRoller], T]) -> tuple[dict[T, Fraction], int]:
    """Every outcome of ``run(dice)`` with its exact chance, and how many face sequences ran."""
    out: dict[T, Fraction] = {}
    paths = 0
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        faces, w = stack.pop()
        try:
            result = run(_Probe(faces))
        except _Short as short:
            stack.extend((faces + [f], w / short.sides) for f in range(1, short.sides + 1))
            continue
        paths += 1
        out[result] = out.get(result, Fraction(0)) + w
    return out, paths
