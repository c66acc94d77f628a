"""Issue 11 acceptance: work given after the last save survives a crash.

A first app (a subprocess: ``main.main`` on a copy of a campaign, its data folder and HOME in
tmp) is given battle answers and killed with SIGKILL once its autosave holds them. A second
start offers the autosave in a dialog; until it is answered nothing writes the autosave;
Recover (the dialog's button) shows every answer, on the original file, unsaved; Ctrl+S writes
them to the original file.
"""
from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from app.shell.window import MainWindow
from app.shell.paths import autosave_file
from hexmap import Label
from rules.model import load_campaign, save_campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.app.gui import Answerer, click_button, show_active
from tests.rules.systems.v13.helpers import duel, fleet, unit

ROOT = Path(__file__).resolve().parents[3]
AT, OTHER = "0304", "0506"
ANSWERS = [[AT, ["r1"]], [OTHER, ["b9"]], [AT, []]]


def _campaign(path: Path) -> None:
    c = duel(extra=[fleet("bf2", "fed", "0506", units=[unit("b9")]),
                    fleet("rf2", "klingon", "0506", units=[unit("r9")])])
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"battle_system": "table"})})
    save_campaign(end_movement(c, build_graph(c)).campaign, path)


def _answers(path: Path) -> dict[str, list]:
    try:
        return {str(b.at): b.answers for b in load_campaign(path).battle_hexes}
    except Exception:  # not written yet
        return {}


def _crash_after_answers(camp: Path, env: dict[str, str], settings: Path | None = None) -> None:
    """The app on ``camp`` given ANSWERS, killed once its autosave holds them (and its
    ``settings`` file names ``camp``: written by Qt a moment after the file was opened)."""
    child = subprocess.Popen([sys.executable, str(ROOT / "tests" / "e2e" / "crash_child.py"), str(camp),
                              json.dumps(ANSWERS)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        # a child that hangs before its line (a dialog nobody answers) fails here, never blocks the run
        assert select.select([child.stdout], [], [], 120)[0], "the app said nothing in 120 s"
        line = child.stdout.readline()
        assert line.strip() == "ANSWERED", line + child.stderr.read() if child.poll() is not None else line
        autosave = autosave_file(camp)
        deadline = time.monotonic() + 20
        while _answers(autosave) != {AT: [["r1"], []], OTHER: [["b9"]]} \
                or settings is not None and (not settings.exists() or "camp.json" not in settings.read_text()):
            assert time.monotonic() < deadline, f"no autosave with the answers at {autosave}"
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)  # a crash: no clean-up, no quit prompt
        child.wait(10)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL


def test_answers_given_before_a_kill_are_offered_and_recovered(qtbot, tmp_path, monkeypatch):
    camp = tmp_path / "games" / "camp.json"
    camp.parent.mkdir()
    _campaign(camp)
    saved_text = camp.read_text(encoding="utf-8")
    data, home = tmp_path / "userdata", tmp_path / "home"  # BATTLEHEX_DATA: the conftest's folder
    home.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEHEX_DATA": str(data), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / ".config"), "PYTHONDONTWRITEBYTECODE": "1"}
    monkeypatch.setenv("BATTLEHEX_DATA", str(data))
    _crash_after_answers(camp, env)
    assert camp.read_text(encoding="utf-8") == saved_text  # the file itself was never saved
    autosave = autosave_file(camp)
    before = (autosave.read_bytes(), autosave.stat().st_mtime_ns, sorted(os.listdir(autosave.parent)))

    # the second start: the window is shown, then the dialog comes
    seen = {}

    def recover(d) -> bool:
        if not isinstance(d, QMessageBox) or d.objectName() != "recover_autosave":
            return False
        seen["text"], seen["info"] = d.text(), d.informativeText()
        seen["untouched"] = (autosave.read_bytes(), autosave.stat().st_mtime_ns,
                             sorted(os.listdir(autosave.parent))) == before
        seen["held"] = window.session.autosave_held
        return click_button(d, "Recover")
    answers = Answerer(recover)
    window = MainWindow(camp, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        campaign=load_campaign(camp))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "text" in seen, timeout=5000)
    qtbot.waitUntil(lambda: window.isWindowModified(), timeout=5000)
    answers.stop()
    show_active(window, qtbot)  # back from the dialog
    assert seen["untouched"] and seen["held"], "the autosave was written before the user chose"
    assert re.fullmatch(r"Recover <b>.+</b> from \d\d:\d\d\?", seen["text"]), seen["text"]
    assert "0304 (Red attacks Blue): 2 battle answers (the file: 0)" in seen["info"]
    assert "0506 (Red attacks Blue): 1 battle answer" in seen["info"]
    assert {str(b.at): b.answers for b in window.campaign.battle_hexes} == {AT: [["r1"], []], OTHER: [["b9"]]}
    assert window.campaign_path == camp and "[camp.json]" in window.windowTitle()
    assert window.session.autosave_path() == autosave
    ctl = window.session.battle(Label.parse(AT))
    assert ctl.run is not None and ctl.run.answers == [["r1"], []]  # the battle goes on where it was

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    assert _answers(camp) == {AT: [["r1"], []], OTHER: [["b9"]]}  # Ctrl+S wrote the original file
    assert not list(data.rglob("*.autosave.autosave.json"))


def test_a_start_with_no_file_after_a_kill_reopens_the_last_file_and_offers_its_work(qtbot, tmp_path, monkeypatch):
    """Issue 22: the app killed (SIGKILL) with a saved file open and a battle in progress; the
    next start names no file: it reopens that file (not the default campaign) and offers the
    autosave at once; Recover gives the battle back where it was."""
    camp = tmp_path / "games" / "camp.json"
    camp.parent.mkdir()
    _campaign(camp)
    data, home = tmp_path / "userdata", tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEHEX_DATA": str(data), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / ".config"), "PYTHONDONTWRITEBYTECODE": "1"}
    monkeypatch.setenv("BATTLEHEX_DATA", str(data))
    conf = home / ".config" / "BattleHex" / "BattleHex.conf"  # the app's own settings (QSettings, Linux)
    _crash_after_answers(camp, env, conf)
    assert "camp.json" in conf.read_text(encoding="utf-8")  # the file it had open, as its last file

    seen = {}

    def recover(d) -> bool:
        if not isinstance(d, QMessageBox) or d.objectName() != "recover_autosave":
            return False
        seen["info"] = d.informativeText()
        return click_button(d, "Recover")
    answers = Answerer(recover)
    window = MainWindow(settings=QSettings(str(conf), QSettings.Format.IniFormat))  # no file named
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "info" in seen and window.isWindowModified(), timeout=5000)
    answers.stop()
    show_active(window, qtbot)
    assert window.campaign_path == camp.resolve() or window.campaign_path == camp
    assert "Save writes them there" in seen["info"]
    ctl = window.session.battle(Label.parse(AT))
    assert ctl.run is not None and ctl.run.answers == [["r1"], []]  # the battle goes on where it was
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    assert _answers(camp) == {AT: [["r1"], []], OTHER: [["b9"]]}
