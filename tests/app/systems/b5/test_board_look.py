"""Issue 21: the B5 board's sharp draw was made cheaper (its rings laid from pictures at their whole pixel,
its names and hex numbers drawn at the screen's own size from kept layouts: rings.py, screen_text.py)
without changing its look. The same board, at the same zoom and place, drawn fast and drawn the plain way
(tests/app/systems/b5/plain_board.py: each ring and halo stroked by Qt's ellipse item, the text drawn in
scene units under the view's scale, every grid line drawn, as before), rendered to images at the fitted zoom and three notches
in: every pixel away from the text and the rings (6 px about each) is the same, but the grid's lines, a pixel
apart at most (the fast board copies one band of its grid down the screen, each copy at its whole pixel row; the
plain one draws every line: tests/app/systems/b5/grid_look.py; a band missing fails); each ring has as many
ring-coloured pixels within 6% (away from the text; its dashes fall elsewhere round it: Qt's dashes on the board's ellipse item
and on the ring's picture begin at different places, whatever the picture's transform; as arbitrary as
before), its halo (what it and the ring changed, but the ring's colour) within 30% of the pixels and 4 levels
of mean lightness (a halo laid opaque or missing fails),
at the same mean distance from its centre within 0.5 px, what it and its halo cover centred within 1.5 px
of where it was (the picture laid at a whole pixel: up to half a pixel off each way; the dashes and the text left out move the middle of what is counted: up to 1.1 px seen); the names' and the numbers' ink (how much lighter
than the board their pixels are, away from the rings) the same within 15% all told (seen: names +5% and
0%, numbers +6% and -12%), each name's and number's within 35% (seen: 25%) about the same middle within 6 px
(seen: 4.2) (a neighbour's leader line or a counter's edge
falls in one's box; scene text's glyphs, placed in scene units and scaled, began and ended up to 3 px apart
from one zoom to the next: 'ISA Whitestar 2' spanned x 11-92 at zoom 0.91, 15-96 at 1.27; at the screen's
own size it spans 14-93 at both, its stems whole pixels: its ink within 7% of the scene text's at 0.6-1.4)."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QColor, QImage

from app.systems.b5.board import BoardView
from app.systems.b5.grid import BOARD
from hexmap import Facing, Label
from tests.app.systems.b5.grid_look import apart
from tests.app.systems.b5.plain_board import make_plain

COLOURS = ("#2f6fd0", "#c8402f")


def _board(qtbot, plain: bool) -> BoardView:
    """A meeting of 30 ships in squadrons of 5 (rings of 4, 5 and 6 hexes, two crossing), 6 fighter flights, a
    placement zone under the first squadron, in a 1000 x 700 view, fitted to the ships."""
    view = BoardView(90, 60, lambda _at: None)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    ships, rings = [], []
    for i in range(30):
        side, sq, k = i % 2, i // 10, (i // 2) % 5
        at = Label((18 if side == 0 else 40) + (sq % 2) * 5 + k % 3, 12 + sq * 6 + k // 3 * 2)
        ships.append((f"{('ISA', 'KZ')[side]} {('Victory', 'Whitestar', 'Avenger', 'Hyperion', 'Omega')[k]} {i}",
                      at, Facing.C if side == 0 else Facing.F, side, k == 0))
        if k == 0:
            rings.append((at, 4 + sq % 3, side))
    view.show_ships(ships, rings, [])
    view.show_flights([(f"Flight {i} 6", ships[i * 5][1], i % 2, "") for i in range(6)])
    view.show_zone([Label(c, r) for c in range(14, 24) for r in range(9, 16)])
    if plain:
        make_plain(view, own_layout=True)
    view.fit()
    return view


def _same_place(view: BoardView, like: BoardView) -> None:
    view.setTransform(like.transform())
    view.horizontalScrollBar().setValue(like.horizontalScrollBar().value())
    view.verticalScrollBar().setValue(like.verticalScrollBar().value())


def _shot(view: BoardView) -> QImage:
    view.rest()
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _rings(view: BoardView) -> list[tuple[QPointF, float, QColor]]:
    """Each ring's centre and radius in viewport pixels, and its colour."""
    lod = view.transform().m11()
    return [(view.viewportTransform().map(rect.center()), rect.width() / 2 * lod, ring.color())
            for rect, _halo, ring in view.rings.rings]


def _pixels(img: QImage) -> np.ndarray:
    """The image's pixels, rows by columns, as 0xAARRGGBB."""
    return np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), img.bytesPerLine() // 4)[:, :img.width()]


def _channels(px: np.ndarray) -> np.ndarray:
    return np.stack([(px >> 16) & 255, (px >> 8) & 255, px & 255], axis=-1).astype(np.int32)


def _lightness(px: np.ndarray) -> np.ndarray:
    c = _channels(px)
    return (c.max(axis=-1) + c.min(axis=-1)) // 2  # QColor.lightness()


def _ring_pixels(px: np.ndarray, bare: np.ndarray, centre: QPointF, radius: float, colour: QColor,
                 leave: np.ndarray) -> tuple[int, int, float, float]:
    """In the band 5 px about the ring, but where ``leave`` (the text drawn over it): (ring-coloured pixels,
    the halo's: the other pixels the ring and halo changed from ``bare``, their mean lightness, the ring
    pixels' mean distance from the centre)."""
    ys, xs = np.mgrid[0:px.shape[0], 0:px.shape[1]]
    away = np.hypot(xs + 0.5 - centre.x(), ys + 0.5 - centre.y())
    band = (np.abs(away - radius) <= 5) & ~leave
    c = _channels(px)
    ring = band & (np.abs(c - np.array([colour.red(), colour.green(), colour.blue()])).max(axis=-1) < 40)
    halo = band & (px != bare) & ~ring
    light = float(_lightness(px)[halo].mean()) if halo.any() else 255.0
    return int(ring.sum()), int(halo.sum()), light, float(away[ring].mean()) if ring.any() else 0.0


