"""A V13 replay shows the physical map where it was at each step (issue 22, real-screen pass at
QT_SCALE_FACTOR=2, 0604 of the default campaign, its report's replay link): once the GM confirmed
the original centre (V13.811) the map sheet moved to it, and a replay stepped back to the
placements kept it there - the sheet drawn where it lay at the end, the zones and counters where
they were then (the first zone hung below the sheet's edge, KHS Claw of Rrit in its middle instead
of near its top). Before the centre is set, the sheet is the map as it first lay, as it was live."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_keys import place_by_keys
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_replay_back_to_the_placements_shows_the_sheet_where_it_lay_then(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    grid = bw.panel.scene.grid
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
                    first = (len(bw.b.answers), grid.window)  # the sheet as it lay at the first placement
                bw.activateWindow()
                qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
                place_by_keys(bw, qtbot)
            qtbot.wait(20)
    finally:
        answerer.stop()
    assert bw.b.pending.kind is QKind.ACTION and first is not None
    at, then = first
    assert grid.window != then  # the centre confirmed (V13.811): the sheet moved
    bw.replay.replay_action.trigger()  # Replay, Forward to the first placement
    for _ in range(at):
        bw.replay.forward_action.trigger()
    assert bw.replay.on and bw.b.pending.kind is QKind.PLACE
    assert grid.window == then  # before: the sheet stayed where it lay at the end
    bw.replay.last_action.trigger()
    assert grid.window != then
