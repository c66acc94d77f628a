"""Issue 25, cloaked movement (seed 002, Romulan Cloaking Devices; Detecting Cloaked Ships): a cloaked
ship moves, its side choosing in secret; nothing of its place reaches the other side's screen, log or
file - Blue reads the same whether the Bird of Prey crossed the map or held still - and a scan reads
the range it moved to."""
from __future__ import annotations

import json

import pytest

from hexmap.hexes import Facing
from rules.battlehex.log import GM
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, RED, blue_sees, scripted, screen
from tests.rules.systems.v13.helpers import AT


def cloaked_move(run: STCSBattle, points: int, path: str | None = None) -> list[dict]:
    """The Bird of Prey's side moves it in secret; Blue's screen at each of its questions."""
    seen = []
    assert "move:bop" in run.pending.options
    assert run.pending.data["option_words"]["move:bop"] == "Bird of Prey's side moves it or holds it still, " \
        "in secret (cloaked)"
    run.answer("move:bop")
    for answer in (str(points), path):
        q = run.pending
        assert q.to == RED and q.data["secret"] and q.rule == "STCS Movement (cloaked, in secret)"
        seen.append(screen(run, BLUE))
        run.answer(answer if answer is not None else q.options[0])
    return seen


def test_a_cloaked_ships_side_moves_it_in_secret() -> None:
    run = scripted([])
    e = run.engine
    start, heading = e.at["bop"], e.facing["bop"]
    assert e.range("bop", "enterprise") == 24
    run.answer("move:bop")
    assert run.pending.options == tuple(str(p) for p in range(16))  # sub-light: 0-15, 0 holds it still
    run.answer("6")
    run.answer(f"{heading.name}:6")
    assert e.at["bop"] == start.neighbor(heading, 6) and e.range("bop", "enterprise") == 18
    assert "move:bop" not in run.pending.options  # one Movement Phase a segment
    line = "Bird of Prey moves at speed 6"
    assert line in run.events_json(RED) and line in run.events_json(GM) and line not in run.events_json(BLUE)
    assert start not in e.wake  # the wake (where mines may be scanned for) is public


def test_blue_reads_the_same_whether_the_cloaked_ship_moved_or_held_still(tmp_path) -> None:
    moved, held = scripted([]), scripted([])
    heading = moved.engine.facing["bop"].name
    screens = [cloaked_move(moved, 6, f"{heading}:6"), cloaked_move(held, 0)]
    assert moved.engine.at["bop"] != held.engine.at["bop"]
    assert screens[0] == screens[1] == [{"to": RED, "rule": "STCS Movement (cloaked, in secret)", "secret": True}] * 2
    for run in (moved, held):
        run.answer("next")  # the segment's end: Red's secret cloaked warp-out question
        run.answer("none")
    views = [blue_sees(r, tmp_path) for r in (moved, held)]
    assert views[0] == views[1]
    assert "speed 6" not in views[0] and "moves at speed" not in views[0]


@pytest.mark.parametrize(("points", "found"), [(0, False), (6, True)])
def test_a_scan_reads_the_range_the_cloaked_ship_moved_to(points: int, found: bool) -> None:
    # moving, no lock: 21-30 hexes (1-5) detects on 1-3, 11-20 hexes on 1-4; the scan die 4
    run = scripted([4])
    cloaked_move(run, points, f"{run.engine.facing['bop'].name}:{points}")
    run.answer("scan:enterprise")
    run.answer(3)  # the hidden D10: table (1-5); moving or not is read from its moves
    assert run.pending.key == "stcs/1/act"
    assert (run.engine.locks.get("enterprise") == "bop") is found
    assert ("scan locks on a cloaked ship: Bird of Prey" in run.events_json(BLUE)) is found


def test_whether_a_cloaked_ship_moved_is_read_from_its_recorded_moves_not_asked() -> None:
    """Red was asked in secret whether its cloaked ships moved, and its word was taken: it moved 6 hexes (18
    from the Enterprise, table (1-5): moving, no lock, 1-4 detects; stationary 1-2) and answered "held still",
    so the scan die 3 missed it. Its speed is the engine's record now (seed 002: Movement Of Cloaked Vessel)."""
    run = scripted([3])
    cloaked_move(run, 6, f"{run.engine.facing['bop'].name}:6")
    run.answer("scan:enterprise")
    run.answer(3)
    if run.pending.key.endswith("/moving"):  # (asked before: the false answer was taken)
        run.answer("still")
    assert run.pending.key == "stcs/1/act" and run.engine.locks.get("enterprise") == "bop"
    assert "Bird of Prey (moving): scan die 3; detects on 1-4" in run.events_json(RED)


def closing_in(run: STCSBattle, points: int) -> None:
    """The Bird of Prey's side moves it ``points`` in secret along the path ending nearest 2 hexes from the
    Enterprise."""
    e = run.engine

    def off(o: str) -> int:
        face, ahead = o.split(":")
        return abs(e.at["bop"].neighbor(Facing[face], int(ahead)).distance(e.at["enterprise"]) - 2)
    run.answer("move:bop")
    run.answer(str(points))
    run.answer(min(run.pending.options, key=off))


@pytest.mark.parametrize("act", ["minescan:enterprise", "mine:enterprise"])
def test_the_mine_hexes_offered_tell_nothing_of_where_the_cloaked_ship_went(act: str) -> None:
    moved, held = scripted([]), scripted([])
    for run, points in ((moved, 15), (held, 0)):
        closing_in(run, points)
        run.answer("next")
        run.answer("none")  # no cloaked warp out
        closing_in(run, points)
    assert moved.engine.range("bop", "enterprise") == 2 < held.engine.range("bop", "enterprise")
    for run in (moved, held):
        if act.startswith("mine:"):  # a mine is laid through a shield that is down (test_laying.py)
            run.answer("shields:enterprise")
            run.answer("lower:1")
        run.answer(act)
    assert screen(moved, BLUE) == screen(held, BLUE)  # the GM's question as Blue's screen shows it


def test_the_warp_in_hexes_offered_are_not_measured_from_a_cloaked_ship() -> None:
    """Found by the property test: with the Klothos still off the map, the Enterprise's warp-in target hexes were
    counted from the only Red ship on it, the cloaked Bird of Prey ("4 hexes from Bird of Prey")."""
    runs = []
    for points in (6, 0):
        run = STCSBattle(stcs_campaign(), AT)
        run.answer("sublight")
        run.answer(["enterprise", "d7"])  # both arrive by warp
        cloaked_move(run, points, f"{run.engine.facing['bop'].name}:{points}")
        run.answer("warpin:enterprise")
        runs.append(run)
    assert runs[0].engine.at["bop"] != runs[1].engine.at["bop"]
    assert screen(runs[0], BLUE) == screen(runs[1], BLUE)
    assert "Bird of Prey" not in json.dumps(screen(runs[0], BLUE))
