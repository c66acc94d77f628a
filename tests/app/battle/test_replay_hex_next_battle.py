"""A resolved battle replays from a reopened file when its hex holds the next battle, not begun
(issue 22). Seen on the real screen at QT_SCALE_FACTOR=2: the default campaign's 0703 (Rook's Rest)
holds three meetings; the first, Alliance against the Orion Pirates, was fought (SIDCORS) and
resolved, the campaign saved and its report exported; the report's replay link (and File > Replay a
Battle... as well) said "Cannot replay the battle of turn 1 at 0703 now: the hex has an open battle
(replay it, or resolve it first)": the hex's controller had loaded the next meeting, Coalition against
Alliance, with no answer given, and that refused the replay of the battle already fought.

As a person does it: the battle fought at the table and resolved, File > Save As..., the file opened
in a new main window, File > Replay a Battle..., the battle and who watches chosen in their dialogs;
the replay steps to the end. The next meeting is still there to fight afterwards."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QMenu

from tests.app.battle.test_replay import _key, _pick
from tests.app.battle.test_replay_reopened import _menu_action
from tests.app.gui import Answerer, open_main_window, show_active, take_over
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def test_a_resolved_battle_replays_though_its_hex_holds_the_next(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0703")
    assert "Alliance attacks Orion Pirates" in bw.windowTitle()
    answerer = Answerer(results())
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=20000)
    answerer.stop()
    bw.close()
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
    at_0703 = [(r.attacker, r.defender, r.resolved) for r in again.session.campaign.battle_hexes if str(r.at) == "0703"]
    assert ("alliance", "orions", True) in at_0703 and ("coalition", "alliance", False) in at_0703
    hex_0703 = next(r.at for r in again.session.campaign.battle_hexes if str(r.at) == "0703")
    assert again.session.battle(hex_0703).run is not None  # the next meeting, loaded (as Ctrl+F's list does)

    answerer = Answerer(_pick("0703: Alliance attacks Orion Pirates"), _pick("Alliance"), take_over)
    _menu_action(again, "Replay a &Battle...").trigger()
    answerer.stop()
    assert "Cannot replay" not in again.statusBar().currentMessage()
    rw = battle_windows()[-1]
    assert rw.replay.on and rw.viewer == "alliance"
    assert rw.b.record.attacker == "alliance" and rw.b.record.defender == "orions"
    _key(rw, qtbot, Qt.Key.Key_End)
    assert "Resolved" in rw.step_label.text()
    _key(rw, qtbot, Qt.Key.Key_Escape)
    answerer = Answerer(take_over)  # closed, the screen goes back to the Game Master behind its hand-over
    rw.close()
    qtbot.waitUntil(lambda: bool(answerer.seen), timeout=20000)
    answerer.stop()
    assert again.session.undo_stack.count() == 0 and not again.isWindowModified()
    # the next meeting of the hex is still there to fight, from its first question
    nxt = again.session.battle(hex_0703)
    assert nxt.run is not None and nxt.run.record.attacker == "coalition" and not nxt.run.answers
