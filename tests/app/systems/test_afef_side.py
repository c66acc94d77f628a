"""The AF/EF side panel says the question once (issue 22's real-screen walk: the battle window
showed "Game Master: AF modifiers for round 1: ..." in the panel and again, as "Game Master:
Game Master: AF modifiers ...", in the box under Commit, which made the panel scroll)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QScrollArea, QTextBrowser

from app.systems.afef import AfefPanel
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def said(bw, text: str) -> int:
    """How many visible labels and text boxes of the battle window's side panel (the dock that
    holds Commit; the log is another dock) hold ``text``."""
    dock = bw.panel.side
    while not isinstance(dock, QDockWidget):
        dock = dock.parentWidget()
    shown = [w.text() for w in dock.findChildren(QLabel) if w.isVisible()]
    shown += [w.toPlainText() for w in dock.findChildren(QTextBrowser) if w.isVisible()]
    return sum(t.count(text) for t in shown)


def test_each_afef_question_is_said_once_in_the_side_panel(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, AfefPanel)
    bw.auto_dialogs = False
    kinds = set()
    for _ in range(12):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        body = q.text.split(": ", 1)[-1][:60]  # the question's words, after whom it is for
        assert said(bw, body) == 1, (q.key, body)
        assert "Game Master: Game Master" not in bw.panel.odds.toPlainText()
        kinds.add(q.key.split("/")[2])
        qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    assert {"modifiers", "declare"} <= kinds, kinds


def test_commit_shows_without_scrolling_in_a_short_window(qtbot, tmp_path):
    """At QT_SCALE_FACTOR=2 on the 1600x1000 screen (790 x 466 logical pixels) the GM's AF
    modifiers pushed Commit below the side panel's fold: the buttons now come before the list."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    bw.resize(790, 466)
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    assert bw.b.pending.key == "afef/1/modifiers" and bw.panel.mods.isVisible()
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    button = bw.panel.commit_button
    bottom = button.mapTo(area.viewport(), QPoint(0, button.height())).y()
    assert 0 < bottom <= area.viewport().height(), (bottom, area.viewport().height())
