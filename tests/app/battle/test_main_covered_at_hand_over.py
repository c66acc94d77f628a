"""The main window beside a battle window's hand-over screen (hot seat, a shared screen): seen
on the real screen, the battle window said "Pass the screen to the Game Master" while the main
window's campaign log dock beside it stayed readable, with the lines of whoever held the main
window's view (the GM view's). While a battle window shows its hand-over, the main window is
covered as its own hand-over covers it; once a Team's commander took the battle's screen, it
stays covered while it shows another viewer's lines (the GM view's); the GM may read it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.battle.window import BattleWindow
from rules.model import visibility
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.test_gui_paths import battle_windows, end_movement


def _covered(main, widget: QWidget) -> bool:
    """What a person sees at the middle of ``widget`` is the hand-over cover, not ``widget``."""
    seen = main.childAt(widget.mapTo(main, widget.rect().center()))
    while seen is not None and seen is not main:
        if seen.objectName() == "handover_cover":
            return True
        if seen is widget:
            return False
        seen = seen.parentWidget()
    return False


def _fight(main, qtbot, at: str) -> BattleWindow:
    """Ctrl+F on the main window, ``at`` chosen in its dialog."""
    answerer = Answerer(choose_item(at))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    return bw


def _gm_log(main, qtbot):
    """The GM view on (View > GM view) and the campaign log open (Ctrl+L), readable."""
    if not main.gm_view_action.isChecked():
        main.gm_view_action.trigger()
    assert main.gm_view_action.isChecked()
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    if not main.campaign_log.isVisible():
        press(main, "Ctrl+L")
    qtbot.waitUntil(main.campaign_log.isVisible)
    assert main.campaign_log.widget().findChild(QWidget) is not None
    assert not _covered(main, main.campaign_log.widget())


def test_the_main_window_log_is_covered_beside_a_battle_hand_over(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    _gm_log(main, qtbot)
    bw = _fight(main, qtbot, "0604")  # hot seat: the battle opens on its hand-over screen
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    secret = [e for e in main.campaign.log if not visibility.entry_seen_by(e, "alliance")]
    assert secret  # the GM view's log shows lines the Alliance's commander may not read
    for dock in (main.campaign_log, main.inspector_dock):  # the GM view's lines, the inspector's words
        assert _covered(main, dock.widget()), dock.objectName()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the ... - show me"
    assert not bw.handing_over() and bw.viewer == "alliance"
    assert _covered(main, main.campaign_log.widget())  # the Alliance holds the battle: the GM view stays hidden
    bw.gm_action.trigger()  # the battle's GM view (Ctrl+Shift+G): the GM may read the main window
    qtbot.waitUntil(lambda: not _covered(main, main.campaign_log.widget()))
    bw.gm_action.trigger()  # the GM view left: the question goes back behind its hand-over
    assert bw.handing_over() and _covered(main, main.campaign_log.widget())
    bw.close()
    qtbot.waitUntil(lambda: not _covered(main, main.campaign_log.widget()))
