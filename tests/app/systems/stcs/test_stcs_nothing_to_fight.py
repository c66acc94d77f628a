"""An STCS Battle Hex with nothing to fight, in its window (issue 25, the whole-campaign play at 0907 of the
default campaign with Turn > Battle System > STCS): the Klingon border monitor has no STCS ship data, and
'end this segment' was the act the list opened at; the GM pressed it 30 times before resolving was offered.
The act list then opened at resolving, so Return resolved the battle at once. Since every unit of the default
campaign has STCS data, 0907 is fought with ships of both sides: the list opens at the turn's first power
allocation, not at resolving (a side left with no ship is tested in tests/rules/systems/stcs/test_nothing_to_fight.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_an_stcs_battle_at_0907_has_something_to_fight(qtbot, tmp_path):
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
        assert panel.acts.currentItem().data(Qt.ItemDataRole.UserRole).startswith("power:")
        items = [panel.acts.item(i).text() for i in range(panel.acts.count())]
        assert not any("nothing to fight" in t for t in items), items
        teams = {bw.b.state.units[o.partition(":")[2]].team for o in q.options if o.startswith("power:")}
        assert teams == {bw.b.state.record.attacker, bw.b.state.record.defender}  # ships of both sides
    finally:
        answerer.stop()
