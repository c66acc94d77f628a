"""Map geometry and tactical map bench (issue 4): hex <-> label conversions on 60,000 hexes, and
the tactical map's scene build and redraws. Prints medians; never asserts times.

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
    from PySide6.QtWidgets import QApplication

    from app.strategic.tactical_view import TacticalScene, TacticalView

    app = QApplication.instance() or QApplication([])
    build = median_ms(lambda: TacticalScene(), repeat=10)
    scene = TacticalScene()
    view = TacticalView(scene)
    view.resize(1000, 760)
    view.show()
    app.processEvents()

    def first_paint_after_zoom() -> None:
        view.scale(1.001, 1.001)  # a zoom change invalidates every item's cached pixmap
        view.viewport().repaint()

    view.viewport().repaint()
    one_to_one = median_ms(view.viewport().repaint)
    view.fitInView(scene.sceneRect())
    view.viewport().repaint()
    whole = median_ms(view.viewport().repaint)
    zoomed = median_ms(first_paint_after_zoom, repeat=10)
    view.close()
    app.processEvents()
    return [Row("tactical map scene build (1,260 hex items)", build),
            Row("tactical map redraw 1000x760, whole map", whole),
            Row("tactical map redraw 1000x760, 1:1", one_to_one),
            Row("tactical map first redraw after a zoom", zoomed)]


def rows() -> list[Row]:
    return tactical() + geometry()


if __name__ == "__main__":
    main(rows)
