"""One battle window a sector: fighting the next meeting of a sector whose battle window is open shows it there
(issue 22, seen by HC at QT_SCALE_FACTOR=2: while a second battle at 0703 was fought, the window list
showed two "Battle Hex 0703 - Coalition attacks Alliance" windows, one of them the resolved Orion
battle's). Found: Fight opens a second window for the sector, and both share the sector's one
BattleController, which CampaignSession.battle reloads onto the meeting chosen: the resolved window showed
the new battle too, two live windows on one battle. Fought at the table (the GM enters the results), the
default campaign's 0703 meetings one after the other, each chosen in the Fight list (Ctrl+F): one window
of 0703 shows the second meeting, titled by its sides."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import battle_windows, end_movement


def fight(main, qtbot, item: str, answerer: Answerer):
    """Ctrl+F, the meeting chosen in the list by ``answerer``; the new battle window."""
    before = set(battle_windows())
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(set(battle_windows()) - before), timeout=20000)
    bw = next(w for w in battle_windows() if w not in before)
    qtbot.waitExposed(bw)
    return bw


def test_the_next_meeting_of_a_sector_is_fought_in_its_one_window(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    end_movement(main, qtbot)
    answerer = Answerer(choose_item("0703: Alliance attacks Orion"), results())  # nothing destroyed, captured ...
    try:
        first = fight(main, qtbot, "0703", answerer)
        assert first.windowTitle().startswith("Battle Hex 0703 \u2014 Alliance attacks Orion Pirates")
        qtbot.mouseClick(first.handover_button, Qt.MouseButton.LeftButton)  # the GM takes over and enters them
        qtbot.waitUntil(lambda: first.b is not None and first.b.status().resolved, timeout=20000)
    finally:
        answerer.stop()
    resolved = first.windowTitle()
    assert resolved.startswith("Battle Hex 0703 \u2014 resolved"), resolved
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow, timeout=20000)
    answerer = Answerer(choose_item("0703: Coalition attacks Alliance"))  # then its dialogs cancelled
    try:
        press(main, "Ctrl+F")
        new = "Battle Hex 0703 \u2014 Coalition attacks Alliance"
        qtbot.waitUntil(lambda: any(w.windowTitle().startswith(new) for w in battle_windows()), timeout=20000)
        here = [w.windowTitle().split(" \u2014 ")[1] for w in battle_windows() if w.at == first.at]
        assert here == ["Coalition attacks Alliance"], here  # before: two windows so titled, one the Orion battle's
    finally:
        for w in battle_windows():
            w.auto_dialogs = False
            w.close()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=20000)  # its dialogs cancelled
        answerer.stop()
