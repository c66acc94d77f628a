"""Issue 22 (real screen, QT_SCALE_FACTOR=2 on 1600x1000): the B5 board's fighter flights' names and
its hex numbers were fixed scene-size text, 1-3 px on the screen at the fitted zoom. Now, like the
ship names (test_ship_labels.py), every flight's name is at least 11 px on the screen at every zoom,
inside the view and clear of the ships' names; the hex numbers are 11 px, shown only where they can
be read (every hex when a hex holds its number, a sparser grid when zoomed out, never crowded),
inside the view, clear of the names and counters."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from app.systems.b5.ship_labels import LABEL_PX
from hexmap import Label
from tests.app.gui import press
from tests.app.systems.b5.test_b5_board_fit import take_over, wheel
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1, battle


def _flying(qtbot, b5_window):
    """0304 fought with B5 in pulse 2 of turn 1: B-FL launched beside B-FLAG and B-F2 (at 1230),
    R-FL beside R-FLAG and R-F2, R-FL2 at 4528; Blue's flights to move."""
    main, bw = b5_window(SET_UP + TURN1 + PULSE1, campaign=battle(campaign_only=True), at="0304")
    assert bw.b.pending.key == "b5/1/fly/blue" and len(bw.b.engine.air.at) == 3
    take_over(qtbot, bw)
    return bw


def _texts(view) -> list[tuple[str, str, QRectF, float]]:
    """Every text drawn on the board: (kind, text, its rect in the viewport, its height in pixels on
    the screen), kind "name" (a ship's or flight's) or "number" (a hex's); text items of the scene
    included (the flights' names and hex numbers were those)."""
    lod = view.transform().m11()
    dpi = view.viewport().logicalDpiY()
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    out = []
    for it in view.scene().items():
        if isinstance(it, QGraphicsSimpleTextItem) and it.isVisible() and it.sceneBoundingRect().intersects(seen):
            kind = "number" if it.text().isdigit() else "name"
            px = it.font().pointSizeF() * dpi / 72.0 * lod
            out.append((kind, it.text(), view.mapFromScene(it.sceneBoundingRect()).boundingRect().toRectF(), px))
    name_px = view.labels.font(lod, dpi).pointSizeF() * dpi / 72.0 * lod
    out += [("name", p[0], view.mapFromScene(p[1]).boundingRect().toRectF(), name_px)
            for p in view.labels.layout(lod, dpi)]
    numbers = getattr(view, "numbers", None)
    if numbers is not None:
        out += [("number", text, view.mapFromScene(rect).boundingRect().toRectF(), LABEL_PX)
                for text, rect in numbers.layout(lod, dpi)]
    return out


def _check(view, names: set[str]) -> list[tuple[str, str, QRectF, float]]:
    """Every name of ``names`` drawn once, all text at least 11 px, inside the view, none over
    another or over a counter (a flight's name ran over its neighbour ship's dot); each drawn (its
    pixels lighter than the board)."""
    texts = _texts(view)
    assert sorted(t for k, t, _r, _px in texts if k == "name") == sorted(names)
    inside = QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1)
    for kind, text, rect, px in texts:
        assert px >= LABEL_PX - 0.01, (kind, text, px)
        assert inside.contains(rect), (kind, text, rect, inside)
    for i, (_k, a, ra, _) in enumerate(texts):
        for _k2, b, rb, _ in texts[i + 1:]:
            assert not ra.adjusted(1, 1, -1, -1).intersects(rb), (a, ra, b, rb)
    dots = [view.mapFromScene(r).boundingRect().toRectF() for r in view.labels.counters()]
    for kind, text, rect, _px in texts:  # no text over a ship's dot or a flight's diamond
        assert not any(rect.adjusted(1, 1, -1, -1).intersects(d) for d in dots), (kind, text, rect)
    shot = view.viewport().grab().toImage()
    ratio = shot.width() / view.viewport().width()
    for kind, text, rect, _px in texts:
        r = rect.toRect()
        lit = sum(QColor(shot.pixel(int(x * ratio), int(y * ratio))).lightness() > (170 if kind == "name" else 90)
                  for x in range(r.left(), r.right()) for y in range(r.top(), r.bottom()))
        assert lit >= 8, (kind, text, lit)
    return texts


def test_flight_names_and_hex_numbers_are_readable_inside_the_view_and_clear_of_the_ships(qtbot, b5_window):
    bw = _flying(qtbot, b5_window)
    view = bw.panel.board
    e = bw.b.engine
    every = {e.units[u].unit.name for u in e.at} | {f"{e.units[f].unit.name} 6" for f in e.air.at}
    bw.resize(790, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    qtbot.waitUntil(lambda: bw.width() <= 800)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")  # Fit ships: both fleets, 45 hexes apart, in a narrow view
    qtbot.wait(50)
    assert view.transform().m11() < 0.6
    texts = _check(view, every)
    numbers = [r for k, _t, r, _px in texts if k == "number"]
    assert numbers  # a sparse grid of numbers, apart from each other (checked above)
    press(bw, "Ctrl+9")  # Fit board: the whole 90 x 60 board, numbers only where they keep apart
    qtbot.wait(50)
    _check(view, every)
    press(bw, "Ctrl+0")
    qtbot.wait(50)
    wheel(view, 13)  # zoomed in by the user on Blue's ships and B-FL: every hex numbered
    blue = [view.centre(e.air.at["b-fl"])]
    blue += [view.centre(e.at[u]) for u in e.at if e.units[u].unit.name.startswith("B-")]
    view.centerOn(sum(blue, QPointF()) / len(blue))  # B-FL and Blue's ships (the board is wide and low at this size)
    qtbot.wait(50)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    near = {e.units[u].unit.name for u in e.at if seen.contains(view.centre(e.at[u]))}
    near |= {name for name, at, _r in view.labels.flights if seen.contains(at)}  # by its diamond
    texts = _check(view, near)
    assert "B-FL 6" in near and {"B-FLAG", "B-F2"} <= near, near
    shown = {t for k, t, _r, _px in texts if k == "number"}
    column = str(e.air.at["b-fl"])[:2]
    assert len([t for t in shown if t.startswith(column)]) >= 3, shown  # its neighbours in the column, numbered


def test_a_wheel_turned_in_and_out_again_repaints_the_same_board_from_what_was_kept(qtbot, b5_window):
    """Issue 24's bench (bench/b5.py): the grid with its numbers is kept as a picture, and the names'
    layout, for the last zooms shown; back at a zoom shown before, the board is the same pixels as
    before, with nothing drawn or laid out afresh; a flight moved lays the names out again."""
    bw = _flying(qtbot, b5_window)
    view = bw.panel.board
    bw.resize(1300, 850)
    qtbot.waitUntil(lambda: bw.width() >= 1200)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")
    qtbot.wait(50)
    before = view.viewport().grab().toImage()
    wheel(view, 1)
    view.viewport().repaint()
    inside = view.viewport().grab().toImage()
    assert inside != before
    drawn, layouts = view.grid.drawn, view.labels.layouts
    for notches in (-1, 1, -1):
        wheel(view, notches)
        view.viewport().repaint()
    assert (view.grid.drawn, view.labels.layouts) == (drawn, layouts)
    assert view.viewport().grab().toImage() == before
    e = bw.b.engine
    view.show_flights([(f"{e.units[f].unit.name} 6", Label(at.col + 1, at.row), 0, "") for f, at in e.air.at.items()])
    view.viewport().repaint()
    assert view.labels.layouts == layouts + 1 and view.grid.drawn == drawn + 1
