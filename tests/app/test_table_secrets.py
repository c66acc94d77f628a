"""Issue 20 on the shared screen: after the GM gives the cloaked Shadow Squadron (V13.29) its
orders in the GM view and movement is executed, the table's view (what every Team at a hot-seat
screen may read) shows no trace of it: not in the Edit menu's undo step (it read "Orders for Shadow
Squadron (cloaked): 0509" before), the status bar, the Battle Hexes list, the inspector, the map's
tooltips, any menu entry or window title. The engine judges the words
(rules/model/visibility.py)."""
from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QGraphicsItem

from tests.app.gui import end_movement_listing, ok, open_main_window, press
from tests.app.strategic.test_gui import drag
from tests.test_main_cli_log_secrets import coalition_secrets


def _screen_texts(main) -> dict[str, str]:
    """Every text the table can read in the app's windows now, by where it is."""
    out = {"status bar": main.statusBar().currentMessage(), "inspector": main.inspector.toPlainText()}
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            out[f"title of {type(w).__name__}"] = w.windowTitle()
            for browser in w.findChildren(type(main.inspector)):
                out[f"{type(w).__name__} text {browser.objectName()}"] = browser.toPlainText()
    for i, act in enumerate(main.findChildren(QAction)):
        out[f"action {i}"] = f"{act.text()} | {act.toolTip()} | {act.statusTip()}"
    for i, item in enumerate(main.strategic_view.scene().items()):
        if isinstance(item, QGraphicsItem) and item.isVisible() and item.toolTip():
            out[f"map tooltip {i}"] = item.toolTip()
    return out


def _leaks(main) -> list[str]:
    return [f"{where}: {secret!r}" for where, text in _screen_texts(main).items() for secret in coalition_secrets()
            if secret in text]


def test_the_tables_view_after_a_cloaked_move_shows_no_trace_of_it(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    press(main, "Ctrl+Shift+G")  # the GM's view: the cloaked fleet's counter is there
    assert main.gm_view_action.isChecked()
    drag(main, "rom-shadow", "0509")
    assert [f.orders for f in main.campaign.fleets if f.id == "rom-shadow"] == [[main.campaign.fleets[1].orders[0]]]
    assert main.session.undo_stack.count() == 1
    press(main, "Ctrl+Shift+G")  # back to the table's view
    assert not main.gm_view_action.isChecked()
    assert _leaks(main) == []
    assert main.undo_action.isEnabled()  # the step is there, named without the fleet
    listing = end_movement_listing(main, qtbot)
    assert "Deep Strike Squadron moves to 0509" in listing.browser.toPlainText()
    main.inspect_sector("0509")
    assert "Deep Strike Squadron" in main.inspector.toPlainText()
    assert _leaks(main) == []
    # the sector's status names the powers present: only the cloaked squadron is Romulan there
    tip = main.strategic_view.scene().sector_items["0509"].toolTip()
    assert "Contested by" in tip and "Contested by" in main.inspector.toPlainText()
    assert "Romulan" not in tip and "Romulan" not in main.inspector.toPlainText(), tip
    ok(listing)
    main.activateWindow()
    press(main, "Ctrl+B")  # the list again, from the campaign log
    qtbot.wait(50)
    assert _leaks(main) == []
    press(main, "Ctrl+Shift+G")  # the GM sees it all: the test's strings are on screen there
    main.inspect_sector("0509")
    assert [x for x in _leaks(main) if "inspector" in x]
    assert "Romulan Star Empire" in main.strategic_view.scene().sector_items["0509"].toolTip()
