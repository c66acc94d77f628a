"""The V13 roster's words (issue 22): seen on the real screen at 0509's placement, the roster named
a ground base by its data code, "Tau Ceti IV Ground Base Alpha (GROUND_BASE)"."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_keys import place_by_keys
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_roster_names_a_ground_base_in_words_not_its_data_code(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    answerer = Answerer(ok)  # Weapon Status, the range: as offered
    seen: list[str] = []
    for _ in range(300):  # both sides' rosters, unit by unit, placed by keys (P, Return)
        q = bw.b.pending
        if q is not None and q.kind is QKind.ACTION:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        elif q is not None and q.kind is QKind.PLACE and QApplication.activeModalWidget() is None:
            seen += [bw.panel.roster.item(i).text() for i in range(bw.panel.roster.count())]
            bw.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
            place_by_keys(bw, qtbot)
        qtbot.wait(20)
    answerer.stop()
    assert "Tau Ceti IV Ground Base Alpha (Ground Base)" in seen, "|".join(sorted(set(seen)))
    assert not [t for t in seen if "_" in t or "GROUND" in t or "DEFSAT" in t or "PLANET" in t], sorted(set(seen))
    bw.close()
