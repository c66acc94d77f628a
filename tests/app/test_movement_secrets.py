"""Issue 11, End Movement: the Battle Hexes list that Turn > End Movement (Ctrl+E) opens, and the
same list shown again from the campaign log (Turn > Show Battle Hexes, Ctrl+B), name no fleet made
only of cloaked units (V13.29) and no cloaked or incidental unit (V13.03) outside the GM view; View >
GM View (Ctrl+Shift+G) shows those lines. The default campaign's all-cloaked Shadow Squadron moves
0608 -> 0509 this turn."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.shell.turn_dialogs import BattleHexesDialog
from tests.app.gui import end_movement_listing, ok, open_main_window, press

SHADOW = "Shadow Squadron"
SECRETS = (SHADOW, "RIS Talon", "RIS Vaed", "RIS Sith", "Tau Ceti IV Ground Base", "Tau Defense Satellite")


@pytest.fixture
def main(qtbot, tmp_path):
    return open_main_window(qtbot, tmp_path)


def _listing(qtbot, gm: bool) -> BattleHexesDialog:
    def shown():
        return [d for d in QApplication.topLevelWidgets() if isinstance(d, BattleHexesDialog) and d.isVisible()
                and ("GM view" in d.windowTitle()) == gm]
    qtbot.waitUntil(lambda: bool(shown()))
    return shown()[0]


def _back_to(main, qtbot) -> None:
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)


def test_end_movement_list_names_no_cloaked_fleet_outside_the_gm_view(main, qtbot):
    assert not main.gm_view_action.isChecked()
    listing = end_movement_listing(main, qtbot)
    text = listing.browser.toPlainText()
    assert "Deep Strike Squadron moves to 0509" in text  # the visible fleet's move is listed
    assert not [s for s in SECRETS if s in text], text
    _back_to(main, qtbot)
    press(main, "Ctrl+Shift+G")  # GM view: the open list is shown again, with every line
    gm_text = _listing(qtbot, gm=True).browser.toPlainText()
    assert f"{SHADOW} (cloaked) moves to 0509" in gm_text
    ok(_listing(qtbot, gm=True))


def test_the_list_shown_again_from_the_log_names_no_cloaked_fleet(main, qtbot):
    ok(end_movement_listing(main, qtbot))
    _back_to(main, qtbot)
    press(main, "Ctrl+B")  # Turn > Show Battle Hexes: the lines come from the campaign log
    text = _listing(qtbot, gm=False).browser.toPlainText()
    assert "Deep Strike Squadron moves to 0509" in text
    assert not [s for s in SECRETS if s in text], text
    ok(_listing(qtbot, gm=False))
    _back_to(main, qtbot)
    main.gm_view_action.trigger()  # the menu action
    press(main, "Ctrl+B")
    assert f"{SHADOW} (cloaked) moves to 0509" in _listing(qtbot, gm=True).browser.toPlainText()