def _lit(px: np.ndarray, rect: QRect, least: int, ringed: np.ndarray) -> tuple[int, tuple[float, float]]:
    """The ink in ``rect`` (how much lighter than ``least``, the bare board's lightness, its pixels are, summed;
    but where a ring may pass: ``ringed``, their dashes fall elsewhere) and its centroid. Ink, not a count
    over a threshold: text drawn at the screen's size has whole-pixel stems, scaled scene text's straddled two
    pixels at half light."""
    top, left = max(0, rect.top()), max(0, rect.left())
    rows, cols = slice(top, rect.bottom() + 1), slice(left, rect.right() + 1)
    ink = np.clip(_lightness(px[rows, cols]) - least, 0, None) * ~ringed[rows, cols]
    total = int(ink.sum())
    if not total:
        return 0, (0.0, 0.0)
    ys, xs = np.mgrid[0:ink.shape[0], 0:ink.shape[1]]
    return total, (left + float((xs * ink).sum() / total), top + float((ys * ink).sum() / total))


def test_the_board_drawn_fast_looks_as_drawn_the_plain_way(qtbot):
    fast, plain = _board(qtbot, False), _board(qtbot, True)
    checked = {"pixels": 0, "rings": 0, "names": 0, "numbers": 0}
    for notches in (0, 3):
        fast.zoom(1.15 ** notches)
        _same_place(plain, fast)
        a, b = _shot(fast), _shot(plain)
        pa, pb = _pixels(a), _pixels(b)
        fast.rings.hide()  # the board under the rings: what each ring and halo covers is what they changed
        under = _shot(fast)
        bare = _pixels(under)
        fast.grid.banded = False  # and with the plain board's grid, every line drawn (its bands a pixel apart)
        fast.grid.pictures.clear()
        under_plain = _shot(fast)
        bare_plain = _pixels(under_plain)  # (its image kept: the pixels are its memory)
        fast.grid.banded = True
        fast.grid.pictures.clear()
        fast.rings.show()
        assert pa.shape == pb.shape
        lod, dpi = fast.transform().m11(), fast.viewport().logicalDpiY()
        names, numbers = fast.labels.layout(lod, dpi), fast.numbers.layout(lod, dpi)
        texts = [(fast.mapFromScene(p.rect).boundingRect(), 25) for p in names] + \
            [(fast.mapFromScene(r).boundingRect(), 24) for _t, r in numbers]
        rings = _rings(fast)
        # 1. away from the text and the rings: the same pixels
        ringed = np.zeros(pa.shape, bool)
        ys, xs = np.mgrid[0:pa.shape[0], 0:pa.shape[1]]
        for c, radius, _colour in rings:
            ringed |= np.abs(np.hypot(xs + 0.5 - c.x(), ys + 0.5 - c.y()) - radius) <= 6
        away = ~ringed
        for r, _least in texts:
            away[max(0, r.top() - 3):r.bottom() + 4, max(0, r.left() - 3):r.right() + 4] = False
        differ = apart(pa, pb, BOARD.rgb() | 0xFF000000, where=away)  # the grid's lines a pixel apart at most
        assert not differ, (notches, differ)
        checked["pixels"] += int(away.sum())
        # 2. each ring: as many ring and halo pixels, at the same place
        near_text = np.zeros(pa.shape, bool)
        for r, _least in texts:
            near_text[max(0, r.top() - 3):r.bottom() + 4, max(0, r.left() - 3):r.right() + 4] = True
        for centre, radius, colour in rings:
            band = (np.abs(np.hypot(xs + 0.5 - centre.x(), ys + 0.5 - centre.y()) - radius) <= 6) & ~near_text
            middles = [(float(xs[m].mean()), float(ys[m].mean())) for m in (band & (pa != bare),
                                                                              band & (pb != bare_plain))]
            assert math.dist(*middles) <= 1.5, (centre, middles)  # each ring and its halo where it was
            ra, ha, la, da = _ring_pixels(pa, bare, centre, radius, colour, near_text)
            rb, hb, lb, db = _ring_pixels(pb, bare_plain, centre, radius, colour, near_text)
            assert rb > 100 and hb > 100, (centre, rb, hb)
            assert abs(ra - rb) <= 0.06 * rb, (centre, ra, rb)
            assert abs(ha - hb) <= 0.3 * hb and abs(la - lb) <= 4, (centre, ha, hb, la, lb)  # the halo as dark
            assert abs(da - db) <= 0.5 and abs(db - radius) <= 0.5, (centre, radius, da, db)
            checked["rings"] += 1
        # 3. the names' and the numbers' ink, all told and each: as much, about the same middle
        totals = {25: [0, 0], 24: [0, 0]}
        for rect, least in texts:
            na, ca = _lit(pa, rect.adjusted(-2, -2, 2, 2), least, ringed)
            nb, cb = _lit(pb, rect.adjusted(-2, -2, 2, 2), least, ringed)
            assert nb >= 500 and abs(na - nb) <= 0.35 * nb, (rect, na, nb)
            assert math.hypot(ca[0] - cb[0], ca[1] - cb[1]) <= 6, (rect, ca, cb)
            totals[least][0] += na
            totals[least][1] += nb
            checked["names" if least == 25 else "numbers"] += 1
        for least, (na, nb) in totals.items():
            assert abs(na - nb) <= 0.15 * nb, (notches, least, na, nb)
    assert checked["rings"] == 12 and checked["names"] > 40 and checked["numbers"] > 40, checked
    assert checked["pixels"] > 500_000, checked
