"""The main window's hot-seat hand-overs hide what the other side must not see (issue 22): while a
hand-over dialog is up an opaque cover lies over the whole window (map, docks, status bar) and the
floating docks and other windows are covered too; after a commander takes the screen the map draws only that Team's
plotted orders. Before, the map, the Sector inspector and the docks stayed in view behind the
dialog with every side's dashed orders (the Coalition's ignore questions showed the Alliance's)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsPathItem, QWidget

from app.shell.turn_dialogs import HandOverDialog, IgnoreDialog
from app.shell.window import MainWindow
from tests.app.gui import Answerer, show_active, take_over
from tests.app.strategic.test_gui import drag
from tests.hand_kept import hand_kept_file

COVER = QColor("#20242e")
KEPT = "Orders: kept by its own commander"
"""How the inspector tells of another Team's orders (app.strategic.describe.ORDERS_KEPT)."""
OTHERS = {"alliance": "lyr-red-claw", "coalition": "kz-claw-cvg"}
"""A fleet of the other Team with plotted orders, for each Team."""


@pytest.fixture
def main(qtbot, tmp_path) -> MainWindow:
    """The main window on the default campaign kept by hand (turn 1's Turn Orders, both sides' orders
    plotted), the Sector inspector docked and the campaign log floating."""
    w = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    show_active(w, qtbot)
    w.inspect_fleet("kz-claw-cvg")  # an Alliance fleet with its orders in the inspector
    w.campaign_log.show()
    w.campaign_log.setFloating(True)
    return w


def drawn_orders(w: MainWindow) -> set[str]:
    """The teams whose fleets' dashed order arrows are drawn on the map now."""
    scene = w.strategic_view.scene()
    teams = set()
    for item in scene.items():
        if isinstance(item, QGraphicsPathItem) and item.isVisible() and ": orders " in (item.toolTip() or ""):
            name = item.toolTip().split(": orders ")[0]
            f = next(f for f in w.campaign.fleets if f.name == name)
            teams.add(w.campaign.team_of_power(f.power).id)
    return teams


def hidden(w: MainWindow) -> list[str]:
    """What of the window shows while a hand-over is up (empty: nothing): the map, the inspector and
    the floating campaign log painted over by an opaque cover on top, no status message."""
    seen = []
    parts = (("map", w, w.strategic_view.viewport()), ("inspector", w, w.inspector.viewport()),
             ("the floating campaign log", w.campaign_log, w.campaign_log.widget()))
    for name, window, widget in parts:
        if not window.isVisible():
            continue
        centre = widget.mapTo(window, QPoint(widget.width() // 2, widget.height() // 2))
        top = window.childAt(centre)
        cover = next((c for c in window.findChildren(QWidget, "handover_cover") if c.parentWidget() is window), None)
        if cover is None or not cover.isVisible() or not (top is cover or cover.isAncestorOf(top)):
            seen.append(f"{name} not under the cover")
        colour = window.grab().toImage().pixelColor(centre)
        if colour != COVER:
            seen.append(f"{name} drawn: {colour.name()}")
    if w.statusBar().currentMessage():
        seen.append(f"status: {w.statusBar().currentMessage()}")
    return seen


def test_end_movement_hand_overs_hide_the_window_and_each_commander_sees_its_own_orders(main, qtbot):
    assert drawn_orders(main) == set()  # the table's view before any hand-over: no Team's orders (issue 22)
    assert KEPT in main.inspector.toPlainText()
    main.statusBar().showMessage("Kzinti Claw Carrier Group: orders 0604")
    log: list[tuple[str, object]] = []

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            log.append((d.label.text(), hidden(main)))
            return take_over(d)
        if isinstance(d, IgnoreDialog):
            first = main.inspector.toPlainText().splitlines()[0]  # nothing the last player selected stays
            main.inspect_fleet(OTHERS[d.team])  # the other Team's fleet: its orders are not told
            log.append((d.team, drawn_orders(main), first, KEPT in main.inspector.toPlainText()))
            d.buttons.button(d.buttons.StandardButton.Ok).click()
            return True
        return False

    answerer = Answerer(handle)
    try:
        main.end_movement_action.trigger()  # Turn > End Movement
    finally:
        answerer.stop()
    welcome = main.campaign.name
    assert log == [("Pass the screen to the Alliance commander", []), ("alliance", {"alliance"}, welcome, True),
                   ("Pass the screen to the Coalition commander", []), ("coalition", {"coalition"}, welcome, True),
                   ("Pass the screen back to the Game Master", [])], log  # the Coalition, done, hands it back
    assert not [c for c in main.findChildren(QWidget, "handover_cover") if c.isVisible()]  # lifted
    assert main.campaign_log.isVisible() and main.campaign_log.isFloating()


def test_a_cancelled_hand_over_lifts_the_cover_and_the_seat_passes_with_a_drag(main, qtbot):
    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            if "Coalition" in d.label.text() and "movement orders" not in d.windowTitle():
                d.cancel_button.click()  # the Coalition's commander is not there: End Movement cancelled
                return True
            return take_over(d)
        if isinstance(d, IgnoreDialog):
            d.buttons.button(d.buttons.StandardButton.Ok).click()
            return True
        return False

    answerer = Answerer(handle)
    try:
        main.end_movement_action.trigger()
        assert not [c for c in main.findChildren(QWidget, "handover_cover") if c.isVisible()]
        assert main.inspector_dock.isVisible() and main.campaign_log.isVisible()
        assert drawn_orders(main) == set()  # the Alliance's commander handed the screen back to the GM (issue 22)
        # a Coalition fleet dragged: its commander takes the screen first, then sees its own orders only
        drag(main, "kli-home-guard", "1108")
    finally:
        answerer.stop()
    assert ("HandOverDialog", "Hand over to Coalition: movement orders") in answerer.seen
    assert [str(x) for x in next(f for f in main.campaign.fleets if f.id == "kli-home-guard").orders] == ["1108"]
    assert drawn_orders(main) == {"coalition"}


def test_the_cover_is_lifted_when_an_error_unwinds(main):
    from app.shell.turn_dialogs import covered

    with pytest.raises(RuntimeError), covered(main.inspector):
        assert hidden(main) == []
        raise RuntimeError("the engine failed behind the hand-over")
    assert not [c for c in main.findChildren(QWidget, "handover_cover") if c.isVisible()]
    assert main.campaign_log.isVisible() and main.inspector_dock.isVisible()


def test_a_team_that_takes_the_screen_never_sees_the_gm_view(main, qtbot):
    """The GM left the GM view on (View > GM View): the Team commander who took the screen at the next
    hand-over read every unit and the GM's campaign log lines behind its own questions (T11's random
    walk on the real screen). The GM view closes when a Team takes the screen."""
    main.gm_view_action.trigger()  # View > GM View (every unit): no GM passphrase in this campaign
    assert main.gm_view_action.isChecked()
    seen: list[tuple[str, bool]] = []

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            return take_over(d)
        if isinstance(d, IgnoreDialog):
            seen.append((d.team, main.gm_view_action.isChecked()))
            d.buttons.button(d.buttons.StandardButton.Ok).click()
            return True
        return False

    answerer = Answerer(handle)
    try:
        main.end_movement_action.trigger()
    finally:
        answerer.stop()
    assert seen == [("alliance", False), ("coalition", False)], seen
    assert not main.gm_view_action.isChecked()
