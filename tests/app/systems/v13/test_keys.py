"""A V13 battle by keys (issue 19): the units placed with the hex cursor (P, arrows, Tab, [ ],
Return, Escape), a unit selected with N and moved with M, the battle ended with Ctrl+Shift+X,
as a person at the keyboard plays it (the default campaign's 0604 opened through the menus,
every key pressed on the widget that has the focus)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox, QToolBar

from app.systems.v13.keys import arrow_step
from rules.systems.v13.queries import preview_move
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, open_main_window, type_text
from tests.app.battle.test_window import to_defender_placement
from tests.app.test_gui_paths import end_movement_and_fight


def key(bw, k: Qt.Key, mod: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key, pressed on the widget that has the keyboard focus (the window if none has)."""
    QTest.keyClick(QApplication.focusWidget() or bw, k, mod)


def take_over_by_keys(bw, qtbot) -> None:
    """The hand-over screen, if it is up: Return on its button."""
    if bw.handing_over():
        bw.activateWindow()
        qtbot.waitUntil(lambda: bw.handover_button.hasFocus())
        key(bw, Qt.Key.Key_Return)
        assert not bw.handing_over()


def place_by_keys(bw, qtbot, tabs: int = 0) -> str:
    """P, ``tabs`` times Tab, Return (then ] and Return again while the engine refuses the facing);
    returns the unit placed."""
    uid = bw.panel.selected_unit()
    key(bw, Qt.Key.Key_P)
    assert bw.panel.keys.active and bw.panel.view.hasFocus()
    assert "Return places" in bw.statusBar().currentMessage()
    for _ in range(tabs):
        key(bw, Qt.Key.Key_Tab)
    for _ in range(6):
        key(bw, Qt.Key.Key_Return)
        if bw.b.state.units[uid].pos is not None:
            return uid
        key(bw, Qt.Key.Key_BracketRight)
    raise AssertionError(f"{uid} not placed: {bw.statusBar().currentMessage()}")


