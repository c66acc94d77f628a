"""The STCS sheet names a ship's hex as the log and the questions do ("at hex 24,-12", the q,r a target hex is
answered with), and the map drew no hex names, so a person could not find that hex (issue 22, seen on the real
screen: the sheet put the Enterprise "at hex 24,-12" on a map of unnamed hexes). Resting the pointer on the map names
the hex under it in the same words."""
from __future__ import annotations

import re

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication

from hexmap.hexes import Hex
from tests.app.systems.stcs.test_stcs_sheet import open_battle


def _rest_on(view, h) -> str:
    """What the map says of the hex ``h`` when the pointer rests on its centre."""
    x, y = view.layout_.to_pixel(h)
    at = view.mapFromScene(x, y)
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at)))
    return view.hex_names.shown


def test_the_hex_under_the_pointer_is_named_as_the_sheet_names_a_ships_hex(qtbot, tmp_path):
    bw, answerer = open_battle(qtbot, tmp_path)
    try:
        panel = bw.panel
        eng = panel._run().engine
        sheet = panel.sheet.toPlainText()
        ships = [x for x in panel.map.shown if x in eng.at]
        assert len(ships) >= 2, ships
        for x in ships:
            said = re.search(re.escape(eng.units[x].name) + r" \([^)]*\): at (hex -?\d+,-?\d+);", sheet)
            assert said, (eng.units[x].name, sheet)
            assert _rest_on(panel.map, eng.at[x]) == said.group(1)
        empty = eng.at[ships[0]] + Hex(0, -3)  # three hexes off, no ship in it
        assert empty not in eng.at.values() and _rest_on(panel.map, empty) == f"hex {empty.q},{empty.r}"
    finally:
        answerer.stop()
