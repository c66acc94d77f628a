"""Seed 002, Sensors, Sensor Locks, Obtaining A Sensor Lock - Information (issue 25): beyond 36 hexes of
every ship of a side (and no lock of its), that side knows of a ship only its location, its heading,
its class and the maker of its warp engines. The D-7 (Class VIII, Klingon engines) starts 24 hexes
from the Enterprise; the Lexington arrives later."""
from __future__ import annotations

import pytest

from rules.battlehex.log import GM
from rules.systems.stcs import sensors
from tests.rules.systems.stcs.test_activation import end_segment
from tests.rules.systems.stcs.test_damage import scripted


def test_the_lock_table_and_classes_in_roman() -> None:
    assert [sensors.lock_top(r) for r in (7, 8, 14, 15, 21, 22, 28, 29, 36, 37)] == [10, 9, 9, 8, 8, 7, 7, 6, 6, 0]
    assert [sensors.roman(n) for n in (1, 4, 8, 9, 14, 20)] == ["I", "IV", "VIII", "IX", "XIV", "XX"]


@pytest.mark.parametrize(("more", "far"), [(0, False), (1, True)])
def test_beyond_36_hexes_only_location_heading_class_and_engines(more: int, far: bool) -> None:
    run = scripted([])
    e = run.engine
    away = e.facing["d7"].opposite.name  # the D-7 turns about (3 points) and runs from the Enterprise
    run.answer("move:d7")
    run.answer("15")
    run.answer(f"{away}:12")
    if more:
        end_segment(run)
        run.answer("move:d7")
        run.answer(str(more))
        run.answer(f"{away}:{more}")
    assert e.range("d7", "enterprise") == 36 + more
    assert sensors.long_range_only(e, "d7", e.defender) is far
    assert not sensors.long_range_only(e, "d7", e.attacker) and not sensors.long_range_only(e, "d7", GM)
    assert sensors.long_range_words(e, "d7") == f"a Class VIII ship at {e.at['d7'].q},{e.at['d7'].r}, heading " \
        f"{away}, Klingon engines"


def test_past_36_hexes_the_lock_goes_and_long_range_sensors_are_left() -> None:
    run = scripted([1])
    e = run.engine
    run.answer("move:d7")
    run.answer("15")
    run.answer(f"{e.facing['d7'].opposite.name}:12")  # 36 hexes: still lockable
    run.answer("lock:enterprise:d7")  # D10 1-6
    assert e.locks == {"enterprise": "d7"} and not sensors.long_range_only(e, "d7", e.defender)
    end_segment(run)
    run.answer("move:d7")
    run.answer("1")
    run.answer(f"{e.facing['d7'].name}:1")  # 37 hexes: the lock is lost with the move
    assert e.range("d7", "enterprise") == 37 and e.locks == {}
    assert sensors.long_range_only(e, "d7", e.defender)
