"""A B5 placement by keys (issue 19's real-screen walk fights a B5 battle by keys only): once the
dialogs before it are answered and the hand-over taken, the hex field under the question has the
focus, so a commander at the keyboard types the hex and presses Return. Before, the focus was
elsewhere in the window and typing a hex placed nothing (the walk could not place a ship)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.b5.panel import B5Panel
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_b5_placement_is_typed_where_the_focus_is(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "b5").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))  # the GM's set-up: its defaults
    try:
        panel = bw.panel
        assert isinstance(panel, B5Panel)
        for _ in range(100):  # past the dialogs and the hand-overs to the first placement
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            q = bw.b.pending
            if q is not None and q.kind is QKind.PLACE and not bw.handing_over():
                break
            qtbot.wait(20)
        q = bw.b.pending
        assert q is not None and q.kind is QKind.PLACE
        bw.activateWindow()
        qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
        at = str(bw.b.legal()[0])
        given = len(bw.b.answers)
        focus = QApplication.focusWidget()
        assert focus is panel.hex_edit, (focus, focus.objectName(), getattr(focus, "text", str)(), focus.window().windowTitle())
        qtbot.keyClicks(focus, at)
        qtbot.keyClick(focus, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
        assert bw.b.answers[given]["at"] == at
    finally:
        answerer.stop()
