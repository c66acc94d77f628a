"""One screen, one viewer (issue 22, hot seat on a shared screen): the main window's seat takes its screen
back from a battle beside it. The Alliance's commander held 0604's battle window; the Coalition's took the
Empire Sheet's seat (the battle went behind "Pass the screen to the Alliance commander"); the Alliance
confirmed there, and the main window was covered: "The Alliance commander holds the Battle Hex 0604
window...". The cover had no button for the Coalition to take the main window again: the only way back
was Turn > Hand the Screen Back, to the Game Master, which leaves the Coalition's seat. Now the cover
says "Take the screen (Coalition)": behind the Coalition's hand-over (every window covered while it is
up), the battle goes behind the Alliance's page before the main window shows anything of the Coalition;
Cancel there leaves everything as it was. A battle's own hand-over cover offers nothing to take."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QPushButton

from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import Answerer, cancel, take_over
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.battle.sheet_open import sheet_after_movement


def _take_button(main) -> QPushButton | None:
    """The cover's "Take the screen (...)" button a person sees over the main window, if any."""
    shown = [b for b in main.findChildren(QPushButton, "take_screen_button") if b.isVisible()]
    assert len(shown) <= 1, [b.text() for b in shown]
    return shown[0] if shown else None


def _alliance_takes_it_back(bw, qtbot, confirm) -> None:
    """The Alliance's commander confirms at its battle's page (``confirm``: a click or Return on the page's
    button) and puts its question's dialog off (V13.21, Cancel): the main window can be reached again."""
    answerer = Answerer(cancel)
    try:
        confirm()
        qtbot.waitUntil(lambda: any(kind == "QuestionDialog" for kind, _t in answerer.seen), timeout=20000)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert bw.viewer == "alliance" and not bw.handing_over() and bw.panel_dock.isVisible()


def _return_on_page(bw, qtbot):
    def confirm() -> None:
        bw.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
        qtbot.keyClick(bw.handover_button, Qt.Key.Key_Return)
    return confirm


class _SeenAtLift(QObject):
    """Whether the battle window was behind its hand-over page when the main window's cover went away."""

    def __init__(self, cover, bw) -> None:
        super().__init__()
        self.bw, self.battle_hidden = bw, None
        cover.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Hide and self.battle_hidden is None:
            self.battle_hidden = self.bw.handing_over()
        return False


def test_the_main_window_s_seat_takes_the_screen_back_from_the_battle_beside_it(qtbot, tmp_path):
    main, sheet = sheet_after_movement(qtbot, tmp_path)
    bw = _fight(main, qtbot, "0604")
    assert bw.handing_over() and _covered(main, sheet.widget())
    assert _take_button(main) is None  # the battle's hand-over: nobody's seat to take back
    _alliance_takes_it_back(bw, qtbot, lambda: qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton))
    assert not _covered(main, sheet.widget())  # the table's view beside it
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert bw.handing_over() and not _covered(main, sheet.widget())
    _alliance_takes_it_back(bw, qtbot, _return_on_page(bw, qtbot))
    assert _covered(main, sheet.widget()) and _covered(main, main.strategic_view)
    button = _take_button(main)
    assert button is not None and button.text() == "Take the screen (Coalition)"
    note = bw.main_covers[0].findChild(type(bw.handover_label)).text()
    assert note.endswith("or the Coalition commander takes the screen back."), note

    answerer = Answerer(cancel)  # put off at the Coalition's hand-over: nothing changes
    try:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert answerer.seen == [("HandOverDialog", "Hand over to Coalition: main window")], answerer.seen
    assert bw.viewer == "alliance" and not bw.handing_over() and _covered(main, sheet.widget())
    assert _take_button(main) is button

    covered_then = []

    def take(d) -> bool:  # the Coalition's hand-over: the Alliance's battle covered too while it is up
        covered_then.append(_covered(bw, bw.centralWidget()) and _covered(main, sheet.widget())
                            and _take_button(main) is None)  # nothing to press twice behind the dialog
        return take_over(d)

    seen = _SeenAtLift(bw.main_covers[0], bw)
    answerer = Answerer(take)
    try:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert answerer.seen == [("HandOverDialog", "Hand over to Coalition: main window")], answerer.seen
    assert covered_then == [True]
    assert seen.battle_hidden is True  # the battle behind its page before the main window's cover went
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert bw.viewer is None and not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    assert main.team_at_screen() == "coalition" and sheet.seat == "coalition"  # its seat kept, not the GM's
    assert not _covered(main, sheet.widget()) and not _covered(main, main.strategic_view)
    assert _take_button(main) is None

    _alliance_takes_it_back(bw, qtbot, _return_on_page(bw, qtbot))  # and again: the way back is there each time
    assert _covered(main, sheet.widget())
    assert _take_button(main) is not None
    bw.close()
    qtbot.waitUntil(lambda: not _covered(main, sheet.widget()))
