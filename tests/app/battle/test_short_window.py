"""The battle window in a short window (issue 22): seen at QT_SCALE_FACTOR=2 on the real 1600x1000
screen (a window of about 790 x 466 logical pixels), a V13 battle's log dock took about half the
height and left the battle map a strip of about 190 pixels. There the log now opens only when
asked (View > Battle Log, Ctrl+L), and then takes at most about a fifth of the height."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight

SHORT = (790, 466)
"""The battle window's logical size on a 1600x1000 screen at QT_SCALE_FACTOR=2."""


def log_action(bw):
    view = bw.findChild(QMenu, "battle_view_menu")
    assert view is not None, "the battle window has no View menu"
    return next(a for a in view.actions() if a.text().replace("&", "") == "Battle Log")


def settle(qtbot) -> None:
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(20)


def test_a_short_battle_window_keeps_the_map_and_opens_the_log_when_asked(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    bw.resize(*SHORT)
    settle(qtbot)
    assert bw.handing_over()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the Coalition takes over
    settle(qtbot)
    assert not bw.handing_over()
    view = bw.panel.view
    assert not bw.log_dock.isVisible(), "the log opened by itself in a short window"
    assert view.height() * 2 >= bw.height(), (view.size(), bw.size())
    log_action(bw).trigger()  # View > Battle Log (Ctrl+L)
    settle(qtbot)
    assert bw.log_dock.isVisible()
    assert bw.log_dock.height() * 4 <= bw.height(), (bw.log_dock.size(), bw.size())  # about a fifth
    # with the real screen's fonts at scale 2 the dock's least height (title, Details, a scroll area's
    # usual least height) held it at a quarter: it may be a fifth, its text view two lines at least
    assert bw.log_dock.minimumSizeHint().height() * 5 <= bw.height(), (bw.log_dock.minimumSizeHint(), bw.size())
    bar = bw.log_dock.view.verticalScrollBar()
    assert bar.value() == bar.maximum()  # the latest events in view
    assert view.height() * 2 >= bw.height(), (view.size(), bw.size())
    # the window drawn afresh (the GM view on, then off: the hand-over again) keeps what the person asked for
    bw.gm_action.trigger()
    settle(qtbot)
    assert bw.log_dock.isVisible() and view.height() * 2 >= bw.height(), (view.size(), bw.size())
    bw.gm_action.trigger()
    settle(qtbot)
    assert bw.handing_over() and not bw.log_dock.isVisible()
    qtbot.keyClick(bw, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)  # no log behind the hand-over screen
    settle(qtbot)
    assert not bw.log_dock.isVisible()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert bw.log_dock.isVisible() and view.height() * 2 >= bw.height(), (view.size(), bw.size())
    bw.close()


def tall_battle(qtbot, tmp_path):
    """The default campaign's 0509 fought in V13 in a 1400 x 900 battle window, the Coalition taken over."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    bw.resize(1400, 900)
    settle(qtbot)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the Coalition takes over
    settle(qtbot)
    return bw


def test_a_tall_battle_window_opens_its_log_by_itself(qtbot, tmp_path):
    bw = tall_battle(qtbot, tmp_path)
    assert bw.log_dock.isVisible()
    assert log_action(bw).isChecked()
    bw.close()
