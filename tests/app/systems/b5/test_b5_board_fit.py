"""Issue 24: the B5 board opens fitted to the ships (with room), not to the whole 90x60 board
where ships are dots; Fit ships (Ctrl+0) and Fit board (Ctrl+9) as the other maps have; the
Forces sheet keeps names whole in a small window (QT_SCALE_FACTOR=2's 790 pixels)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QTextOption, QWheelEvent
from PySide6.QtWidgets import QApplication

from app.systems.b5.panel import B5Panel
from hexmap import Label
from tests.app.gui import press
from tests.test_main_cli_b5 import MEETING


def visible(view):
    return view.mapToScene(view.viewport().rect()).boundingRect()


def wheel(view, notches: int) -> None:
    pos = QPointF(view.viewport().rect().center())
    ev = QWheelEvent(pos, QPointF(view.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(ev)


def take_over(qtbot, bw) -> None:
    """The hot seat's hand-over screen: the one it names takes the screen."""
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)


def test_the_board_opens_fitted_to_the_ships_and_fits_by_keys(qtbot, b5_window):
    main, bw = b5_window(MEETING[:11])  # a meeting engagement deployed: six ships about 1030 and 6040
    assert bw.b.pending.key.endswith("/turn")
    bw.close()
    bw = main.fight(Label.parse("0604"))  # opened again: fitted to the ships
    bw.auto_dialogs = False
    bw.resize(1300, 850)
    qtbot.waitExposed(bw)
    take_over(qtbot, bw)
    panel = bw.panel
    assert isinstance(panel, B5Panel)
    view = panel.board
    ships = [view.centre(at) for at in bw.b.engine.at.values()]
    qtbot.waitUntil(lambda: all(visible(view).contains(p) for p in ships))
    board = view.sceneRect()
    assert min(visible(view).width() / board.width(), visible(view).height() / board.height()) < 0.8, \
        (visible(view), board)  # closer than the whole board (before: the whole board, ships as dots)
    fitted = visible(view)
    wheel(view, 4)  # the user zooms in: the view stays as the user left it
    assert visible(view).width() < fitted.width() * 0.7
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+9")  # Fit board: the whole 90x60 board
    qtbot.waitUntil(lambda: visible(view).contains(board.adjusted(5, 5, -5, -5)), timeout=2000)
    press(bw, "Ctrl+0")  # Fit ships: back to the ships with room about them
    qtbot.waitUntil(lambda: abs(visible(view).width() - fitted.width()) < fitted.width() * 0.05, timeout=2000)
    assert all(visible(view).adjusted(20, 20, -20, -20).contains(p) for p in ships)  # room about them


def test_the_forces_sheet_keeps_names_whole_in_a_small_window(qtbot, b5_window):
    main, bw = b5_window(MEETING[:11])
    take_over(qtbot, bw)
    bw.resize(790, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    qtbot.waitUntil(lambda: bw.width() <= 800)
    sheet = bw.panel.sheet
    assert sheet.wordWrapMode() == QTextOption.WrapMode.WordWrap  # at word boundaries only
    assert sheet.width() >= sheet.fontMetrics().horizontalAdvance("x" * 30)  # panel.SHEET_CHARS
    assert "KHS Hunting Cry" in sheet.toPlainText()
