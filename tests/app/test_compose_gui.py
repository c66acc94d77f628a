"""Fleet composition at set-up through the app (issue 12): a force over its BPV capacity is
asked, behind its own hand-over, which units stay out (the refusals are tested on the engine,
tests/rules/battlehex/test_compose.py)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from rules.model import save_campaign
from tests.app.gui import Answerer, choose_item, ok, press, show_active
from tests.app.test_gui_paths import battle_windows
from tests.rules.battlehex.test_compose import over_cap
from tests.rules.battlehex.test_compose_systems import unformed


def tick(*ids: str):
    def handle(d) -> bool:
        if not isinstance(d, QuestionDialog) or not d.q.key.startswith("composition/"):
            return False
        handle.seen.append((d.q.key, d.windowTitle()))
        for i in range(d.list.count()):
            item = d.list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in ids
                               else Qt.CheckState.Unchecked)
        return ok(d)
    handle.seen = []
    return handle


@pytest.mark.parametrize("system", ("v13", "sidcors", "afef", "table"))
def test_the_owner_chooses_who_stays_out_in_the_question_dialog(qtbot, tmp_path, system):
    """Every battle system asks it first (seed 004: "applied when any battle is set up")."""
    path = tmp_path / "over.json"
    c = over_cap() if system == "v13" else unformed(system)
    save_campaign(c, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    answerer = Answerer(ok)
    press(main, "Ctrl+E")
    answerer.stop()
    show_active(main, qtbot)
    answerer = Answerer(choose_item("0304"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    assert bw.handing_over() and "Red" in bw.handover_label.text()
    chooser = tick("r3")
    answerer = Answerer(chooser)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not bw.b.pending.key.startswith("composition/"), timeout=5000)
    answerer.stop()
    assert chooser.seen and chooser.seen[0][0] == "composition/red/out"
    bw.auto_dialogs = False
    assert bw.b.state.units["r3"].status.value == "kept out of the battle (fleet composition)"
    if system == "sidcors":  # its counter leaves the Battle Force on screen; Undo brings it back
        assert set(bw.panel.counters) == {"r1", "r2", "b1"}
        closer = Answerer(lambda d: isinstance(d, QuestionDialog) and (d.reject() or True))  # asked again: later
        bw.undo_action.trigger()
        qtbot.waitUntil(lambda: bw.b.pending.key == "composition/red/out", timeout=5000)
        qtbot.wait(50)
        closer.stop()
        assert set(bw.panel.counters) == {"r1", "r2", "r3", "b1"}
