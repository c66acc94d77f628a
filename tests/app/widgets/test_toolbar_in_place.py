"""A toolbar kept in step (app.widgets.toolbar_sync) is laid out again only when a change of an
action can move or resize its button (issue 21: QToolBar laid all its buttons out, and then the
window holding it, at every change of an action: the battle window's Undo tooltip changes at every
answer). A new text, an action hidden or shown again still move the buttons after it; a tooltip or
an enabled state leave them where they are, and the button still shows the change."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QToolBar

from app.widgets.toolbar_sync import keep_in_step


class _Requests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.n += 1
        return False


def test_only_a_change_that_moves_a_button_lays_the_toolbar_out(qtbot):
    win = QMainWindow()
    qtbot.addWidget(win)
    bar = QToolBar("bar", win)
    win.addToolBar(bar)
    first, second = QAction("Undo answer", win), QAction("Redo answer", win)
    bar.addAction(first)
    bar.addAction(second)
    keep_in_step(bar)
    win.resize(600, 200)
    win.show()
    qtbot.waitExposed(win)
    QApplication.processEvents()
    button, after = bar.widgetForAction(first), bar.widgetForAction(second)
    x = after.x()
    requests = _Requests()
    bar.installEventFilter(requests)
    for k in range(3):  # as at every answer: a new tooltip, the other action enabled or not
        first.setToolTip(f"Undo: answer {k} (Ctrl+Z)")
        second.setEnabled(k % 2 == 0)
        QApplication.processEvents()
        assert button.toolTip() == f"Undo: answer {k} (Ctrl+Z)" and after.isEnabled() == (k % 2 == 0)
    assert requests.n == 0 and after.x() == x
    first.setText("Undo the last answer given")  # wider: the next button moves right
    QApplication.processEvents()
    assert button.text() == "Undo the last answer given"
    qtbot.waitUntil(lambda: after.x() > x, timeout=20000)
    wide = after.x()
    first.setVisible(False)  # hidden: the next button takes its place
    qtbot.waitUntil(lambda: after.x() < x, timeout=20000)
    assert not button.isVisible()
    first.setVisible(True)
    qtbot.waitUntil(lambda: after.x() == wide and button.isVisible(), timeout=20000)
    first.setToolTip("Undo: once more")  # after all that, a tooltip again moves nothing
    QApplication.processEvents()
    assert after.x() == wide and button.toolTip() == "Undo: once more"
