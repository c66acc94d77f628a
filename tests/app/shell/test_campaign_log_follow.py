"""Follow the latest keeps the campaign log's last line in view when the dock is laid out anew (issue 22,
seen on the real screen): a file reopened with the log open, then View > Empire Sheet beside it, showed
turn 1's middle lines with Follow the latest ticked - the log was scrolled to its end before the dock
had its size, and the lines the narrower dock wrapped anew pushed the end out of view (the scroll bar
at 2270 of 2722). Unticked, the log stays where the reader left it."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.shell.test_campaign_log_words import with_log
from tests.app.shell.test_empire_sheet_seat_log_gui import _action


def test_the_latest_line_stays_in_view_when_the_dock_is_laid_out_anew(qtbot, tmp_path):
    main, log = with_log(qtbot, tmp_path)
    bar = log.view.verticalScrollBar()
    assert log.follow.isChecked() and bar.maximum() > 0
    qtbot.waitUntil(lambda: bar.value() == bar.maximum(), timeout=2000)

    high = bar.maximum()
    _action(main, "View", "Empire Sheet").trigger()  # beside the log: the dock is narrower, lines wrap anew
    qtbot.waitUntil(lambda: main.empire_sheet.isVisible() and bar.maximum() > high)
    assert bar.value() == bar.maximum(), (bar.value(), bar.maximum())
    main.resize(1100, 900)
    qtbot.waitUntil(lambda: bar.maximum() != high)
    assert bar.value() == bar.maximum(), (bar.value(), bar.maximum())

    qtbot.mouseClick(log.follow, Qt.MouseButton.LeftButton, pos=log.follow.rect().center())  # not following
    assert not log.follow.isChecked()
    bar.setValue(bar.maximum() // 2)  # the reader scrolls up
    left = bar.value()
    main.resize(1400, 900)
    qtbot.waitUntil(lambda: bar.maximum() < high * 2 and log.view.width() > 0)
    qtbot.wait(50)
    assert 0 < bar.value() < bar.maximum() and bar.value() <= left
