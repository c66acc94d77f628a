"""Issue 21: a wheel notch to a zoom never shown redrew the whole B5 board (the grid's picture with its
hex numbers drawn and every name laid out afresh: 12-16 ms CPU, goal < 8 ms). While the wheel turns the
board now shows its picture of the zoom before, scaled (app/widgets/zoom_view.QuickZoomView, the V13
map's way), and draws sharp once the wheel rests: once per settled zoom, as a board zoomed there
directly. The wheel is turned as a person turns it: wheel events sent to the board's viewport."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.widgets.zoom_view import FLAT_BARS
from tests.app.gui import press
from tests.app.systems.b5.test_board_text import _flying


def turn_wheel(view, notches: int) -> None:
    """One notch of the mouse wheel (in: positive) over the middle of the board, then the paint the
    screen would make of it."""
    at = QPointF(view.viewport().rect().center())
    event = QWheelEvent(at, QPointF(view.viewport().mapToGlobal(at.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)
    view.viewport().repaint()


def _fitted(qtbot, b5_window):
    """0304's board with its ships and flights, in a roomy window, fitted to the ships (Ctrl+0) and
    drawn sharp there."""
    bw = _flying(qtbot, b5_window)
    bw.resize(1300, 850)
    qtbot.waitUntil(lambda: bw.width() >= 1200)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")
    qtbot.wait(50)
    view = bw.panel.board
    view.viewport().repaint()
    return bw, view


def test_while_the_wheel_turns_the_board_shows_its_picture_scaled_and_draws_nothing_afresh(qtbot, b5_window):
    bw, view = _fitted(qtbot, b5_window)
    view.settle.setInterval(600_000)  # the wheel keeps turning for the whole test (no rest between notches)
    before = view.viewport().grab().toImage()
    fitted = view.transform().m11()
    drawn, layouts = view.grid.drawn, view.labels.layouts
    for _ in range(3):  # three notches in: each to a zoom never shown
        turn_wheel(view, 1)
    assert view.transform().m11() > fitted * 1.5  # zoomed in by 1.15 a notch
    assert view.quick
    assert (view.grid.drawn, view.labels.layouts) == (drawn, layouts)  # the grid, numbers and names: not again
    assert view.viewport().grab().toImage() != before  # the picture, grown
    centre = view.viewport().rect().center()
    view.centerOn(view.mapToScene(centre) + QPointF(40, 0))  # a pan: the picture holds only what was seen
    assert not view.quick
    view.viewport().repaint()
    assert (view.grid.drawn, view.labels.layouts) == (drawn + 1, layouts + 1)


def test_once_the_wheel_rests_the_board_is_drawn_sharp_once_as_when_zoomed_there_directly(qtbot, b5_window):
    bw, view = _fitted(qtbot, b5_window)
    drawn, layouts = view.grid.drawn, view.labels.layouts
    for notches in (1, 1, -1, 1):  # a turn in, a little back, in again: zooms never shown
        turn_wheel(view, notches)
    qtbot.waitUntil(lambda: not view.quick, timeout=3000)  # the rest timer fired
    view.viewport().repaint()
    assert (view.grid.drawn, view.labels.layouts) == (drawn + 1, layouts + 1)  # once for the zoom it rests at
    rested = view.viewport().grab().toImage()
    lod, dpi = view.transform().m11(), view.viewport().logicalDpiY()
    names, numbers = view.labels.layout(lod, dpi), view.numbers.layout(lod, dpi)
    assert names and numbers
    zoom, scroll = view.transform(), (view.horizontalScrollBar().value(), view.verticalScrollBar().value())

    view.resetTransform()  # the same board zoomed there directly, nothing kept from before
    view.viewport().repaint()
    view.grid.pictures.clear()
    view.labels.kept.clear()
    view.numbers.kept.clear()
    view.setTransform(zoom)
    view.horizontalScrollBar().setValue(scroll[0])
    view.verticalScrollBar().setValue(scroll[1])
    assert not view.quick
    view.viewport().repaint()
    assert view.labels.layout(lod, dpi) == names and view.numbers.layout(lod, dpi) == numbers
    assert view.viewport().grab().toImage() == rested


def test_the_board_s_scroll_bars_are_plain_so_a_notch_does_not_repaint_the_style_s(qtbot, b5_window):
    """The style's scroll bars (Fusion: gradients, bevels, arrow buttons) took 2.6-4.5 ms of each notch to paint
    again, more than the scaled picture itself; the board's are plain, as the V13 map's (flat_scroll_bars)."""
    bw, view = _fitted(qtbot, b5_window)
    turn_wheel(view, 3)
    for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
        assert bar.styleSheet() == FLAT_BARS
