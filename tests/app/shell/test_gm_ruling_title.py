"""The GM ruling's reason dialog shows its title whole (issue 22, real-screen pass at 1600x1000,
scale 1): Turn > GM Ruling (Ctrl+G), a Battle Hex picked, then the reason asked in a dialog Qt
sized to its label, 200 px wide, whose title bar read "GM ru... 13.12)". The dialog is now at least
its title's width (bold, as title bars draw it) plus the room a window manager's icon and buttons
take (titles.FRAME_ROOM). Generated campaign seed 9 in its Space Combat Phase (as test_meetings_gui)."""
from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QInputDialog

from app.widgets.titles import FRAME_ROOM
from tests.app.gui import Answerer, choose_item, press, show_active, type_text
from tests.app.test_meetings_gui import window


def test_the_reason_dialog_is_wide_enough_for_its_title(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    seen: list[tuple[str, int, int]] = []
    reason = type_text("settled at the table")

    def note_then_answer(d) -> bool:
        if not isinstance(d, QInputDialog) or d.comboBoxItems():
            return False
        bold = QFont(d.font())
        bold.setBold(True)
        seen.append((d.windowTitle(), d.width(), QFontMetrics(bold).horizontalAdvance(d.windowTitle())))
        return reason(d)
    answerer = Answerer(note_then_answer, choose_item("0301: Coalition attacks Concord"))
    try:
        show_active(w, qtbot)
        press(w, "Ctrl+G")  # Turn > GM Ruling
    finally:
        answerer.stop()
    [(title, width, title_px)] = seen
    assert title == "GM ruling (V13.12)"
    assert width >= title_px + FRAME_ROOM, (width, title_px)
    assert w.campaign.log[-1].text.endswith("resolved: settled at the table")
