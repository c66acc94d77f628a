"""The tactical map: a cols x rows window of hexes with ``CCRR`` labels, the centre hex marked
and a facing compass A-F. The window can float over the plane (V13.812); labels follow it."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView

from app.strategic.tactical_board import TacticalBoard
from app.widgets.zoom_view import ZoomableView
from hexmap import Facing, Hex, MapWindow
from hexmap.layout import Layout

HEX_SIZE = 20.0
_LAYOUT = Layout(HEX_SIZE)
_POLY = QPolygonF([QPointF(x, y) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RECT = _POLY.boundingRect().adjusted(-1, -1, 1, 1)
_FILL = QColor("#f4f1e6")
_CENTRE_FILL = QColor("#ffe7a3")
_LINE = QPen(QColor("#8a8f99"), 0.8)
_LABEL_PEN = QColor("#5a5f69")
_FONT = QFont()
_FONT.setPixelSize(6)
_LABEL_RECT = QRectF(-HEX_SIZE * 0.6, -HEX_SIZE * 0.84, HEX_SIZE * 1.2, HEX_SIZE * 0.4)


def paint_hex(p: QPainter) -> None:
    """A hex of the window about (0, 0), without its label (the board's stamp)."""
    p.setPen(_LINE)
    p.setBrush(_FILL)
    p.drawPolygon(_POLY)


def paint_labels(p: QPainter, labels: list[tuple[float, float, str]]) -> None:
    """Labels (scene x, y of their hex, text) as a hex item writes its own."""
    p.setFont(_FONT)
    p.setPen(_LABEL_PEN)
    for x, y, text in labels:
        p.drawText(_LABEL_RECT.translated(x, y), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)


class TacticalHexItem(QGraphicsItem):
    """One hex of the tactical window, with its printed label. The scene's board draws the hexes
    (:mod:`app.strategic.tactical_board`); a hex paints itself only in the plain way
    (:meth:`TacticalScene.set_plain`); the centre hex always does, on top of the board."""

    def __init__(self, h: Hex, label: str, is_centre: bool = False) -> None:
        super().__init__()
        self.hex = h
        self.label = label
        self.is_centre = is_centre
        x, y = _LAYOUT.to_pixel(h)
        self.setPos(x, y)
        self.set_plain(False)
        if is_centre:
            self.setToolTip(f"{label}: the centre hex (V13.811)")

    def set_plain(self, on: bool) -> None:
        """Paint itself, once per zoom into a picture of its own, then blitted (the old way), or leave it
        to the board."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not on)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache if on else QGraphicsItem.CacheMode.NoCache)

    def boundingRect(self) -> QRectF:
        return _RECT

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setPen(_LINE)
        p.setBrush(_CENTRE_FILL if self.is_centre else _FILL)
        p.drawPolygon(_POLY)
        p.setFont(_FONT)
        p.setPen(_LABEL_PEN)
        p.drawText(_LABEL_RECT, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self.label)
        if self.is_centre:
            p.setPen(QPen(QColor("#b5651d"), 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), HEX_SIZE * 0.35, HEX_SIZE * 0.35)
            p.drawLine(QPointF(-HEX_SIZE * 0.5, 0), QPointF(HEX_SIZE * 0.5, 0))
            p.drawLine(QPointF(0, -HEX_SIZE * 0.5), QPointF(0, HEX_SIZE * 0.5))


class TacticalScene(QGraphicsScene):
    """The hexes of one map window, keyed by plane hex.

    With ``lazy``, the hexes (1,260 items) are made when first asked for (:attr:`hex_items`,
    :meth:`build`: the view's first showing), not before the main window's first frame, whose
    tactical dock starts closed (issue 21: start-up).
    """

    def __init__(self, window: MapWindow | None = None, parent=None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(QColor("#20242c"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._items: dict[Hex, TacticalHexItem] = {}
        self.board: TacticalBoard | None = None
        self.plain = False
        """Every hex an item painted into a picture of its own per zoom (the old way: the look test's and
        the bench's baseline), not the board."""
        self._built = False
        self.window = window or MapWindow()
        if not lazy:
            self.build()

    @property
    def hex_items(self) -> dict[Hex, TacticalHexItem]:
        """The hexes shown, keyed by plane hex (made now if they were not yet)."""
        self.build()
        return self._items

    def build(self) -> None:
        """Make the window's hexes, once (a later window rebuilds them: :meth:`set_window`)."""
        if not self._built:
            self._built = True
            self._make(self.window)

    def set_window(self, window: MapWindow) -> None:
        """Show ``window``: rebuild the hexes it covers and relabel them (when they are made)."""
        self.window = window
        if self._built:
            self._make(window)

    def set_plain(self, on: bool) -> None:
        """Draw the hexes the old way (each an item with its own picture) or by the board."""
        self.plain = on
        for item in self._items.values():
            item.set_plain(on or item.is_centre)
        if self.board is not None:
            self.board.setVisible(not on)

    def _make(self, window: MapWindow) -> None:
        for item in self._items.values():
            self.removeItem(item)
        if self.board is not None:
            self.removeItem(self.board)
        centre = window.centre
        self._items = {}
        for h in window.hexes():
            item = TacticalHexItem(h, str(window.label(h)), h == centre)
            self.addItem(item)
            self._items[h] = item
        centre_item = self._items.get(centre)
        self.board = TacticalBoard([(i.x(), i.y(), i.label) for i in self._items.values() if i is not centre_item],
                                   _RECT, paint_hex, _FONT, _LABEL_RECT, _LABEL_PEN, paint_labels)
        self.board.setZValue(-1)
        self.addItem(self.board)
        self.set_plain(self.plain)
        # the items' extent from their centres (itemsBoundingRect asks each of 1,260 items: 10 ms)
        xs = [item.x() for item in self._items.values()]
        ys = [item.y() for item in self._items.values()]
        box = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) if xs else QRectF()
        self.setSceneRect(box.adjusted(_RECT.left() - HEX_SIZE, _RECT.top() - HEX_SIZE,
                                       _RECT.right() + HEX_SIZE, _RECT.bottom() + HEX_SIZE))

    def item_at_label(self, label: str) -> TacticalHexItem | None:
        return self.hex_items.get(self.window.hex_at(label))


class TacticalView(ZoomableView):
    """Zoom with the wheel, pan by dragging; a facing compass sits in the top-left corner."""

    MIN_SCALE, MAX_SCALE = 0.2, 6.0

    def __init__(self, scene: TacticalScene, parent=None) -> None:
        super().__init__(parent)
        self.setScene(scene)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # hexes do not take presses
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self._centred = False

    def showEvent(self, event) -> None:  # noqa: N802
        scene = self.scene()
        if isinstance(scene, TacticalScene):
            scene.build()  # the hexes are made when the map is first shown
        super().showEvent(event)
        if not self._centred:
            # plain bars: the style's took 3.5 ms of each zoom's repaint (flushed with the map); made at the
            # first showing, not at start (asking for the bars made PySide6 build Qt enum types: test_view_viewport)
            self.flat_scroll_bars()
            self.centre_on_centre_hex()
            self._centred = True

    def centre_on_centre_hex(self) -> None:
        """Scroll so the window's centre hex (2115) is in the middle of the view."""
        scene = self.scene()
        if isinstance(scene, TacticalScene):
            self.centerOn(scene.hex_items[scene.window.centre])

    def drawForeground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802
        p.save()
        p.resetTransform()
        paint_compass(p, QPointF(48, 48), 34)
        p.restore()


def paint_compass(p: QPainter, c: QPointF, r: float) -> None:
    """The six facings: A up, then clockwise B-F, as on the hex sides of a flat-topped map."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor("#d0d4dc"), 1.5))
    p.setBrush(QColor(20, 24, 32, 200))
    p.drawEllipse(c, r, r)
    font = QFont(p.font())
    font.setPixelSize(int(r * 0.38))
    font.setBold(True)
    p.setFont(font)
    for f in Facing:
        ang = math.radians(-90 + 60 * f.value)
        tip = QPointF(c.x() + r * 0.62 * math.cos(ang), c.y() + r * 0.62 * math.sin(ang))
        p.setPen(QPen(QColor("#ffcc55") if f is Facing.A else QColor("#d0d4dc"), 1.5))
        p.drawLine(c, QPointF(c.x() + r * 0.3 * math.cos(ang), c.y() + r * 0.3 * math.sin(ang)))
        p.drawText(QRectF(tip.x() - r * 0.3, tip.y() - r * 0.3, r * 0.6, r * 0.6), Qt.AlignmentFlag.AlignCenter, f.name)
