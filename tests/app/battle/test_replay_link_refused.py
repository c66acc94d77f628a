"""A replay link that cannot be opened says so in a message box (issue 22, real-screen pass at
QT_SCALE_FACTOR=2): `main.py FILE --replay 0604` and a report's link opened the main window and
nothing else - the reason went to the status bar for 15 s while the window was still being laid
out on a loaded machine, and was gone before anyone could read it."""
from __future__ import annotations

import shutil

from PySide6.QtWidgets import QMessageBox

import main as main_module
from app.battle.replay_main import open_link
from tests.app.battle.test_report_links import opened
from tests.app.gui import Answerer, ok
from tests.conftest import DEFAULT


def test_a_link_to_a_battle_the_file_cannot_replay_says_why_in_a_box(qtbot, tmp_path):
    path = tmp_path / "ardana.json"
    shutil.copy(DEFAULT, path)  # the default campaign: no battle fought at 0604 yet
    link = main_module.replay_link(main_module._parser().parse_args([str(path), "--replay", "0604"]))
    main = opened(qtbot, tmp_path, path)
    said: list[str] = []
    answerer = Answerer(lambda d: isinstance(d, QMessageBox) and (said.append(d.text()) or ok(d)))
    try:
        assert open_link(main, link) is None
        qtbot.waitUntil(lambda: bool(said), timeout=3000)
    finally:
        answerer.stop()
    assert said and "holds no battle at 0604" in said[0], said
