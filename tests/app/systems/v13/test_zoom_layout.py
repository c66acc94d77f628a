"""A zoom lays the counters again once the wheel rests, and only those whose place depends on the zoom
(issue 21: every stack was laid again at every settled zoom, the sharp redraw 59 -> 69 ms once piles
came): the piles, which lie at a distance that zooms and are found again at each zoom, unless the
counters change size, when all are. What it lays must be what a map opened at that zoom shows."""
from __future__ import annotations

from PySide6.QtCore import QPoint

import app.systems.v13.scene as scene_module
from app.systems.v13.counters import counter_px
from app.systems.v13.map import BattleScene
from hexmap import MapWindow
from tests.app.systems.v13.test_hover_piles import FITTED, _battle
from tests.app.systems.v13.test_map import at, hover, view, wheel  # noqa: F401 (the fixture)


def _laid(scene) -> dict[str, tuple]:
    """Each counter's place in its stack or pile (screen pixels from its hex), size, count and height."""
    return {u: (round(i.offset.x(), 6), round(i.offset.y(), 6), i.px, i.badge, round(i.zValue(), 9))
            for u, i in scene.counters.items()}


def _fresh(scene, lod: float) -> dict[str, tuple]:
    """The same units on a new scene, set at zoom ``lod`` at once."""
    other = BattleScene(MapWindow(42, 30))
    other.set_units([i.spec for i in scene.counters.values()])
    other.set_zoom(lod)
    return _laid(other)


def _rest(view, qtbot) -> None:  # noqa: F811
    qtbot.waitUntil(lambda: not view.scene().quick, timeout=3000)


def test_once_the_wheel_rests_the_counters_lie_as_on_a_map_opened_at_that_zoom(view, qtbot):  # noqa: F811
    """Wheel notches in and out over the piles and beside them (counters that keep their size and
    counters that grow), fans opened and folded while the wheel turns; once it rests and the pointer
    leaves, every counter lies as a scene set at that zoom lays it."""
    column = _battle(view)
    scene = view.scene()
    off = at(view, column[6]) + QPoint(350, 0)
    rounds = [(column[6], 1), (column[0], -2), (column[6], 5), (column[12], 4), (column[6], 3), (column[3], -2),
              (column[6], -6)]
    sizes = set()
    for h, notches in rounds:
        for step in (1 if notches > 0 else -1,) * abs(notches):
            wheel(view, at(view, h), step)  # the hover after it may fan the pile out at the zoom under way
            hover(view, at(view, h))
        hover(view, off)  # folded while the wheel still turns
        _rest(view, qtbot)
        hover(view, off + QPoint(0, 10))
        lod = view.transform().m11()
        sizes.add(counter_px(lod))
        assert scene.expanded is None and scene.piles_lod == lod
        assert _laid(scene) == _fresh(scene, lod), lod
    assert len(sizes) >= 3 and min(sizes) == 38  # counters kept their size, and grew


def test_a_zoom_that_keeps_the_counters_size_lays_again_only_the_piles(view, qtbot, monkeypatch):  # noqa: F811
    """At the fitted zoom and a notch either side the counters keep their smallest size: a settled zoom
    lays again the piles (before and after), not the 80 units far from each other and from them."""
    column = _battle(view)
    scene = view.scene()
    laid: list = []
    real = scene_module.lay_stack
    monkeypatch.setattr(scene_module, "lay_stack", lambda items, *a: (laid.append(items), real(items, *a)))
    off = at(view, column[6]) + QPoint(350, 0)
    for notches in (1, -1, -1, 1):
        laid.clear()
        before = set(scene.piles)
        wheel(view, off, notches)
        _rest(view, qtbot)
        assert counter_px(view.transform().m11()) == counter_px(FITTED) and scene.piles_lod == view.transform().m11()
        hexes = {i.spec.hex for items in laid for i in items}
        assert hexes == before | set(scene.piles), (notches, len(hexes))  # before: all 97 stacks
        assert not any(i.uid.startswith("far") for items in laid for i in items)


def test_a_zoom_back_to_the_zoom_it_left_lays_again_the_piles_laid_while_the_wheel_turned(view, qtbot):  # noqa: F811
    """A notch in over the column (its fan opened at the zoom under way), the pointer off it (its pile laid
    at that zoom), a notch out to exactly the zoom before: once the wheel rests the pile lies at it again."""
    column = _battle(view)
    scene = view.scene()
    top = at(view, column[6])
    wheel(view, top, 1)
    hover(view, top)
    assert scene.quick and scene.expanded is not None
    off = top + QPoint(0, 300)  # below the sheet
    hover(view, off)
    assert scene.expanded is None
    wheel(view, off, -1)
    assert view.transform().m11() == FITTED and scene.quick
    _rest(view, qtbot)
    assert _laid(scene) == _fresh(scene, FITTED)
