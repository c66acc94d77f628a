"""STCS's Do it only while there is an act to do (issue 22, real-screen pass at 0509 of the default
campaign): after the GM resolved the battle, and in its replay (File > Replay a Battle... at
QT_SCALE_FACTOR=2), Do it stayed enabled under an empty act list or a replayed step's acts, a
button that did nothing (or only said "Cannot answer in a replay"). It is greyed there now."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.systems.stcs.test_stcs_resolved import resolve, to_acts


def test_do_it_is_greyed_in_the_replay_and_once_the_battle_is_resolved(qtbot, tmp_path):
    _main, bw = to_acts(qtbot, tmp_path)
    panel = bw.panel
    assert panel.do_button.isEnabled()  # the GM's acts: Do it does the one chosen
    resolve(qtbot, bw, "IKV Taq")
    assert not panel.do_button.isEnabled()  # resolved: nothing left to do
    bw.replay.replay_action.trigger()  # Replay (Ctrl+Shift+Y): to the step where the GM chose the act
    steps = len(bw.replay.steps or [])
    for _ in range(steps - 2):
        bw.replay.forward_action.trigger()
    assert bw.replay.on and bw.b.pending is not None and bw.b.pending.key.endswith("/act")
    assert panel.acts.count() > 0  # the step's acts, to read
    assert not panel.do_button.isEnabled()  # before: enabled, and pressing it answered nothing
    given = bw.replay.k
    qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)
    assert bw.replay.on and bw.replay.k == given
