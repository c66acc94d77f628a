"""The 'table' battle system (the minimal example of the seam) played as a GM does: chosen in
the Turn menu or a Battle Hex's right-click menu, fought with Ctrl+F, its questions answered
in their dialogs, the results written to the campaign, and Ctrl+Z taking them back."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.table import TablePanel
from app.widgets.question_dialogs import QuestionDialog
from app.strategic.menus import sector_menu
from tests.app.gui import Answerer, cancel, choose_item, ok, open_main_window, press
from tests.app.test_gui_paths import battle_windows, end_movement, end_movement_and_fight


def results(**chosen: list[str]):
    """Answer each results dialog (key "table/<what>") by ticking the units of ``chosen[what]``."""
    def handle(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        want = chosen.get(d.q.key.split("/")[1], [])
        for i in range(d.list.count()):
            item = d.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) in want:
                item.setCheckState(Qt.CheckState.Checked)
        return ok(d)
    return handle


def system_action(menu: QMenu, key: str):
    menu.aboutToShow.emit()  # the menu fills itself as it opens
    return next(a for a in menu.actions() if a.objectName() == f"system_{key}")


def units(campaign) -> dict:
    return {u.id: u for f in campaign.fleets for u in f.units}


def test_the_turn_menu_sets_the_table_system_and_the_gm_enters_the_results(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    menu = main.findChild(QMenu, "battle_systems_menu")
    assert system_action(menu, "v13").isChecked()
    system_action(menu, "table").trigger()
    assert main.campaign.settings.battle_system == "table" and system_action(menu, "table").isChecked()
    assert main.undo_action.text() == "&Undo Battle system: Fought at the table"
    steps = main.session.undo_stack.count()
    system_action(menu, "table").trigger()  # choosing it again changes nothing: no empty undo step
    assert main.session.undo_stack.count() == steps
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, TablePanel) and bw.windowTitle().startswith("Battle Hex 0604 \u2014 Coalition attacks")
    assert bw.stack.currentIndex() == 1 and bw.handover_label.text() == "Pass the screen to the Game Master"
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1", "lyr-cw-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    assert [k for k, _t in answerer.seen] == ["QuestionDialog"] * 3  # destroyed, captured, crippled
    assert "fought at the table: destroyed: " in bw.step_label.text() and "captured: none; crippled: " in bw.step_label.text()
    sheet = bw.panel.sheet.toPlainText()
    assert "destroyed" in sheet and "crippled" in sheet
    c = main.campaign
    assert "lyr-dd-1" not in units(c) and units(c)["kz-aac-1"].crippled and units(c)["lyr-cw-1"].crippled
    rec = next(r for r in c.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and rec.answers == [["lyr-dd-1"], [], ["kz-aac-1", "lyr-cw-1"]]
    assert main.undo_action.text().startswith("&Undo Battle 0604: crippled")  # the results: a strategic step
    # Ctrl+Z in the battle window takes the results back (they are the campaign's last change)
    bw.auto_dialogs = False
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+Z")
    assert not bw.b.status().resolved and bw.b.answers == [["lyr-dd-1"], []]
    assert "lyr-dd-1" in units(main.campaign) and not units(main.campaign)["kz-aac-1"].crippled
    assert bw.b.pending.key == "table/crippled"


def test_one_battle_hex_is_fought_at_the_table_from_its_right_click_menu(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    menu = sector_menu(main.strategic_view, "0604")
    with_menu = next(a.menu() for a in menu.actions() if a.menu() is not None)
    assert with_menu.title() == "Fight it with" and system_action(with_menu, "v13").isChecked()
    system_action(with_menu, "table").trigger()
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.system == "table" and main.campaign.settings.battle_system == "v13"
    assert main.undo_action.text() == "&Undo Battle Hex 0604 fought with: Fought at the table"
    other = next(r for r in main.campaign.battle_hexes if str(r.at) == "0907")
    assert other.system == ""  # the other Battle Hexes keep the campaign's system
    answerer = Answerer(choose_item("0604"), results(destroyed=["kz-eff-1"]))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    bw = battle_windows()[-1]
    bw.auto_dialogs = False
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    bw.answer_button.click()  # the GM opens the first question's dialog
    answerer.stop()
    assert bw.b.answers == [["kz-eff-1"]]
    # begun: the menu no longer offers another system for this hex
    again = next(a.menu() for a in sector_menu(main.strategic_view, "0604").actions() if a.menu() is not None)
    v13 = system_action(again, "v13")
    assert not v13.isEnabled() and "has begun" in v13.toolTip()


def test_a_refused_answer_names_its_rule_in_the_dialog(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert bw.answer(["nobody"]) is not None  # not a unit of this battle
    assert "V13.01" in bw.statusBar().currentMessage() and bw.b.answers == []
    answerer = Answerer(cancel)
    bw.answer_button.click()
    answerer.stop()
    assert bw.b.answers == [] and bw.b.pending.key == "table/destroyed"
