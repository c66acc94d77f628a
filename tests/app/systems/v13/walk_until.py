"""Walking a V13 battle window on as a person does, for the map-fit tests: dialogs answered, hand-overs
taken, every unit placed by keys (P, Return)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok
from tests.app.systems.v13.test_keys import place_by_keys


def walk_until(bw, qtbot, until, answer=ok):
    """The battle walked on: dialogs answered by ``answer`` (Weapon Status, the range, the centre hex: as
    offered), the hand-overs taken, every unit placed by keys (P, Return), until ``until(pending question)``."""
    answerer = Answerer(answer)
    for _ in range(300):
        q = bw.b.pending
        if q is not None and until(q) and not bw.handing_over():
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        elif q is not None and q.kind is QKind.PLACE and QApplication.activeModalWidget() is None:
            bw.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
            place_by_keys(bw, qtbot)
        qtbot.wait(20)
    answerer.stop()
    QApplication.processEvents()
    return bw
