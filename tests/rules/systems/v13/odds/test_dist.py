"""The exact distribution type: dice by convolution, against counting every face."""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.dice import Modifier
from rules.systems.v13.odds import Dist


@pytest.mark.parametrize("expr", ["d3", "1d6", "2d6", "3d6", "4d6", "1d6+2", "2d6-1", "2D10"])
def test_dice_match_counting_every_face(expr: str) -> None:
    n, sides, plus = {"d3": (1, 3, 0), "1d6": (1, 6, 0), "2d6": (2, 6, 0), "3d6": (3, 6, 0), "4d6": (4, 6, 0),
                      "1d6+2": (1, 6, 2), "2d6-1": (2, 6, -1), "2D10": (2, 10, 0)}[expr]
    faces = list(itertools.product(range(1, sides + 1), repeat=n))
    counts = Counter(sum(f) + plus for f in faces)
    assert Dist.dice(expr).as_dict() == {t: Fraction(c, len(faces)) for t, c in counts.items()}


def test_seven_d6_matches_all_279936_face_sets() -> None:
    faces = itertools.product(range(1, 7), repeat=7)
    counts = Counter(sum(f) for f in faces)
    assert sum(counts.values()) == 6 ** 7 == 279936
    assert Dist.dice("7d6").as_dict() == {t: Fraction(c, 6 ** 7) for t, c in counts.items()}


def test_reading_a_distribution() -> None:
    d = Dist.dice("2d6")
    assert d.outcomes == tuple(range(2, 13))
    assert d.p(7) == Fraction(1, 6) and d.p(13) == 0
    assert d.p(lambda t: t <= 6) == Fraction(15, 36)
    assert d.expected == 7 and Dist.dice("3d6").expected == Fraction(21, 2)
    assert sum(p for _, p in d) == 1


def test_shift_by_modifiers_clamp_and_map() -> None:
    d = Dist.dice("1d6").shift([Modifier("a", -2), Modifier("b", 1)])
    assert d.outcomes == (0, 1, 2, 3, 4, 5)
    c = d.clamp(1, 4)
    assert c.as_dict() == {1: Fraction(2, 6), 2: Fraction(1, 6), 3: Fraction(1, 6), 4: Fraction(2, 6)}
    assert d.map(lambda t: t % 2 == 0).as_dict() == {True: Fraction(1, 2), False: Fraction(1, 2)}


def test_bind_given_and_certain() -> None:
    d = Dist.die(2).bind(lambda a: Dist.certain(0) if a == 1 else Dist.die(2))
    assert d.as_dict() == {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
    assert d.given(lambda x: x > 0).as_dict() == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert Dist.certain("x").p("x") == 1


def test_invalid_distributions_are_refused() -> None:
    with pytest.raises(ValueError):
        Dist(())
    with pytest.raises(ValueError):
        Dist(((1, Fraction(1, 2)),))
    with pytest.raises(ValueError):
        Dist(((1, Fraction(1, 2)), (1, Fraction(1, 2))))
    with pytest.raises(ValueError):
        Dist.from_weights({1: 0})
    with pytest.raises(TypeError):
        _ = Dist.certain("a").expected
