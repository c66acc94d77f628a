"""BattleHex benchmarks: prints the numbers the issues ask for. Not a test; never asserts times.

    python bench/run.py            (headless: sets QT_QPA_PLATFORM=offscreen if unset)
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import median_ms  # noqa: E402

from hexmap import Facing, Hex, MapWindow  # noqa: E402


def geometry() -> None:
    w = MapWindow().floated(Facing.B, 3)
    hexes = [Hex(q, r) for q in range(-150, 150) for r in range(-150, 150)][:60000]
    t = time.perf_counter()
    labels = [w.label(h) for h in hexes]
    dt_label = time.perf_counter() - t
    t = time.perf_counter()
    back = [w.hex_at(lab) for lab in labels]
    dt_hex = time.perf_counter() - t
    assert back == hexes
    t = time.perf_counter()
    texts = [str(lab) for lab in labels]
    back2 = [w.hex_at(s) for s in texts]
    dt_text = time.perf_counter() - t
    assert back2 == hexes
    origin = Hex(0, 0)
    t = time.perf_counter()
    total = sum(origin.distance(h) for h in hexes)
    dt_dist = time.perf_counter() - t
    n = len(hexes)
    print(f"hex -> label            {n / dt_label / 1e6:6.2f} M/s  ({dt_label / n * 1e6:.2f} us each)")
    print(f"label -> hex            {n / dt_hex / 1e6:6.2f} M/s  ({dt_hex / n * 1e6:.2f} us each)")
    print(f"label text -> str -> hex{n / dt_text / 1e6:6.2f} M/s  ({dt_text / n * 1e6:.2f} us each)")
    print(f"distance                {n / dt_dist / 1e6:6.2f} M/s  ({dt_dist / n * 1e6:.2f} us each; sum {total})")


def tactical() -> None:
    from PySide6.QtWidgets import QApplication

    from app.tactical_view import TacticalScene, TacticalView

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
    print(f"tactical scene build    {build:7.2f} ms (1260 hex items)")
    print(f"tactical full redraw    {whole:7.2f} ms (whole 42 x 30 map in a 1000 x 760 view)")
    print(f"tactical redraw at 1:1  {one_to_one:7.2f} ms (1000 x 760 view)")
    print(f"first redraw after zoom {zoomed:7.2f} ms (whole map; item caches rebuilt)")
    view.close()
    app.processEvents()


def startup(runs: int = 5) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    probe, wall = [], []
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "main.py", "--startup-probe"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout
        wall.append((time.perf_counter() - t) * 1000)
        probe.append(float(out.split(":")[1].split()[0]))
    print(f"startup (main.py start -> interactive window) {statistics.median(probe):6.0f} ms (goal < 500 ms);"
          f" whole process incl. interpreter and exit {statistics.median(wall):6.0f} ms (median of {runs})")


if __name__ == "__main__":
    geometry()
    tactical()
    startup()
