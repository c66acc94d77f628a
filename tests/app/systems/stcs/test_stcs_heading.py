"""Seed 002's Moving In Reverse and Emergency Heading Changes in the battle window, as the GM plays them: the
Klothos (heading B) moves two hexes astern by its move dialog's "in reverse" choice (the map labels its move "speed 2
in reverse"); its Emergency Heading Change is
then refused in the act list with the rule (moving in reverse); the Enterprise's is taken from the act list, its
way chosen in the dialog: it turns one hex side and its report shows the point on each warp engine and on its
superstructure."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsSimpleTextItem

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import act, hand_over

PICK = {"stcs/mode": "sublight", "/move/d7/points": "2", "/move/d7/path": "B:-2"}


def test_a_ship_backs_astern_and_another_makes_an_emergency_heading_change(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    seen: dict[str, str] = {}

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        key = d.q.key
        if key == "stcs/arrivals":
            return ok(d)  # none
        if "/heading/enterprise" in key:
            seen["turn"] = d.q.text
            want = d.q.options[0]  # one hex side right
        else:
            if key.endswith("/path"):
                seen["path"] = d.q.data["option_words"]["B:-2"]
            want = next(v for k, v in PICK.items() if key.endswith(k))
        d.group.button(d.q.options.index(want)).setChecked(True)
        return ok(d)

    answerer = Answerer(dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    eng = bw.b.engine
    start, heading = eng.at["d7"], eng.facing["enterprise"]
    act(qtbot, bw, panel, "move:d7")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"
              and "d7" in eng.moves)
    assert seen["path"].startswith("in reverse: keep heading B, 2 hexes astern")
    assert eng.at["d7"] == start.neighbor(eng.facing["d7"].opposite, 2)
    label = next(i for i in panel.map.scene_.items() if isinstance(i, QGraphicsSimpleTextItem)
                 and i.text() == "speed 2 in reverse")  # the map's label of its latest move says so
    wake = [i for i in panel.map.scene_.items() if isinstance(i, QGraphicsLineItem)
            and i.pen().style() == Qt.PenStyle.DashLine and i.collidesWithItem(label)]
    assert wake == []  # clear of the move's line (backing from the upper right, the line crossed it, above the ship)
    act(qtbot, bw, panel, "heading:d7")  # refused: it moved in reverse
    qtbot.waitUntil(lambda: "while moving in reverse a ship may not use the Emergency Heading Change"
                    in bw.statusBar().currentMessage(), timeout=20000)
    assert "d7" not in eng.turned
    act(qtbot, bw, panel, "heading:enterprise")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"
              and "enterprise" in eng.turned)
    answerer.stop()
    assert "Emergency Heading Change" in seen["turn"] and eng.facing["enterprise"] is heading.rotate(1)
    report = panel.report("red")
    assert f"Enterprise makes an Emergency Heading Change: heading {heading.name} to {heading.rotate(1).name}" \
        in report and "Enterprise loses 1 superstructure point (an Emergency Heading Change)" in report
    assert "Klothos moves in reverse at speed 2" in report
