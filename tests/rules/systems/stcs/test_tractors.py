"""Seed 002's Tractor Beams and Towing (issue 25): beams by Class, beams lost to superstructure damage,
the Relative Class Size table, and a de-crewed Klothos taken, towed at most Cruising Warp, drawn closer
and let go beyond four hexes, through the act list."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs.tractors import beams, beams_left, tow_steps
from tests.rules.systems.stcs.test_firing import close
from tests.rules.systems.stcs.test_ramming import lands
from tests.rules.systems.stcs.test_shieldcontrol import lower


@pytest.mark.parametrize(("cls", "tug", "n"), [(8, False, 1), (9, False, 2), (3, True, 2), (20, False, 2)])
def test_class_viii_and_less_have_one_beam_ix_and_above_or_a_tug_two(cls: int, tug: bool, n: int) -> None:
    assert beams(cls, tug) == n


@pytest.mark.parametrize(("total", "lost", "left"), [
    (1, 27, 1), (1, 28, 0),  # one beam: lost at 70% of 40
    (2, 15, 2), (2, 16, 1), (2, 31, 1), (2, 32, 0)])  # two: one at 40%, the second at 80%
def test_beams_are_lost_to_superstructure_damage(total: int, lost: int, left: int) -> None:
    assert beams_left(total, lost, 40) == left


@pytest.mark.parametrize(("rel", "steps", "tug_steps"), [
    (-9, 0, 0), (-5, 0, 0), (-4, 1, 0), (-3, 1, 0), (-2, 2, 1), (0, 2, 1), (1, 3, 2), (2, 3, 2), (3, 5, 3),
    (4, 5, 3), (5, 7, 5), (6, 7, 5), (7, None, 7), (12, None, 7)])
def test_the_relative_class_size_table_a_tug_one_line_higher(rel: int, steps, tug_steps) -> None:
    assert tow_steps(rel) == steps and tow_steps(rel, tug=True) == tug_steps


def decrewed(faces: list[int]):
    """The Klothos, 4 hexes from the Lexington, with no crew left (five 20% hits)."""
    run = close([99] * 5 + faces)
    for _ in range(5):
        run.answer("crew:d7")
        run.answer("other")
        run.answer(5)
        run.answer(4)
    assert "no crew onboard" in run.events_json()
    return run


def towing():
    """The de-crewed Klothos held in the Lexington's tractor beam (its D100 a 1, then the D10's 5)."""
    run = decrewed([1])
    for a in ("shields:lexington", "toward:d7", "tractor:lexington", "d7", 5):
        run.answer(a)
    return run


def one_hex_closer(run) -> None:
    """The Lexington moves one hex straight toward the Klothos."""
    e = run.engine
    run.answer("move:lexington")
    run.answer("1")
    run.answer(next(o for o in run.pending.options if o.endswith(":1") and lands(e.at["lexington"], o).distance(
        e.at["d7"]) < e.range("lexington", "d7")))


def drawn_into_its_hex(run) -> None:
    """Two segments: each one hex toward the Klothos, then the Klothos drawn one closer; the GM ends the segment,
    Red warps no cloaked ship out. The Klothos ends in the Lexington's hex."""
    for _ in range(2):
        one_hex_closer(run)
        run.answer("draw:lexington")
        run.answer("d7")
        run.answer("next")
        run.answer("none")


