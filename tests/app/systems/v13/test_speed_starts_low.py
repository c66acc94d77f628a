"""Each unit's "Speed before Turn 1" opens at the lowest its rule allows (issue 22: a number
question opens at the usual case, not its maximum). Seen on the real screen at 1600x1000, scale 1,
turn 2's V13 battle at 0509: after the attackers' fixed speed 31 (V13.448) the spin box kept 31
clamped into the incidental units' 0-4 (V13.465), so Tau Ceti IV's Ground Bases and the Defense
Satellite were placed by P, Return at speed 4. Played as a person does: the dialogs as offered,
every unit placed by keys (P, Return)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_keys import place_by_keys
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_incidental_bases_open_at_speed_0_after_the_attackers_31(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.resize(1400, 900)
    answerer = Answerer(ok)
    incidental = None
    for _ in range(300):
        q = bw.b.pending
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        elif q is not None and q.kind is QKind.PLACE and QApplication.activeModalWidget() is None:
            uid = bw.panel.selected_unit()
            if bw.b.state.units[uid].incidental:
                incidental = uid
                break
            bw.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
            place_by_keys(bw, qtbot)
        qtbot.wait(20)
    answerer.stop()
    assert incidental is not None
    assert any(u.speed == 31 for u in bw.b.state.units.values() if u.pos is not None)  # the attackers' V13.448
    speed = bw.panel.speed
    assert speed.isEnabled() and (speed.minimum(), speed.maximum()) == (0, 4)  # V13.465, by a base
    assert speed.value() == 0, speed.value()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    place_by_keys(bw, qtbot)
    assert bw.b.state.units[incidental].speed == 0
    bw.close()
