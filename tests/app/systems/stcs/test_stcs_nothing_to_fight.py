"""An STCS Battle Hex with nothing to fight, in its window (issue 25, the whole-campaign play at 0907 of the
default campaign with Turn > Battle System > STCS): the Klingon border monitor has no STCS ship data, and
'end this segment' was the act the list opened at; the GM pressed it 30 times before resolving was offered.
The act list now opens at resolving, so Return resolves the battle at once."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.battle.test_building_return import _key
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_return_resolves_an_stcs_battle_with_nothing_to_fight(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "stcs").trigger()
    bw = end_movement_and_fight(main, qtbot, "0907")
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))  # the GM's set-up; then none destroyed
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
        assert q is not None and q.key == "stcs/1/act"
        assert panel.acts.currentItem().data(Qt.ItemDataRole.UserRole) == "resolve"
        assert "nothing to fight" in panel.acts.currentItem().text()
        bw.activateWindow()
        qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
        _key(panel.acts)  # Return on the act list, as it opened: the battle resolved, nothing destroyed
        qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    finally:
        answerer.stop()
    assert bw.b.answers[-2:] == ["resolve", []]
