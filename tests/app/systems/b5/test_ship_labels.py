"""Issue 22 (real screen, QT_SCALE_FACTOR=2 on 1600x1000): the B5 board's ship names were about
1-2 px after Fit ships, and the right-hand ships' names ran off the view's edge. They are at least
11 px on the screen at every zoom, inside the view, and clear of each other."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app.systems.b5.ship_labels import LABEL_PX
from tests.app.gui import press
from tests.app.systems.b5.test_b5_board_fit import take_over, wheel
from tests.test_main_cli_b5 import MEETING


def _deployed(qtbot, b5_window):
    """The default campaign's 0604 fought with B5, a meeting engagement deployed (six ships
    about 1030 and 6040, far apart on the 90x60 board)."""
    main, bw = b5_window(MEETING[:11])
    take_over(qtbot, bw)
    return bw


def _names_on_screen(view) -> list[tuple[str, QRectF, float]]:
    """Each ship's name as drawn: (name, its rect in the viewport, its font's height in pixels)."""
    lod = view.transform().m11()
    dpi = view.viewport().logicalDpiY()
    px = view.labels.font(lod, dpi).pointSizeF() * dpi / 72.0 * lod
    return [(name, view.mapFromScene(rect).boundingRect().toRectF(), px)
            for name, rect, *_ in view.labels.layout(lod, dpi)]


def _check(view, ships: int) -> None:
    names = _names_on_screen(view)
    assert len(names) == ships
    inside = QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1)
    for name, rect, px in names:
        assert px >= LABEL_PX - 0.01, (name, px)
        assert inside.contains(rect), (name, rect, inside)
    for i, (a, ra, _) in enumerate(names):
        for b, rb, _ in names[i + 1:]:
            assert not ra.adjusted(1, 1, -1, -1).intersects(rb), (a, ra, b, rb)
    shot = view.viewport().grab().toImage()
    ratio = shot.width() / view.viewport().width()
    for name, rect, _px in names:  # drawn: pale text inside each name's rect
        r = rect.toRect()
        pale = sum(QColor(shot.pixel(int(x * ratio), int(y * ratio))).lightness() > 170
                   for x in range(r.left(), r.right()) for y in range(r.top(), r.bottom()))
        assert pale >= 10, (name, pale)


def test_ship_names_are_readable_and_inside_the_view_when_fitted_small(qtbot, b5_window):
    bw = _deployed(qtbot, b5_window)
    view = bw.panel.board
    ships = len(bw.b.engine.at)
    bw.resize(790, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    qtbot.waitUntil(lambda: bw.width() <= 800)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")  # Fit ships
    qtbot.wait(50)
    assert view.transform().m11() < 0.6  # small: the whole meeting in a narrow view
    _check(view, ships)
    bw.resize(1300, 850)  # a roomy window, fitted again
    qtbot.waitUntil(lambda: bw.width() >= 1200)
    press(bw, "Ctrl+0")
    qtbot.wait(50)
    _check(view, ships)
    wheel(view, 6)  # zoomed in by the user: still readable, inside, only the ships in sight named
    view.centerOn(view.centre(min(bw.b.engine.at.values(), key=str)) + QPointF(80, 0))  # a group's left edge
    qtbot.wait(50)
    names = _names_on_screen(view)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    in_sight = {bw.panel.unit_names()[u] for u, at in bw.b.engine.at.items() if seen.contains(view.centre(at))}
    assert 0 < len(in_sight) < ships
    assert sorted(n for n, _r, _px in names) == sorted(in_sight)
    assert all(px >= LABEL_PX - 0.01 for _n, _r, px in names)
    assert all(QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1).contains(r) for _n, r, _ in names)
