"""The next meeting of a sector, fought with another battle system, gets that system's panel (issue
22). Seen on the real screen at QT_SCALE_FACTOR=2: 0703's Alliance-Orion battle fought with SIDCORS
and its window left open, Campaign > Settings set to AF/EF, Ctrl+F and 0703's next meeting (Coalition
attacks Alliance): the open window moved on to it but kept the SIDCORS panel, the resolved battle's
Orion counters on show and the AF/EF questions asked in bare dialogs. As a person does it: the
table's results answered, the system chosen in Turn > Battle System, Turn > Fight a Battle Hex... and the meeting chosen."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.systems.afef import AfefPanel
from tests.app.gui import Answerer, choose_item, open_main_window
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def test_the_next_meeting_fought_with_another_system_shows_its_panel(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    menu = main.findChild(QMenu, "battle_systems_menu")
    system_action(menu, "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0703")
    assert "Alliance attacks Orion Pirates" in bw.windowTitle()
    answerer = Answerer(results())
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=20000)
    answerer.stop()
    system_action(menu, "afef").trigger()
    if bw.handing_over():  # moved on to the next meeting's page, the main window covered beside it: the GM
        bw.gm_action.trigger()  # takes the battle's GM view (nothing acts behind a cover: app/battle/held.py)
    answerer = Answerer(choose_item("0703: Coalition attacks Alliance"))
    main.fight_action.trigger()  # Turn > Fight a Battle Hex...
    answerer.stop()
    assert ("QInputDialog", "Fight a Battle Hex") in answerer.seen
    shown = [w for w in battle_windows() if w.isVisible() and w.at == bw.at]
    assert len(shown) == 1, [w.windowTitle() for w in shown]
    assert isinstance(shown[0].panel, AfefPanel), type(shown[0].panel).__name__
    assert shown[0].b.record.attacker == "coalition" and shown[0].b.record.defender == "alliance"
