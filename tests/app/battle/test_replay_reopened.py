"""A battle resolved in an earlier session replays after its file is closed and reopened (issue
22), as a person does it: a battle fought at the table and resolved, the campaign saved (File >
Save As...), then File > Open of that file in a new main window, File > Replay a Battle..., the
battle and who watches chosen in their dialogs, and the keys End / Left in the replay."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMenu

from tests.app.gui import Answerer, open_main_window, show_active, take_over
from tests.app.battle.test_replay import _key, _pick
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def _menu_action(main, text: str) -> QAction:
    return next(a for a in main.findChildren(QAction) if a.text() == text)


def test_a_reopened_file_replays_its_resolved_battle(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    live_events = [e.text for e in bw.b.log.events]
    bw.close()
    saved = tmp_path / "fought.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    _menu_action(main, "Save &As...").trigger()
    assert saved.exists()
    main.close()

    from app.shell.window import MainWindow
    (tmp_path / "b").mkdir()
    again = MainWindow(settings=QSettings(str(tmp_path / "b" / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    show_active(again, qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(saved), ""))
    _menu_action(again, "&Open...").trigger()
    assert again.campaign_path == saved and not again.session.battles
    rec = next(r for r in again.session.campaign.battle_hexes if str(r.at) == "0604" and r.resolved)
    assert rec.began is not None

    listed: list[list[str]] = []

    def battle(d) -> bool:
        listed.append(list(d.comboBoxItems()) if hasattr(d, "comboBoxItems") else [])
        return _pick("0604")(d)

    answerer = Answerer(battle, _pick("Coalition"), take_over)
    _menu_action(again, "Replay a &Battle...").trigger()
    answerer.stop()
    assert [t for _k, t in answerer.seen] == ["Replay a battle", "Replay a battle",
                                             "Hand over to Coalition: replay of Battle Hex 0604"]
    assert any(i.startswith("0604") and "turn 1, resolved, 3 answers" in i for i in listed[0]), listed
    rw = battle_windows()[-1]
    assert rw.replay.on and rw.replay.k == 0 and rw.viewer == "coalition"
    assert "answer 0 of 3" in rw.windowTitle() and "Resolved" not in rw.step_label.text()
    _key(rw, qtbot, Qt.Key.Key_End)
    assert rw.replay.k == 3 and "Resolved" in rw.step_label.text() and "destroyed: LSS Night Prowler;" in rw.step_label.text()
    assert [e.text for e in rw.b.log.events] == live_events  # the last frame is the live end of the battle
    _key(rw, qtbot, Qt.Key.Key_Left)
    assert "Resolved" not in rw.step_label.text() and rw.b.pending.key == "table/crippled"
    assert again.session.undo_stack.count() == 0 and not again.isWindowModified()
    # out of the replay the window shows the battle as it ended; a click on an event's number in
    # the log (its replay link) replays it up to that event
    _key(rw, qtbot, Qt.Key.Key_Escape)
    assert not rw.replay.on and rw.b.status().resolved
    first = next(i for i, e in enumerate(rw.b.log.events) if e.kind in ("answer", "ruling"))
    view, doc = rw.log_view, rw.log_view.document()
    block = next(b for b in range(doc.blockCount()) if doc.findBlockByNumber(b).text().startswith(f"{first + 1}. "))
    cursor = view.textCursor()
    cursor.setPosition(doc.findBlockByNumber(block).position() + 1)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    at = view.cursorRect(cursor).center()
    assert view.anchorAt(at) == f"replay:{first + 1}"
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    k = rw.replay.k
    assert rw.replay.on and rw.replay.steps.frames[k].events > first >= rw.replay.steps.frames[k - 1].events
