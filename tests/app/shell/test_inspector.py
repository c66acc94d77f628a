"""The Sector inspector's first page follows the campaign (issue 22's real-screen walk: at
turn 3 it still said "Strategic turn 1.")."""
from __future__ import annotations

from PySide6.QtCore import QSettings

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.records import Phase
from tests.app.gui import Answerer, press, show_active, type_text
from tests.rules.strategic.builder import campaign, fleet


def test_the_inspector_names_the_turn_after_a_whole_turn_by_keys(qtbot, tmp_path):
    path = tmp_path / "campaign.json"
    save_campaign(campaign(settings={"combat_phase": "seed004"}, fleets=[fleet("f", "fed", "0303")]), path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    assert "Strategic turn 1." in w.inspector.toPlainText()
    answerer = Answerer(type_text("nothing"))  # Orbital Bombardment is kept by hand
    press(w, "Ctrl+E")
    for _ in range(8):
        if w.campaign.turn == 2:
            break
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")
        qtbot.waitUntil(lambda: w.session.combat_pending() is None, timeout=5000)
    answerer.stop()
    assert w.campaign.turn == 2 and w.campaign.phase is Phase.ORDERS
    assert "Strategic turn 2." in w.inspector.toPlainText(), w.inspector.toPlainText()[:120]
    press(w, "Ctrl+Z")  # back into turn 1's Troop Combat: the page says turn 1 again
    assert "Strategic turn 1." in w.inspector.toPlainText()
