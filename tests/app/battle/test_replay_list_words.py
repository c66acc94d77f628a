"""File > Replay a Battle...'s list names each battle's turn and battle system (issue 22, real-screen
pass at 1600x1000): only the battles read from the file said their turn, and none said its battle
system, so two 0703 battles of one turn read alike. Each line now reads: sector, the two sides,
turn, resolved or open, answers, then the system in words - for a battle of this session and for
one the file holds, read after the file is saved and opened again."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu

from tests.app.gui import Answerer, cancel, open_main_window, show_active
from tests.app.battle.test_replay_reopened import _menu_action
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import end_movement_and_fight

LINE = "0604: Coalition attacks Alliance (turn 1, resolved, 3 answers) \u2014 Fought at the table"


def replay_list(main) -> list[str]:
    """The battles File > Replay a Battle... offers (then cancelled)."""
    listed: list[list[str]] = []

    def note(d) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        listed.append(list(d.comboBoxItems()))
        return cancel(d)
    answerer = Answerer(note)
    _menu_action(main, "Replay a &Battle...").trigger()
    answerer.stop()
    assert len(listed) == 1, listed
    return listed[0]


def test_each_replayable_battle_names_its_turn_and_system(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    bw.close()
    assert replay_list(main) == [LINE]  # fought in this session (before: no turn, no system)

    saved = tmp_path / "fought.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    _menu_action(main, "Save &As...").trigger()
    main.close()
    from app.shell.window import MainWindow
    (tmp_path / "b").mkdir()
    again = MainWindow(settings=QSettings(str(tmp_path / "b" / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    show_active(again, qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(saved), ""))
    _menu_action(again, "&Open...").trigger()
    assert replay_list(again) == [LINE]  # read from the file (before: its turn, no system)
