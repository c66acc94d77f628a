"""Initial range (V13.420-V13.427)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.opening_range import advantage_window
from tests.rules.systems.v13.helpers import battle, duel

# Red rolls first, then Blue: faces pick their Weapon Status (no modifiers in a plain duel).
WS = {0: [1, 1], 1: [2, 2], 2: [4, 4], 3: [6, 6]}


def at_range(red_ws: int, blue_ws: int, *answers):
    return battle(duel(), answers=(False, *answers), faces=WS[red_ws] + WS[blue_ws])


def test_all_agree_v13_422():
    b = at_range(2, 1, 30, 30)
    assert b.state.min_range == 30 and b.state.range_agreed and b.state.step.name == "PLACE_DEFENDER"


def test_no_agreement_equal_ws_is_the_standard_range_v13_424():
    b = at_range(1, 1, 30, 40)
    assert b.state.min_range == 50 and not b.state.range_agreed


@pytest.mark.parametrize(("red", "blue", "window"), [(2, 1, (43, 57)), (3, 0, (29, 71)), (1, 3, (36, 64))])
def test_advantage_window_v13_425(red, blue, window):
    assert advantage_window(50, red, blue) == window
    b = at_range(red, blue, None, None)
    assert (b.pending.low, b.pending.high) == window
    assert b.pending.to == ("red" if red > blue else "blue")


@pytest.mark.parametrize(("choice", "ok"), [(42, False), (43, True), (45, True), (50, True), (54, True), (57, True),
                                            (58, False)])
def test_seed_example_ii_against_i_v13_425_426(choice, ok):
    b = at_range(2, 1, None, None)
    if ok:
        b.answer(choice)
        assert b.state.min_range == choice
    else:
        with pytest.raises(IllegalAnswer, match="V13.425"):
            b.answer(choice)
        assert b.pending.key == "V13.425/choice"  # nothing changed
