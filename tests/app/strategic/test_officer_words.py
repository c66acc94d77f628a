"""The fleet inspector names officers' ratings in words (issue 22's real-screen walk: each unit's
row read "C0 N0 H0 E0", the ratings' initials and numbers)."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import show_active
from tests.rules.strategic.builder import campaign, fleet, unit


def test_clicking_a_fleet_shows_its_officers_ratings_in_words(qtbot, tmp_path):
    units = [unit("f-1", officers={"captain": 2, "helmsman": -1}), unit("f-2")]
    path = tmp_path / "campaign.json"
    save_campaign(campaign(fleets=[fleet("f", "fed", "0303", units=units)]), path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    view = w.strategic_view
    counter = view.scene().counter("f")
    view.centerOn(counter)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(counter.scenePos()))
    text = w.inspector.toPlainText()
    assert "F-1" in text and "captain +2, helmsman -1" in text, text
    assert "C2" not in text and "C0 N0" not in text, text
