"""Issue 21: the grid's bands draw their lines from the columns' lines kept (app/systems/v13/grid_bands.band_lines):
the same lines as the hexes' grid_lines of the same area, for any band (the grid moved a hex's height down is itself),
made once per column."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from app.systems.v13 import grid_bands
from app.systems.v13.grid_bands import band_lines
from app.systems.v13.hexes import HEX, HEX_HEIGHT, grid_lines


def _ends(lines, dy: float = 0.0) -> list[tuple[float, ...]]:
    return sorted((round(x.x1(), 9), round(x.y1() - dy, 9), round(x.x2(), 9), round(x.y2() - dy, 9)) for x in lines)


@pytest.mark.parametrize(("left", "width", "reach"), [(-300.5, 700, 20.8), (0, 1260, 23.1), (-2411.7, 90, 17.4),
                                                      (512.25, 333, 40.0)])
@pytest.mark.parametrize("band", [0, 1, 7, -5, 23])
def test_a_bands_lines_are_the_grid_lines_of_its_area(qtbot, left, width, reach, band):
    top = band * HEX_HEIGHT
    area = QRectF(left - HEX, top - reach, width + 2 * HEX, HEX_HEIGHT + 2 * reach)
    want = grid_lines(area)
    assert len(want) > 10
    assert _ends(band_lines(area)) == _ends(want)
    assert _ends(band_lines(area.translated(0, -top))) == _ends(want, top)  # band 0's, moved down


def test_a_columns_lines_are_made_once(qtbot):
    area = QRectF(-2995, -20.5, 600, HEX_HEIGHT + 41)
    grid_bands._COLUMNS.clear()
    first = band_lines(area)
    made = len(grid_bands._COLUMNS)
    again = band_lines(area.adjusted(0.3, 0, 0.3, 0))  # a zoom later: the same columns
    assert made > 10 and len(grid_bands._COLUMNS) == made
    assert [id(x) for x in again] == [id(x) for x in first]
