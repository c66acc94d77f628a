"""The campaign log dock shows a battle's result once to each viewer, in the fullest version it may
read (issue 22, seen on the real screen: a seated Team and the GM read 0509's result twice, everyone's
version and then their own). The battle of tests/rules/battlehex/test_results_sight.py (AF/EF at 0509
on the Alliance's incidental units), its log drawn by the dock for the GM, each side and the table;
then a line the log gains later is appended, the result still shown once."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow

from app.shell.campaign_log import CampaignLog
from rules.model.records import LogEntry
from rules.model.visibility import GM, TABLE
from tests.rules.battlehex.test_results_sight import AT, fought  # noqa: F401 (the fixture)

WHOLE = "destroyed: Tau Defense Satellite; damaged: Tau Ceti IV Ground Base Alpha"


def _results(dock: CampaignLog) -> list[str]:
    return [line for line in dock.view.toPlainText().splitlines() if f"Battle Hex {AT} resolved" in line]


@pytest.mark.parametrize(("viewer", "whole"), [(GM, True), ("alliance", True), ("coalition", True),
                                               (TABLE, False), ("orions", False)])
def test_the_dock_shows_each_battle_s_result_once(qtbot, fought, viewer, whole):  # noqa: F811
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = CampaignLog(window)
    window.resize(1200, 800)
    window.show()
    dock.show_log(fought[1], viewer)
    lines = _results(dock)
    assert len(lines) == 1, lines
    assert (WHOLE in lines[0]) == whole, lines
    later = fought[1].model_copy(update={"log": [*fought[1].log, LogEntry(turn=1, text="a later line")]})
    dock.show_log(later, viewer)  # appended: the result still once
    assert len(_results(dock)) == 1 and dock.view.toPlainText().rstrip().endswith("a later line")
