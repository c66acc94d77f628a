"""A mouse move far from both corners' readout boxes does not weigh the readout's corner again (issue 21:
the V13 fan's hover, < 0.5 ms a move; the corner was weighed at every move, the selected counter looked for
among all of them), and a move near a box still moves it off the pointer and back."""
from __future__ import annotations

from PySide6.QtCore import QPoint

from tests.app.systems.v13.test_map import MOVE, _pointer_put_back, hover, send_mouse  # noqa: F401 (fixture)
from tests.app.systems.v13.test_readout_clear import _box, _put, _stack


def _counted(view) -> list[int]:
    """Count the view's own weighings of the readout's corner (the new text's placing is the readout's)."""
    calls, real = [0], view._place_readout

    def place() -> None:
        calls[0] += 1
        real()
    view._place_readout = place
    return calls


def test_moves_far_from_both_boxes_do_not_weigh_the_corner(qtbot):
    view, h = _stack(qtbot)
    pos = _put(view, h, 250, 250)  # the stack in the middle of the view, far from both corners
    hover(view, QPoint(pos.x() + 120, pos.y()))
    calls = _counted(view)
    for dx in (121, 122, 123, 124):  # on no counter, beside the stack (the moves alone: no repaint between)
        send_mouse(view, MOVE, QPoint(pos.x() + dx, pos.y()))
    moves = calls[0]
    assert moves == 0, moves  # the old code weighed the corner at each of the 4 moves
    box = _box(view)
    assert box.top() < 20 and box.left() < 20, box  # in its top-left corner


def test_a_move_from_far_to_near_the_box_still_moves_it_and_back(qtbot):
    view, h = _stack(qtbot)
    pos = _put(view, h, 250, 250)
    hover(view, QPoint(pos.x() + 120, pos.y()))  # far from both boxes
    calls = _counted(view)
    near = _box(view).center().toPoint()  # the pointer onto the top-left box itself: it must go
    hover(view, near)
    assert calls[0] >= 1
    assert _box(view).top() > view.viewport().height() / 2, _box(view)  # the bottom-left corner
    hover(view, QPoint(pos.x() + 120, pos.y()))  # far again: back to the top-left corner
    box = _box(view)
    assert box.top() < 20 and box.left() < 20, box
