"""A lock on a mine is a sensor lock (seed 002, Detecting And Destroying Mines: "In place of a normal sensor lock-on, a
ship may ... attempt to lock-on to a mine"; "A ship must have a lock-on to fire at a mine"), so it is lost as any
sensor lock is: "A ship will loose any sensor lock it holds any time it is hit by damage which penetrates its shields
from any source"; "Firing on a target without a sensor lock does use the sensors, therefore any existing sensor lock
is lost"; a scan of a hex for mines "counts as the ship's Sensor Phase"; no lock beyond 36 hexes; a cloaked ship cannot fire. Before (issue 25
audit), the engine dropped only a lock on a ship: the Enterprise kept its mine lock through damage through its shields,
a shot without a lock, a hex scan, and fired at the mine after. The loss is its side's and the GM's line, as the lock
on the mine was."""
from __future__ import annotations

from hexmap.hexes import Hex
from tests.rules.systems.stcs.test_damage import hit
from tests.rules.systems.stcs.test_mines import mine_at_20_hexes

LOST = "Enterprise loses its lock on the mine at 4,-2"
MINE = Hex(4, -2)


def locked() -> object:
    """The Enterprise locked on the Klothos's mine at 4,-2 (D10 6 of 1-6), the next dice all 1."""
    run = mine_at_20_hexes([6] + [1] * 10)
    assert "minefire:enterprise" in run.pending.options and "enterprise" in run.engine.mine_locks
    return run


def gone(run, why: str) -> None:
    assert "enterprise" not in run.engine.mine_locks
    assert "minefire:enterprise" not in run.pending.options
    assert f"{LOST} ({why})" in run.events_json("blue")
    assert "lock on the mine" not in run.events_json("red")  # the lock was Blue's: so is its loss


def test_damage_through_its_shields_loses_the_lock_on_a_mine() -> None:
    run = locked()
    hit(run, "enterprise", 1)
    gone(run, "damage through its shields")
    assert run.log.events[-2].rule == "STCS Sensors Phase (lock lost on penetrating damage)"  # the rule that takes it


def test_firing_at_a_ship_without_a_lock_loses_the_lock_on_a_mine() -> None:
    run = locked()
    run.answer("move:enterprise")  # 8 hexes nearer the Klothos: 16 hexes, in its phasers' reach
    run.answer("8")
    run.answer("E:8")
    assert run.engine.range("enterprise", "d7") == 16 and "enterprise" in run.engine.mine_locks
    run.answer("fire:enterprise:d7")
    run.answer("0")
    run.answer(5)
    gone(run, "it fired without a lock on Klothos")


def test_a_scan_of_a_hex_for_mines_loses_the_lock_on_a_mine() -> None:
    run = locked()
    run.answer("minescan:enterprise")
    run.answer("4,-2")
    gone(run, "its Sensors Phase scans a hex for mines")


def test_a_ship_keeps_its_lock_on_a_mine_when_the_damage_is_stopped_by_its_shields() -> None:
    run = locked()
    run.answer("struck:enterprise")
    run.answer("1")
    run.answer(5)  # the bow's 20 points take it all
    assert "enterprise" in run.engine.mine_locks and "minefire:enterprise" in run.pending.options


def test_a_ship_that_cloaks_or_shuts_its_engines_down_loses_its_lock_on_a_mine() -> None:
    run = locked()
    run.answer("uncloak:bop")
    run.answer("minelock:bop")
    run.answer("4,-2")  # 4 hexes: D10 1-8, the die 1
    assert "bop" in run.engine.mine_locks
    run.answer("cloak:bop")  # a cloaked ship cannot fire: its locks go
    assert "bop" not in run.engine.mine_locks
    assert "Bird of Prey loses its lock on the mine at 4,-2 (it cloaks)" in run.events_json("red")
    run.answer("shutdown:enterprise")
    assert "enterprise" not in run.engine.mine_locks and f"{LOST} (it shuts its engines down)" in \
        run.events_json("blue")


def test_a_lock_on_a_ship_or_an_area_scan_takes_the_place_of_the_lock_on_a_mine() -> None:
    run = locked()
    run.answer("lock:enterprise:d7")  # its Sensors Phase: the lock on the Klothos (D10 1), not on the mine
    assert run.engine.locks == {"enterprise": "d7"}
    gone(run, "its Sensors Phase locks on a ship")
    run = locked()
    run.answer("scan:enterprise")
    run.answer(6)  # Red's hidden D10, in secret
    gone(run, "its Sensors Phase scans for cloaked ships")


def test_a_ship_that_moves_beyond_36_hexes_of_its_mine_loses_the_lock() -> None:
    run = locked()
    run.answer("move:enterprise")  # about, away from the mine: 25 hexes from it, the lock held
    run.answer("8")
    run.answer("B:5")
    assert run.engine.at["enterprise"].distance(MINE) == 25 and "enterprise" in run.engine.mine_locks
    run.answer("next")
    run.answer("none")  # Red, in secret: no cloaked ship warps out
    run.answer("move:enterprise")  # 15 hexes more: 40 from the mine
    run.answer("15")
    run.answer("B:15")
    assert run.engine.at["enterprise"].distance(MINE) == 40
    gone(run, "beyond 36 hexes")
