"""The AF/EF GM's round question as a person meets it (issue 22's real-screen walk): Break off
asked "Which side breaks off?" over "attacker / defender / both", and Alt+R, the mnemonic of
"Another round", opened the Replay menu instead."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMenu

from tests.app.gui import Answerer, cancel, open_main_window, press
from tests.app.systems.test_afef_bound import HOLD_FIRE
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def at_the_round_question(qtbot, tmp_path):
    """An AF/EF battle at 0604 (Coalition attacks Alliance) at its first round's GM question."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    while bw.b.pending.key != "afef/1/continue":
        assert bw.answer(HOLD_FIRE[bw.b.pending.key.split("/")[2]]) is None
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    return main, bw


def test_break_off_names_the_sides(qtbot, tmp_path):
    _main, bw = at_the_round_question(qtbot, tmp_path)
    items: list[str] = []

    def look(d) -> bool:
        if isinstance(d, QInputDialog):
            items.extend(d.comboBoxItems())
        return cancel(d)

    answerer = Answerer(look)
    qtbot.mouseClick(bw.panel.break_button, Qt.MouseButton.LeftButton)
    answerer.stop()
    assert items == ["attacker (Coalition)", "defender (Alliance)", "both sides"], items
    assert bw.b.pending.key == "afef/1/continue"  # cancelled: nothing answered


def test_the_another_round_mnemonic_plays_the_next_round(qtbot, tmp_path):
    _main, bw = at_the_round_question(qtbot, tmp_path)
    text = bw.panel.commit_button.text()
    assert "&" in text
    key = text[text.index("&") + 1]
    bw.activateWindow()
    qtbot.waitUntil(lambda: bw.isActiveWindow())
    press(bw, f"Alt+{key.upper()}")
    qtbot.waitUntil(lambda: bw.b.pending.key.startswith("afef/2/"), timeout=3000)
