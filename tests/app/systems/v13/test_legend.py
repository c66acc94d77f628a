"""The hover readout box (app/systems/v13/legend.py): its box and text are drawn into a picture
once per text and blitted at every repaint (issue 21: the box lies over the map, so every
repaint of the map under it, a drag or a float, drew its rounded see-through box and its text
again); a new text, or a new size, shows at once."""
from __future__ import annotations

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from tests.app.systems.v13.test_map import view  # noqa: F401 (the fixture)

LONG = ("<b>2115</b> \u2014 on the map sheet<br>range 3 from KHS Swift Stalker, bearing B<br>"
        "here: KHS Swift Stalker, IKV Kumara")


def _drawn(ro) -> QImage:
    """The box and text as the readout draws them itself, on a transparent image."""
    img = QImage(ro.size(), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    p = QPainter(img)
    ro._draw(p)
    p.end()
    return img


def _shown(ro) -> QImage:
    """The picture the readout blits at its repaints."""
    return ro.picture.toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


def _on_screen(view) -> QImage:  # noqa: F811
    """The readout's corner of the view as the screen shows it (the map under the box)."""
    ro = view.readout
    return view.grab(ro.geometry().adjusted(0, 0, 40, 10)).toImage()


def test_the_box_is_drawn_once_per_text_and_a_new_text_shows(view):  # noqa: F811
    ro = view.readout
    view.set_readout(LONG)
    ro.flush()
    ro.repaint()
    first = ro.picture
    assert first is not None and first.size() == ro.size() * ro.devicePixelRatioF()
    for _ in range(3):  # the map under it repainted (a drag, a float): the picture is blitted
        view.viewport().repaint()
        ro.repaint()
        QApplication.processEvents()
    assert ro.picture is first and ro.picture.cacheKey() == first.cacheKey()
    assert _shown(ro) == _drawn(ro)  # what it shows is what drawing it gives
    old, screen = _shown(ro), _on_screen(view)
    view.set_readout(LONG.replace("Swift Stalker", "Kumara"))  # same size, other words
    ro.flush()
    ro.repaint()
    assert ro.picture is not first
    assert _shown(ro) != old and _shown(ro) == _drawn(ro)
    assert _on_screen(view) != screen  # the new words are on the screen
    view.set_readout("<b>2117</b>")  # shorter: a smaller box, drawn afresh
    ro.flush()
    ro.repaint()
    assert ro.picture.size() == ro.size() * ro.devicePixelRatioF() and _shown(ro) == _drawn(ro)
