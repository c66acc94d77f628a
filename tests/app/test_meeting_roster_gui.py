"""0703 of the default campaign through the main window, as the GM fights it (issue 25): the Coalition, the Alliance
and the independent Orions meet there, every side demands a Deep Space encounter, and Fight a Battle Hex (Ctrl+F)
offers three battles. Fought at the table, each battle's results dialogs list the units of its two sides only: the
Orions' ships were listed in Coalition attacks Alliance too (a third party in it), so the GM could enter their losses
there and again in their own battles. A ship the GM ticks destroyed in Alliance attacks Orion Pirates is gone from
Coalition attacks Orion Pirates."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QMenu

from app.battle.window import BattleWindow
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window, press
from tests.app.systems.test_table import system_action, units
from tests.app.test_gui_paths import end_movement

MEETINGS = ["0703: Coalition attacks Alliance", "0703: Alliance attacks Orion Pirates",
            "0703: Coalition attacks Orion Pirates"]
ORION_SHIPS = {"Black Mira's Revenge", "Jade Serpent"}


def fight(main, qtbot, meeting: str, destroyed: str = "") -> tuple[list[str], dict[str, list[str]]]:
    """Ctrl+F, ``meeting`` chosen in the list; the GM takes the screen and answers the results dialogs, ticking
    ``destroyed`` in the first. Returns the list's items and each results dialog's listed ship names."""
    offered: list[str] = []
    listed: dict[str, list[str]] = {}

    def answer(d) -> bool:
        if isinstance(d, QInputDialog):
            offered.extend(i for i in d.comboBoxItems() if i.startswith("0703"))
            d.setTextValue(meeting)
            return ok(d)
        if not isinstance(d, QuestionDialog) or not d.q.key.startswith("table/"):
            return False
        listed[d.q.key] = [d.list.item(i).text() for i in range(d.list.count())]
        for i in range(d.list.count()):
            if d.list.item(i).text() == destroyed and d.q.key == "table/destroyed":
                d.list.item(i).setCheckState(Qt.CheckState.Checked)
        return ok(d)

    answerer = Answerer(answer)
    try:
        press(main, "Ctrl+F")
        qtbot.waitUntil(lambda: any(isinstance(w, BattleWindow) and w.isVisible()
                                    for w in QApplication.topLevelWidgets()))
        bw = next(w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible())
        title = "Battle Hex " + meeting.replace(": ", " \u2014 ")
        assert bw.windowTitle().startswith(title), bw.windowTitle()
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the GM takes the screen
        qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    finally:
        answerer.stop()
    bw.close()
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    return offered, listed


def test_each_battle_at_0703_lists_its_two_sides_only_and_the_orions_losses_are_entered_once(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    end_movement(main, qtbot)  # Ctrl+E, Supply, every side demands Deep Space, every one asked agrees
    offered, listed = fight(main, qtbot, MEETINGS[0])
    assert offered == sorted(MEETINGS)  # a sector's meetings by their sides, the same at every opening
    assert list(listed) == ["table/destroyed", "table/captured", "table/crippled"]
    assert listed["table/destroyed"] and not ORION_SHIPS & set(listed["table/destroyed"]), listed
    assert "Orion" not in main.campaign.log[-1].text
    _, listed = fight(main, qtbot, MEETINGS[1], destroyed="Jade Serpent")
    assert ORION_SHIPS <= set(listed["table/destroyed"]), listed
    assert "ori-slv-1" not in units(main.campaign)  # written to the campaign
    offered, listed = fight(main, qtbot, MEETINGS[2])
    assert offered == [MEETINGS[2]]
    assert "Black Mira's Revenge" in listed["table/destroyed"] and "Jade Serpent" not in listed["table/destroyed"]
