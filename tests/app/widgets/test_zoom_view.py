"""Flat scroll bars (app/widgets/zoom_view.flat_scroll_bars): a bar whose range changes repaints
itself, not what lies under it (issue 21: the battle log's dock repainted its title bar at every
answer of a drop)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTextBrowser

from app.widgets.zoom_view import flat_scroll_bars


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_log_growing_repaints_its_bar_not_the_dock_under_it(qtbot):
    win = QMainWindow()
    qtbot.addWidget(win)
    dock = QDockWidget("Battle Log", win)
    view = QTextBrowser()
    dock.setWidget(view)
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    flat_scroll_bars(view)
    win.resize(600, 400)
    win.show()
    qtbot.waitExposed(win)
    for i in range(40):
        view.append(f"<p>{i}. an event of the battle</p>")
    qtbot.wait(30)
    bar = view.verticalScrollBar()
    dock_paints, bar_paints = _Paints(), _Paints()
    dock.installEventFilter(dock_paints)
    bar.installEventFilter(bar_paints)
    top = bar.maximum()
    view.append("<p>40. one more</p>")
    qtbot.waitUntil(lambda: bar_paints.count > 0)
    qtbot.wait(30)
    assert bar.maximum() > top  # the bar changed (and was painted again)
    assert dock_paints.count == 0
