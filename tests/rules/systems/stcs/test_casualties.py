"""Seed 002's Effects From Crew Casualties (issue 25): at most 5 points a hit, halved (dropping
fractions) on a passed Crew Efficiency roll, times the ship's percentage per point, at most 20% (10% a
Bridge hit); 100% lost: no crew, so the "no crew" bar on warping out and the core ejection apply."""
from __future__ import annotations

from rules.systems.stcs import casualties
from tests.rules.systems.stcs.test_damage import hit, scripted


def test_percent_of_one_hit() -> None:
    assert casualties.percent(12, 3, False, False) == 15  # 5 points count
    assert casualties.percent(5, 3, True, False) == 6  # halved: 2
    assert casualties.percent(5, 5, False, False) == 20 and casualties.percent(5, 5, False, True) == 10
    assert casualties.percent(1, 9, True, False) == 0


def test_efficiency_roll_never_below_10_and_100_fails() -> None:
    assert casualties.passes(5, 10) and not casualties.passes(5, 11)
    assert casualties.passes(99, 99) and not casualties.passes(99, 100)


def crew_hit(run, x: str, where: str, points: int, rate: int) -> None:
    run.answer(f"crew:{x}")
    run.answer(where)
    run.answer(points)
    run.answer(rate)


def test_the_crew_lost_bars_the_warp_out_and_the_core_ejection() -> None:
    # Klothos: crew efficiency 61; D100 90 fails (5 points x 20% = 20% a hit), 10 passes (2 x 20% = 40 -> 20%)
    run = scripted([90, 90, 90, 90, 10, 95, 50])
    assert "warpout:d7" in run.pending.options
    for _ in range(4):
        crew_hit(run, "d7", "other", 7, 20)
    assert run.engine.casualties["d7"] == 80 and "warpout:d7" in run.pending.options
    crew_hit(run, "d7", "bridge", 5, 20)  # passed: 2 points x 20 = 40, a Bridge hit: at most 10%
    assert run.engine.casualties["d7"] == 90
    crew_hit(run, "d7", "other", 5, 2)  # 95 fails: 5 x 2 = 10%
    assert casualties.crew_left(run.engine, "d7") == 0
    assert "warpout:d7" not in run.pending.options
    assert "no crew onboard" in run.pending.data["barred"]["Klothos warp out"]
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])  # no crew: no ejection roll (50 would eject); the core roll's 50 explodes it
    assert [b["ship"] for b in run.engine.blasts] == ["d7"]
