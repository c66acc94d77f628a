"""A replay answers nothing (issue 22, real-screen pass at QT_SCALE_FACTOR=2, B5 at 0604 of the
default campaign): stepped to a placement, the B5 bar came back live - its hex field, facing box
and Place button enabled under "Replay: answer 10 of 22", and the field took the focus, so the
replay's keys (End, Home, Left, Right) moved its cursor instead of the replay. A step's drawing no
longer enables the panel's controls while the replay is on; leaving it gives them back."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.battlehex.questions import QKind
from tests.app.systems.b5.test_b5_narrow_bar import _placing
from tests.app.systems.b5.test_b5_window import click_hex


def test_a_replay_stepped_to_a_placement_leaves_the_b5_bar_greyed(qtbot, tmp_path):
    bw = _placing(qtbot, tmp_path)
    panel, run = bw.panel, bw.b
    q = run.pending
    assert q.kind is QKind.PLACE and panel.bar.isEnabled()
    click_hex(qtbot, panel, run.legal()[0])  # the Alliance flagship placed: a step to replay
    assert run.pending is not q
    given = len(run.answers)
    bw.replay.replay_action.trigger()  # Replay (Ctrl+Shift+Y), at its first step
    assert bw.replay.on and not panel.bar.isEnabled()
    for _ in range(given - 1):  # Forward (Right) to the step before the placement: the placement is asked
        bw.replay.forward_action.trigger()
    qtbot.wait(10)
    assert bw.b.pending is not None and bw.b.pending.kind is QKind.PLACE, bw.b.pending
    assert not panel.bar.isEnabled()  # before: the bar, its field and Place were live in the replay
    assert not panel.place_button.isEnabled() and not panel.hex_edit.isEnabled()
    qtbot.mouseClick(panel.place_button, Qt.MouseButton.LeftButton)
    assert bw.replay.on and len(run.answers) == given
    bw.replay.last_action.trigger()
    bw.replay.replay_action.trigger()  # leave: the live battle's placement bar is the player's again
    assert not bw.replay.on
    assert panel.bar.isEnabled() and bw.b.pending.kind is QKind.PLACE
