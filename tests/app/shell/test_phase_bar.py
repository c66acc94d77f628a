"""The main window's phase bar through a seed 004 turn (issue 22, any screen): the trail of
phases stays whole in every phase a window wide enough for one of them shows."""
from __future__ import annotations

import shutil

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.records import Phase
from tests.app.gui import Answerer, ok, press, show_active, to_turn_orders, type_text
from tests.rules.strategic.builder import campaign, fleet


def narrowest_whole(w: MainWindow) -> int:
    """Shrink the window to the narrowest width at which the phase bar shows the whole trail."""
    label = w.phase_label
    width = w.width()
    while width > 600:
        w.resize(width - 10, w.height())
        QApplication.processEvents()
        if label.shown_text() != label.text():
            break
        width -= 10
    w.resize(width, w.height())
    QApplication.processEvents()
    return width


def test_the_trail_stays_whole_in_orbital_bombardment(qtbot, tmp_path):
    """On the real 1600 x 1000 screen the phase bar read "Turn 1: Orders > ... > [Space Combat] >
    Bombardment > ...", then only "Turn 1: [Orbital Bombardment]" one phase later: the phase now
    was written by its long name, wider than the rest. A window that shows the Space Combat
    trail whole shows the Orbital Bombardment one whole too."""
    path = tmp_path / "c.json"
    save_campaign(campaign(settings={"combat_phase": "seed004"}, fleets=[fleet("f", "fed", "0303")]), path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1500, 900)
    show_active(w, qtbot)
    answerer = Answerer(ok)
    press(w, "Ctrl+E")
    for _ in range(2):  # Supply -> Encounters -> Space Combat
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")
    answerer.stop()
    assert w.campaign.phase is Phase.BATTLES
    label = w.phase_label
    narrowest_whole(w)
    assert "[Space Combat]" in label.shown_text() and label.shown_text().endswith("Next turn")
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Space Combat -> Orbital Bombardment
    assert w.campaign.phase is Phase.BOMBARDMENT
    QApplication.processEvents()
    assert label.shown_text().endswith("Next turn"), label.shown_text()
    assert "[Bombardment]" in label.shown_text() and "Orbital Bombardment" in label.toolTip()
    answerer = Answerer(type_text("no bombardment"), ok)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Troop Combat
    answerer.stop()
    assert w.campaign.phase is Phase.TROOPS
    QApplication.processEvents()
    assert "[Troops]" in label.shown_text() and label.shown_text().endswith("Next turn"), label.shown_text()


def _whole(label) -> str:
    """The label's shown text, checked to be one of its forms, not cut with "...", and painted whole."""
    shown = label.shown_text()
    assert shown in label.forms and "..." not in shown and "\u2026" not in shown, shown
    assert label.width() >= label.fontMetrics().horizontalAdvance(shown), (label.width(), shown)
    return shown


def test_the_shipped_default_shows_the_phases_done_now_and_to_come(qtbot, tmp_path):
    """The shipped default campaign runs seed 004's whole empire turn (twelve phases on the bar):
    in a 1500-pixel window the bar showed only "Turn 1: [Income]", none of the phases to come. It
    now shows as many as fit, never a word cut, and the phase now by its whole name in a window
    as narrow as QT_SCALE_FACTOR=2 makes on a 1600 x 1000 screen."""
    path = tmp_path / "default.json"
    shutil.copy(DEFAULT_CAMPAIGN, path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1500, 950)
    show_active(w, qtbot)
    label = w.phase_label
    shown = _whole(label)
    assert shown.startswith("Turn 1:  [Income] \u25b8 Tech \u25b8 Orders \u25b8 Movement \u25b8 "), shown
    w.resize(1280, 900)
    QApplication.processEvents()
    assert _whole(label).startswith("Turn 1:  [Income] \u25b8 Tech \u25b8 "), label.shown_text()
    to_turn_orders(w, qtbot)
    for width in (1500, 1280):
        w.resize(width, 900)
        QApplication.processEvents()
        shown = _whole(label)
        assert "[Orders] \u25b8 Movement \u25b8 " in shown and ("Income \u25b8 Tech" in shown or "2 done" in shown)
    w.resize(790, 460)  # QT_SCALE_FACTOR=2 on a 1600 x 1000 screen
    QApplication.processEvents()
    assert _whole(label).startswith("Turn 1: [Turn Orders]"), label.shown_text()
    assert "Income \u25b8 Tech \u25b8 [Orders] \u25b8 Movement" in label.toolTip()
