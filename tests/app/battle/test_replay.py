"""Replay a battle on the map (issue 22), as a person does it: a V13 battle of the default
campaign set up and moved through the menus and the map, then Replay > Replay the battle and
the keys Home / Left / Right / End / Space; the counters, the float and the log follow each
step, nothing can be answered meanwhile, and leaving the replay gives the live battle back;
the log's right-click menu replays from an event; a SIDCORS battle replays in its panel."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QPushButton

from app.systems.v13.map import centre_of
from hexmap import Label
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.gui import take_over as take_the_screen  # the battle window's take_over is another
from tests.app.battle.test_seat import _drag, _hand_over_to, _legal_step
from tests.app.systems.test_table import system_action
from tests.app.battle.test_window import set_up_0604
from tests.app.test_gui_paths import end_movement_and_fight
from tests.hand_kept import hand_kept_file

L = Label.parse


def _action(bw, name: str) -> QAction:
    a = bw.findChild(QAction, name)
    assert a is not None, name
    return a


def _key(bw, qtbot, key: Qt.Key) -> None:
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    QTest.keyClick(bw, key)


def _combat_0604(qtbot, tmp_path):
    """The default campaign's 0604 battle set up through the map, the seat passed to the
    Coalition, then its destroyer moved by the map and the clock ticked (Space), twice."""
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    set_up_0604(bw)
    assert bw.panel.combat_mode() and bw.viewer == "gm"
    answerer = Answerer(choose_item("Coalition"))
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+Shift+P")  # the Coalition takes the seat
    answerer.stop()
    _hand_over_to(bw, qtbot, "Coalition", "\u0000")
    assert bw.viewer == "coalition"
    moves = [bw.b.state.units["lyr-dd-1"].pos]  # where it stood, then where it went
    for _ in range(2):
        to = _legal_step(bw, "lyr-dd-1", "coalition")
        balloon = _drag(bw, "lyr-dd-1", to)
        assert bw.b.state.units["lyr-dd-1"].pos == to, balloon
        moves.append(to)
        press(bw, "Space")  # +1 impulse
    return main, bw, moves[0], moves[1:]


def test_replay_steps_the_counters_on_the_map_and_gives_the_live_battle_back(qtbot, tmp_path):
    main, bw, start, moves = _combat_0604(qtbot, tmp_path)
    live_answers = list(bw.b.answers)
    n = len(live_answers)
    campaign, undo_count = main.session.campaign, bw.ctl.undo_stack.count()
    live_html = bw.log_view.toPlainText()
    # Replay > Replay the battle: from its first answer, nothing of the battle placed yet
    menu = bw.findChild(QMenu, "replay_menu")
    assert menu is not None and _action(bw, "replay_replay") in menu.actions()
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on and bw.replay.k == 0 and bw.b is not bw.ctl.run
    assert "lyr-dd-1" not in bw.panel.scene.counters and "answer 0 of" in bw.windowTitle()
    qtbot.waitUntil(bw.findChild(QLabel, "replay_label").isVisible)  # the toolbar lays it out
    assert not bw.panel.combat.isEnabled()
    # End: the last step is the live battle
    _key(bw, qtbot, Qt.Key.Key_End)
    assert bw.replay.k == n and bw.b.state.units["lyr-dd-1"].pos == moves[-1] == bw.ctl.run.state.units["lyr-dd-1"].pos
    assert bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[-1]
    # back over the clock tick and the second move: the counter goes back on the screen
    _key(bw, qtbot, Qt.Key.Key_Left)
    assert bw.replay.k == n - 1 and bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[-1]
    _key(bw, qtbot, Qt.Key.Key_Left)
    assert bw.replay.k == n - 2 and bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[0]
    item = bw.panel.scene.counters["lyr-dd-1"]
    assert item.sceneBoundingRect().contains(centre_of(moves[0])), "the counter is drawn at its old hex"
    _key(bw, qtbot, Qt.Key.Key_Left)
    _key(bw, qtbot, Qt.Key.Key_Left)
    assert bw.replay.k == n - 4 and bw.panel.scene.counters["lyr-dd-1"].spec.hex == start != moves[0]
    # forward: the counter shows at the new hex again, and the log has the move's line
    _key(bw, qtbot, Qt.Key.Key_Right)
    assert bw.replay.k == n - 3
    assert bw.panel.scene.counters["lyr-dd-1"].sceneBoundingRect().contains(centre_of(moves[0]))
    assert bw.replay.said(bw.replay.k) in bw.log_view.toPlainText()
    # nothing can be answered while replaying: a drag is refused, the battle and undo untouched
    _drag(bw, "lyr-dd-1", _legal_step(bw, "lyr-dd-1", "coalition"))
    assert "replay cannot change the battle" in bw.statusBar().currentMessage()
    assert bw.ctl.run.answers == live_answers and bw.ctl.undo_stack.count() == undo_count
    assert main.session.campaign is campaign
    # the floating map follows each step (V13.812): the sheet drawn is the step's
    windows = set()
    _key(bw, qtbot, Qt.Key.Key_End)
    for _ in range(5):
        assert bw.panel.scene.grid.window == bw.b.ctx.current_window()
        windows.add(bw.panel.scene.grid.window)
        _key(bw, qtbot, Qt.Key.Key_Left)
    assert len(windows) > 1, "the map floated with the moves"
    # Home, then Space plays to the end at the fastest speed
    _key(bw, qtbot, Qt.Key.Key_Home)
    assert bw.replay.k == 0
    next(a for a in bw.replay.speed_actions if a.data() == 100).trigger()
    _key(bw, qtbot, Qt.Key.Key_Space)
    assert bw.replay.timer.isActive()
    qtbot.waitUntil(lambda: bw.replay.k == n, timeout=20000)
    qtbot.waitUntil(lambda: not bw.replay.timer.isActive())
    assert bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[-1]
    # Escape leaves: the live battle, its answers, log and undo as they were; the combat keys work again
    _key(bw, qtbot, Qt.Key.Key_Escape)
    assert not bw.replay.on and bw.b is bw.ctl.run and bw.b.answers == live_answers
    assert bw.log_view.toPlainText() == live_html and bw.ctl.undo_stack.count() == undo_count
    assert main.session.campaign is campaign and "replay" not in bw.windowTitle()
    assert not bw.findChild(QLabel, "replay_label").isVisible()
    press(bw, "Space")
    assert len(bw.b.answers) == n + 1


def test_the_log_replays_the_battle_from_an_event(qtbot, tmp_path):
    main, bw, _start, moves = _combat_0604(qtbot, tmp_path)
    view = bw.log_view
    # the line of the first move, found in the log as shown, right-clicked
    doc = view.document()
    words = next(e.text for e in bw.b.log.events if e.kind == "answer" and isinstance(e.data.get("answer"), dict)
                 and e.data["answer"].get("move") == "lyr-dd-1")
    block = next(b for b in range(doc.blockCount()) if words in doc.findBlockByNumber(b).text())
    cursor = view.textCursor()
    cursor.setPosition(doc.findBlockByNumber(block).position() + 3)
    at = view.cursorRect(cursor).center()
    answerer = Answerer(lambda d: False, cancel_others=False)
    QApplication.sendEvent(view.viewport(), _context(view, at))
    answerer.stop()
    menu = bw.replay.log_menu
    entry = next(a for a in menu.actions() if a.objectName() == "replay_from_event")
    menu.close()
    entry.trigger()
    assert bw.replay.on
    index = next(i for i, e in enumerate(bw.ctl.run.log.events) if e.text == words and e.kind == "answer")
    k = bw.replay.k
    assert bw.replay.steps.frames[k].events > index >= bw.replay.steps.frames[k - 1].events
    assert bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[0]  # the step that gave the first move
    assert bw.replay.said(k) == words
    # back to the live battle; a click on the number of the second move's line replays up to it
    _key(bw, qtbot, Qt.Key.Key_Escape)
    second = [i for i, e in enumerate(bw.b.log.events) if e.kind == "answer" and isinstance(e.data.get("answer"), dict)
              and e.data["answer"].get("move") == "lyr-dd-1"][1]
    line = f"{second + 1}. "
    block = next(b for b in range(doc.blockCount()) if doc.findBlockByNumber(b).text().startswith(line))
    cursor = view.textCursor()
    cursor.setPosition(doc.findBlockByNumber(block).position() + 1)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    at = view.cursorRect(cursor).center()
    assert view.anchorAt(at) == f"replay:{second + 1}"
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert bw.replay.on and bw.panel.scene.counters["lyr-dd-1"].spec.hex == moves[1]
    assert bw.replay.steps.frames[bw.replay.k].events > second >= bw.replay.steps.frames[bw.replay.k - 1].events


def _pick(starting: str):
    """Choose the item starting with ``starting`` in a list dialog that has one (else leave it)."""
    def handle(d) -> bool:
        from PySide6.QtWidgets import QInputDialog
        if not isinstance(d, QInputDialog) or not any(i.startswith(starting) for i in d.comboBoxItems()):
            return False
        return choose_item(starting)(d)
    return handle


def _context(view, at: QPoint):
    from PySide6.QtGui import QContextMenuEvent
    return QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, view.viewport().mapToGlobal(at))


def test_a_sidcors_battle_replays_in_its_panel(qtbot, tmp_path):
    from tests.app.systems.test_sidcors import dialogs
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(dialogs)
    for _ in range(60):  # to the first damage allocation, as the players click it
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        kind = q.key.split("/")[2] if q.key.count("/") >= 2 else ""
        if kind == "bif":
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_2"), Qt.MouseButton.LeftButton)
        elif kind == "allocate":
            break
        else:
            qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.pending.key.split("/")[2] == "allocate"
    n = len(bw.b.answers)
    live_heading = bw.panel.heading.text()
    assert "owes" in live_heading  # the damage to allocate
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on and bw.replay.k == 0
    assert "owes" not in bw.panel.heading.text() and "BIR" not in bw.panel.heading.text()
    _key(bw, qtbot, Qt.Key.Key_End)
    assert bw.replay.k == n and "click" not in bw.panel.heading.text()  # the question read, not asked
    assert bw.panel.heading.text().split(" \u2014 ")[:-1] == live_heading.split(" \u2014 ")[:-1]  # the numbers
    # a counter clicked in the replay allocates nothing
    _key(bw, qtbot, Qt.Key.Key_Left)
    target = next((b for b in bw.panel.central.findChildren(QPushButton) if b.objectName().startswith("counter_")
                   and b.isVisible()), None)
    assert target is not None
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
    assert len(bw.ctl.run.answers) == n and bw.replay.k == n - 1
    _key(bw, qtbot, Qt.Key.Key_Escape)
    assert not bw.replay.on and bw.b is bw.ctl.run and len(bw.b.answers) == n


def test_file_replay_a_battle_replays_a_resolved_battle_as_the_chosen_team(qtbot, tmp_path):
    """A battle fought at the table and resolved, its window closed: File > Replay a Battle...
    lists it, asks who watches, and opens it in replay mode at the first answer; the last step
    is the battle resolved; the campaign and its undo stay as they were."""
    from tests.app.systems.test_table import results
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    bw.close()
    campaign, undo = main.session.campaign, main.session.undo_stack.count()
    entry = next(a for a in main.findChildren(QAction) if a.text() == "Replay a &Battle...")
    answerer = Answerer(_pick("0604"), _pick("Coalition"), take_the_screen)
    entry.trigger()
    answerer.stop()
    assert [t for _k, t in answerer.seen] == ["Replay a battle", "Replay a battle",
                                             "Hand over to Coalition: replay of Battle Hex 0604"]
    from tests.app.test_gui_paths import battle_windows
    rw = battle_windows()[-1]
    assert rw.replay.on and rw.replay.k == 0 and rw.viewer == "coalition"
    assert "Resolved" not in rw.step_label.text() and "answer 0 of 3" in rw.windowTitle()
    _key(rw, qtbot, Qt.Key.Key_End)
    assert rw.replay.k == 3 and "Resolved" in rw.step_label.text() and "destroyed: LSS Night Prowler;" in rw.step_label.text()
    _key(rw, qtbot, Qt.Key.Key_Left)
    assert "Resolved" not in rw.step_label.text() and rw.b.pending.key == "table/crippled"
    assert main.session.campaign is campaign and main.session.undo_stack.count() == undo


def test_a_replay_shows_the_coalition_no_hidden_unit_the_gm_sees(qtbot, tmp_path, monkeypatch):
    """V13.03 in the replay: 0509's incidental units (a Ground Base, a Defense Satellite) stay
    out of the Coalition's log and counters at every step before the attacker's placement is
    done, as in play; the GM's replay of the same steps shows them."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialog

    from app.shell.window import MainWindow
    from app.shell.turn_dialogs import IgnoreDialog
    from hexmap import Facing
    from rules.battlehex.state import Step
    from rules.battlehex.questions import QKind
    from tests.app.gui import to_space_combat
    from tests.app.battle.test_window import drag_drop, take_over
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    main = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    main.end_movement()
    main._battle_dialog.close()
    to_space_combat(main, qtbot)
    bw = main.fight(L("0509"))
    bw.auto_dialogs = False
    bw.resize(1300, 850)
    qtbot.waitExposed(bw)
    while bw.b.state.step is not Step.PLACE_INCIDENTAL and not bw.b.done:  # as the GUI test of V13.03 plays it
        take_over(bw)
        q = bw.b.pending
        if q.kind is QKind.PLACE:
            zone = bw.b.placement.zone(q.options[0])
            bw.panel.facing = Facing.A
            drag_drop(bw, q.options[0], str(bw.b.ctx.window.label(zone[len(zone) // 2])))
        else:
            bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER else
                      50 if q.low <= 50 <= q.high else q.low)
    hidden = ("Ground Base", "Defense Satellite")

    def seen(w) -> str:
        return w.log_view.toPlainText() + " ".join(c.toolTip() for c in w.panel.scene.counters.values())

    for who, sees in (("Coalition", False), ("Game Master", True)):
        answerer = Answerer(_pick("0509"), _pick(who), take_the_screen)  # the Coalition's behind its hand-over
        next(a for a in main.findChildren(QAction) if a.text() == "Replay a &Battle...").trigger()
        answerer.stop()
        assert bw.replay.on and bw.replay.k == 0
        shown = []
        while not bw.b.state.incidentals_revealed:
            shown.append(seen(bw))
            _key(bw, qtbot, Qt.Key.Key_Right)
        assert len(shown) > 3
        assert any(h in t for t in shown for h in hidden) is sees, who
        _key(bw, qtbot, Qt.Key.Key_Escape)
        assert bw.handing_over()  # the live battle goes back behind its hand-over


def test_a_closed_window_lets_its_replay_go(qtbot, tmp_path):
    """The battle's controller outlives its window (the session keeps it): the replay's
    connections to it must not keep a closed window's replay, and so the window, alive."""
    import gc
    import weakref

    from PySide6.QtCore import QCoreApplication, QEvent
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    ref = weakref.ref(bw.replay)
    _action(bw, "replay_replay").trigger()
    _key(bw, qtbot, Qt.Key.Key_Escape)
    bw.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    del bw
    gc.collect()
    assert ref() is None, "the closed window's replay is still held"
    main.session.battles[L("0604")].changed.emit(None)  # nothing of the closed window answers it


def test_the_gm_view_in_a_replay_and_out_of_it_again(qtbot, tmp_path):
    """Ctrl+Shift+G while replaying as the Coalition shows the GM's view of the step; off again,
    the step is the Coalition's again (never nobody's, which would be the GM's sight)."""
    main, bw, _start, _moves = _combat_0604(qtbot, tmp_path)
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on and bw.viewer == "coalition"
    press(bw, "Ctrl+Shift+G")
    assert bw.gm_action.isChecked() and bw.viewer == "gm" and bw.replay.on
    press(bw, "Ctrl+Shift+G")
    assert not bw.gm_action.isChecked() and bw.viewer == "coalition" and bw.replay.on
    _key(bw, qtbot, Qt.Key.Key_Right)
    assert bw.viewer == "coalition" and not bw.handing_over()
    # the GM view on when leaving: the live battle is the GM's, as the GM view says
    press(bw, "Ctrl+Shift+G")
    _key(bw, qtbot, Qt.Key.Key_Escape)
    assert not bw.replay.on and bw.gm_action.isChecked() and bw.viewer == "gm"
