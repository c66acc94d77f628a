"""A B5 meeting placement's facing box opens toward the enemy (issue 22: a question opens at the rule's usual case).

Seen on the real screen (0604, a meeting engagement): the facing box beside the hex field opened at "A" for every
ship, so two fleets placed at their defaults headed the same way and flew off the board without meeting. Seed 003:
the fleets face each other across the board. The box now opens at the engine's usual facing, "to enemy",
which the engine turns into a letter for the hex typed (the board's centre before any enemy ship is placed).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from hexmap import Facing, Label
from rules.battlehex.questions import QKind
from rules.systems.b5 import deploy
from tests.app.systems.b5.test_b5_place_keys import _first_placement


def test_the_facing_box_opens_toward_the_enemy_and_return_places_facing_the_centre(qtbot, tmp_path):
    bw, panel, answerer = _first_placement(qtbot, tmp_path)
    try:
        assert panel.facing.currentText() == deploy.TOWARD and panel.facing.isVisible()
        west = min(bw.b.legal(), key=lambda x: (deploy.distance(x, Label.parse("1530")), x.col, x.row))
        given = len(bw.b.answers)
        qtbot.keyClicks(QApplication.focusWidget(), str(west))
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
        assert bw.b.answers[given] == {"at": "1530", "facing": "C"}  # toward 4530, the centre of the 90 x 60 board
        uid = next(iter(bw.b.engine.at))
        assert bw.b.engine.facing[uid] is Facing.C
        for facing in ("E", deploy.TOWARD):  # a letter picked for one ship: the next placement opens at the usual again
            _placing(qtbot, bw)
            assert panel.facing.currentText() == deploy.TOWARD
            panel.facing.setCurrentText(facing)
            given = len(bw.b.answers)
            qtbot.keyClicks(panel.hex_edit, str(bw.b.legal()[0]))
            qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
        assert bw.b.answers[given - 1]["facing"] == "E"
    finally:
        answerer.stop()


def _placing(qtbot, bw) -> None:
    """On to the next placement, through a hand-over."""
    for _ in range(100):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        q = bw.b.pending
        if q is not None and q.kind is QKind.PLACE and not bw.handing_over():
            return
        qtbot.wait(20)
    raise AssertionError("no placement")
