"""Seed 002's own numbers: warping out and in, sensor locks, cloak tables, to-hit, damage boxes,
Bridge hits and tenders."""
from __future__ import annotations

import pytest

from rules.model.stcs import STCSData
from rules.systems.stcs import fire, repair, sensors, warp
from rules.systems.stcs.warp import Mode, ShipCondition
from tests.rules.systems.stcs.test_data import SHIP


def ship(**change: object) -> STCSData:
    return STCSData.model_validate({**SHIP, **change})


def test_warp_power_is_speed_over_cruising_times_total_rounded_up() -> None:
    assert warp.warp_power(2, ship()) == 8  # 2 / 6 x 24
    assert warp.warp_power(3, ship(warp_engines=[10, 10], warp_current=[10, 10])) == 10  # 3/6 x 20
    assert warp.warp_power(2, ship(warp_engines=[7], warp_current=[7], cruising_warp=4)) == 4  # 3.5 up


def test_activation_target() -> None:
    assert warp.activation_target(ship()) == 90
    assert warp.activation_target(ship(warp_current=[6, 6])) == 40
    assert warp.activation_target(ship(warp_current=[12, 0])) == 30  # 50 - 10, -10 for a lost engine of two
    assert warp.activation_target(ship(warp_current=[0, 0])) == -20  # -10, less 10 more: never
    assert warp.activation_target(ship(warp_engines=[12], warp_current=[0])) == -10
    assert warp.d100_chance(90) == 0.9 and warp.d100_chance(-10) == 0


def test_what_bars_a_warp_out() -> None:
    d = ship()
    assert warp.warp_out_bars(d, ShipCondition(), Mode.SUBLIGHT) == []
    assert "minimum of Warp 2" in warp.warp_out_bars(d, ShipCondition(), Mode.SUBLIGHT, speed=1)[0]
    low = ship(warp_current=[4, 3])  # Warp 2 needs 8
    assert "needs 8 power" in warp.warp_out_bars(low, ShipCondition(), Mode.SUBLIGHT)[0]
    assert warp.warp_out_bars(ship(warp_current=[4, 4]), ShipCondition(), Mode.SUBLIGHT) == []
    assert "Bridge" in warp.warp_out_bars(d, ShipCondition(bridge_phases=1), Mode.SUBLIGHT)[0]
    assert warp.warp_out_bars(d, ShipCondition(superstructure_lost=27), Mode.SUBLIGHT) == []  # 67.5%
    assert "70%" in warp.warp_out_bars(d, ShipCondition(superstructure_lost=28), Mode.SUBLIGHT)[0]
    assert "no crew" in warp.warp_out_bars(d, ShipCondition(crew_left=0), Mode.SUBLIGHT)[0]
    assert "warp speeds" in warp.warp_out_bars(d, ShipCondition(), Mode.WARP)[0]
    mon = ship(warp_engines=[], monitor=True, cruising_warp=0, emergency_warp=0)
    assert "monitor" in warp.warp_out_bars(mon, ShipCondition(), Mode.SUBLIGHT)[0]


def test_striking_table() -> None:
    assert warp.STRIKE == {"planet": 90, "moon": 50, "asteroid": 25}


@pytest.mark.parametrize("major, d10, expected", [(False, 1, -4), (False, 10, 2), (True, 10, 12), (True, 1, 3),
                                                   (False, 5, 0), (True, 5, 7)])
def test_warp_dispersion_table(major: bool, d10: int, expected: int) -> None:
    assert (warp.MAJOR if major else warp.MINOR)[d10] == expected


def test_dispersion_adds_the_entering_warp_and_is_never_negative() -> None:
    assert warp.dispersion(False, 1, 2) == 0  # -4 + 2 -> 0
    assert warp.dispersion(False, 1, 5) == 1
    assert warp.dispersion(True, 10, 2) == 14


def test_bearing_d4_minus_1_and_2d10() -> None:
    assert warp.bearing(1, 10, 10) == 0
    assert warp.bearing(4, 5, 9) == 359
    assert warp.bearing(4, 6, 10) is None  # 360: roll again
    assert warp.bearing(2, 3, 7) == 137


@pytest.mark.parametrize("rng, top", [(0, 10), (7, 10), (8, 9), (14, 9), (15, 8), (21, 8), (22, 7), (28, 7),
                                      (29, 6), (36, 6), (37, 0), (90, 0)])
def test_lock_chance_by_range(rng: int, top: int) -> None:
    assert sensors.lock_top(rng) == top


def test_lock_on_an_arrival_is_two_harder() -> None:
    assert sensors.lock_top(15, -2) == 6 and sensors.lock_top(40, -2) == 0


def test_cloak_detection_tables() -> None:
    assert sensors.table_of(5) == "1-5" and sensors.table_of(6) == "6-0" and sensors.table_of(10) == "6-0"
    assert sensors.detect_faces("1-5", 11, True, True) == (1, 7)  # the acceptance
    assert sensors.detect_faces("1-5", 10, True, True) == (1, 8)
    assert sensors.detect_faces("1-5", 20, False, False) == (1, 2)
    assert sensors.detect_faces("1-5", 21, False, False) == (1, 1)
    assert sensors.detect_faces("6-0", 21, False, False) == (10, 10)
    assert sensors.detect_faces("6-0", 1, True, True) == (3, 10)
    assert sensors.detect_faces("1-5", 31, True, True) is None
    assert sensors.detects("1-5", 15, True, True, 7) and not sensors.detects("1-5", 15, True, True, 8)
    assert sensors.detects("6-0", 15, True, True, 4) and not sensors.detects("6-0", 15, True, True, 3)
    assert sensors.detect_chance(15, True, True) == (7 + 7) / 20


@pytest.mark.parametrize("speed, mod", [(0, 1), (2, 1), (3, 0), (6, 0), (7, -1), (10, -1), (11, -2), (15, -2)])
def test_speed_modifier(speed: int, mod: int) -> None:
    assert fire.speed_modifier(speed) == mod


def test_to_hit_with_missile_and_no_lock() -> None:
    assert fire.to_hit(8, 5, missile=True, locked=True) == 7
    assert fire.to_hit(8, 1, missile=False, locked=False) == 3
    assert fire.hit_chance(7) == 0.7


@pytest.mark.parametrize("value, top", [(9, None), (10, 93), (11, 95), (12, 97), (13, 99), (20, 99)])
def test_extended_to_hit(value: int, top: int | None) -> None:
    assert fire.extended(value) == top


def test_damage_boxes_carry_the_seed_example() -> None:
    first = fire.boxes(12, 0)
    assert first == fire.Boxes(2, 2)
    assert fire.boxes(8, first.carried) == fire.Boxes(2, 0)
    assert fire.boxes(4, 0) == fire.Boxes(0, 4)


def test_three_bridge_hits_in_turn_2_segment_2() -> None:
    assert repair.barred_phases(2, 2, 3) == [(2, 2), (2, 3), (3, 1)]
    assert repair.first_repair(2, 2, 3) == (3, 2)
    assert repair.first_repair(2, 2, 0) == (2, 2)


def test_successive_repairs_and_tenders() -> None:
    assert [repair.repair_modifier(n) for n in (1, 2, 3, 4, 5)] == [0, -1, -2, -3, -3]
    assert repair.tender_assists(8) == 2  # Class VIII / 3 = 2.67 -> 2
    assert [repair.tender_assists(c) for c in (1, 2, 3, 5, 6, 9, 12, 20)] == [1, 1, 1, 1, 2, 3, 3, 3]
