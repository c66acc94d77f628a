"""A B5 placement by keys (issue 19's real-screen walk fights a B5 battle by keys only): once the
dialogs before it are answered and the hand-over taken, the hex field under the question has the
focus, so a commander at the keyboard types the hex and presses Return. Before, the focus was
elsewhere in the window and typing a hex placed nothing (the walk could not place a ship)."""
from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.b5.panel import B5Panel
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _first_placement(qtbot, tmp_path):
    """The b5 battle at 0604 at its first placement, the window active; its window, panel and answerer."""
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
    except BaseException:
        answerer.stop()
        raise
    return bw, panel, answerer


def test_a_b5_placement_is_typed_where_the_focus_is(qtbot, tmp_path):
    bw, panel, answerer = _first_placement(qtbot, tmp_path)
    try:
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


def test_return_in_the_empty_hex_field_is_refused_in_words(qtbot, tmp_path):
    """Return before a hex is typed (the real-screen walk's first key at a placement): refused under
    the question ('type a hex, such as 1030'), nothing given; it raised IllegalAnswer out of the
    undo entry's words (B5Battle.summary), a traceback in the app's log. The refusal read
    "not {'at': '', 'facing': 'A'}" (issue 22, the whole-campaign play): the panel's answer as code."""
    bw, panel, answerer = _first_placement(qtbot, tmp_path)
    try:
        given = len(bw.b.answers)
        assert panel.hex_edit.text() == ""
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        said = html.unescape(re.sub("<[^>]+>", "", panel.prompt.text()))  # as the prompt reads
        assert "Refused" in said and "type a hex, such as 1030" in said
        assert not [c for c in "{}'" if c in said], said
        assert len(bw.b.answers) == given
    finally:
        answerer.stop()


def test_a_refused_hex_is_replaced_by_the_next_one_typed(qtbot, tmp_path):
    """A hex refused (issue 22, the real-screen walk: '3030' refused, the next hex typed was appended to
    it, '303030293031', refused again): the refused entry stays in the field selected, so the next hex
    typed replaces it and Return places it."""
    bw, panel, answerer = _first_placement(qtbot, tmp_path)
    try:
        given = len(bw.b.answers)
        qtbot.keyClicks(QApplication.focusWidget(), "3030x")
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert "Refused" in panel.prompt.text() and len(bw.b.answers) == given
        at = str(bw.b.legal()[0])
        qtbot.keyClicks(QApplication.focusWidget(), at)
        assert panel.hex_edit.text() == at
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
        assert bw.b.answers[given]["at"] == at
    finally:
        answerer.stop()
