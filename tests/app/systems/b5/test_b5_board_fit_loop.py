"""The B5 board in a short window (issue 22, real-screen pass at QT_SCALE_FACTOR=2 on the 1600x1000
screen, a 792x466 window): replaying the default campaign's 0604 to its tenth answer (the Coalition
placing its last ship, the zone beside the board's top edge) froze the window - the board's fit
brought its scroll bars, the smaller viewport was a resize, the resize fitted again and took them
away, for ever (24182 viewport resizes in 300 ms, the app at full load, no key or click taken). A
fit now follows a resize of the view itself, not its scroll bars coming and going."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt

from tests.app.systems.b5.test_b5_narrow_bar import _placing

PLACED = [("1010", "A"), ("1111", "A"), ("0911", "A"), ("5702", "A"), ("5804", "A")]
"""The hexes typed in the bar on the real screen: the Alliance in the top left, the Coalition's
flagship and its first squadron's command ship in the top right."""


class Resizes(QObject):
    """Counts the resize events of the object it filters."""

    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            self.n += 1
        return False


def test_replaying_to_a_placement_in_a_short_window_does_not_spin_the_board(qtbot, tmp_path):
    bw = _placing(qtbot, tmp_path)
    panel = bw.panel
    for at, facing in PLACED:  # typed in the bar, Return gives it (each side behind its hand-over)
        while bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        q = bw.b.pending
        panel.facing.setCurrentText(facing)
        panel.hex_edit.clear()
        qtbot.keyClicks(panel.hex_edit, at)
        qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
        assert bw.b.pending is not q, panel.prompt.text()
    bw.resize(792, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    qtbot.waitUntil(lambda: bw.height() <= 520)
    resizes = Resizes()
    board = panel.board
    board.viewport().installEventFilter(resizes)
    try:
        bw.replay.replay_action.trigger()  # Replay (Ctrl+Shift+Y), then Forward (Right) to answer 10
        for _ in range(len(bw.replay.steps or [])):
            bw.replay.forward_action.trigger()
        qtbot.wait(300)
        spun = resizes.n
    finally:
        board.auto_fit = False  # a spinning board stops here (else the test itself never ends)
        board.viewport().removeEventFilter(resizes)
    assert spun < 40, spun  # before: tens of thousands
    assert bw.replay.on and bw.b.pending is not None
