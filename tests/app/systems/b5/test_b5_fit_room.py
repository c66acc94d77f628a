"""The B5 board's fit leaves room for its scroll bars (issue 22, seen by H2 on the real screen at
QT_SCALE_FACTOR=2, the 1600x1000 screen's 790x466 window: the board fitted to the ships at 0604
showed scroll bars, and the vertical one covered the room kept about the Coalition's ships at the
right). The fit was made on the viewport as it was; the bars the fit brought came after it and
narrowed it. The fit now keeps room for both bars, shown or not, and centres what it fits in what
they leave: the ships, vortices and zone with their room (focus_rect) are all in view, whether a
bar shows or not. Played as a person does: the window resized, Fit ships (Ctrl+0), Fit board
(Ctrl+9)."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.app.gui import press
from tests.app.systems.b5.test_b5_board_fit import take_over, visible
from tests.test_main_cli_b5 import MEETING


def test_the_fitted_board_keeps_the_ships_room_in_view_beside_its_scroll_bars(qtbot, b5_window):
    main, bw = b5_window(MEETING[:11])  # deployed: six ships about 1030 and 6040
    take_over(qtbot, bw)
    board = bw.panel.board
    for width in (778, 790, 820, 850):  # about the 1600x1000 screen at QT_SCALE_FACTOR=2
        bw.resize(width, 466)
        qtbot.waitUntil(lambda: bw.width() == width and board.size() == board._fit_size)
        qtbot.wait(20)  # the scroll bars the fit brought are laid out
        focus = board.focus_rect()
        assert board.horizontalScrollBar().maximum() > 0  # the board is wider than what is fitted: a bar to pan
        assert visible(board).contains(focus), (width, visible(board), focus)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+9")  # Fit board: the whole board, no bar needed
    qtbot.wait(20)
    assert visible(board).contains(board.sceneRect()), (visible(board), board.sceneRect())
    press(bw, "Ctrl+0")  # Fit ships again
    qtbot.wait(20)
    assert visible(board).contains(board.focus_rect()), (visible(board), board.focus_rect())
