"""SIDCORS arithmetic against the seed's own text (seed 004, SIDCORS EXTRACT, kept in
assets/rules/victory_by_star_fleet.txt): every printed cell of the Combat Damage Results
Table, the Combat Coefficient Table, the die roll shifts, the mauler example and the exact odds
against brute-force enumeration of the dice."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from rules.systems.sidcors.odds import bif_matrix, cloak_shifts, combine, damage_distribution, summary
from rules.systems.sidcors.tables import COEFFICIENT, coefficient, damage_points, shifted
from tests.conftest import ROOT

SEED = (ROOT / "assets" / "rules" / "victory_by_star_fleet.txt").read_text(encoding="utf-8")


def _section(start: str, end: str) -> list[str]:
    text = SEED[SEED.index(start):]
    return text[:text.index(end)].splitlines()


def test_the_formula_gives_every_printed_cell_of_the_combat_damage_results_table():
    """Issue 12 acceptance: the table equals potential x coefficient rounded half up."""
    lines = _section("COMBAT DAMAGE RESULTS TABLE", "EXAMPLE: The Klingon")
    header = next(x for x in lines if x.startswith("ComPot"))
    percents = [int(p) for p in re.findall(r"(\d+)%", header)]
    assert percents == [10, 15, 20, 25, 30, 35, 40, 45, 50]
    rows = [[int(c) for c in x.split("|")[1:]] for x in lines if x.startswith(" | ")]
    assert [r[0] for r in rows] == list(range(1, 101))
    cells = 0
    for pot, *printed in rows:
        assert len(printed) == len(percents)
        for pct, want in zip(percents, printed, strict=True):
            assert damage_points(pot, pct) == want, f"ComPot {pot} at {pct}%: the seed prints {want}"
            cells += 1
    assert cells == 900
    assert damage_points(Fraction(19, 2), 10) == 1 and damage_points(Fraction(5), 10) == 1  # 0.95, 0.5: up


def test_the_combat_coefficient_table_is_the_seeds():
    lines = _section("COMBAT COEFFICIENT TABLE", "INTENSITY AGAINST NON-MOBILE")
    rows = {int(m.group(1)): tuple(int(p) for p in re.findall(r"(\d+)%", x))
            for x in lines if (m := re.match(r"BIR:(\d)", x))}
    assert rows == COEFFICIENT
    with pytest.raises(ValueError):
        coefficient(9, 1)


def test_the_seeds_38_point_example():
    """D7C 9 + 3 x D7 8 + F5 5 = 38; BIR 5, die 2 -> 25% -> 9.50 -> 10."""
    assert coefficient(5, 2) == 25 and damage_points(9 + 3 * 8 + 5, 25) == 10


def test_no_die_roll_shift_raises_a_6_or_lowers_a_1():
    """DIE ROLL SHIFTS: combined shifts, the result held within the die."""
    assert shifted(6, 1) == 6 and shifted(1, -1) == 1
    assert shifted(6, -1) == 5 and shifted(1, 1) == 2 and shifted(5, 2) == 6 and shifted(2, -3) == 1
    assert shifted(4, 1 - 1) == 4  # a -1 shift cancels a +1


def test_the_tactics_paragraph_odds():
    """The seed: an 83-point fleet needs 30% (24 points) -- a 50% chance at BIR 5; a 103-point
    fleet needs only 25% -- a 5/6 probability."""
    assert damage_distribution(83, 5).chance(24) == Fraction(1, 2)
    assert damage_distribution(103, 5).chance(damage_points(103, 25)) == Fraction(5, 6)


def _brute(potential: Fraction | int, bir: int, fixed: int, cloaked: bool) -> dict[int, Fraction]:
    """Every face of every die: the cloak's 2d6 (when used) and the force's d6."""
    out: dict[int, Fraction] = {}
    cloak_faces = list(itertools.product(range(1, 7), repeat=2)) if cloaked else [(0, 0)]
    for c in cloak_faces:
        s = fixed
        if cloaked:
            s += -1 if sum(c) <= 5 else 1 if sum(c) >= 11 else 0
        for die in range(1, 7):
            n = damage_points(potential, COEFFICIENT[bir][max(1, min(6, die + s)) - 1])
            out[n] = out.get(n, Fraction(0)) + Fraction(1, 6 * len(cloak_faces))
    return out


@pytest.mark.parametrize("potential", [1, 7, Fraction(25, 2), 38, 83, 100, 241])
@pytest.mark.parametrize("fixed", [-2, -1, 0, 1])
@pytest.mark.parametrize("cloaked", [False, True])
def test_the_exact_odds_equal_brute_force_enumeration(potential, fixed, cloaked):
    shifts = combine(fixed, cloak_shifts() if cloaked else None)
    m = bif_matrix(potential, shifts)
    for (own, other), dist in m.items():
        brute = _brute(potential, own + other, fixed, cloaked)
        assert dict(dist.points) == brute
        assert dist.expected == sum(n * p for n, p in brute.items())
        assert sum(p for _, p in dist.points) == 1


def test_the_odds_summary_is_json_data():
    s = summary(38, -1)
    assert len(s["expected"]) == 4 and all(len(r) == 4 for r in s["expected"])
    assert s["points"]["4-1"] == damage_distribution(38, 5, -1).to_dict()
    assert cloak_shifts() == {-1: Fraction(10, 36), 0: Fraction(23, 36), 1: Fraction(3, 36)}