def battle_0604(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    to_defender_placement(bw)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    return main, bw


def test_every_unit_is_placed_and_moved_by_keys(qtbot, tmp_path):
    _main, bw = battle_0604(qtbot, tmp_path)
    tips = {a.text(): a.toolTip() for a in bw.findChild(QToolBar, "battle_bar").actions()}
    assert "(P)" in tips["Place..."] and "(M)" in tips["Move..."] and "(N)" in tips["Next unit"]
    placed = []
    while bw.b.pending.kind is QKind.PLACE:
        take_over_by_keys(bw, qtbot)
        if len(placed) == 1:  # N chooses the roster's next unit
            second = bw.panel.roster.item(1).data(Qt.ItemDataRole.UserRole)
            key(bw, Qt.Key.Key_N)
            assert bw.panel.selected_unit() == second
        placed.append(place_by_keys(bw, qtbot, tabs=len(placed)))
        assert not bw.panel.keys.active  # a hand-over clears the status bar; else it says what was done
        msg = bw.statusBar().currentMessage()  # behind the hand-over, nothing of the last Team's move
        assert (not msg if bw.handing_over() else "placed at" in msg), (bw.handing_over(), msg)
    assert len(placed) == 6 and len(set(placed)) == 6
    take_over_by_keys(bw, qtbot)
    assert bw.b.pending.key == "V13.811/centre"
    bw.answer(bw.b.pending.data["proposed"])
    assert bw.panel.combat_mode()
    bw.activateWindow()
    # N selects the first unit on the map; M, an arrow to a hex the engine allows, Return moves it there
    key(bw, Qt.Key.Key_N)
    u = bw.panel.selected_combat_unit()
    assert u is not None and u.name in bw.statusBar().currentMessage()
    taken = {x.pos for x in bw.b.state.units.values()}
    arrows = [k for k in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right)
              if arrow_step(u.pos, k) not in taken and preview_move(bw.b.ctx, u.id, arrow_step(u.pos, k)).ok]
    assert arrows
    start, facing = u.pos, u.facing
    key(bw, Qt.Key.Key_M)
    assert bw.panel.keys.active and "Return moves" in bw.statusBar().currentMessage()
    key(bw, arrows[0])
    assert bw.panel.scene.hover_text.toPlainText()  # the engine's verdict on the cursor's hex
    key(bw, Qt.Key.Key_BracketLeft)  # the facing of the move
    key(bw, Qt.Key.Key_Return)
    moved = bw.b.state.units[u.id]
    assert moved.pos == arrow_step(start, arrows[0]) and moved.facing is facing.rotate(-1)
    assert not bw.panel.keys.active
    # the GM ends the battle by keys: Ctrl+Shift+X, the reason typed, Return
    labels: list[str] = []

    def reason(d) -> bool:
        if isinstance(d, QInputDialog):
            labels.append(d.labelText())
        return type_text("played by keys")(d)
    answerer = Answerer(reason)
    key(bw, Qt.Key.Key_X, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    answerer.stop()
    assert ("QInputDialog", "End the battle (GM)") in answerer.seen
    assert labels == ["Why does the battle end now?"]  # no design-note number such as "(A-59)" (issue 22)
    assert not bw.panel.combat_mode() and "played by keys" in "\n".join(e.text for e in bw.b.log.events)
    shown = bw.step_label.text()  # the resolution in words: no design-note number (issue 22, seen on screen)
    assert "played by keys" in shown and "A-59" not in shown, shown


def test_escape_cancels_and_an_arrow_outside_the_zone_is_refused_with_its_rule(qtbot, tmp_path):
    _main, bw = battle_0604(qtbot, tmp_path)
    take_over_by_keys(bw, qtbot)
    uid = bw.panel.selected_unit()
    before = list(bw.b.answers)
    key(bw, Qt.Key.Key_P)
    zone = set(bw.b.placement.zone(uid))
    assert bw.panel.keys.at in zone
    key(bw, Qt.Key.Key_Tab)
    assert bw.panel.keys.at in zone
    key(bw, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    key(bw, Qt.Key.Key_Escape)
    assert not bw.panel.keys.active and bw.b.answers == before and "Cancelled" in bw.statusBar().currentMessage()
    assert not bw.panel.scene.hover_text.toPlainText()
    # walk the cursor out of the zone: Return there is refused, with the engine's rule, and nothing is placed
    key(bw, Qt.Key.Key_P)
    at = bw.panel.keys.at
    for _ in range(60):
        if bw.panel.keys.at not in zone:
            break
        key(bw, Qt.Key.Key_Down)
    assert bw.panel.keys.at not in zone and bw.panel.keys.at.q == at.q  # Down keeps to the column
    key(bw, Qt.Key.Key_Return)
    assert bw.b.answers == before and bw.panel.keys.active
    assert "Refused: V13." in bw.statusBar().currentMessage()
    # Ctrl+Z: the last answer before the set-up was the Coalition's, given before the Alliance's hand-over:
    # not the Alliance's to take back (issue 22), nothing is undone; the GM view takes it back after a
    # confirmation, and the cursor goes with the question it answered
    key(bw, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert bw.b.answers == before and "hand-over" in bw.undo_action.toolTip()
    bw.gm_action.trigger()
    answerer = Answerer(lambda d: d.objectName() == "undo_across_handover" and bool(d.button(
        QMessageBox.StandardButton.Yes).click() or True))
    try:
        key(bw, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    finally:
        answerer.stop()
    assert bw.b.pending.kind is not QKind.PLACE and not bw.panel.keys.active
    assert not bw.panel.scene.hover_text.toPlainText()


def test_alt_a_opens_the_pending_questions_dialog(qtbot, tmp_path):
    """A question's dialog closed (Escape) opens again by keys: Alt+A, the Answer... button's."""
    from app.widgets.question_dialogs import QuestionDialog

    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False  # as after Escape on the dialog that opened by itself
    take_over_by_keys(bw, qtbot)
    assert bw.b.pending.key == "V13.21/announce" and bw.answer_button.isEnabled()
    seen: list[str] = []

    def record(d) -> bool:
        if isinstance(d, QuestionDialog):
            seen.append(d.q.key)
        return False  # then cancelled
    answerer = Answerer(record)
    key(bw, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    answerer.stop()
    assert seen == ["V13.21/announce"]


def test_the_map_menu_shows_the_keys_and_starts_the_cursor(qtbot, tmp_path):
    """Right-click a hex in set-up: the menu names the keys (P, N) as a menu shows shortcuts;
    its Place ... by keys entry puts the cursor on the map as P does."""
    from PySide6.QtWidgets import QMenu

    from app.systems.v13.map import centre_of

    _main, bw = battle_0604(qtbot, tmp_path)
    take_over_by_keys(bw, qtbot)
    view = bw.panel.view
    h = bw.b.ctx.window.hex_at("2103")
    view.centerOn(centre_of(h))
    QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=view.mapFromScene(centre_of(h)))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    texts = [a.text() for a in menu.actions()]
    name = bw.b.state.units[bw.panel.selected_unit()].name
    assert f"Place {name} by keys...\tP" in texts and "Next unit to place\tN" in texts
    next(a for a in menu.actions() if a.text().endswith("by keys...\tP")).trigger()
    menu.close()
    assert bw.panel.keys.active and bw.panel.keys.at in set(bw.b.placement.zone(bw.panel.selected_unit()))


def test_the_cursor_ends_when_its_unit_is_placed_another_way(qtbot, tmp_path):
    """P puts the cursor on the carrier; the carrier placed from the hex menu instead, the cursor
    does not stay on a unit that is no longer asked for (its keys would place nothing)."""
    from PySide6.QtWidgets import QMenu

    from app.systems.v13.map import centre_of

    _main, bw = battle_0604(qtbot, tmp_path)
    take_over_by_keys(bw, qtbot)
    uid = bw.panel.selected_unit()
    key(bw, Qt.Key.Key_P)
    for _ in range(3):  # facing D, towards the map (V13.432 puts the carrier at its edge)
        key(bw, Qt.Key.Key_BracketRight)
    assert bw.panel.keys.active and bw.panel.keys.uid == uid
    view = bw.panel.view
    h = bw.b.ctx.window.hex_at("2103")
    view.centerOn(centre_of(h))
    QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=view.mapFromScene(centre_of(h)))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    next(a for a in menu.actions() if a.text().endswith(" here") and a.text().startswith("Place ")).trigger()
    menu.close()
    assert bw.b.state.units[uid].pos == h and not bw.handing_over()  # the Alliance places its next unit
    assert not bw.panel.keys.active and not bw.panel.scene.hover_text.toPlainText()


def test_p_and_return_place_each_unit_on_a_hex_of_its_own(qtbot, tmp_path):
    """P then Return for every unit (no Tab, no arrow): the cursor starts on a legal hex that
    holds no friendly counter yet, so the units stand side by side, not stacked on one hex."""
    _main, bw = battle_0604(qtbot, tmp_path)
    placed = []
    while bw.b.pending.kind is QKind.PLACE:
        take_over_by_keys(bw, qtbot)
        uid = bw.panel.selected_unit()
        team = bw.b.state.units[uid].team
        friends = {u.pos for u in bw.b.state.units.values() if u.team == team and u.pos is not None}
        key(bw, Qt.Key.Key_P)
        assert bw.panel.keys.at in set(bw.b.placement.zone(uid))  # the engine's legal hex
        assert bw.panel.keys.at not in friends, (bw.b.state.units[uid].name, bw.b.ctx.where(bw.panel.keys.at))
        key(bw, Qt.Key.Key_Escape)
        placed.append(place_by_keys(bw, qtbot))
    units = [bw.b.state.units[uid] for uid in placed]
    for team in {u.team for u in units}:
        hexes = [u.pos for u in units if u.team == team]
        assert len(hexes) > 1 and len(set(hexes)) == len(hexes), (team, hexes)
