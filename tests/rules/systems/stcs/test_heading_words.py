"""Emergency Heading Changes (rules/systems/stcs/heading.py) word for word, and the corners a mutation run found
unguarded: each refusal's reason, the order of Tactical Advantage starting again each segment, the act's other acts
untouched by its refusal, a ship that moved into a mine's hex not attacked again when it turns there."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import heading
from tests.rules.systems.stcs.helpers import place_mine
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_heading import refused
from tests.rules.systems.stcs.test_impulse import begun_before
from tests.rules.systems.stcs.test_minehits import end_segment, move
from tests.rules.systems.stcs.test_tractors import decrewed


def rulings(run, rule: str) -> list:
    return [(e.kind, e.text, e.data) for e in run.log.events if e.rule == rule and e.kind == "ruling"]


def test_the_act_the_question_and_the_lines_word_for_word() -> None:
    run = scripted([])
    e = run.engine
    q = run.pending
    assert q.data["option_words"]["heading:d7"] == ("Klothos makes an Emergency Heading Change (one hex side; a point "
                                                    "of damage on each warp engine and on its superstructure)")
    now = e.facing["d7"]
    run.answer("heading:d7")
    q = run.pending
    assert q.key == "stcs/1/heading/d7" and q.rule == heading.EHC
    assert q.text == "Game Master: which way does Klothos turn in its Emergency Heading Change?"
    assert q.data["option_words"] == {now.rotate(1).name: f"one hex side right: heading {now.rotate(1).name}",
                                      now.rotate(-1).name: f"one hex side left: heading {now.rotate(-1).name}"}
    run.answer(now.rotate(-1).name)
    assert rulings(run, heading.EHC) == [("ruling", f"Klothos makes an Emergency Heading Change: heading {now.name} "
                                                    f"to {now.rotate(-1).name}", {"unit": "d7"})]
    assert rulings(run, heading.STRESS) == [("ruling", "Klothos may take more damage by the Turning Stress Chart (the "
                                                       "base game's): the Game Master enters it from the table", {})]


def test_the_impulse_engines_line_in_a_battle_begun_before_it_kept_its_damage() -> None:
    run = scripted([])
    for engine in ("engine:1", "engine:2"):
        run.answer("hit:d7")
        run.answer(engine)
        run.answer(10)
    run = begun_before(run)  # (its record's era 1: rules/systems/stcs/compat.py)
    e = run.engine
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    assert rulings(run, heading.EHC)[1] == ("ruling", "Klothos' impulse engine takes 1 point of damage (no functional "
                                                      "warp engine; at the table)", {"unit": "d7"})


def test_a_ship_with_no_crew_aboard_is_not_capable_of_movement() -> None:
    run = decrewed([])
    refused(run, "heading:d7", r"^STCS Emergency Heading Changes: Klothos is not capable of movement \(no crew "
                               r"aboard\)$")


def test_a_ship_held_by_repair_shuttles_may_not_rotate() -> None:
    run = scripted([])
    e = run.engine
    e.assisted.append((e.round, "enterprise", "enterprise", "shuttles"))  # (a tender assisting itself this turn)
    refused(run, "heading:enterprise", r"Enterprise is not capable of movement \(Repair Shuttles: it may not rotate "
                                       r"this turn\)$")
    run.answer("heading:d7")  # the Klothos is not held


def test_the_passed_and_the_movement_over_refusals_word_for_word() -> None:
    run = scripted([])
    e = run.engine
    run.answer("heading:enterprise")
    run.answer(e.facing["enterprise"].rotate(1).name)
    with pytest.raises(IllegalAnswer) as err:
        run.answer("heading:d7")
    assert str(err.value) == ("STCS Emergency Heading Changes: Klothos has passed: Enterprise, after it in the order of "
                              "Tactical Advantage, made its Emergency Heading Change this segment")
    with pytest.raises(IllegalAnswer) as err:
        run.answer("move:d7")
    assert str(err.value) == ("STCS Emergency Heading Changes: the Movement Phase is over: Emergency Heading Changes "
                              "come after all movement is finished")


def test_the_order_starts_again_each_segment() -> None:
    run = scripted([])
    e = run.engine
    run.answer("heading:enterprise")
    run.answer(e.facing["enterprise"].rotate(1).name)
    end_segment(run)
    run.answer("move:d7")  # movement again in the new segment
    run.answer("0")
    run.answer(f"{e.facing['d7'].name}:0")
    run.answer("heading:d7")  # not passed: the Enterprise turned last segment
    run.answer(e.facing["d7"].rotate(1).name)
    assert e.turned == {"enterprise": 1, "d7": 2}


def test_its_refusal_leaves_the_ships_other_acts_alone() -> None:
    run = scripted([])
    e = run.engine
    move(run, 1, f"{e.facing['d7'].name}:-1")  # in reverse: its heading change is refused
    refused(run, "heading:d7", "moved in reverse")
    run.answer("hit:d7")  # its other acts are not
    assert run.pending.key.startswith("stcs/1/hit/d7")


def test_a_ship_that_moved_into_a_mines_hex_is_not_attacked_again_when_it_turns_there() -> None:
    run = scripted([])
    e = run.engine
    h = e.at["d7"].neighbor(e.facing["d7"], 2)
    place_mine(run, h, e.units["enterprise"].team)
    move(run, 2, f"{e.facing['d7'].name}:2")  # 2 points, in segment 1: into the mine's hex
    assert "Klothos enters the hex" in run.pending.text
    run.answer(0)  # it does not go off
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    assert run.pending.key == "stcs/1/act"  # no second chance: it was met moving in
