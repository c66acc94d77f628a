"""The end of an STCS battle in its window (issue 22, real-screen pass at 0509 of the default
campaign): the GM resolved it with IKV Taq ticked destroyed, and the battle's last state still drew
IKV Taq on the map and listed it on the sheet "at hex 0,6", as if it fought on. A ship destroyed
leaves the map, and the sheet says it was destroyed."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.stcs.opening import to_first_act
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def to_acts(qtbot, tmp_path, at: str = "0509"):
    """The default campaign's ``at`` fought with STCS (Ctrl+F), the GM's set-up answered at its
    defaults in the dialogs, past the hand-overs to the first segment's act list."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "stcs").trigger()
    return main, to_first_act(qtbot, end_movement_and_fight(main, qtbot, at))


def tick(name: str):
    """The GM's "which ships were destroyed" dialog: ``name`` ticked, OK."""
    def answer(d) -> bool:
        if not (isinstance(d, QuestionDialog) and d.q.key == "stcs/destroyed"):
            return False
        for i in range(d.list.count()):
            item = d.list.item(i)
            if item.text() == name:
                item.setCheckState(Qt.CheckState.Checked)
        return ok(d)
    return answer


def resolve(qtbot, bw, destroyed: str) -> None:
    """The GM's "resolve" act chosen in the act list and Do it clicked, ``destroyed`` ticked in the
    dialog that asks which ships were destroyed: the battle resolved."""
    panel = bw.panel
    row = next(i for i in range(panel.acts.count()) if panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == "resolve")
    panel.acts.setCurrentRow(row)
    answerer = Answerer(tick(destroyed))
    try:
        qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    finally:
        answerer.stop()


def test_a_ship_destroyed_at_the_end_leaves_the_map_and_the_sheet_says_so(qtbot, tmp_path):
    _main, bw = to_acts(qtbot, tmp_path)
    panel = bw.panel
    taq = next(x for x, u in bw.b.engine.units.items() if u.name == "IKV Taq")
    assert taq in panel.map.shown
    resolve(qtbot, bw, "IKV Taq")
    qtbot.wait(20)
    assert taq not in panel.map.shown  # off the map, as a ship destroyed in the battle is
    kumara = next(x for x, u in bw.b.engine.units.items() if u.name == "IKV Kumara")
    assert kumara in panel.map.shown
    sheet = panel.sheet.toPlainText()
    line = next(t for t in sheet.splitlines() if "IKV Taq" in t)
    assert "destroyed" in line and "at hex" not in line, line
    assert "at hex" in next(t for t in sheet.splitlines() if "IKV Kumara" in t)
