"""Issue 21: the V13 map's sharp redraw at a zoom never shown was made cheaper (48.8 ms against the naive scene's
7.5 on a quiet machine): the screen's part of the sheet drawn straight instead of every tile of it kept
(app/systems/v13/grid.py, sheet.py), its grid as bands copied down at their nearest quarter pixel
(grid_bands.py), its labels as glyph runs (sheet_text.py, the same pixels: test_sheet_text.py), the zone and
the ring stroked opaque and laid at their pens' opacity (outlines.py). The look must not change: the bench's
map (30 counters, region, zone cut every 7th column, ring) at zooms from the fitted one to 2.3 and at odd
places, drawn the fast way and the plain way (every tile kept, every line drawn, the see-through pens;
tests/app/systems/v13/map_look.py): every pixel that differs by more than 48 levels has one of the other
beside it that does not (a grid line a pixel apart at most, as the B5 board's bands; seen: 0-4 pixels of the
screen's 540,000 not so, where a line a pixel off crosses the zone's outline), 50 at most (a band left out:
thousands; a band two pixels off: hundreds), and the zone's outline where it lies on the paper within 4 levels
on average (its opacity: seen 1.4-2.8; laid opaque, 14-15). And the fast way was taken: bands copied, the
screen drawn straight, the zone's stroke."""
from __future__ import annotations

import numpy as np
import pytest

from app.systems.v13.grid_bands import Banding
from tests.app.systems.v13.map_look import busy_map, plain, shot, unexplained

PLACES = [(0.74, 0, 0), (1.0, 0, 0), (1.15, 37, -21), (1.23, -300, 200), (1.37, 500, 300), (2.3, -900, -500)]


@pytest.mark.parametrize(("zoom", "dx", "dy"), PLACES)
def test_the_map_drawn_fast_looks_as_drawn_plain(qtbot, zoom, dx, dy):
    view = busy_map(qtbot)
    grid, zone = view.scene().grid, view.scene().zone_picture
    drawn, copied, stroked = grid.tiles_drawn, Banding.drawn, zone.drawn
    fast = shot(view, zoom, dx, dy)
    if 1.0 <= zoom < 2:  # the labels' zoom: the sheet's screen drawn straight, its grid in bands, the zone (larger
        assert grid.tiles_drawn > drawn and Banding.drawn > copied and zone.drawn > stroked  # than the screen) too
    try:
        plain(view, True)
        slow = shot(view, zoom, dx, dy)
    finally:
        plain(view, False)
    lonely = unexplained(fast, slow, 48) | unexplained(slow, fast, 48)
    assert int(lonely.sum()) <= 50, f"{int(lonely.sum())} pixels differ with none like them beside them"
    core = np.abs(slow - np.array([38, 194, 91])).max(-1) <= 6  # the zone's pen (20, 190, 80) at 235/255 on paper
    if core.sum() > 200:
        off = float(np.abs(fast - slow).max(-1)[core].mean())
        assert off <= 5, f"the zone's outline {off:.1f} levels off where it lies on the paper: at another opacity"
