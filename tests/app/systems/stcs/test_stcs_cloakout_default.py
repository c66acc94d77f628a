"""Return at the cloaked side's secret segment-end question (issue 25 leftover): "does a cloaked ship of yours warp
out?" had no default of its own, so its dialog opened wherever the options happened to start. Seed 002 (Warping Out
Of Battles, Romulan Cloaking Devices): a warp out is announced by choice, a cloaked ship staying hidden is the
usual case, so the question opens at "no cloaked ship warps out" whatever ships are listed, and Return answers it.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import act, hand_over


def _set_up(d) -> bool:
    """The GM's set-up (sub-light, no arrivals) answered as it opens; the cloak-out dialog left to Return."""
    if not isinstance(d, QuestionDialog) or "/cloakout/" in d.q.key:
        return False
    if d.q.key == "stcs/mode":
        d.group.button(0).setChecked(True)
    return ok(d)


def test_return_at_the_cloak_out_question_keeps_the_cloaked_ship(qtbot, tmp_path):
    _main, bw, _path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    pressed: list[object] = []

    def cloakout(d) -> bool:
        if not isinstance(d, QuestionDialog) or "/cloakout/" not in d.q.key:
            return False
        d.activateWindow()
        focus = QApplication.focusWidget()
        pressed.append((d.q.default, d.answer()))  # the engine's usual case; where the dialog opens
        QTest.keyClick(focus if focus is not None and d.isAncestorOf(focus) else d, Qt.Key.Key_Return)
        return True

    answerer = Answerer(_set_up, cloakout)
    try:
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
        act(qtbot, bw, panel, "next")  # the segment ends: Red, in secret, is asked in its own dialog
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/2/act")
        assert pressed == [("none", "none")], pressed
        given = [a for k, a in zip(_keys(bw), bw.b.answers) if "/cloakout/" in k]
        assert given == ["none"], given
        assert bw.b.engine.cloaked["bop"] and bw.b.state.units["bop"].status.value == "present"
    finally:
        answerer.stop()


def _keys(bw) -> list[str]:
    """The keys of the questions answered, in order (the log's answer entries)."""
    return [e.data["key"] for e in bw.b.log.events if e.kind == "answer"]
