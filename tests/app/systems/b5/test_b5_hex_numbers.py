"""Issue 22 (real screen, QT_SCALE_FACTOR=2 on 1600x1000): at the first placement of a meeting
engagement the whole 90x60 board is green and fitted in the view, and the board showed no hex
number at all (every 10th column's numbers would have crowded), while the bar said "Click a green
hex, or type it": a GM could not read a hex to type. A sparser grid of numbers (every 20th, 50th
hex) always shows some, readable, apart, inside the view, and the one typed is placed."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel

from app.systems.b5.panel import B5Panel
from hexmap import Label
from tests.app.gui import press
from tests.app.systems.b5.test_b5_board_fit import take_over
from tests.app.systems.b5.test_board_text import _check
from tests.test_main_cli_b5 import MEETING


def test_the_fitted_board_at_scale_2_numbers_some_hexes_to_type(qtbot, b5_window):
    main, bw = b5_window(MEETING[:5])  # the speeds given: the Alliance places KHS Claw of Rrit, anywhere
    bw.resize(790, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    qtbot.waitUntil(lambda: bw.width() <= 800)
    take_over(qtbot, bw)
    panel = bw.panel
    assert isinstance(panel, B5Panel)
    assert "green hex, or type it" in panel.prompt.text()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")  # Fit ships: the green zone is the whole board
    qtbot.wait(50)
    view = panel.board
    board = view.sceneRect()
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.width() >= board.width() * 0.9 or seen.height() >= board.height() * 0.9  # the whole board fitted
    texts = _check(view, {"waiting: KHS Claw of Rrit"})  # readable, inside the view, apart, drawn (its tray: issue 24)
    numbers = sorted(t for k, t, _r, _px in texts if k == "number")
    assert len(numbers) >= 4, numbers  # before: none
    columns = {t[:2] for t in numbers}
    rows = {t[2:] for t in numbers}
    assert len(columns) >= 2 and len(rows) >= 2, numbers  # a grid to read a hex from, both ways
    inside = QRectF(view.viewport().rect())
    for text in numbers:  # each number sits on its own hex
        at = view.mapFromScene(view.centre(Label.parse(text)))
        assert inside.contains(at.toPointF()), text
    panel.hex_edit.setText(numbers[-1])  # typed as read on the board
    qtbot.mouseClick(panel.place_button, Qt.MouseButton.LeftButton)
    assert Label.parse(numbers[-1]) in bw.b.engine.at.values(), numbers[-1]



def _move(view, at: Label) -> None:
    """The pointer moved onto hex ``at`` of the board (the event the screen sends; QTest's mouseMove
    reaches no widget of a second top-level window on the offscreen platform)."""
    vp, pos = view.viewport(), QPointF(view.mapFromScene(view.centre(at)))
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, pos, QPointF(vp.mapToGlobal(pos)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def _hex_said(bw) -> str:
    """What the window's status bar says of the hex under the pointer (its label beside the bar's message)."""
    label = bw.statusBar().findChild(QLabel, "b5_hex_under_pointer")
    return label.text() if label is not None and label.isVisibleTo(bw) else ""


def test_the_hex_under_the_pointer_is_read_in_the_status_bar(qtbot, b5_window):
    """Between the sparse numbers a GM still reads the exact hex to type: the one under the pointer
    is in the window's status bar while the pointer is on the board, gone once it leaves."""
    main, bw = b5_window(MEETING[:5])
    bw.resize(790, 466)
    qtbot.waitUntil(lambda: bw.width() <= 800)
    take_over(qtbot, bw)
    view = bw.panel.board
    _move(view, Label.parse("3427"))
    assert _hex_said(bw) == "Hex 3427"
    _move(view, Label.parse("3428"))
    assert _hex_said(bw) == "Hex 3428"
    QApplication.sendEvent(view, QEvent(QEvent.Type.Leave))  # the pointer off the board
    assert "3428" not in _hex_said(bw) and "3428" not in bw.statusBar().currentMessage()
    bw.panel.hex_edit.setText("3428")  # the hex read, typed
    qtbot.mouseClick(bw.panel.place_button, Qt.MouseButton.LeftButton)
    assert Label.parse("3428") in bw.b.engine.at.values()


def test_hovering_the_board_in_a_replay_keeps_the_replay_hint(qtbot, b5_window):
    """Seen on the real screen (issue 22): hovering the board during a replay wrote 'Hex 3427' over the status
    bar's 'Replay: answer k of n (keys)', the only place that says which answer is shown and the keys to step.
    The hex is said beside it; the hint stays while the pointer moves on the board and after it leaves."""
    main, bw = b5_window(MEETING[:6])
    bw.resize(790, 466)
    qtbot.waitUntil(lambda: bw.width() <= 800)
    take_over(qtbot, bw)
    bw.replay.replay_action.trigger()  # Replay (Ctrl+Shift+Y), then Forward to answer 3
    for _ in range(3):
        bw.replay.forward_action.trigger()
    hint = bw.statusBar().currentMessage()
    assert hint.startswith("Replay: answer 3 of "), hint
    view = bw.panel.board
    _move(view, Label.parse("3427"))
    assert bw.statusBar().currentMessage() == hint  # before: 'Hex 3427' in its place
    assert _hex_said(bw) == "Hex 3427"
    _move(view, Label.parse("3428"))
    assert _hex_said(bw) == "Hex 3428" and bw.statusBar().currentMessage() == hint
    QApplication.sendEvent(view, QEvent(QEvent.Type.Leave))
    assert _hex_said(bw) == "" and bw.statusBar().currentMessage() == hint
