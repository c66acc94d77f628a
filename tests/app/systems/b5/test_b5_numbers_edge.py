"""Issue 22 (real screen, QT_SCALE_FACTOR=2 on 1600x1000, seen last session and again before this fix):
the hex numbers of the B5 board's first column ran off its left edge. A number is centred over its hex,
but wider than the hex at the zooms that number every 5th, 10th... column (about 28 px of text over a
hex under 20 px wide): at the fitted board "0101", "0111"... stood half on the dark margin left of the
board, over its edge. Now a number is kept on the board (moved in from the edge; not shown where, so
moved, it would come within 4 pixels of the next numbered column's): every number's rect lies on the
board, none meets another, and no pixel of a number is drawn off the board, at scale 2 (in a process of
its own: the scale is the process's) and at scale 1, zooming in from the whole board fitted, the view at
the board's left and then its right edge. Failed before: at scale 1 "0101" at x -25..49 (the board from
2), at scale 2 672 pixels of numbers left of the board at zoom 0.76."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[4]


def check(width: int = 790, height: int = 420) -> list[str]:
    """A 90 x 60 board in a ``width`` x ``height`` view (the scale-2 screen's board is about this), the whole
    board fitted, then zoomed in a notch at a time: what is wrong with its hex numbers at each zoom, the view
    at the board's left and its right edge ([] when nothing is)."""
    from PySide6.QtWidgets import QApplication

    from app.systems.b5.board import SIZE, BoardView
    from app.systems.b5.grid import BOARD

    app = QApplication.instance() or QApplication([])
    view = BoardView(90, 60, lambda _at: None)
    view.resize(width, height)
    view.show()
    app.processEvents()
    view.fit(whole=True)
    numbers = view.numbers
    left, right = numbers.xs[0] - SIZE, numbers.xs[-1] + SIZE  # the board's edges: its first and last column's corners
    wrong: list[str] = []
    seen_numbers = 0
    for notch in range(16):
        lod, dpi = view.transform().m11(), view.viewport().logicalDpiY()
        for edge in (left, right):
            half = view.viewport().width() / 2 / lod
            view.centerOn(QPointF(edge + (half - 30 / lod if edge == left else 30 / lod - half), 300))
            view.rest()
            view.viewport().repaint()
            shown = numbers.layout(lod, dpi)
            seen_numbers += len(shown)
            where = f"zoom {lod:.3f}, the board's {'left' if edge == left else 'right'} edge"
            wrong += [f"{where}: {text} at x {rect.left():.1f}-{rect.right():.1f}, off the board ({left}-{right})"
                      for text, rect in shown if rect.left() < left or rect.right() > right]
            wrong += [f"{where}: {a} meets {b}" for i, (a, ra) in enumerate(shown) for b, rb in shown[i + 1:]
                      if ra.intersects(rb)]
            img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
            ratio = img.devicePixelRatio()
            px = np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), img.bytesPerLine() // 4)
            x = view.viewportTransform().map(QPointF(edge, 0)).x() * ratio  # the board's edge on the screen,
            off = px[:, :max(0, int(x) - 1)] if edge == left else px[:, int(x) + 2:img.width()]  # device pixels
            drawn = int((off != (BOARD.rgb() & 0xFFFFFFFF)).sum())  # off the board: only its background colour
            if drawn:
                ys, xs = np.nonzero(off != (BOARD.rgb() & 0xFFFFFFFF))
                wrong.append(f"{where}: {drawn} pixels drawn off the board (edge at {x:.1f}; e.g. x "
                             f"{sorted(set(xs.tolist()))[:6]}, y {sorted(set(ys.tolist()))[:6]})")
        view.zoom(1.15)
    view.close()
    assert seen_numbers > 100  # numbers were shown to check
    return wrong


def test_hex_numbers_stay_on_the_board_at_scale_1():
    assert not check()


def test_hex_numbers_stay_on_the_board_at_scale_2():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", "from tests.app.systems.b5.test_b5_numbers_edge import check\n"
                           "from PySide6.QtWidgets import QApplication\n"
                           "app = QApplication([])\n"
                           "assert app.devicePixelRatio() == 2\n"
                           "print('\\n'.join(check()) or 'ok')"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "ok", done.stdout[-3000:]
