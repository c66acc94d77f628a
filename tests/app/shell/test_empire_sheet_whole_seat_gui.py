"""Hot seat (issue 22): a Team that takes the Empire Sheet's seat (behind its hand-over) has the
whole screen, as after any other hand-over: the map draws its plotted movement orders (no other
Team's), a drag of its own fleet asks for no second hand-over, and the campaign log shows its view
(its own Income and Tech lines, never another Team's). Leaving the seat leaves it everywhere.

Seen on the real screen before: the sheet alone was seated, the map still drew no Team's orders,
a drag asked "Hand over to Alliance: movement orders" again, and the log showed the table's lines."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication

from app.shell.turn_dialogs import HandOverDialog
from tests.app.gui import Answerer, menu_action, press, show_active, take_over
from tests.app.shell.test_empire_sheet import _open
from tests.app.shell.test_empire_sheet_seat_log_gui import _gm_file
from tests.app.strategic.test_gui import drag

OWN = "United Federation of Planets invests 10 in research"
"""The Alliance's own secret line (Tech Phase, turn 1)."""
THEIRS = ("Klingon Empire invests 0 in research", "Klingon Empire buys 7 Intel Points")
"""The Coalition's secret lines, which the Alliance never reads."""


def _arrows(w) -> set[str]:
    """The fleets whose plotted orders the strategic map draws (each arrow's tooltip names its fleet)."""
    from PySide6.QtWidgets import QGraphicsPathItem

    return {i.toolTip().split(": orders")[0] for i in w.strategic_view.scene().items()
            if isinstance(i, QGraphicsPathItem) and ": orders" in (i.toolTip() or "")}


def _seated_after_a_hand_back(qtbot, tmp_path):
    """The GM's file in turn 1's Movement Phase, after the Alliance plotted the Federation's
    logistics fleet and handed the screen back (Ctrl+Shift+P): the map's seat is the GM's. Then the
    campaign log open, and the Alliance seated at the Empire Sheet for the Federation."""
    w = _open(qtbot, tmp_path, _gm_file(tmp_path))
    drag(w, "fed-logistics", "0308")  # nobody had the screen: the Alliance takes it with no hand-over
    assert w.strategic_view.scene().seat == "alliance"
    answerer = Answerer(take_over)
    try:
        press(w, "Ctrl+Shift+P")
        qtbot.waitUntil(lambda: w.strategic_view.scene().seat == "gm" and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    show_active(w, qtbot)
    log = menu_action(w, "Campaign Log")
    if not log.isChecked():
        log.trigger()
    menu_action(w, "Empire Sheet").trigger()
    sheet = w.empire_sheet
    qtbot.waitUntil(lambda: sheet.isVisible() and w.campaign_log.isVisible())
    assert OWN not in w.campaign_log.view.toPlainText()  # the table's view
    sheet.power_box.setCurrentIndex(sheet.power_box.findData("fed"))
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sheet.seat == "alliance" and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert answerer.seen == [("HandOverDialog", "Hand over to Alliance: Empire Sheet")]
    return w, sheet


def test_the_team_at_its_sheet_sees_its_orders_and_drags_with_no_second_hand_over(qtbot, tmp_path):
    w, sheet = _seated_after_a_hand_back(qtbot, tmp_path)
    c = w.campaign
    alliance = {f.name for f in c.fleets if f.orders and (t := c.team_of_power(f.power)) and t.id == "alliance"}
    assert len(alliance) >= 3  # the Federation's and the Kzinti's plotted fleets
    assert w.strategic_view.scene().seat == "alliance"
    assert _arrows(w) == alliance  # its own orders drawn, no other Team's

    answerer = Answerer()  # any dialog is recorded (and cancelled)
    try:
        drag(w, "fed-logistics", "0309")
        qtbot.wait(300)
    finally:
        answerer.stop()
    assert answerer.seen == []  # the Alliance already has the screen
    assert [str(x) for x in next(f for f in w.campaign.fleets if f.id == "fed-logistics").orders] == ["0308", "0309"]

    answerer = Answerer(take_over)  # done with the sheet (its close button): the screen goes back
    try:
        qtbot.mouseClick(sheet.findChild(QAbstractButton, "qt_dockwidget_closebutton"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert len(answerer.seen) == 1 and answerer.seen[0][1].startswith("Hand over to GM: Alliance done")
    assert w.team_at_screen() is None and sheet.seat is None and w.strategic_view.scene().seat == "gm"
    assert _arrows(w) == set()


def test_the_log_shows_the_seated_team_its_own_lines_and_never_another_team_s(qtbot, tmp_path):
    w, sheet = _seated_after_a_hand_back(qtbot, tmp_path)
    text = w.campaign_log.view.toPlainText()
    assert OWN in text
    assert [t for t in THEIRS if t in text] == []

    def back(d) -> bool:  # under the "Pass the screen back" cover, the Team's lines are gone already
        if isinstance(d, HandOverDialog):
            seen.append(OWN in w.campaign_log.view.toPlainText())
            return take_over(d)
        return False
    seen: list[bool] = []
    answerer = Answerer(back)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)  # Leave the seat
        qtbot.waitUntil(lambda: bool(seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert seen == [False]
    text = w.campaign_log.view.toPlainText()
    assert OWN not in text and [t for t in THEIRS if t in text] == []


def test_the_team_at_its_sheet_answers_its_own_question_with_no_second_hand_over(qtbot, tmp_path):
    """Turn Orders entered by the powers: the Federation's waits. The Alliance, seated at its sheet,
    opens Turn > Answer the Phase's Questions (Ctrl+Shift+A): its own orders come with no other
    hand-over (before: "Hand over to Alliance" again); put off, the screen goes back to the GM."""
    from rules.model import save_campaign
    from tests.rules.turn.test_orders import at_orders

    path = tmp_path / "orders.json"
    save_campaign(at_orders().campaign, path)
    w = _open(qtbot, tmp_path, path)
    menu_action(w, "Empire Sheet").trigger()
    sheet = w.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    sheet.power_box.setCurrentIndex(sheet.power_box.findData("fed"))
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sheet.seat == "alliance" and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    show_active(w, qtbot)
    answerer = Answerer(take_over)  # the orders are put off (cancelled); the hand-back taken by the GM
    try:
        press(w, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: len(answerer.seen) >= 2 and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert [k for k, _ in answerer.seen][0] == "OrdersDialog", answerer.seen
    assert answerer.seen[1][1].startswith("Hand over to GM: Alliance done"), answerer.seen
    assert w.team_at_screen() is None and sheet.seat is None
