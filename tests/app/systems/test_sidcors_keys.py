"""Issue 19 (the real-screen walk by keys): a SIDCORS battle fought to its end without the mouse -
the Battle Intensity Factor and each unit given up in Damage Allocation, which the panel takes as
button and counter clicks, are also answered in the shared dialog opened by Answer... (Alt+A)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window, press
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_sidcors_battle_by_keys_alone(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    asked: list[str] = []

    def answer(d) -> bool:
        if isinstance(d, QuestionDialog):
            asked.append(d.q.key.split("/")[2] if d.q.key.count("/") >= 2 else d.q.key)
            return ok(d)
        return False

    answerer = Answerer(answer)
    for _ in range(400):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            bw.activateWindow()
            press(bw, "Return")  # the hand-over's button has the focus
            qtbot.wait(5)
            continue
        q = run.pending
        kind = q.key.split("/")[2] if q.key.count("/") >= 2 else ""
        if kind in ("bif", "allocate"):
            assert bw.answer_button.isEnabled(), f"Answer... is greyed for {q.key}"
            bw.activateWindow()  # as the window manager gives it back after a dialog
            qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
            press(bw, "Alt+A")
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bw.b.status().resolved, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.status().resolved
    assert "bif" in asked and "allocate" in asked, asked
