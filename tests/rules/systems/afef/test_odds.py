"""Exact AF/EF odds (seed 001 4.1.b, 4.2.b-c; issue 12 "Exact odds") against brute-force
enumeration of every outcome of the dice."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules.systems.afef.odds import (
    face_hits,
    hit_distribution,
    interphase,
    is_damaged,
    is_destroyed,
    odds_table,
    target_odds,
)


def brute(dice: int, stepped: int) -> dict[int, Fraction]:
    """Every face combination of ``dice`` normal and ``stepped`` stepped-down dice, counted."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=dice + stepped):
        h = sum(2 if f == 6 else 1 if f == 5 else 0 for f in faces[:dice])
        h += sum(1 if f == 6 else 0 for f in faces[dice:])  # stepped down: 6 a near miss, 5 a miss
        counts[h] = counts.get(h, 0) + 1
    total = 6 ** (dice + stepped)
    return {h: Fraction(n, total) for h, n in sorted(counts.items())}


def test_faces_score_as_4_2_b_says_and_step_down_as_4_1_b_says():
    assert [face_hits(f) for f in range(1, 7)] == [0, 0, 0, 0, 1, 2]  # 6 direct hit (2), 5 near miss (1)
    assert [face_hits(f, stepped=True) for f in range(1, 7)] == [0, 0, 0, 0, 0, 1]  # 6 -> near miss, 5 -> miss


@pytest.mark.parametrize(("dice", "stepped"), [(d, s) for d in range(0, 6) for s in range(0, 3) if d + s <= 6])
def test_the_hit_distribution_equals_enumerating_every_face(dice: int, stepped: int):
    assert hit_distribution(dice, stepped) == brute(dice, stepped)
    assert sum(hit_distribution(dice, stepped).values()) == 1


def test_one_die_and_one_stepped_die_exactly():
    assert hit_distribution(1) == {0: Fraction(2, 3), 1: Fraction(1, 6), 2: Fraction(1, 6)}
    assert hit_distribution(0, 1) == {0: Fraction(5, 6), 1: Fraction(1, 6)}


@pytest.mark.parametrize("ef", [1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize("hits", [0, 1, 2, 3])
@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_damage_and_destroy_chances_equal_enumeration(ef: int, hits: int, dice: int):
    if hits >= ef:
        return
    damaged = 2 * hits >= ef
    o = target_odds(hits, ef, damaged, dice)
    dmg = destroy = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=dice):
        total = hits + sum(2 if f == 6 else 1 if f == 5 else 0 for f in faces)
        if total >= ef:
            destroy += Fraction(1, 6 ** dice)
        elif not damaged and 2 * total >= ef:
            dmg += Fraction(1, 6 ** dice)
    assert (o.damaged, o.destroyed) == (dmg, destroy)
    assert o.expected == Fraction(dice, 2)  # (1 + 2) / 6 per die


def test_half_the_ef_is_not_rounded_and_the_interphase_keeps_half_for_damaged_units():
    # 4.2.c: "equal or exceed half the EF": EF 5 is damaged at 3 hits (2.5), not at 2
    assert not is_damaged(2, 5) and is_damaged(3, 5) and is_damaged(2, 4)
    assert is_destroyed(5, 5) and not is_destroyed(4, 5)
    # 4.2.c: hit markers come off in the interphase; damaged units remove only the hits above half their EF
    assert interphase(2, 6, damaged=False) == 0
    assert interphase(5, 6, damaged=True) == 3
    assert interphase(4, 5, damaged=True) == 2
    assert interphase(1, 6, damaged=True) == 1


def test_an_odds_table_gives_every_pooled_af_and_the_stepped_die():
    t = odds_table(1, 4, False, 3)
    assert set(t["by_af"]) == {"1", "2", "3"}
    assert t["by_af"]["1"]["destroyed"] == "0" and t["by_af"]["1"]["damaged"] == "1/3"  # 1 + (5 or 6) >= 2
    assert t["stepped"]["damaged"] == "1/6"
