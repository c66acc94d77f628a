"""A flight lost in battle stays in its fleet as its loss record (issue 23: for a replacement flight
to replace, rules/turn/replacement.py) but is no unit in play: the fleet's counter on the map, its
hover text and the sector's do not count or list it as a live unit."""
from __future__ import annotations

from PySide6.QtCore import QSettings

from rules.model.io import save_campaign
from tests.app.gui import show_active
from tests.app.strategic.test_counter_tooltip_words import hover_tip
from tests.rules.turn.test_replacement_after_battle import fought, met, to_next_orders, units


def test_a_lost_fighter_is_not_drawn_as_a_live_unit_of_its_fleet(qtbot, tmp_path):
    from app.shell.window import MainWindow

    c, g = met()
    played = to_next_orders(fought(c, g, ["f1", "k-1"]), g).campaign
    assert units(played) == [("cv", None, False), ("f1", "cv", True), ("f2", "cv", False)]  # the record is there
    save_campaign(played, tmp_path / "c.json")
    main = MainWindow(str(tmp_path / "c.json"), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    main.resize(1400, 900)
    for gm in (False, True):
        if main.strategic_view.scene().gm != gm:
            main.gm_view_action.trigger()  # View > GM View
        assert main.strategic_view.scene().gm is gm
        counter = main.strategic_view.scene().counter("cg")
        assert counter._count == 2  # the carrier and its live fighter
        tip = hover_tip(main, "cg")
        assert "CV" in tip and "F2" in tip and "F1" not in tip
