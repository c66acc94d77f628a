"""Leaving a replay shows the live battle's map, not the replay's (issue 22, real-screen pass at
1600x1000, 0509 of the default campaign): a V13 battle replayed back to an attacker's placement
and left with Escape kept that step's green placement zone, its red minimum-range ring and
"168 legal hexes for IKV Taq / Red ring: V13.441..." in the side panel over the live battle, which
was fighting (or resolved) with no unit to place."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_keys import place_by_keys
from tests.app.test_gui_paths import end_movement_and_fight


def test_leaving_a_replay_at_a_placement_clears_its_zone_ring_and_count(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    panel, scene = bw.panel, bw.panel.scene
    answerer = Answerer(ok)  # Weapon Status, the range, the centre: as offered
    first = None
    try:
        for _ in range(300):  # the set-up: every unit placed by keys (P, Return) until combat begins
            q = bw.b.pending
            if q is not None and q.kind is QKind.ACTION:
                break
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            elif q is not None and q.kind is QKind.PLACE and QApplication.activeModalWidget() is None:
                if first is None:
                    first = len(bw.b.answers)  # the answers given before the first placement
                bw.activateWindow()
                qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
                place_by_keys(bw, qtbot)
            qtbot.wait(20)
    finally:
        answerer.stop()
    assert bw.b.pending.kind is QKind.ACTION and first is not None
    assert scene.zone_path.isEmpty() and scene.ring_path.isEmpty() and panel.verdict_label.text() == ""
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    bw.replay.replay_action.trigger()  # Replay, then Right to the second placement (a zone and a ring)
    for _ in range(first + 1):
        QTest.keyClick(bw, Qt.Key.Key_Right)
    assert bw.replay.on and bw.b.pending.kind is QKind.PLACE
    assert not scene.zone_path.isEmpty() and "legal hexes" in panel.verdict_label.text()
    QTest.keyClick(bw, Qt.Key.Key_Escape)  # leave the replay: the live battle is fighting
    assert not bw.replay.on and bw.b.pending.kind is QKind.ACTION
    assert scene.zone_path.isEmpty()  # before: the replay step's green zone stayed on the live map
    assert scene.ring_path.isEmpty()
    assert panel.verdict_label.text() == ""  # before: "... legal hexes for ... Red ring: V13.441 ..."
