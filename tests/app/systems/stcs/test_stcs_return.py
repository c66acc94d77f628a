"""Return in an STCS battle window (issue 22, real-screen pass at 0509 of the default campaign):
with the segment's acts listed and Answer... greyed, Return did nothing, where in SIDCORS and AF/EF
it presses the panel's main button. It now does the act chosen in the list (Do it)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.battle.test_building_return import _key
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_return_in_an_stcs_battle_does_the_act_chosen(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "stcs").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))  # the GM's set-up, as it opens
    try:
        panel = bw.panel
        assert isinstance(panel, STCSPanel)
        for _ in range(50):  # past the hand-overs to the segment's acts
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            if bw.b.pending is not None and bw.b.pending.key.endswith("/act") and not bw.handing_over():
                break
            qtbot.wait(20)
        q = bw.b.pending
        assert q is not None and q.key.endswith("/act") and panel.acts.count() > 0
        assert not bw.answer_button.isEnabled()  # the acts are the panel's: Answer... is greyed
        bw.activateWindow()
        qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
        given = len(bw.b.answers)
        _key(panel.acts)  # Return on the act list: its chosen act is done, as Do it does
        qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
    finally:
        answerer.stop()
