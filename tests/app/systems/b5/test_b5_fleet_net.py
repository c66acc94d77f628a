"""Issue 24 in the GUI: a B5 battle whose flagship was lost, opened with Ctrl+F: Blue designates the
squadrons its new flagship commands in the dialog (its ticked list; a wrong count refused), the
Forces sheet names the squadron left outside the net; next turn Red chooses, in secret, the pulse
Blue moves first in a number dialog, which Blue's screen never shows."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.rules.systems.b5.test_fleet import seeded_loss

SEEN: list[str] = []


def dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    SEEN.append(key)
    if key == "b5/1/network/blue":
        for i in range(d.list.count()):
            item = d.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) in ("b-f2", "b-c3"):
                item.setCheckState(Qt.CheckState.Checked)
    elif key == "b5/2/turn":
        d.group.button(d.q.options.index("plot and move")).setChecked(True)
    elif key == "b5/2/first/blue":
        d.spin.setValue(2)
    return ok(d)


def test_the_new_flagships_net_and_the_enemys_pulse_through_the_dialogs(qtbot, b5_by_ctrl_f):
    SEEN.clear()
    main, bw = b5_by_ctrl_f(seeded_loss().saved())  # turn 1 fought: B-FLAG destroyed, the net's question next
    answerer = Answerer(dialogs)
    blue_saw: list[str] = []
    for _ in range(60):
        q = bw.b.pending
        if q is None or "/plot/" in q.key:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        if bw.viewer == "blue":
            blue_saw += [bw.log_dock.view.toPlainText(), bw.panel.sheet.toPlainText()]
        if q.key == "b5/1/morale":
            sheet = bw.panel.sheet.toPlainText()
        if q.key == "b5/2/first/blue":  # turn 2's start: no pulse yet (it said "turn 2, pulse 3", turn 1's last)
            step = bw.step_label.text()
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
    answerer.stop()
    while bw.handing_over():  # Blue plots turn 2 first (the defender, in secret)
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert bw.viewer == "blue" and bw.b.pending.key.startswith("b5/2/plot/")
    blue_saw += [bw.log_dock.view.toPlainText(), bw.panel.sheet.toPlainText()]
    assert SEEN[:3] == ["b5/1/network/blue", "b5/1/morale", "b5/2/turn"] and "b5/2/first/blue" in SEEN
    assert bw.b.engine.net.outside == {"blue": ("b4",)}
    assert "squadron b4 (outside the command net: 75%): B-C4" in sheet
    assert bw.b.engine.net.moves_first == {"blue": (2, 2)}
    assert step == "<b>Step</b>: turn 2", step
    assert any("B-C2, Blue's new flagship (fleet command rating 2)" in t for t in blue_saw)
    assert "Red has chosen in secret a pulse in which Blue moves all its ships first" in blue_saw[-2]
    assert not any("Red: 2" in t or "chose pulse 2" in t for t in blue_saw)  # Red's secret pulse: not on Blue's screen
