"""Issue 25 headless: the STCS Power Allocation Phase and a mine going off play from an answers file with the
``battle`` command's guarantees: the same bytes under any hash seed, an allocation over the ship's power exits 1
naming the rule, the other side's view never reads the numbers, and a mine that does not go off is the GM's."""
from __future__ import annotations

import json

from tests.test_main_cli_stcs import battle

POWER = ["sublight", ["lexington"], "power:enterprise", "movement 6, shields 2/2/2/2/2/2, weapons 4",
         "power:d7", {"movement": 5, "shields": [1, 1, 1, 1, 1, 1], "weapons": 3}]
MINE = ["shields:d7", "lower:1", "mine:d7", "2,-2", "next", "none", "move:d7", "3", "B:3"]
"""The Klothos at 0,0 heading B lays a mine two hexes ahead through its lowered bow (it stays still that Movement
Phase: seed 002), then, the next segment, moves over it (Red's cloaked Bird of Prey does not warp out)."""


def test_allocations_play_the_same_bytes_and_the_other_side_never_reads_them(tmp_path):
    one, two = battle(tmp_path, POWER, hash_seed="1"), battle(tmp_path, POWER, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    assert "Enterprise's power: 22 of 28 allocated: movement 6, shields 2/2/2/2/2/2, weapons 4" in one.stdout
    red = battle(tmp_path, POWER, viewer="red")
    blue = battle(tmp_path, POWER, viewer="blue")
    assert red.returncode == 0 and blue.returncode == 0, red.stderr + blue.stderr
    assert "Klothos' power: 14 of 24 allocated" in red.stdout and "Klothos' power:" not in blue.stdout
    assert "Enterprise's power: 22" in blue.stdout and "Enterprise's power: 22" not in red.stdout
    assert "Klothos' power allocation (its side, in secret)" in blue.stdout  # the GM's act: no number
    assert "movement 6" not in red.stdout and "power: 28" not in red.stdout


def test_an_allocation_over_the_ships_power_exits_1_naming_the_rule(tmp_path):
    r = battle(tmp_path, POWER[:3] + ["movement 20, shields 2/2/2/2/2/2"])
    assert r.returncode == 1
    assert "STCS Power Allocation Phase" in r.stderr and "has 28 power to allocate" in r.stderr


def test_a_move_with_no_power_to_movement_exits_1(tmp_path):
    r = battle(tmp_path, POWER[:2] + ["power:enterprise", "weapons 2", "move:enterprise"])
    assert r.returncode == 1 and "no power allocated to movement" in r.stderr


def test_a_mine_that_does_not_go_off_is_the_gms_and_the_mine_sides(tmp_path):
    answers = ["sublight", ["lexington"]] + MINE + [0]  # its chance: 0, it does not go off
    gm, blue = battle(tmp_path, answers), battle(tmp_path, answers, viewer="blue")
    assert gm.returncode == 0 and blue.returncode == 0, gm.stderr + blue.stderr
    assert "the mine at 2,-2 does not go off under Klothos" in gm.stdout
    assert "does not go off" not in blue.stdout and "of a mine" not in blue.stdout