def test_a_tractor_beam_takes_a_de_crewed_ship_on_firing_chart_a_and_tows_it() -> None:
    run = decrewed([6])
    e = run.engine
    assert "tractor:lexington" in run.pending.options and "tractor:enterprise" not in run.pending.options  # 24 hexes
    lower(run, "lexington", "d7")  # Shield Control: its shield toward the Klothos (no crew: none raised there)
    run.answer("tractor:lexington")
    assert run.pending.options == ("d7",)
    run.answer("d7")
    assert run.pending.data["odds"]["5"] == "To-Hit 6: D10 1-6 (60%)"  # speed 0 +1, no lock needed
    run.answer(5)
    assert e.contact.tractors == {"lexington": ["d7"]}
    assert ("Lexington's tractor beam holds Klothos (To-Hit 6: D10 1-6 (60%); 1 power): towing: movement ratio 2 "
            "steps worse (Relative Class Size +0; the ratio is the table's), at most Cruising Warp 6"
            ) in run.events_json("red")
    assert "tractor:lexington" not in run.pending.options  # Class VIII: its one beam is in use
    run.answer("move:lexington")
    assert run.pending.options == tuple(str(p) for p in range(7))  # never over Cruising Warp 6
    run.answer("1")
    ahead = next(o for o in run.pending.options if o.endswith(":1") and lands(e.at["lexington"], o).distance(
        e.at["d7"]) == 3 and o.split(":")[0] == e.facing["lexington"].name)
    run.answer(ahead)  # one hex straight ahead, toward the Klothos
    assert "draw:lexington" in run.pending.options
    run.answer("draw:lexington")
    run.answer("d7")
    assert e.range("lexington", "d7") == 2 and "draw:lexington" not in run.pending.options  # once a phase
    assert "Lexington draws Klothos one hex closer" in run.events_json()


def test_a_shield_up_between_the_ships_stops_the_beam_and_a_miss_takes_nothing() -> None:
    run = decrewed([7])
    before = run.events_json()
    with pytest.raises(IllegalAnswer, match="cannot take Klothos: a shield is up") as why:
        run.answer("tractor:lexington")  # the Lexington's shield toward the Klothos is up (Shield Control)
    assert why.value.rule == "STCS Tractor Beams" and run.events_json() == before  # the GM's, not announced
    lower(run, "lexington", "d7")
    run.answer("tractor:lexington")
    run.answer("d7")
    run.answer(5)  # D10 1-6: the 7 misses
    assert run.engine.contact.tractors == {}
    assert "Lexington's tractor beam misses Klothos" in run.events_json()


def test_the_beam_breaks_beyond_four_hexes_and_the_gm_may_release_it() -> None:
    run = towing()
    e = run.engine
    run.answer("release:lexington")
    run.answer("d7")
    assert e.contact.tractors == {} and "Lexington's tractor beam lets go of Klothos" in run.events_json()
    run = decrewed([1])
    e = run.engine
    for a in ("shields:lexington", "toward:d7", "tractor:lexington", "d7", 5, "move:lexington", "6"):
        run.answer(a)
    run.answer(next(o for o in run.pending.options if lands(e.at["lexington"], o).distance(e.at["d7"]) > 4))
    assert e.contact.tractors == {}
    assert "Lexington's tractor beam on Klothos breaks: more than 4 hexes apart" in run.events_json()


def test_a_ship_with_its_crew_is_no_tractor_target_for_the_enemy() -> None:
    run = close([])
    assert "tractor:lexington" not in run.pending.options  # the Klothos has its crew; no friend within 4


def test_a_beam_lost_to_damage_breaks_before_the_next_act_is_offered() -> None:
    run = towing()
    e = run.engine
    assert e.contact.tractors == {"lexington": ["d7"]}
    run.answer("hit:lexington")
    run.answer("superstructure")
    if run.pending.key.endswith("/points"):
        run.answer(28)  # 70% of its 40: its one beam is lost
    while run.pending.key != "stcs/1/act":  # any further question of the hit (from the table)
        run.answer(run.pending.options[0] if run.pending.options else run.pending.default)
    assert e.contact.tractors == {}
    assert "release:lexington" not in run.pending.options and "draw:lexington" not in run.pending.options
    assert "Lexington's tractor beam on Klothos breaks: a beam lost to superstructure damage" in run.events_json()


def test_a_ship_drawn_into_the_towing_ships_hex_moves_with_it() -> None:
    run = towing()
    e = run.engine
    drawn_into_its_hex(run)  # each segment: one hex straight toward the Klothos, then draw it one closer
    assert e.at["d7"] == e.at["lexington"]
    run.answer("move:lexington")
    run.answer("6")
    run.answer(f"{e.facing['lexington'].name}:6")
    assert e.at["d7"] == e.at["lexington"] and e.contact.tractors == {"lexington": ["d7"]}
    assert f"Lexington tows Klothos along to {e.at['d7'].q},{e.at['d7'].r}" in run.events_json()
