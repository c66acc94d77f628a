"""Hex numbers readable as the map opens (issue 22): at QT_SCALE_FACTOR=2 on a 1600x1000 screen the
window is 800x500 logical pixels and the map opens fitted at ~0.43, where the numbers were drawn 4
pixels high; now never under LABEL_MIN_PX on screen, or left out when the hex is too small for one."""
from __future__ import annotations

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from app.strategic.items import LABEL_MIN_PX, SectorItem
from tests.app.gui import open_campaign
from tests.hand_kept import hand_kept


class _Seen(QPainter):
    """A painter that keeps each text drawn and its pixel size on screen."""

    def __init__(self, image: QImage, scale: float) -> None:
        super().__init__(image)
        self.scale(scale, scale)
        self.texts: list[tuple[str, float]] = []

    def drawText(self, *args) -> None:  # noqa: N802 (Qt name)
        self.texts.append((str(args[-1]), self.font().pixelSize() * self.worldTransform().m11()))
        super().drawText(*args)


def _drawn(item: SectorItem, scale: float) -> list[tuple[str, float]]:
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    p = _Seen(image, scale)
    p.translate(100 / scale, 100 / scale)
    item.paint(p, QStyleOptionGraphicsItem())
    p.end()
    return [(t, px) for t, px in p.texts if t == item.label]


def test_hex_numbers_are_readable_on_the_map_as_it_opens_at_scale_2(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, hand_kept(), size=(800, 500))
    qtbot.waitUntil(lambda: main.strategic_view.transform().m11() < 0.6)  # fitted to the small window
    fitted = main.strategic_view.transform().m11()
    item = next(i for i in main.strategic_view.scene().items() if isinstance(i, SectorItem))
    (label, px), = _drawn(item, fitted)
    assert px >= LABEL_MIN_PX, f"{label} drawn {px:.1f} pixels high at zoom {fitted:.2f}"
    assert _drawn(item, 0.2) == []  # too small a hex for a readable number: none drawn
    (_, px), = _drawn(item, 1.5)
    assert LABEL_MIN_PX <= px <= 15  # zoomed in, the usual size
