"""A step of a battle's replay redraws the log (issue 21: the replay step, 7.5-8 ms quiet and
16-17 ms loaded, spent 2.2 ms of it painting the log's Fusion scroll bar, whose range changes
at every step). Stepped as a person steps it: Replay > Replay the battle, then the arrow keys."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_window import set_up_0604
from tests.app.gui import open_main_window
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_replay_step_paints_the_logs_scroll_bar_flat(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    set_up_0604(bw)
    replay = bw.findChild(QAction, "replay_replay")
    assert replay is not None
    replay.trigger()
    bar = bw.log_view.verticalScrollBar()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    QTest.keyClick(bw, Qt.Key.Key_End)
    qtbot.waitUntil(bar.isVisible)
    painted = []

    class Spy(QObject):
        def eventFilter(self, obj, event):  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(obj)
            return False
    spy = Spy()
    bar.installEventFilter(spy)
    QTest.keyClick(bw, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: bar in painted)  # the step repaints the bar: its range changed
    img = bar.grab().toImage()
    middle = img.width() // 2
    along = {img.pixel(middle, k) for k in range(img.height())}
    assert len(along) <= 4, f"{len(along)} colours along the log's scroll bar"
