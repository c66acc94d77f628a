"""The main window's strategic map (app/strategic/view.py, scene.py, items.py) redrawn, issue 21's goal
"a full redraw < 8 ms": on the default campaign (140 sectors) and on the strategic bench's generated map
(bench/strategic.py: 10,000 sectors, 1,000 fleets; 30 x 30 in smoke mode), in a 1000 x 760 view, the map
fitted whole (as it opens) and at 2x (a sector 120 px wide): a redraw with nothing changed, the first redraw
after a zoom (to a zoom never shown), and a drag's step (the map scrolled 24 px, as the view's own pan sets
its bars, and the strip that comes in drawn). Prints medians; asserts only that the map was drawn.

    python bench/strategic_map.py [--smoke] [--json]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import Row, main, median_ms  # noqa: E402
from strategic import bench_map  # noqa: E402

GOAL = "< 8 ms"


def measure(name: str, campaign) -> list[Row]:
    from PySide6.QtWidgets import QApplication

    from app.strategic.items import SectorItem
    from app.strategic.scene import StrategicScene
    from app.strategic.view import StrategicView

    app = QApplication.instance() or QApplication([])
    build = median_ms(lambda: StrategicScene(campaign), repeat=3)
    scene = StrategicScene(campaign)
    sectors = sum(isinstance(i, SectorItem) for i in scene.items())
    assert sectors == len(campaign.map.sectors), f"{sectors} sectors drawn of {len(campaign.map.sectors)}"
    view = StrategicView()
    view.setScene(scene)
    view.resize(1000, 760)
    view.show()
    app.processEvents()

    def zoom() -> None:
        view.zoom(1.001)  # a zoom never shown (as a wheel notch, without its scrolling)
        view.viewport().repaint()

    def drag() -> None:
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (24 if bar.value() < bar.maximum() // 2 else -24))
        view.viewport().repaint()

    view.fit()
    view.viewport().repaint()
    fitted = {"redraw": median_ms(view.viewport().repaint, 10), "zoom": median_ms(zoom, 10)}
    view.resetTransform()
    view.scale(2.0, 2.0)
    view.centerOn(scene.sceneRect().center())
    view.viewport().repaint()
    assert view.horizontalScrollBar().maximum() > 0, "the map at 2x is not larger than the view"
    one = {"redraw": median_ms(view.viewport().repaint, 10), "zoom": median_ms(zoom, 10), "drag": median_ms(drag, 10)}
    view.close()
    app.processEvents()
    what = f"strategic map, {name} ({sectors:,} sectors, {len(campaign.fleets):,} fleets)"
    return [Row(f"{what}: scene build (once per file opened)", build),
            Row(f"{what}: redraw 1000x760, whole map", fitted["redraw"], GOAL),
            Row(f"{what}: first redraw after a zoom, whole map", fitted["zoom"], GOAL),
            Row(f"{what}: redraw 1000x760, 2x", one["redraw"], GOAL),
            Row(f"{what}: first redraw after a zoom, 2x", one["zoom"], GOAL),
            Row(f"{what}: a drag's repaint (24 px), 2x", one["drag"], GOAL)]


def rows() -> list[Row]:
    from rules.model.io import load_campaign

    return (measure("default campaign", load_campaign(ROOT / "scenarios" / "default_campaign.json"))
            + measure("bench map", bench_map()))


if __name__ == "__main__":
    main(rows)
