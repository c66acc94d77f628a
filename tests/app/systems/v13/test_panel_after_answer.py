"""What the V13 panel does after an answer costs nothing that grows with the battle (issue 21):
the V13.443 facing note reads the log only after an attacker's placement, never at a combat
answer (it scanned the whole log at every drop and clock press: ~1 ms at 5,000 answers)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QPushButton

import app.systems.v13.panel as battle_v13
from app.shell.window import MainWindow
from app.shell.turn_dialogs import IgnoreDialog
from tests.app.gui import to_space_combat
from tests.app.battle.test_window import open_battle, set_up_0604
from tests.hand_kept import hand_kept_file


@pytest.fixture
def main(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    w = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.end_movement()
    w._battle_dialog.close()
    to_space_combat(w, qtbot)
    return w


def test_combat_answers_do_not_read_the_log_for_the_facing_note(main, qtbot, monkeypatch):
    calls: list[int] = []
    real = battle_v13.corrected_facing
    monkeypatch.setattr(battle_v13, "corrected_facing", lambda log: calls.append(len(log.events)) or real(log))
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    assert calls, "the attackers' placement reads the facing note"
    assert bw.panel.combat_mode()
    calls.clear()
    clock = next(x for x in bw.panel.combat.findChildren(QPushButton) if x.text() == "+1 impulse")
    n = len(bw.b.answers)
    for _ in range(3):
        qtbot.mouseClick(clock, Qt.MouseButton.LeftButton)
    assert len(bw.b.answers) == n + 3
    assert calls == [], f"a combat answer scanned the log ({calls} events)"
