"""Seed 002's Power Allocation Phase (issue 25): each turn's first step, each side allocates each ship's power
in secret; the total within the power available (warp boxes left + impulse; none shut down; half after a
restart), warp movement at least Warp 2's power by the seed's formula, a cloak its power, the movement and
shield points the ratios buy; a part without power bars its acts (refused, the GM told why).

The ships' ratios are the tests' own (the base game's control panels are not in the seed): the Enterprise
24 warp + 4 impulse = 28 power, Movement Point Ratio 2:1, Shield Point Ratio 1:2 (20 points for 10 power);
the Bird of Prey 12 + 8 = 20, its cloak 8; the Klothos gives no ratio (the table's)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs import power
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import BOP, D7, FED, ship
from tests.rules.systems.v13.helpers import AT

ENTERPRISE = {**FED, "movement_ratio": [2, 1], "shield_ratio": [1, 2]}
BIRD = {**BOP, "cloak_power": 8}
LEXINGTON = {**FED, "impulse_power": 10}  # 34 power, 24 of it warp


def campaign() -> Any:
    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.v13.helpers import duel

    blue = [ship("enterprise", ENTERPRISE, name="Enterprise"), ship("lexington", LEXINGTON, name="Lexington")]
    red = [ship("d7", D7, name="Klothos"), ship("bop", BIRD, name="Bird of Prey", cloak_capable=True,
                                                 is_cloaked=True)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def battle(faces: list[int] | None = None, mode: str = "sublight") -> STCSBattle:
    run = STCSBattle(campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces or [])))
    run.answer(mode)
    if mode == "sublight":
        run.answer(["lexington"])
    return run


def allocate(run: STCSBattle, x: str, text: str) -> None:
    run.answer(f"power:{x}")
    run.answer(text)


def seen(run: STCSBattle, viewer: str) -> str:
    """The whole log as ``viewer`` reads it."""
    return json.dumps([e.to_dict() for e in run.log.for_viewer(viewer)])


def end_segment(run: STCSBattle) -> None:
    """The GM ends the segment; Red says in secret no cloaked ship warps out."""
    run.answer("next")
    if "/cloakout/" in run.pending.key:
        run.answer("none")


def refused(run: STCSBattle, answer: Any, words: str) -> None:
    before = (run.pending.key, len(run.answers), len(run.log.events))
    with pytest.raises(IllegalAnswer, match=words):
        run.answer(answer)
    assert (run.pending.key, len(run.answers), len(run.log.events)) == before  # nothing half-applied


def test_the_written_form_reads_and_malformed_ones_are_refused() -> None:
    a = power.read("movement 6, shields 2/2/2/2/2/2; weapons 4, warp 2")
    assert a == power.Allocation(movement=6, shields=(2,) * 6, weapons=4, warp=2)
    assert power.read(a.text()) == a and power.read({"movement": 3}) == power.Allocation(movement=3)
    assert power.read("movement 0012") == power.Allocation(movement=12)
    for bad, words in (("speed 3", "no part speed"), ("shields 1/2", "six numbers"), ("movement -1", "whole"),
                       ("movement", "its name and power"), (7, "write the allocation"), ("movement \u00b2", "whole"),
                       ({1: 2}, "no part 1"), ({"weapons": 1.5}, "whole"), ({"cloak": True}, "whole"),
                       ("movement 1000", "more power than any ship"), ({"movement": -3}, "not -3"),
                       ({"weapons": 10 ** 5000}, "more power than any ship"), ("movement " + "9" * 5000, "more power")):
        with pytest.raises(IllegalAnswer, match=words):
            power.read(bad)


def test_the_phase_is_the_turns_first_step_secret_for_every_ship_with_power() -> None:
    run = battle([9])  # the lock's D10 (fails)
    acts = run.pending.options
    assert {"power:enterprise", "power:d7", "power:bop", "power:lexington"} <= set(acts)
    assert acts[:3] == ("power:d7", "power:enterprise", "power:lexington")  # first (a cloaked ship's with its acts)
    run.answer("power:enterprise")
    q = run.pending
    assert q.to == "blue" and q.data["secret"] and q.data["available"] == 28
    assert q.text == ("Blue (in secret): Enterprise's power: 28 (warp 24 + impulse 4) among movement, shields (six), "
                      "weapons, cloak, warp (a speed, Warp 2: 8, 3: 12, 4: 16, 5: 20, 6: 24, 7: 28), transporters (1 a "
                      "6-9 person transporter), tractors, boarding (its crew in boarding parties, no power); movement "
                      "ratio 2:1; shield ratio 1:2?")
    assert q.default == "movement 7, shields 3/3/2/2/2/2, weapons 7"
    run.answer("movement 6, shields 5/5/5/5/0/0, weapons 2")
    assert run.engine.power.of["enterprise"] == power.Allocation(movement=6, shields=(5, 5, 5, 5, 0, 0), weapons=2)
    assert "power:d7" in run.pending.options and "power:enterprise" in run.pending.options  # again, if it wishes
    run.answer("lock:d7:enterprise")  # another act: the phase is over for this turn
    assert not [o for o in run.pending.options if o.startswith("power:")]
    for _ in range(3):
        end_segment(run)
    assert "power:enterprise" in run.pending.options  # turn 2's first step
    assert run.engine.power.of["enterprise"].movement == 6  # the allocation stands until allocated again


def test_the_numbers_are_the_allocating_sides_and_the_gms_only() -> None:
    run = battle()
    allocate(run, "bop", "movement 4, shields 1/1/1/1/1/1, weapons 2, cloak 8")
    blue, red = seen(run, "blue"), seen(run, "red")
    assert "cloak 8" in red and "Bird of Prey's power: 20 of 20 allocated" in red
    assert "cloak 8" not in blue and "of 20 allocated" not in blue and "movement 4" not in blue
    assert "power: 20" not in blue and "Warp 2: 6" not in blue  # the question's words: its power, its speeds
    assert "Bird of Prey's power: 20 (warp 12 + impulse 8) among movement, shields (six), weapons, cloak (8)" in red
    assert run.secret_answers() == {str(len(run.answers) - 1): "red"}  # sealed in the file for Red


@pytest.mark.parametrize(("text", "words"), [
    ("movement 9, shields 10/10/0/0/0/0", "has 28 power to allocate \\(warp 24 \\+ impulse 4\\); this takes 29"),
    ("warp 1", "at least Warp 2"),
    ("warp 9", "over Enterprise's Emergency Warp 8"),
    ("warp 7", "Warp 7 needs 28 power; the warp engines have 24"),
    ("warp 2, movement 21", "this takes 29 \\(Warp 2: 8\\)"),
    ("shields 11/0/0/0/0/0", "shield 1 takes at most 10 power \\(20 points at 1:2\\)"),
    ("cloak 1", "has no cloaking device"),
    ("tractors 2", "1 tractor beam"),
])
def test_an_allocation_over_its_power_or_against_a_rule_is_refused(text: str, words: str) -> None:
    run = battle()
    run.answer("power:enterprise")
    refused(run, text, words)
    run.answer("warp 2, movement 20")  # 8 + 20 = 28: exactly its power
    assert run.engine.power.of["enterprise"].warp == 2


def test_no_warp_power_in_warp_speed_combat() -> None:
    run = battle(mode="warp")
    run.answer("power:enterprise")
    refused(run, "warp 2", "fought at warp speeds")


def test_a_warp_out_needs_its_set_speed_allocated_that_turn() -> None:
    run = battle()
    allocate(run, "enterprise", "movement 6, weapons 2")
    refused(run, "warpout:enterprise", "no power allocated to warp movement")
    allocate(run, "enterprise", "warp 3, movement 6")  # Warp 3: 3 x 24 / 6 = 12
    run.answer("warpout:enterprise")
    assert run.pending.options == ("3",) and run.pending.data["option_words"]["3"] == "Warp 3 (12 power)"


def test_an_arrival_allocates_its_warp_movement_and_enters_at_that_speed() -> None:
    run = battle()
    run.answer("power:lexington")
    assert "power: 34 (warp 24 + impulse 10)" in run.pending.text
    assert run.pending.default == "movement 10, shields 1/1/1/1/1/1, weapons 10, warp 2"  # Warp 2 (8) first
    refused(run, "warp 8", "Warp 8 needs 32 power; the warp engines have 24")  # its Emergency Warp
    run.answer("warp 6, movement 10")  # 6 x 24 / 6 = 24, + 10 = 34
    run.answer("warpin:lexington")
    run.answer(run.pending.default)  # Blue's target hex, as the question opens
    assert run.pending.options == ("6",)


def test_movement_points_are_what_the_power_buys_at_the_ratio() -> None:
    run = battle()
    allocate(run, "enterprise", "movement 6, weapons 2")  # 2:1 -> 3 points
    run.answer("move:enterprise")
    refused(run, "4", "power to movement buys 3 points at 2:1, not 4")
    run.answer("3")
    assert run.pending.key.endswith("/path")


def test_no_power_to_movement_no_move_and_none_to_weapons_no_fire() -> None:
    run = battle()
    allocate(run, "d7", "weapons 0, movement 0, shields 1/1/1/1/1/1")
    refused(run, "move:d7", "Klothos: no power allocated to movement")
    assert "move:d7" in run.pending.options  # still listed: the act list, on every screen, tells nothing


def test_at_the_tables_ratio_any_power_to_movement_keeps_the_caps() -> None:
    run = battle()
    allocate(run, "d7", "movement 1, weapons 2")
    run.answer("move:d7")
    run.answer("15")  # the sub-light cap stands: the Movement Point Ratio is the table's
    assert run.pending.key.endswith("/path")


def test_shield_points_are_the_power_at_the_shield_ratio() -> None:
    run = battle()
    allocate(run, "enterprise", "shields 5/10/0/0/0/0, movement 4")
    e = run.engine
    from rules.systems.stcs import shields
    assert [shields.points_left(e, "enterprise", i) for i in range(1, 7)] == [10, 20, 0, 0, 0, 0]
    assert shields.absorb(e, "enterprise", 1, 12, "a test hit") == 2  # 10 points for 5 power: 2 through
    allocate(run, "d7", "shields 1/0/0/0/0/0")  # the table's ratio: powered, the record's 20; none: down
    assert [shields.points_left(e, "d7", i) for i in (1, 2)] == [20, 0]


def test_a_cloak_needs_its_power_and_without_it_the_ship_uncloaks() -> None:
    run = battle()
    run.answer("power:bop")
    refused(run, "cloak 5", "cloaking device needs 8 power \\(or none\\), not 5")
    run.answer("cloak 0, movement 10")
    assert not run.engine.cloaked["bop"]
    assert "Bird of Prey uncloaks" in seen(run, "blue") and "cloaking device" not in seen(run, "blue")
    refused(run, "cloak:bop", "no power allocated to its cloaking device")


def test_a_bridge_hit_bars_changing_the_cloak_but_withdrawing_its_power() -> None:
    run = battle([5, 5, 5, 5])  # each Bridge hit's D10 (no new commander)
    run.answer("bridge:bop")
    run.answer(4)  # turn 1 segment 1: four Repair Phases, to turn 2 segment 1
    refused(run, "uncloak:bop", "a Bridge hit bars Bird of Prey changing its cloak status")
    for _ in range(3):
        end_segment(run)
    refused(run, "uncloak:bop", "a Bridge hit bars")  # still, in turn 2's first segment
    allocate(run, "bop", "cloak 0, movement 2")
    assert not run.engine.cloaked["bop"]


def test_half_power_the_turn_after_a_restart_and_none_while_shut_down() -> None:
    run = battle([5])  # the restart's D100: 1-10 (Crew Efficiency 57 - 50, at least 10)
    assert power.available(run.engine, "enterprise") == 28
    run.answer("shutdown:enterprise")
    end_segment(run)
    assert "power:enterprise" not in run.pending.options and power.available(run.engine, "enterprise") == 0
    end_segment(run)
    run.answer("restart:enterprise")
    end_segment(run)  # turn 2
    run.answer("power:enterprise")
    assert "power: 14 (warp 24 + impulse 4, half the turn after its engines came on-line)" in run.pending.text
    refused(run, "movement 15", "has 14 power to allocate")
    run.answer("movement 4, shields 5/5/0/0/0/0")


def test_a_ship_whose_power_boarders_shut_down_has_none_until_it_is_restored() -> None:
    run = battle([3])
    e = run.engine
    e.power.off.add("d7")  # (the boarders' D10 1 is test_melee.py's: the melee sets this)
    assert power.available(e, "d7") == 0 and "power:d7" not in power.acts(e)
    end_segment(run)  # no melee aboard: the crew's D10 3 restores it for the next Power Allocation Phase
    assert "Klothos' power is restored" in seen(run, "red") and power.available(e, "d7") == 24


@pytest.mark.parametrize(("change", "words"), [
    ({"movement_ratio": [3]}, "stcs.movement_ratio: \\[power, points\\]"),
    ({"shield_ratio": [0, 2]}, "stcs.shield_ratio: \\[power, points\\], each 1-99"),
    ({"cloak_power": 4}, "a ship without a cloaking device"),
])
def test_the_ratios_and_cloak_power_are_checked_in_the_file(change: dict[str, Any], words: str) -> None:
    from pydantic import ValidationError

    from rules.model.stcs import STCSData
    with pytest.raises(ValidationError, match=words):
        STCSData.model_validate({**FED, **change})
    assert STCSData.model_validate(ENTERPRISE).shield_ratio == [1, 2]



def test_boarders_who_shut_the_power_down_leave_the_ship_none_to_allocate() -> None:
    from tests.rules.systems.stcs.test_transporters import boarded
    run = boarded(100, [5, 7, 9, 1])  # the melee's D10 5, morale 7 and 9, the shut-down's D10 1
    end_segment(run)
    run.answer("melee:d7")
    run.answer(86)
    run.answer("no")  # not cut off
    run.answer("stay")
    run.answer("stay")
    run.answer("yes")  # 10 boarders try to shut the power down: D10 1
    assert "d7" in run.engine.power.off and "until it is restored" in seen(run, "red")
    end_segment(run)
    end_segment(run)  # turn 2: the boarders still aboard
    assert "power:d7" not in run.pending.options and "power:lexington" in run.pending.options
    assert power.available(run.engine, "d7") == 0


def test_the_file_keeps_a_sides_allocation_sealed_for_it(tmp_path) -> None:
    from tests.rules.systems.stcs.test_leaks import blue_sees
    run = battle()
    allocate(run, "bop", "movement 4, shields 1/1/1/1/1/1, weapons 2, cloak 8")
    run.answer("power:d7")  # Red's next question pending: Blue's screen shows nothing of it
    blue = blue_sees(run, tmp_path)
    assert "cloak 8" not in blue and "movement 4" not in blue and "power: 24" not in blue
    assert "Bird of Prey's power allocation (its side, in secret)" in blue  # the GM's act: no number


def test_one_power_a_tractor_beam_a_second_beam_needs_a_second_power() -> None:
    run = battle()
    allocate(run, "d7", "tractors 1, movement 2")
    run.engine.contact.tractors["d7"] = ["bop"]  # (a tow taken: test_tractors.py fires the beams)
    with pytest.raises(IllegalAnswer, match="its tractor power \\(1, 1 a beam\\) is in use"):
        power.refuse(run.engine, "tractor:d7")
    run.engine.power.of["d7"] = power.Allocation(tractors=2)
    assert power.refuse(run.engine, "tractor:d7") == "tractor:d7"
