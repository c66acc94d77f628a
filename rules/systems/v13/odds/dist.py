"""An exact discrete distribution: outcomes with :class:`fractions.Fraction` probabilities.

Dice are convolved exactly (never simulated): ``Dist.dice("2d6").shift(3).map(ws_from_total)``
is the Weapon Status distribution of a 2d6 + 3 roll read through Table V13.415.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from rules.dice import DiceExpr, Modifier

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


@dataclass(frozen=True)
class Dist(Generic[T]):
    """Outcomes and their exact probabilities (every probability > 0, the sum exactly 1).

    Build one with :meth:`certain`, :meth:`uniform`, :meth:`die`, :meth:`dice` or
    :meth:`from_weights`; outcomes keep the order they were first met in.
    """

    pairs: tuple[tuple[T, Fraction], ...]

    def __post_init__(self) -> None:
        if not self.pairs:
            raise ValueError("a distribution needs at least one outcome")
        if any(p <= 0 for _, p in self.pairs):
            raise ValueError("every outcome of a distribution needs a probability above 0")
        if sum((p for _, p in self.pairs), Fraction(0)) != 1:
            raise ValueError("the probabilities of a distribution must add up to exactly 1")
        if len({o for o, _ in self.pairs}) != len(self.pairs):
            raise ValueError("an outcome appears twice in a distribution")

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def from_weights(cls, weights: Mapping[T, Fraction | int] | Iterable[tuple[T, Fraction | int]]) -> Dist[T]:
        """Normalise ``weights`` (outcome -> weight; repeated outcomes add up; zero weights drop)."""
        acc: dict[T, Fraction] = {}
        items = weights.items() if isinstance(weights, Mapping) else weights
        for o, w in items:
            acc[o] = acc.get(o, Fraction(0)) + Fraction(w)
        total = sum(acc.values(), Fraction(0))
        if total <= 0:
            raise ValueError("the weights of a distribution must add up to more than 0")
        return cls(tuple((o, w / total) for o, w in acc.items() if w))

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """The outcome that always happens."""
        return cls(((outcome, Fraction(1)),))

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each of ``outcomes`` equally likely."""
        return cls.from_weights((o, 1) for o in outcomes)

    @staticmethod
    def die(sides: int) -> Dist[int]:
        """One die: 1..``sides``, each 1/``sides``."""
        return Dist[int].uniform(range(1, sides + 1))

    @staticmethod
    def dice(expr: str | DiceExpr) -> Dist[int]:
        """The sum of a dice expression such as ``'2d6'`` or ``'1d6+2'`` (its constant included)."""
        e = DiceExpr.parse(expr)
        one = Dist.die(e.sides)
        out = one
        for _ in range(e.count - 1):
            out = out.add(one)
        return out.shift(e.plus)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def outcomes(self) -> tuple[T, ...]:
        """The possible outcomes, in order."""
        return tuple(o for o, _ in self.pairs)

    def __iter__(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self.pairs)

    def as_dict(self) -> dict[T, Fraction]:
        """Outcome -> probability."""
        return dict(self.pairs)

    def p(self, event: T | Callable[[T], bool]) -> Fraction:
        """The probability of one outcome, or of the outcomes a predicate accepts."""
        if callable(event):
            test = event
            return sum((p for o, p in self.pairs if test(o)), Fraction(0))
        return sum((p for o, p in self.pairs if o == event), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """The mean of a numeric distribution (``True`` counts 1).

        Raises:
            TypeError: when an outcome is not a number.
        """
        total = Fraction(0)
        for o, p in self.pairs:
            if not isinstance(o, int | Fraction):
                raise TypeError(f"no expected value: {o!r} is not a number")
            total += p * o
        return total

    # -- transforming -----------------------------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(outcome)`` (outcomes that meet add up)."""
        return Dist[U].from_weights((f(o), p) for o, p in self.pairs)

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Chain a roll that depends on this one's outcome."""
        return Dist[U].from_weights((o2, p * p2) for o, p in self.pairs for o2, p2 in f(o).pairs)

    def given(self, event: Callable[[T], bool]) -> Dist[T]:
        """This distribution conditioned on ``event``.

        Raises:
            ValueError: when ``event`` cannot happen.
        """
        return Dist[T].from_weights((o, p) for o, p in self.pairs if event(o))

    def shift(self: Dist[int], by: int | Iterable[Modifier]) -> Dist[int]:
        """Add a constant, or the total of roll modifiers, to every outcome."""
        n = by if isinstance(by, int) else sum(m.value for m in by)
        return Dist(tuple((o + n, p) for o, p in self.pairs))

    def clamp(self: Dist[int], low: int | None = None, high: int | None = None) -> Dist[int]:
        """Outcomes below ``low`` count as ``low``; above ``high`` as ``high``."""
        def c(o: int) -> int:
            if low is not None and o < low:
                return low
            return high if high is not None and o > high else o
        return self.map(c)

    def add(self: Dist[int], other: Dist[int]) -> Dist[int]:
        """The convolution: the sum of two independent rolls."""
        return self.bind(lambda a: other.shift(a))

    def sorted(self) -> Dist[T]:
        """The same distribution with its outcomes in ascending order (they must compare)."""
        return Dist(tuple(sorted(self.pairs, key=lambda op: op[0])))  # type: ignore[arg-type,return-value]
