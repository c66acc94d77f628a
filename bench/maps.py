"""Map geometry and tactical map bench (issue 4): hex <-> label conversions on 60,000 hexes, and
the tactical map's scene build and redraws against the naive way (issue 21: a full redraw < 8 ms).
Prints medians; asserts only that the board drew the map.

    python bench/maps.py [--smoke] [--json]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import Row, main, median_ms, sizes  # noqa: E402

from hexmap import Facing, Hex, MapWindow  # noqa: E402


def geometry() -> list[Row]:
    w = MapWindow().floated(Facing.B, 3)
    side = sizes([150], [20])[0]
    hexes = [Hex(q, r) for q in range(-side, side) for r in range(-side, side)][:60000]
    labels = [w.label(h) for h in hexes]
    texts = [str(lab) for lab in labels]
    origin = Hex(0, 0)
    assert [w.hex_at(lab) for lab in labels] == hexes and [w.hex_at(s) for s in texts] == hexes
    n = len(hexes)
    return [Row(f"hex -> label, {n:,} hexes", median_ms(lambda: [w.label(h) for h in hexes], 5)),
            Row(f"label -> hex, {n:,} labels", median_ms(lambda: [w.hex_at(lab) for lab in labels], 5)),
            Row(f"label text -> hex, {n:,} texts", median_ms(lambda: [w.hex_at(s) for s in texts], 5)),
            Row(f"distance, {n:,} pairs", median_ms(lambda: sum(origin.distance(h) for h in hexes), 5))]


def tactical() -> list[Row]:
    """The tactical map dock (app/strategic/tactical_view.py) in a 1000 x 760 view: its redraws, each beside
    the naive way's, measured in the same run: every hex an item drawn into a picture of its own at each zoom
    (``TacticalScene.set_plain``, the way before the board; issue 21's goal: a full redraw < 8 ms)."""
    from PySide6.QtWidgets import QApplication

    from app.strategic.tactical_view import TacticalScene, TacticalView

    app = QApplication.instance() or QApplication([])
    build = median_ms(lambda: TacticalScene(), repeat=10)
    scene = TacticalScene()
    view = TacticalView(scene)
    view.resize(1000, 760)
    view.show()
    app.processEvents()
    assert scene.board is not None

    def first_paint_after_zoom() -> None:
        view.scale(1.001, 1.001)  # a zoom never shown: nothing drawn before at it
        view.viewport().repaint()

    def drag() -> None:  # a drag's step: the map scrolled 24 px, the strip that comes in drawn
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (24 if bar.value() < bar.maximum() // 2 else -24))
        view.viewport().repaint()

    def measure() -> dict[str, float]:
        view.resetTransform()
        view.centre_on_centre_hex()
        view.viewport().repaint()
        got = {"1:1": median_ms(view.viewport().repaint), "zoom 1:1": median_ms(first_paint_after_zoom, repeat=10),
               "drag": median_ms(drag, repeat=10)}
        view.fitInView(scene.sceneRect())
        view.viewport().repaint()
        got |= {"whole": median_ms(view.viewport().repaint), "zoom whole": median_ms(first_paint_after_zoom, repeat=10)}
        return got

    board = measure()
    stamped = scene.board.stamped
    assert stamped >= 1000, f"the whole map's redraw stamped {stamped} hexes"
    scene.set_plain(True)
    naive = measure()
    scene.set_plain(False)
    view.close()
    app.processEvents()
    n = len(scene.hex_items)
    return [Row(f"tactical map scene build ({n:,} hex items; once per window)", build),
            Row("tactical map redraw 1000x760, whole map", board["whole"], "< 8 ms", naive["whole"]),
            Row("tactical map redraw 1000x760, 1:1", board["1:1"], "< 8 ms", naive["1:1"]),
            Row("tactical map first redraw after a zoom, whole map", board["zoom whole"], "< 8 ms",
                naive["zoom whole"]),
            Row("tactical map first redraw after a zoom, 1:1", board["zoom 1:1"], "< 8 ms", naive["zoom 1:1"]),
            Row("tactical map drag's repaint (24 px), 1:1", board["drag"], "< 8 ms", naive["drag"])]


def rows() -> list[Row]:
    return tactical() + geometry()


if __name__ == "__main__":
    main(rows)
