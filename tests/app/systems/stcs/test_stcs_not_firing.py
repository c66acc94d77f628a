"""The Casualty Modifier Track's Not Firing chart in the window (issue 25 leftover): seed 002 names the box but does
not print the chart, and the screen says so where a GM looks for it - the banner's list of what is played at the
table, and the ships' sheet beside the ship's crew track once the ship is in a box that may be it (worse than 60-69%:
"the GM is asked when it fires"). Three crew hits of 5 points at 20% a point, entered in their dialogs, take the
Klothos to the 40-49% box."""
from __future__ import annotations

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import act, dialogs, hand_over


def hits(d) -> bool:
    """A crew hit on the Klothos: elsewhere than the bridge, 5 points, 20% a point."""
    if not isinstance(d, QuestionDialog) or "/crew/d7" not in d.q.key:
        return False
    if d.q.key.endswith("/points"):
        d.spin.setValue(5)
    elif d.q.key.endswith("/rate"):
        d.spin.setValue(20)
    else:
        d.group.button(d.q.options.index("other")).setChecked(True)
    return dialogs(d)


def test_the_sheet_and_the_banner_say_the_not_firing_chart_is_not_in_the_seed(qtbot, tmp_path):
    _main, bw, _path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    assert "Not Firing chart (these rules do not print them: the GM is asked)" in panel.built.text()
    answerer = Answerer(hits, dialogs)
    try:
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
        assert "Klothos" in panel.sheet.toPlainText() and "crew track 90-100%" in panel.sheet.toPlainText()
        for n in range(1, 4):
            act(qtbot, bw, panel, "crew:d7")
            qtbot.waitUntil(lambda: bw.b.engine.casualties.get("d7") == 20 * n and bw.b.pending.key.endswith("/act"),
                            timeout=5000)
        said = "crew track 40-49% (Not Firing? the charts do not say: the GM is asked when it fires)"
        qtbot.waitUntil(lambda: said in panel.sheet.toPlainText(), timeout=5000)
        assert said not in panel._sheet(bw.b, bw.b.engine.defender)  # Blue reads no Klingon box
    finally:
        answerer.stop()
