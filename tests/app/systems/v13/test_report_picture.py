"""The battle report's map (issue 22): seen in a report exported on the real screen, the map's
picture showed the live selection ring of the unit the player had selected with N."""
from __future__ import annotations

import base64
import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QFileDialog

from tests.app.systems.v13.test_keys import battle_0604, key
from tests.app.systems.v13.test_status_after_move import to_combat

RING = (0xFF, 0xE6, 0x00)  # the selected counter's bright ring (app/systems/v13/counters.py)


def ring_pixels(page: str) -> int:
    """How many pixels of the report's map picture are the selection ring's yellow."""
    data = re.search(r"src=['\"]data:image/png;base64,([^'\"]+)", page)
    assert data, "no map picture in the report"
    img = QImage.fromData(base64.b64decode(data.group(1)), "PNG")
    assert not img.isNull()
    n = 0
    for y in range(0, img.height()):
        for x in range(0, img.width()):
            c = img.pixelColor(x, y)
            n += abs(c.red() - RING[0]) < 12 and abs(c.green() - RING[1]) < 12 and c.blue() < 40
    return n


def test_the_report_map_leaves_the_selection_out(qtbot, tmp_path, monkeypatch):
    _main, bw = battle_0604(qtbot, tmp_path)
    to_combat(bw, qtbot)
    key(bw, Qt.Key.Key_N)  # a unit selected: its counter ringed on the screen
    key(bw, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # Fit: every counter in view
    assert bw.panel.selected_combat_unit() is not None
    shown = bw.panel.view.viewport().grab().toImage()
    assert any(shown.pixelColor(x, y).name() == "#ffe600" for y in range(0, shown.height(), 2)
               for x in range(0, shown.width(), 2)), "the ring is not on the screen"
    out = tmp_path / "battle_0604.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    action = next(a for a in bw.findChildren(QAction) if a.text() == "Export report...")
    action.trigger()
    assert ring_pixels(Path(out).read_text(encoding="utf-8")) == 0
    assert bw.panel.selected_combat_unit() is not None  # the selection stays on the screen
    bw.close()
