"""STCS's To-Hit odds in the chart question's dialog (issue 22, real-screen pass at 0509 of the
default campaign): IKV Kumara moved 10 hexes and fired its disruptors at Battle Station Tau; the
GM's "Firing Chart's To-Hit number" dialog showed its odds as a Python dict
("Odds: {'0': 'To-Hit -5: no hit', '1': ...}"). They are a table now: each chart number and
what it gives."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.test_stcs_resolved import to_acts

SHOWN: list[str] = []


def dialogs(d) -> bool:
    """Kumara spends 10 points and keeps heading B 10 hexes; the first weapon; the chart's odds read."""
    if not isinstance(d, QuestionDialog):
        return False
    if d.q.key.endswith("/chart"):
        SHOWN.append(d.odds.text() if d.odds is not None else "")
    elif hasattr(d, "group") and d.group is not None:
        for b in d.group.buttons():
            if b.text().startswith(("10 points", "keep heading B, 10 hexes ahead")):
                b.setChecked(True)
    return ok(d)


def act(qtbot, bw, option: str) -> None:
    """``option`` chosen in the act list, Do it clicked."""
    panel = bw.panel
    qtbot.waitUntil(lambda: any(panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == option
                                for i in range(panel.acts.count())), timeout=5000)
    panel.acts.setCurrentRow(next(i for i in range(panel.acts.count())
                                  if panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == option))
    qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)


def test_the_to_hit_odds_read_as_a_table_not_a_dict(qtbot, tmp_path):
    SHOWN.clear()
    _main, bw = to_acts(qtbot, tmp_path)
    answerer = Answerer(dialogs)
    try:
        act(qtbot, bw, "move:kli-d7-kumara")
        act(qtbot, bw, "fire:kli-d7-kumara:fed-bats-tau")
        qtbot.waitUntil(lambda: bool(SHOWN), timeout=5000)
    finally:
        answerer.stop()
    shown = SHOWN[0]
    assert "{" not in shown and "'" not in shown, shown  # before: Odds: {'0': 'To-Hit -5: no hit', ...}
    assert "<table" in shown and "To-Hit -5: no hit" in shown and "D10 1-" in shown
