"""Seed 002's mines (issue 25): deployed within 4 hexes into a hex with no ship, the hex its side's;
a hex scanned at -2 tells its side how many; 3 points of one hit destroy one (the blast's part is in
test_explosion.py)."""
from __future__ import annotations

from rules.systems.stcs import mines
from tests.rules.systems.stcs.test_damage import scripted


def test_mines_reach_4_scan_at_minus_2_and_3_points_destroy() -> None:
    assert mines.REACH == 4 and mines.scan_top(15) == 6 and mines.scan_top(7) == 8
    assert mines.scan_top(37) == 0
    assert not mines.destroyed(2) and mines.destroyed(3)


def test_a_mine_is_deployed_within_4_hexes_of_the_ship_into_no_ships_hex() -> None:
    run = scripted([])
    spots = mines.lay_spots(run.engine, "d7")
    d7 = run.engine.at["d7"]
    assert spots and all(1 <= d7.distance(h) <= 4 for h in spots)
    assert run.engine.at["bop"] not in spots and len(spots) == 60 - 1  # 61 hexes, less its own and the Bird of Prey's
    run.answer("mine:d7")
    assert set(run.pending.options) == {f"{h.q},{h.r}" for h in spots}
