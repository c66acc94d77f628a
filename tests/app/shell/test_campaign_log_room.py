"""The campaign log in a short main window (issue 22): at QT_SCALE_FACTOR=2 on the real 1600x1000
screen (790 x 466 logical pixels) Ctrl+L opened the log at a third of the window's height, and
under the menus, tool bar, owner strip and status bar the map's own area kept only about 37% of
the height. The log now gives the map back what it needs to keep at least half."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.app.gui import open_main_window, press


def test_ctrl_l_in_a_short_window_leaves_the_map_half_the_height(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    main.resize(790, 466)
    QApplication.processEvents()
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    assert not main.campaign_log.isVisible()
    press(main, "Ctrl+L")  # View > Campaign Log
    qtbot.waitUntil(lambda: main.campaign_log.isVisible())
    qtbot.wait(20)
    log, map_area = main.campaign_log, main.strategic_view.viewport()
    assert map_area.height() * 2 >= main.height(), (map_area.size(), log.size(), main.size())
    assert log.view.height() >= log.view.fontMetrics().lineSpacing() * 2, log.view.size()  # lines still show
    press(main, "Ctrl+L")
    assert not log.isVisible()
