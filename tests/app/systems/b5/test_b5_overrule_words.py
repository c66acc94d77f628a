"""The GM's overrule (Ctrl+Shift+R) of a refused B5 answer quotes it in words (found by the clean-clone walk,
random pass, 0703 fought in B5: the overrule's dialog worded the refused answer with V13's words, which read a
V13 battle's context, and failed with "'NoneType' object has no attribute 'name'")."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog

from app.shell import errors
from tests.app.gui import Answerer
from tests.app.systems.b5.test_b5_place_keys import _first_placement


def test_the_gm_overrules_a_refused_placement_and_reads_it_in_words(qtbot, tmp_path):
    bw, panel, answerer = _first_placement(qtbot, tmp_path)
    answerer.stop()  # its dialogs answered: the GM's reason dialog is this test's
    before = len(errors.reported)
    far = "9999"  # off the 90 x 60 board: refused
    qtbot.keyClicks(panel.hex_edit, far)
    qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(bw.overrule_action.isEnabled, timeout=3000)
    asked: list[str] = []

    def reason(d) -> bool:
        if isinstance(d, QInputDialog) and d.windowTitle().startswith("GM ruling"):
            asked.append(d.labelText())
            d.reject()
            return True
        return False
    seen = Answerer(reason)
    try:
        bw.activateWindow()
        bw.overrule_action.trigger()
        qtbot.waitUntil(lambda: bool(asked), timeout=3000)
    finally:
        seen.stop()
    assert len(errors.reported) == before, errors.reported[before:]
    assert asked[0].startswith("Refused: ") and far in asked[0] and "{" not in asked[0], asked[0]
    # why it was refused, as the panel said it (seen on the real screen: "Refused: Alliance: 9999, facing F." alone)
    assert "9999 is off the board" in asked[0], asked[0]
    assert QApplication.activeModalWidget() is None
