"""Seed 002's mines (issue 25): deployed within 4 hexes into a hex with no ship, the hex its side's;
a hex scanned at -2 tells its side how many; 3 points of one hit destroy one (the blast's part is in
test_explosion.py). A ship locks on to a mine at -2 and fires at it as at a ship at speed 0, -2 more."""
from __future__ import annotations

import pytest

from hexmap.hexes import Hex
from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import laying, mines
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.helpers import lay


def test_mines_reach_4_scan_at_minus_2_and_3_points_destroy() -> None:
    assert mines.REACH == 4 and mines.scan_top(15) == 6 and mines.scan_top(7) == 8
    assert mines.scan_top(37) == 0
    assert not mines.destroyed(2) and mines.destroyed(3)


def test_a_mine_is_deployed_within_4_hexes_of_the_ship_into_no_ships_hex() -> None:
    run = scripted([])
    spots = mines.lay_spots(run.engine, "d7")
    d7 = run.engine.at["d7"]
    assert spots and all(1 <= d7.distance(h) <= 4 for h in spots)
    bop = run.engine.at["bop"]  # cloaked: its hex is offered (the offer tells nothing), choosing it is refused
    assert bop in spots and len(spots) == 60  # 61 hexes, less its own
    run.answer("shields:d7")
    run.answer("lower:3")  # the shield toward the Bird of Prey (a shield down: test_laying.py)
    run.answer("mine:d7")
    behind = {f"{h.q},{h.r}" for h in spots if laying.through(run.engine, "d7", h) == 3}
    assert set(run.pending.options) == behind and f"{bop.q},{bop.r}" in behind  # only hexes behind shield 3
    assert 0 < len(behind) < len(spots)
    with pytest.raises(IllegalAnswer, match="a ship is located"):
        run.answer(f"{bop.q},{bop.r}")


def mine_at_20_hexes(faces: list[int]):
    """The D-7 deploys a mine at 4,-2 (20 hexes from the Enterprise); the Enterprise tries to lock on."""
    run = scripted(faces)
    lay(run, "d7", "4,-2")
    run.answer("minelock:enterprise")
    assert run.pending.data["option_words"]["4,-2"] == "hex 4,-2 (20 hexes: D10 1-6)"  # 15-21: 1-8, -2
    run.answer("4,-2")
    return run


@pytest.mark.parametrize(("die", "locked"), [(6, True), (7, False)])
def test_a_lock_on_a_mine_at_20_hexes_is_d10_1_to_6(die: int, locked: bool) -> None:
    run = mine_at_20_hexes([die])
    assert ("Enterprise locks on to a mine at 4,-2" in run.events_json("blue")) is locked
    assert ("minefire:enterprise" in run.pending.options) is locked
    assert "locks on to a mine" not in run.events_json("red")


def test_a_lock_on_an_empty_hex_finds_no_mine_and_no_lock() -> None:
    run = scripted([1])
    run.answer("minelock:enterprise")
    run.answer("4,-2")
    assert "Enterprise finds no mine at 4,-2" in run.events_json("blue") and "minefire:enterprise" not in \
        run.pending.options


@pytest.mark.parametrize(("die", "points", "gone"), [(8, 3, True), (8, 2, False), (9, None, False)])
def test_a_torpedo_at_the_mine_hits_on_1_to_8_and_3_points_destroy_it(die: int, points: int | None,
                                                                       gone: bool) -> None:
    run = mine_at_20_hexes([1, die])
    run.answer("minefire:enterprise")
    assert run.pending.options == ("1",)  # the torpedoes reach 20, the phasers 18
    run.answer("1")
    assert run.pending.data["odds"]["10"] == "To-Hit 8: D10 1-8 (80%)"  # 10 + 1 (speed 0) - 1 (missile) - 2 (mine)
    run.answer(10)
    if points is not None:
        run.answer(points)
    assert (run.engine.mines == []) is gone
    assert ("destroy the mine at 4,-2" in run.events_json()) is gone


def test_two_locks_on_a_hex_with_one_mine_are_two_mines_the_second_finds_none_left() -> None:
    run = mine_at_20_hexes([1, 1, 1, 1])  # both lock on and hit
    run.answer("minelock:d7")
    run.answer("4,-2")
    assert run.engine.mine_locks == {"enterprise": (Hex(4, -2), 0), "d7": (Hex(4, -2), 1)}
    run.answer("minefire:d7")
    run.answer("0")
    run.answer(10)
    run.answer(5)
    assert len(run.engine.mines) == 1 and "no mine destroyed at 4,-2" in run.events_json()
    run.answer("minefire:enterprise")
    run.answer("1")
    run.answer(10)
    run.answer(3)
    assert run.engine.mines == [] and "d7" in run.engine.mine_locks
