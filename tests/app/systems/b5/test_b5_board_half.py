"""The B5 board keeps at least half the battle window's width on a small screen (issue 22, HY's
shot 152: at QT_SCALE_FACTOR=2 on the 1600x1000 screen, 800 x 500 logical pixels, the board had
~30% of the window, the side panel and the Forces / Helpers sheet the rest). When the sheet beside
the board would leave it less than half, the sheet goes below the board; on a wide window it
stays beside it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.systems.b5.opening import open_b5_window
from tests.test_main_cli_b5 import MEETING


def test_the_board_keeps_half_the_window_s_width(qtbot, tmp_path):
    main, bw = open_b5_window(qtbot, tmp_path, MEETING[:5], hold=False, size=(800, 480))  # the scale-2 screen
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    board, sheet = bw.panel.board, bw.panel.sheet
    qtbot.waitUntil(lambda: board.isVisible() and sheet.isVisible(), timeout=20000)
    QApplication.processEvents()
    assert bw.width() <= 800
    assert board.width() >= bw.width() / 2, (board.width(), bw.width(), bw.panel_dock.width(), sheet.width())
    assert sheet.width() >= sheet.minimumWidth() and sheet.height() >= 3 * sheet.fontMetrics().lineSpacing()
    bw.resize(1500, 800)  # a wide window: the sheet beside the board again
    qtbot.waitUntil(lambda: sheet.mapTo(bw, sheet.rect().topLeft()).x() > board.mapTo(bw, board.rect().topRight()).x(),
                    timeout=20000)
    assert board.width() >= bw.width() / 2
