"""A destroyed ship leaves a wreck on the STCS map (seen on the real screen, HF's 75_stcs_end.png: at 0509 the
destroyed RIS Talon simply vanished from the tactical map, while V13's map greys a destroyed counter with
'DEST'). The wreck stays at its last hex, greyed and named "... (destroyed)", for the viewers who may see it: a
cloaked ship the viewer never saw leaves no wreck (the map's own sight check)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.log import GM
from rules.battlehex.roster import Status
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_resolved import resolve, to_acts
from tests.app.systems.stcs.test_stcs_window import act, dialogs, hand_over


def labels(panel) -> list[str]:
    return [i.text() for i in panel.map.scene_.items() if isinstance(i, QGraphicsSimpleTextItem)]


def test_a_ship_destroyed_at_the_end_stays_on_the_map_as_a_named_wreck(qtbot, tmp_path):
    _main, bw = to_acts(qtbot, tmp_path)
    panel = bw.panel
    taq = next(x for x, u in bw.b.engine.units.items() if u.name == "IKV Taq")
    assert panel.map.wrecks == []
    resolve(qtbot, bw, "IKV Taq")
    qtbot.waitUntil(lambda: bool(panel.map.wrecks), timeout=5000)
    assert taq not in panel.map.shown  # not a ship fighting on: a wreck
    assert panel.map.wrecks == [(taq, "IKV Taq (destroyed)")]
    assert "IKV Taq (destroyed)" in labels(panel) and "IKV Taq" not in labels(panel)
    for team in {u.team for u in bw.b.engine.units.values()}:  # not cloaked: every side saw it
        panel.map.draw(bw.b, team)
        assert panel.map.wrecks == [(taq, "IKV Taq (destroyed)")], team


def destroyed(ship: str):
    """The set-up dialogs at the window tests' answers; the GM's "which ships were destroyed": ``ship`` ticked."""
    def answer(d) -> bool:
        if isinstance(d, QuestionDialog) and d.q.key == "stcs/destroyed":
            for i in range(d.list.count()):
                if d.list.item(i).data(Qt.ItemDataRole.UserRole) == ship:
                    d.list.item(i).setCheckState(Qt.CheckState.Checked)
            return ok(d)
        return dialogs(d)
    return answer


def test_a_cloaked_ship_destroyed_leaves_no_wreck_for_the_side_that_never_saw_it(qtbot, tmp_path):
    _main, bw, _path = fight_stcs(qtbot, tmp_path)  # the Bird of Prey (Red) starts cloaked
    panel = bw.panel
    answerer = Answerer(destroyed("bop"))
    try:
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
        assert bw.b.engine.cloaked["bop"]
        act(qtbot, bw, panel, "resolve")
        qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    finally:
        answerer.stop()
    assert bw.b.state.units["bop"].status is Status.DESTROYED
    panel.map.draw(bw.b, "blue")
    assert panel.map.wrecks == [] and not any("Bird of Prey" in t for t in labels(panel))
    for viewer in ("red", GM):
        panel.map.draw(bw.b, viewer)
        assert panel.map.wrecks == [("bop", "Bird of Prey (destroyed)")], viewer
