"""Moving in reverse word for word, and the corners a mutation run found unguarded (movement.paths and backed,
tractors.reversing and refuse_act, minehits.went_over): each path's words and where it ends, as the move dialog shows
them (seen on the real screen: the Klothos at 0,0 heading B with 2 points); the map's "in reverse" read only for a
move in reverse made in the open; a move of no hex and no turn in a mine's hex is staying (the broken tow's line and
the refused tractor word for word: test_reverse.py)."""
from __future__ import annotations

import pytest

from rules.systems.stcs import movement
from tests.rules.systems.stcs.helpers import place_mine
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_minehits import move
from tests.rules.systems.stcs.test_ramming import lands

TWO = [("B:0", "keep heading B, 0 hexes ahead: to 0,0"), ("B:1", "keep heading B, 1 hex ahead: to 1,-1"),
       ("B:2", "keep heading B, 2 hexes ahead: to 2,-2"), ("A:0", "turn to heading A, 0 hexes ahead: to 0,0"),
       ("A:1", "turn to heading A, 1 hex ahead: to 0,-1"), ("C:0", "turn to heading C, 0 hexes ahead: to 0,0"),
       ("C:1", "turn to heading C, 1 hex ahead: to 1,0"), ("D:0", "turn to heading D, 0 hexes ahead: to 0,0"),
       ("F:0", "turn to heading F, 0 hexes ahead: to 0,0"),
       ("B:-1", "in reverse: keep heading B, 1 hex astern: to -1,1"),
       ("B:-2", "in reverse: keep heading B, 2 hexes astern: to -2,2"),
       ("A:-0", "in reverse: turn to heading A, 0 hexes astern: to 0,0"),
       ("A:-1", "in reverse: turn to heading A, 1 hex astern: to 0,1"),
       ("C:-0", "in reverse: turn to heading C, 0 hexes astern: to 0,0"),
       ("C:-1", "in reverse: turn to heading C, 1 hex astern: to -1,0"),
       ("D:-0", "in reverse: turn to heading D, 0 hexes astern: to 0,0"),
       ("F:-0", "in reverse: turn to heading F, 0 hexes astern: to 0,0")]
"""The Klothos' paths with 2 points from 0,0 heading B, in the dialog's order (shot s06)."""


def test_each_path_in_words_and_where_it_ends() -> None:
    run = scripted([])
    e = run.engine
    assert (e.at["d7"].q, e.at["d7"].r, e.facing["d7"].name) == (0, 0, "B")
    run.answer("move:d7")
    run.answer("2")
    assert list(run.pending.data["option_words"].items()) == TWO
    for key, words in TWO:  # the hex each names is where the answer takes it
        h = lands(e.at["d7"], key.replace("-", "")) if ":-" not in key else \
            e.at["d7"].neighbor(e.facing["d7"].__class__[key[0]], -int(key[3:]))
        assert words.endswith(f"to {h.q},{h.r}")


@pytest.mark.parametrize(("path", "shown"), [("B:-2", True), ("B:2", False)])  # (2 points: not the segment's number)
def test_the_map_reads_in_reverse_for_a_move_in_reverse_only(path: str, shown: bool) -> None:
    run = scripted([])
    e = run.engine
    assert not movement.backed(e, "d7")  # no move yet
    move(run, 2, path)
    assert movement.backed(e, "d7") is shown
    run.answer("move:bop")  # the cloaked Bird of Prey backs in secret: not for the map
    run.answer("1")
    run.answer(f"{e.facing['bop'].name}:-1")
    assert e.reversing["bop"] == 1 and not movement.backed(e, "bop")


def test_a_move_of_no_hex_and_no_turn_in_a_mines_hex_is_staying_there() -> None:
    run = scripted([3])  # the D6: shield 3
    e = run.engine
    place_mine(run, e.at["d7"], e.units["enterprise"].team)
    move(run, 0, f"{e.facing['d7'].name}:0")
    assert "Klothos stays in the hex" in run.pending.text and "a D6: each shield 1 in 6" in run.pending.text
