"""The readout's place costs at most one hover check a mouse move (issue 21: the move onto a stacked
hex had grown from 0.4 to 0.7-1.3 ms when the readout began to weigh its two corners, each asking
``counter_at`` again, besides the view's own hover check), and none when the pointer is nowhere near
either corner."""
from __future__ import annotations

from PySide6.QtCore import QPoint

from tests.app.systems.v13.test_map import _pointer_put_back, hover  # noqa: F401 (fixture)
from tests.app.systems.v13.test_readout_clear import _put, _stack


def _counted(view):
    calls = []
    real = view.counter_at

    def counter_at(p):
        calls.append(p)
        return real(p)
    view.counter_at = counter_at
    return calls


def test_placing_the_readout_near_a_stack_asks_the_hover_check_once(qtbot):
    view, h = _stack(qtbot)
    hover(view, QPoint(400, 300))
    pos = _put(view, h, 60, 40)  # the stack at the top-left corner: the readout weighs its two corners
    hover(view, pos)
    assert view.scene().expanded == h
    calls = _counted(view)
    view._place_readout()  # what each mouse move and each repaint does
    assert len(calls) == 1, calls
    assert not view.readout.geometry().contains(pos)  # and it still keeps clear of the pointer


def test_placing_the_readout_far_from_both_corners_asks_no_hover_check(qtbot):
    view, h = _stack(qtbot)
    pos = _put(view, h, 250, 175)  # the viewport's middle: far from the readout's two boxes
    hover(view, pos)
    assert view.scene().expanded == h
    calls = _counted(view)
    view._place_readout()
    assert calls == []
