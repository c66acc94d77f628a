"""A Battle Hex is fought with the system the campaign names when its battle begins (found by the
real-screen walk, issue 19): a battle window opened on a hex and closed before any answer, then
Turn > Battle System for New Battle Hexes set to AF/EF, then Fight: the hex's controller kept its
V13 run, so V13 answers went into a record that names no system under settings AF/EF - the file
then replayed them with AF/EF and the battle could no longer be opened (`main.py battle` gave a
traceback)."""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from rules.systems import system_for
from tests.app.gui import Answerer, choose_item, open_main_window, press, show_active
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def test_a_battle_not_begun_is_fought_with_the_system_chosen_since(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")  # V13, the default campaign's system
    assert bw.ctl.system.key == "v13" and not bw.b.answers
    bw.close()  # nothing answered: the battle has not begun
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    at = next(r.at for r in main.campaign.battle_hexes if str(r.at) == "0604" and not r.resolved)
    assert system_for(main.campaign, at).key == "afef"
    show_active(main, qtbot)
    answerer = Answerer(choose_item("0604"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    again = battle_windows()[-1]
    assert again.ctl.system.key == "afef" and type(again.b).__module__.startswith("rules.systems.afef")
