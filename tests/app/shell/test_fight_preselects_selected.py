"""Turn > Fight a Battle Hex (Ctrl+F) opens on the selected sector's Battle Hex (issue 22, real-screen
pass): with 0102 selected on the map, the list opened on 0301's first meeting, so Return fought a
battle elsewhere. The list now opens on the selected sector's first meeting, whether asked from the
Turn menu, by Ctrl+F or from the sector's right-click menu; with nothing selected, on the first.
Generated campaign seed 9 in its Space Combat Phase: three meetings at 0301, three at 0102."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

from tests.app.gui import Answerer, cancel, press, show_active
from tests.app.strategic.test_menus import right_click, sector_pos
from tests.app.test_meetings_gui import MEETINGS, window


def opened_on(w, qtbot, how) -> list[str]:
    """The item the Fight dialog opens on (then cancelled), for each dialog ``how`` opens."""
    shown: list[str] = []

    def note(d) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        shown.append(d.textValue())
        return cancel(d)
    answerer = Answerer(note)
    try:
        show_active(w, qtbot)  # keys go to the main window once it is active again, as a person's do
        how()
        qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    finally:
        answerer.stop()
    return shown


def test_the_fight_list_opens_on_the_selected_sector_in_every_path(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    assert opened_on(w, qtbot, w.fight_action.trigger) == [MEETINGS[0]]  # nothing selected: the first
    view = w.strategic_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=sector_pos(w, "0102"))
    assert str(view.scene().selected_sector().at) == "0102"
    assert opened_on(w, qtbot, w.fight_action.trigger) == [MEETINGS[3]]  # Turn menu; before: 0301's first
    assert opened_on(w, qtbot, lambda: press(w, "Ctrl+F")) == [MEETINGS[3]]  # the shortcut
    shown = opened_on(w, qtbot, lambda: right_click(w, qtbot, sector_pos(w, "0102"), "Fight this Battle Hex"))
    assert shown == [MEETINGS[3]]  # the sector's own menu: its meetings only, its first chosen
