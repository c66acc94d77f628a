"""Seed 002's Moving In Reverse: "For any one movement point when in reverse, a ship may either change heading or
move backwards (i.e., there is no move back one hex and turn one hex side). While moving in reverse a ship may not
use the Emergency Heading Change rule" (test_heading.py); Towing: "A ship moving in reverse may not tow or maintain a
tow"; Mine Damage: "if the ship turns while in reverse the shield will be #4 or #6" (and, read so, a ship backing
into a mine's hex meets it on its stern, shield 4, as one moving ahead meets it on its bow)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import movement, tractors
from tests.rules.systems.stcs.helpers import place_mine
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_minehits import move, seen
from tests.rules.systems.stcs.test_tractors import drawn_into_its_hex, towing


def test_a_point_in_reverse_turns_or_backs_one_hex_never_both() -> None:
    run = scripted([])
    e = run.engine
    now = e.facing["d7"]
    right, left = now.rotate(1), now.rotate(-1)
    run.answer("move:d7")
    run.answer("1")
    back = {o for o in run.pending.options if ":-" in o}
    assert back == {f"{now.name}:-1", f"{right.name}:-0", f"{left.name}:-0"}  # not a hex astern and a turn
    assert f"{now.name}:-0" not in run.pending.options  # (holding still is "keep heading, 0 hexes ahead")
    assert run.pending.data["option_words"][f"{now.name}:-1"].startswith("in reverse: keep heading")
    run = scripted([])
    run.answer("move:d7")
    run.answer("2")
    assert {f"{right.name}:-1", f"{now.name}:-2", f"{now.rotate(2).name}:-0"} <= set(run.pending.options)
    assert f"{right.name}:-2" not in run.pending.options


def test_a_ship_backs_astern_keeping_its_heading_at_the_speed_of_its_points() -> None:
    run = scripted([])
    e = run.engine
    start, now = e.at["d7"], e.facing["d7"]
    move(run, 2, f"{now.name}:-2")
    assert e.at["d7"] == start.neighbor(now.opposite, 2) and e.facing["d7"] is now
    assert movement.speed(e, "d7") == 2 and e.reversing == {"d7": 1}
    ev = [x for x in run.log.events if x.kind == "ruling" and "in reverse" in x.text]
    assert ev and ev[0].rule == movement.REVERSE and f"Klothos moves in reverse at speed 2: heading {now.name}" in \
        ev[0].text


def test_a_towing_ship_moving_in_reverse_loses_its_tow_and_may_not_tow_that_segment() -> None:
    run = towing()
    e = run.engine
    drawn_into_its_hex(run)
    together = e.at["d7"]
    assert e.at["lexington"] == together and e.contact.tractors == {"lexington": ["d7"]}
    move_lex = e.facing["lexington"].name
    run.answer("move:lexington")
    run.answer("1")
    run.answer(f"{move_lex}:-1")
    assert e.contact.tractors == {} and e.at["d7"] == together != e.at["lexington"]  # not towed along
    assert [(x.kind, x.rule, x.text) for x in run.log.events if "in reverse may not" in x.text] == [
        ("ruling", tractors.TOWING, "Lexington's tractor beam on Klothos breaks: a ship moving in reverse may not tow "
                                    "or maintain a tow")]
    with pytest.raises(IllegalAnswer) as err:
        run.answer("tractor:lexington")
    assert str(err.value) == ("STCS Towing: Lexington moved in reverse in this Movement Phase: a ship moving in "
                              "reverse may not tow")


def test_backing_into_a_mines_hex_meets_it_on_the_stern() -> None:
    run = scripted([])
    e = run.engine
    now = e.facing["d7"]
    h = e.at["d7"].neighbor(now.opposite, 2)
    place_mine(run, h, e.units["enterprise"].team)
    move(run, 3, f"{now.name}:-3")
    q = run.pending
    assert f"Klothos backs into the hex {h.q},{h.r} of a mine" in q.text and "shield 4 (the stern" in q.text
    run.answer(100)  # it goes off
    run.answer(25)
    assert "Klothos' shield 4 faces the mine: it absorbs 20 of 25 points" in seen(run, "blue")


def turned_in_a_mines_hex(how: str):
    """The Klothos rotates one hex side right (``how`` ":-0" in reverse, ":0" ahead) in the hex of a mine of the
    Enterprise's side."""
    run = scripted([])
    e = run.engine
    place_mine(run, e.at["d7"], e.units["enterprise"].team)
    move(run, 1, f"{e.facing['d7'].rotate(1).name}{how}")
    return run


@pytest.mark.parametrize("shield", ["4", "6"])
def test_turning_in_reverse_in_a_mines_hex_meets_it_on_shield_4_or_6(shield: str) -> None:
    run = turned_in_a_mines_hex(":-0")
    assert "Klothos rotates in reverse in the hex" in run.pending.text and "shield 4 or 6 (rotating in reverse" in \
        run.pending.text
    run.answer(100)
    assert run.pending.options == ("4", "6")
    run.answer(shield)
    run.answer(5)
    assert f"Klothos' shield {shield} faces the mine: it absorbs 5 of 5 points" in seen(run, "blue")


def test_turning_ahead_in_a_mines_hex_is_still_shield_1_or_3() -> None:
    run = turned_in_a_mines_hex(":0")
    assert "Klothos rotates in the hex" in run.pending.text and "shield 1 or 3 (rotating: the GM picks)" in \
        run.pending.text
    run.answer(100)
    assert run.pending.options == ("1", "3")


def test_a_cloaked_ship_backs_in_secret() -> None:
    run = scripted([])
    e = run.engine
    run.answer("move:bop")
    run.answer("2")
    assert run.pending.to == "red" and f"{e.facing['bop'].name}:-2" in run.pending.options
    run.answer(f"{e.facing['bop'].name}:-2")
    assert "moves in reverse" not in seen(run, "blue") and "Bird of Prey moves in reverse at speed 2" in seen(run, "red")
