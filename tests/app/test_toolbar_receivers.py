"""Toolbar buttons do not pile up connections (issue 21): under PySide/Qt 6.11 a toolbar's
button re-took its action's ``changed()`` at every change of the action (tooltip, text,
enabled), so the main window's Undo held thousands of connections after a session's answers
and each tooltip change grew slower. Counted with ``QObject.receivers`` over many changes made
as a user makes them."""
from __future__ import annotations

from PySide6.QtCore import SIGNAL, QSettings
from PySide6.QtWidgets import QDialog, QToolBar

from app.shell.window import MainWindow
from app.shell.turn_dialogs import IgnoreDialog
from tests.hand_kept import hand_kept_file

CYCLES = 12


def _changed(action) -> int:
    return action.receivers(SIGNAL("changed()"))


def test_main_toolbar_undo_keeps_its_connections(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    w = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    bar = w.findChild(QToolBar, "phase_bar")
    watched = [a for a in bar.actions() if bar.widgetForAction(a) is not None and a.text()]
    before = [(a.iconText(), _changed(a)) for a in watched]
    for _ in range(CYCLES):  # End Movement (Ctrl+E) and Edit > Undo: Undo/Redo/End Movement change each time
        w.end_movement_action.trigger()
        if getattr(w, "_battle_dialog", None) is not None:
            w._battle_dialog.close()
        assert w.undo_action.isEnabled()
        w.undo_action.trigger()
    after = [(a.iconText(), _changed(a)) for a in watched]
    assert after == before, f"connections grew: {before} -> {after}"
    button = bar.widgetForAction(w.undo_action)
    assert button.toolTip() == w.undo_action.toolTip() and button.isEnabled() == w.undo_action.isEnabled()
    assert w.undo_action.toolTip() == "Nothing to undo (Ctrl+Z)"
    w.end_movement_action.trigger()
    assert button.toolTip() == w.undo_action.toolTip() != "Nothing to undo (Ctrl+Z)"


def test_battle_toolbar_undo_keeps_its_connections(qtbot, tmp_path, monkeypatch):
    """The battle window's Undo / Redo change at every answer: clock presses and Ctrl+Z."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    from tests.app.gui import to_space_combat
    from tests.app.battle.test_window import open_battle, set_up_0604

    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    w = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.end_movement()
    w._battle_dialog.close()
    to_space_combat(w, qtbot)
    bw = open_battle(w, qtbot, "0604")
    set_up_0604(bw)
    assert bw.panel.combat_mode()
    bar = bw.findChild(QToolBar, "battle_bar")
    before = [_changed(a) for a in bar.actions()]
    clock = next(x for x in bw.panel.combat.findChildren(QPushButton) if x.text() == "+1 impulse")
    for _ in range(CYCLES):
        n = len(bw.b.answers)
        qtbot.mouseClick(clock, Qt.MouseButton.LeftButton)
        assert len(bw.b.answers) == n + 1
        bw.undo_action.trigger()
        assert len(bw.b.answers) == n
        qtbot.mouseClick(clock, Qt.MouseButton.LeftButton)
    after = [_changed(a) for a in bar.actions()]
    assert after == before, f"connections grew: {before} -> {after}"
    button = bar.widgetForAction(bw.undo_action)
    assert button.toolTip() == bw.undo_action.toolTip()
    assert button.isEnabled() == bw.undo_action.isEnabled()
