"""File > New Campaign... (issue 23, seed 004 Setup): the GM fills the dialog's widgets; choices
that make no campaign are refused in the dialog with the reason; good ones write a file that the
window opens, that ``main.py --check`` accepts and that plays a whole turn."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from rules.model import load_campaign
from rules.model.records import Phase
from rules.turn.run import TurnRun
from tests.app.gui import Answerer, open_main_window
from tests.rules.economy.test_setup import play_one_turn

ROOT = Path(__file__).resolve().parents[3]


def _action(window, text: str):
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    return next(a for a in file_menu.actions() if a.text() == text)


def test_new_campaign_through_the_file_menu(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    target = tmp_path / "mine.json"
    notes: list[str] = []

    def fill(d) -> bool:
        from app.shell.new_campaign import NewCampaignDialog

        if not isinstance(d, NewCampaignDialog):
            return False
        ok = d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        for i in range(d.empires.count()):  # only one empire: refused, the dialog stays
            item = d.empires.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == "gorn"
                               else Qt.CheckState.Unchecked)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        notes.append(d.why.text())
        for i in range(d.empires.count()):
            if d.empires.item(i).data(Qt.ItemDataRole.UserRole) in ("hydran", "lyran"):
                d.empires.item(i).setCheckState(Qt.CheckState.Checked)
        d.name_edit.setText("Three Kingdoms")
        d.cols.setValue(24)
        d.rows.setValue(16)
        d.year.setValue(168)
        d.owned.setValue(5)
        d.raw.setValue(3)
        d.path_edit.setText(str(target))
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        notes.append(d.why.text())
        return True

    answerer = Answerer(fill)
    try:
        _action(main, "&New Campaign...").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen))
    finally:
        answerer.stop()
    assert "two or more" in notes[0] and notes[1] == ""
    c = main.campaign
    assert c.name == "Three Kingdoms" and [p.id for p in c.powers] == ["gorn", "hydran", "lyran"]
    assert main.session.path == target and c.phase is Phase.INCOME and c.settings.year == 168
    assert c.map.cols == 24 and sum(s.owner == "lyran" for s in c.map.sectors) == 5
    run = TurnRun(load_campaign(target))
    play_one_turn(run)
    assert run.campaign.turn == 2 and run.campaign.power("gorn").economy.last_tdp == 30  # 10 x RAW 3
    r = subprocess.run([sys.executable, "main.py", "--check", str(target)], cwd=ROOT, capture_output=True,
                       text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_new_campaign_never_overwrites_a_file(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    taken = tmp_path / "taken.json"
    taken.write_text("keep me", encoding="utf-8")
    notes: list[str] = []

    def fill(d) -> bool:
        from app.shell.new_campaign import NewCampaignDialog

        if not isinstance(d, NewCampaignDialog):
            return False
        d.path_edit.setText(str(taken))
        qtbot.mouseClick(d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)
        notes.append(d.why.text())
        d.reject()
        return True

    before = main.campaign.name
    answerer = Answerer(fill)
    try:
        _action(main, "&New Campaign...").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen))
    finally:
        answerer.stop()
    assert "exists" in notes[0] and taken.read_text(encoding="utf-8") == "keep me"
    assert main.campaign.name == before
