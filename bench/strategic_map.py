"""The main window's strategic map (app/strategic/view.py, scene.py, items.py) redrawn, issue 21's goal
"a full redraw < 8 ms": on the default campaign (140 sectors) and on the strategic bench's generated map
(bench/strategic.py: 10,000 sectors, 1,000 fleets; 30 x 30 in smoke mode), in a 1000 x 760 view, the map
fitted whole (as it opens) and at 2x (a sector 120 px wide): a redraw with nothing changed, the redraw after a
wheel notch to a zoom never shown while the wheel turns (the screen from before the turn, scaled: the view is a
QuickZoomView), the first notch of a turn (that screen taken, then scaled), the sharp redraw once the wheel
rests (every item's picture made again at the new zoom: no goal met yet on the bench map), and a drag's step
(the map scrolled 24 px, as the view's own pan sets its bars, then the whole view drawn; and as Qt paints a
drag's step, what the scroll left to draw: the strip that comes in). Prints medians; asserts only that the map
was drawn.

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

from common import Row, interleaved, main, median_ms  # noqa: E402
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

    rest = getattr(view, "rest", lambda: None)  # the wheel rests (code before the quick zoom: nothing to do)

    def zoom() -> None:
        view.zoom(1.001)  # a zoom never shown (as a wheel notch, without its scrolling)
        view.viewport().repaint()

    def sharp() -> None:  # the rest timer's work: the view drawn sharp at the notch's zoom
        rest()
        view.viewport().repaint()

    def rested() -> None:  # the wheel rested and the map was drawn sharp at its zoom
        rest()
        view.viewport().repaint()

    def zooms() -> dict[str, float]:
        rested()
        out = {"zoom": median_ms(zoom, 10)}  # the notches of one turn: the first one's picture kept
        out["first"] = interleaved({"first": zoom}, 9, before={"first": rested})["first"]
        out["sharp"] = interleaved({"sharp": sharp}, 9, before={"sharp": lambda: view.zoom(1.001)})["sharp"]
        rested()
        return out

    def drag() -> None:
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (24 if bar.value() < bar.maximum() // 2 else -24))
        view.viewport().repaint()

    def step() -> None:  # a drag's step as Qt paints it: what the scroll left to draw (the strip that comes in)
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (24 if bar.value() < bar.maximum() // 2 else -24))
        app.processEvents()

    view.fit()
    view.viewport().repaint()
    fitted = {"redraw": median_ms(view.viewport().repaint, 10), **zooms()}
    view.resetTransform()
    view.scale(2.0, 2.0)
    view.centerOn(scene.sceneRect().center())
    view.viewport().repaint()
    assert view.horizontalScrollBar().maximum() > 0, "the map at 2x is not larger than the view"
    one = {"redraw": median_ms(view.viewport().repaint, 10), **zooms(), "drag": median_ms(drag, 10),
           "step": median_ms(step, 10)}
    view.close()
    app.processEvents()
    what = f"strategic map, {name} ({sectors:,} sectors, {len(campaign.fleets):,} fleets)"
    return [Row(f"{what}: scene build (once per file opened)", build),
            Row(f"{what}: redraw 1000x760, whole map", fitted["redraw"], GOAL),
            *notch_rows(what, "whole map", fitted),
            Row(f"{what}: redraw 1000x760, 2x", one["redraw"], GOAL),
            *notch_rows(what, "2x", one),
            Row(f"{what}: a drag's repaint (24 px), 2x", one["drag"], GOAL),
            Row(f"{what}:   a drag's step as Qt paints it (the strip that comes in), 2x", one["step"], GOAL)]


def notch_rows(what: str, where: str, ms: dict[str, float]) -> list[Row]:
    return [Row(f"{what}: first redraw after a wheel notch (the wheel turning), {where}", ms["zoom"], GOAL),
            Row(f"{what}:   the first notch of a turn (the screen taken, then scaled), {where}", ms["first"], GOAL),
            Row(f"{what}:   the sharp redraw once the wheel rests, {where}", ms["sharp"], GOAL)]


def rows() -> list[Row]:
    from rules.model.io import load_campaign

    return (measure("default campaign", load_campaign(ROOT / "scenarios" / "default_campaign.json"))
            + measure("bench map", bench_map()))


if __name__ == "__main__":
    main(rows)
