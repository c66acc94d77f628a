"""The status line after a move (issue 22): seen on the real screen at 0509, "Selected Battle
Station Tau at 2115" stayed in the status bar after the unit had moved to 2113 (N selected it,
W moved it one step twice)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.battlehex.questions import QKind
from tests.app.systems.v13.test_keys import battle_0604, key, place_by_keys, take_over_by_keys


def to_combat(bw, qtbot) -> None:
    """Every unit placed by keys, the centre as proposed (V13.811): the battle is fought."""
    while bw.b.pending.kind is QKind.PLACE:
        take_over_by_keys(bw, qtbot)
        place_by_keys(bw, qtbot)
    take_over_by_keys(bw, qtbot)
    bw.answer(bw.b.pending.data["proposed"])
    assert bw.panel.combat_mode()
    bw.activateWindow()


def test_a_move_by_keys_leaves_no_stale_place_in_the_status_bar(qtbot, tmp_path):
    _main, bw = battle_0604(qtbot, tmp_path)
    to_combat(bw, qtbot)
    for _ in range(6):  # N until a unit the engine lets step forward
        key(bw, Qt.Key.Key_N)
        u = bw.panel.selected_combat_unit()
        at, start = u.pos, bw.b.ctx.where(u.pos)
        assert f"Selected {u.name} at {start}" in bw.statusBar().currentMessage()
        key(bw, Qt.Key.Key_W)  # the Forward button's shortcut: one step
        if bw.b.state.units[u.id].pos != at:
            break
    moved = bw.b.state.units[u.id]
    assert moved.pos != at, "no unit stepped forward"
    msg = bw.statusBar().currentMessage()
    assert f"at {start}" not in msg, msg  # the new place, or nothing
    assert not msg or bw.b.ctx.where(moved.pos) in msg, msg
    bw.close()
