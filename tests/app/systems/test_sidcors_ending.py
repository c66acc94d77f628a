"""The SIDCORS battle against the Space Amoeba at 0707 (issue 19): nobody can hurt anybody, so
the GM is asked how it ends, in the battle window's question dialog, with the engine's words for
each way out; choosing "both forces hold" resolves the battle and writes it to the campaign.
Before, the window asked the Federation for a Battle Intensity Rating and a retreat, round after
round, forever."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_gm_ends_the_amoeba_battle_in_its_dialog(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0707")
    offered: list[str] = []
    keys: list[str] = []

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        keys.append(d.q.key)
        if d.q.key.endswith("/end"):
            offered.extend(b.text() for b in d.group.buttons())
            next(b for b in d.group.buttons() if b.text().startswith("the battle ends")).setChecked(True)
        return ok(d)
    answerer = Answerer(dialogs)
    for _ in range(60):
        if bw.b.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bw.b.status().resolved, timeout=5000)
        qtbot.wait(5)
    bw.auto_dialogs = False  # a battle still going opens no more dialogs: the test fails, it does not hang
    qtbot.wait(50)
    answerer.stop()
    assert bw.b.status().resolved, (bw.b.pending, keys)
    assert "sidcors/0/end" in keys and not any("/bif/" in k or "/bir" in k for k in keys)
    assert any(t.startswith("Alliance retreats") for t in offered), offered  # the seed's way out, in words
    assert "both forces hold" in bw.b.status().resolution
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0707")
    assert rec.resolved and "both forces hold" in rec.resolution
