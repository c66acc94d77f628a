"""Seed 002's Effects From Crew Casualties (issue 25): at most 5 points a hit, halved (dropping
fractions) on a passed Crew Efficiency roll, times the ship's percentage per point, at most 20% (10% a
Bridge hit); 100% lost: no crew, so the "no crew" bar on warping out and the core ejection apply."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
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
    assert run.engine.casualties["d7"] == 80 and "Klothos warp out" not in run.pending.data["barred"]
    crew_hit(run, "d7", "bridge", 5, 20)  # passed: 2 points x 20 = 40, a Bridge hit: at most 10%
    assert run.engine.casualties["d7"] == 90
    crew_hit(run, "d7", "other", 5, 2)  # 95 fails: 5 x 2 = 10%
    assert casualties.crew_left(run.engine, "d7") == 0
    assert "no crew onboard" in run.pending.data["barred"]["Klothos warp out"]
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])  # no crew: no ejection roll (50 would eject); the core roll's 50 explodes it
    assert [b["ship"] for b in run.engine.blasts] == ["d7"]


def test_percent_of_no_points_or_no_percentage_is_0_and_a_negative_one_is_refused() -> None:
    assert casualties.percent(0, 5, False, False) == 0 and casualties.percent(3, 0, False, False) == 0
    for points, per in ((-1, 5), (3, -1)):
        with pytest.raises(ValueError, match="^points and the percentage are 0 or more$"):
            casualties.percent(points, per, False, False)


def test_the_gms_points_and_percentage_questions_take_whole_numbers_1_200_and_1_100() -> None:
    """The hit's damage points (at most 5 count, but the GM enters what the hit did: 1-200) and the ship's
    percentage per point (1-100), the GM's numbers, 1 by default; others refused citing the rule."""
    run = scripted([90] * 5)
    run.answer("crew:d7")
    run.answer("other")
    points = "how many damage points did the hit do (after any divisors; at most 5 count)?"
    rate = "Klothos' percentage casualties per damage point (its control panel)?"
    for key, high, text in (("points", 200, points), ("rate", 100, rate)):
        q = run.pending
        assert (q.key, q.kind.name, q.to, q.rule) == (f"stcs/1/crew/d7/{key}", "NUMBER", "gm", casualties.RULE)
        assert (q.low, q.high, q.default, q.text) == (1, high, 1, f"Game Master: {text}")
        for bad in (0, high + 1, True, "5"):
            with pytest.raises(IllegalAnswer, match=f"a whole number 1-{high}$") as why:
                run.answer(bad)
            assert why.value.rule == casualties.RULE
        run.answer(high if key == "points" else 1)
    assert run.engine.casualties["d7"] == 5  # 5 points count, 1% each (the D100 90 fails against 61)


def test_a_ship_not_hit_has_all_its_crew_and_a_ship_of_crew_0_none() -> None:
    from rules.dice import ScriptedDice
    from rules.systems.stcs.battle import STCSBattle
    from tests.rules.systems.stcs.test_casualty_track import campaign
    from tests.rules.systems.stcs.test_firing import ARRIVAL
    from tests.rules.systems.v13.helpers import AT

    for crew, left in ((430, 100), (1, 100), (0, 0)):
        run = STCSBattle(campaign(crew=crew), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
        assert casualties.crew_left(run.engine, "lexington") == left


def test_a_crew_hits_lines_are_rulings_on_the_ship_the_box_and_whats_left_its_sides() -> None:
    """With the record's modifiers (the box counts Blue's secret party) the box, the die's purpose and the loss are
    Blue's and the GM's; what is left at the stations always is."""
    from tests.rules.systems.stcs.test_casualty_track import hit as track_hit

    run = track_hit(43, 57)
    said = [(v.kind, v.rule, v.data, v.visible_to, v.text) for v in run.log.events if v.data == {"unit": "lexington"}
            and v.rule in (casualties.RULE, "STCS Casualty Modifier Track")]
    mine = ("blue", "gm")
    assert said == [
        ("ruling", "STCS Casualty Modifier Track", {"unit": "lexington"}, mine,
         "Lexington's Casualty Modifier Track: the 90-100% box (Crew Efficiency 57 +0: 57)"),
        ("ruling", casualties.RULE, {"unit": "lexington"}, mine, "Lexington loses 8% of its crew"),
        ("ruling", casualties.RULE, {"unit": "lexington"}, mine, "Lexington: 82% of its crew at their stations")]
    roll = next(v for v in run.log.events if v.kind == "roll" and v.rule == casualties.RULE)
    assert roll.text == ("crew efficiency (at or under its Casualty Modifier Track's: half the points) (Blue): 1d100 "
                         "rolled 57")


def test_without_modifiers_the_loss_is_public_and_what_is_left_the_sides() -> None:
    run = scripted([90] * 5)
    crew_hit(run, "d7", "other", 5, 1)
    said = [(v.kind, v.rule, v.visible_to, v.text) for v in run.log.events if v.data == {"unit": "d7"}
            and v.rule == casualties.RULE]
    assert said == [("ruling", casualties.RULE, None, "Klothos loses 5% of its crew"),
                    ("ruling", casualties.RULE, ("red", "gm"), "Klothos: 95% of its crew at their stations")]
    roll = next(v for v in run.log.events if v.kind == "roll" and v.rule == casualties.RULE)
    assert roll.text == "crew efficiency (1-61: half the points) (Red): 1d100 rolled 90"
