"""Export report during a replay (issue 22): seen on the real screen, Export report... while the
replay showed its first step wrote a report of that step alone (7 events, the set-up) with nothing
saying it was not the whole battle. A report exported while replaying is the whole battle, and
the replay stays at the step it showed."""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from tests.app.systems.v13.test_keys import battle_0604
from tests.app.systems.v13.test_status_after_move import to_combat


def _export(bw, monkeypatch, out: Path) -> str:
    """Export report... through its action, the save dialog answered with ``out``."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    next(a for a in bw.findChildren(QAction) if a.text() == "Export report...").trigger()
    return out.read_text(encoding="utf-8")


def _words(page: str) -> str:
    """The report without its map picture."""
    return re.sub(r"base64,[^'\"]+", "base64,", page)


def test_export_while_replaying_writes_the_whole_battle(qtbot, tmp_path, monkeypatch):
    _main, bw = battle_0604(qtbot, tmp_path)
    to_combat(bw, qtbot)
    live = _export(bw, monkeypatch, tmp_path / "live.html")
    bw.replay.replay_action.trigger()  # Replay (Ctrl+Shift+Y): its first step, nothing placed yet
    assert bw.replay.on and bw.replay.k == 0
    replaying = _export(bw, monkeypatch, tmp_path / "replaying.html")
    assert _words(replaying) == _words(live)
    assert "base64," in replaying  # the map of the battle as it stands
    assert bw.replay.on and bw.replay.k == 0  # the replay still shows the step it showed
    assert "Battle report written to" in bw.statusBar().currentMessage()
    bw.close()
