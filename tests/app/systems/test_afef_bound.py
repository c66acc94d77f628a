"""The AF/EF panel at the engine's bound (issue 19): after ``ROUND_LIMIT`` rounds the GM's
question offers only a break-off, so "Another round" is disabled (before, it stayed enabled and
its answer was refused) and the Break off button ends the battle with the GM's reason."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from rules.systems.afef.asking import ROUND_LIMIT
from tests.app.gui import Answerer, choose_item, open_main_window, type_text
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight

HOLD_FIRE = {"modifiers": {}, "screen": [], "declare": {"attacks": {}, "hold": []}, "return": {"attacks": {}},
             "continue": "fight"}
"""Nobody fires and the GM calls another round: a battle that never ends by itself."""


def test_at_the_bound_another_round_is_disabled_and_the_gm_breaks_off(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    for _ in range(10 * ROUND_LIMIT):  # the rounds by engine answers (the panel's plans have their own tests)
        q = bw.b.pending
        if q.key == f"afef/{ROUND_LIMIT}/continue":
            break
        assert bw.answer(HOLD_FIRE[q.key.split("/")[2]]) is None
    for _ in range(3):  # the GM takes the screen
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    panel = bw.panel
    assert bw.b.pending.key == f"afef/{ROUND_LIMIT}/continue"
    assert panel.break_button.isVisible() and not panel.commit_button.isEnabled()
    pick, reason = choose_item("both"), type_text("thirty rounds and nobody fires")
    answerer = Answerer(lambda d: pick(d) if getattr(d, "comboBoxItems", list)() else reason(d))
    qtbot.mouseClick(panel.break_button, Qt.MouseButton.LeftButton)
    answerer.stop()
    assert bw.b.status().resolved and bw.b.round == ROUND_LIMIT
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and "broke off" in rec.resolution
