"""Opening a campaign in the window (issue 19): the temporary files a killed save left beside
the campaign, or beside its autosave, are removed when it is opened (File > Open, or at start),
and nothing else is."""
from __future__ import annotations

import json
import shutil

from PySide6.QtCore import QSettings

from app.shell.window import MainWindow
from app.shell.paths import autosave_file
from tests.app.gui import Answerer, press, save_file, show_active
from tests.conftest import DEFAULT
from tests.test_main_cli_files import _temps, killed_save


def _leftovers(tmp_path):
    """A copy of the default campaign, with the temporary files of a ``kill -9``-ed save of it
    and of its autosave beside them, and files that are not such leftovers."""
    camp = tmp_path / "camp.json"
    shutil.copy(DEFAULT, camp)
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(["end_movement", False, False, False]), encoding="utf-8")
    autosave = autosave_file(camp)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    assert killed_save(camp, answers) and killed_save(autosave, answers)
    foreign = [tmp_path / ".camp.json.notes.tmp.bak", tmp_path / ".other.json.4242.abcdefgh.tmp",
               tmp_path / "camp.json.tmp"]
    for f in foreign:
        f.write_text("not ours", encoding="utf-8")
    return camp, autosave, sorted(f.name for f in foreign if f.name.endswith(".tmp"))


def test_file_open_removes_what_a_killed_save_left_beside_the_file_and_its_autosave(window, qtbot, tmp_path):
    camp, autosave, foreign = _leftovers(tmp_path)
    answerer = Answerer(save_file(str(camp)))
    press(window, "Ctrl+O")
    qtbot.waitUntil(lambda: window.campaign_path == camp, timeout=20_000)
    answerer.stop()
    assert _temps(tmp_path) == foreign and _temps(autosave.parent) == []
    assert "Removed what a save cut short left behind" in window.statusBar().currentMessage()


def test_the_file_given_at_start_is_cleaned_alike(qtbot, tmp_path):
    camp, autosave, foreign = _leftovers(tmp_path)
    w = MainWindow(camp, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    assert w.campaign_path == camp
    assert _temps(tmp_path) == foreign and _temps(autosave.parent) == []
