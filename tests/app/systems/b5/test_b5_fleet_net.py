"""Issue 24 in the GUI: a B5 battle whose flagship was lost, opened with Ctrl+F: Blue designates the
squadrons its new flagship commands in the dialog (its ticked list; a wrong count refused), the
Forces sheet names the squadron left outside the net; next turn Red chooses, in secret, the pulse
Blue moves first in a number dialog, which Blue's screen never shows."""
from __future__ import annotations

import json

from PySide6.QtCore import QSettings, Qt

from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.app.gui import Answerer, choose_item, ok, press, show_active
from tests.app.test_gui_paths import battle_windows
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_fleet import PLACES
from tests.rules.systems.v13.helpers import AT, duel

SEEN: list[str] = []


def lost_flagship():
    """tests/rules/systems/b5/test_fleet.py's battle on the campaign's own dice (so the saved file
    replays it): B-FLAG (structure 1, Def 2) fired at by Red until it is destroyed in turn 1; the
    run stops at the new flagship's question."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=4, grey_boxes=0,
               structure=1, defence=2),
            b5("b-f2", "bflag", command_rating=0, grey_boxes=0),
            b5("b-c2", "b2", command=True, command_rating=2, weapons=[LASER], grey_boxes=0),
            b5("b-c3", "b3", "capital", command=True, command_rating=1, weapons=[LASER], grey_boxes=0),
            b5("b-c4", "b4", command=True, command_rating=1, weapons=[LASER], grey_boxes=0)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = start(end_movement(c, build_graph(c)).campaign, AT)
    for a in ["meeting engagement", "skirmish", "none", 5, 8]:
        run.answer(a)
    while run.pending.key.startswith("b5/place/"):
        run.answer(PLACES[run.pending.key.split("/")[2]])
    run.answer("plot and move")
    while "/plot/" in run.pending.key:
        run.answer(run.pending.default)
    while "/fire/" in run.pending.key:
        e = run.engine
        if "fire" not in run.pending.options or "b-flag" in e.doomed or e.units["b-flag"].status.value != "present":
            run.answer("done")
            continue
        run.answer("fire")
        run.answer(next(x for x in ("r-flag", "r-f2") if x in run.pending.options))
        run.answer(run.pending.options[0])  # its first weapon
        run.answer("b-flag" if "b-flag" in run.pending.options else run.pending.options[0])
    assert run.pending.key == "b5/1/network/blue", run.pending.key
    return run


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


def test_the_new_flagships_net_and_the_enemys_pulse_through_the_dialogs(qtbot, tmp_path):
    SEEN.clear()
    path = tmp_path / "lost.json"
    path.write_text(io.dumps(lost_flagship().saved()))  # turn 1 fought: B-FLAG destroyed, the net's question next
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    answerer = Answerer(choose_item("0304"), cancel_others=False)
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
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
    assert any("B-C2, Blue's new flagship (fleet command rating 2)" in t for t in blue_saw)
    assert "Red has chosen in secret a pulse in which Blue moves all its ships first" in blue_saw[-2]
    assert not any("Red: 2" in t or "chose pulse 2" in t for t in blue_saw)  # Red's secret pulse: not on Blue's screen
