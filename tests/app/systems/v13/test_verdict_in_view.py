"""The verdict beside a dragged counter stays inside the view (issue 22, seen on the real 1600x1000
screen at QT_SCALE_FACTOR=2, V13 placement at 0907: "a hex off the map, 45 hexes below 2..." ran
off the view's right edge). Dragged to the viewport's right edge the words flip to the hex's left;
in a view narrower than the words they wrap; at the left edge they stay right of the hex."""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
from PySide6.QtWidgets import QApplication

from app.battle.window import BattleWindow
from app.systems.v13.map import UNIT_MIME
from tests.app.battle.test_window import to_defender_placement
from tests.app.gui import open_main_window
from tests.app.test_gui_paths import _at, end_movement


def drag_over(view, uid: str, at: QPoint) -> None:
    """Drag ``uid`` from the roster over the viewport point ``at`` (the events a person's drag sends)."""
    data = QMimeData()
    data.setData(UNIT_MIME, uid.encode())
    args = (Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), QDragEnterEvent(at, *args))
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(at, *args))


def words_on_screen(view) -> QRectF:
    item = view.scene().hover_text
    return QRectF(view.mapFromScene(item.pos()).toPointF(), item.boundingRect().size())


def test_the_verdict_stays_inside_the_view(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    bw = BattleWindow(main.session, _at(main, "0604"), main)
    qtbot.addWidget(bw)
    bw.auto_dialogs = False
    bw.resize(1400, 900)
    bw.show()
    qtbot.waitExposed(bw)
    to_defender_placement(bw)
    qtbot.wait(20)
    view = bw.panel.view
    port = QRectF(view.viewport().rect())
    for at in (QPoint(port.toRect().right() - 8, 60), QPoint(8, port.toRect().bottom() - 8)):
        view._last = None
        drag_over(view, "kz-cv-claw", at)
        text = view.scene().hover_text.toPlainText().strip()
        assert len(text) > 20, text  # a verdict in words
        words = words_on_screen(view)
        assert port.contains(words), (at, words, port, text)
        assert words.left() > at.x() or words.right() < at.x(), (at, words)  # beside the hex, not over it
    bw.resize(560, 700)  # a view narrower than the words: they wrap
    qtbot.waitUntil(lambda: view.viewport().width() < 400, timeout=20000)
    port = QRectF(view.viewport().rect())
    view._last = None
    drag_over(view, "kz-cv-claw", QPoint(port.toRect().right() - 8, 60))
    assert port.contains(words_on_screen(view)), (words_on_screen(view), port)
    bw.close()
