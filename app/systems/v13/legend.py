"""Boxes fixed in the battle view's corners: the hover readout and the legend that explains
every mark on the battle map with a drawn sample of it."""
from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QTextDocument
from PySide6.QtWidgets import QWidget

from app.systems.v13.counters import CounterSpec, paint_counter
from app.systems.v13.grid import (
    GRID_PEN,
    OFF_SHEET,
    POLY,
    REGION_PEN,
    REGION_TINT,
    SHEET_EDGE_INNER,
    SHEET_EDGE_OUTER,
    SHEET_FILL,
)
from app.systems.v13.scene import DOD_COLOR, DOR_COLOR, RING_PEN, ZONE_PEN, paint_arrow
from hexmap import Facing, Hex


def readout_html(info: Any, sel: Any, dragged: Any) -> str:
    """The hover readout's words for the hex ``info`` (rules.systems.v13.queries.hex_info) as the
    viewer sees it: where it lies, its range and bearing from the selected unit ``sel``, who is
    there, and first the verdict of the move ``dragged`` onto it (a MovePreview), if any."""
    lines = [f"<b>{escape(info.label)}</b> \u2014 " + ("on the map sheet" if info.on_sheet else
             "<span style='color:#7a4a00'>off the sheet (the map floats, V13.812)</span>" if info.in_region else
             "<span style='color:#a00'>outside the legal region (V13.811)</span>")]
    if sel is not None and info.range is not None:
        lines.append(f"range {info.range} from {escape(sel.name)}" + (f", bearing {info.bearing}" if info.bearing else ""))
    if info.units:
        lines.append("here: " + escape(", ".join(info.units)))
    if dragged is not None:
        colour = "#0a5d22" if dragged.ok else "#a00"
        lines.insert(0, f"<span style='color:{colour}'><b>{escape(dragged.outcome)}</b>"
                        + (f" ({escape(dragged.rule)})" if dragged.outcome != "stays in the battle" else "") + "</span>")
        lines.insert(1, escape(dragged.pace() if dragged.ok else dragged.reason))
    return "<br>".join(lines)


class Readout(QWidget):
    """The hover readout: rich text in a pale box, transparent to the mouse. A new text is
    laid out once per pass of the event loop, however often it is set in between (the view's
    default and then the window's, at every move onto another hex), and once only: the box is
    a text document painted on a rounded box, not a style-sheeted QLabel, whose size hint, wrap
    and paint laid the same text out two or three times (0.6 ms at every move onto another
    hex and at every drop; the document: 0.2 ms). The box and its text are drawn once per text
    into a picture (:attr:`picture`), which every paint blits: the box lies over the map, so
    every repaint of the map under it (a drag, a float) repainted it too, and filling its
    rounded, see-through box and drawing its text cost ~0.3 ms each time (issue 21)."""

    PAD_X, PAD_Y = 8, 5  # the border (1 px) and the padding (7 px across, 4 px down)
    BACKGROUND, BORDER, INK = QColor(255, 253, 242, 238), QColor("#6b5a2e"), "#151515"

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.doc = QTextDocument(self)
        self.doc.setDocumentMargin(0)
        self.doc.setDefaultStyleSheet(f"body {{ color: {self.INK}; }}")
        font = QFont(self.font())
        font.setPixelSize(13)
        self.doc.setDefaultFont(font)
        self.widest = 520  # a longer text wraps at this width
        self.html = ""
        self.placed: Callable[[], None] | None = None  # puts the box in its corner once it has its size
        self._shown = ""  # the text the document holds
        self.picture: QPixmap | None = None  # the box with the text, as painted (None: draw it again)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.flush)
        self.hide()

    def text(self) -> str:
        """The text shown (as QLabel.text)."""
        return self._shown

    def set_html(self, html: str) -> None:
        self.html = html
        self._timer.start()

    def flush(self) -> None:
        """Show the last text set now."""
        self._timer.stop()
        if self.html != self._shown:
            self._shown = self.html
            doc = self.doc
            doc.setHtml(self.html)  # laid out at once, at the text width it has
            width = self.widest - 2 * self.PAD_X  # a longer text wraps rather than being cut off
            if doc.textWidth() != width:  # each set lays the whole text out again, even at the same width (issue 21)
                doc.setTextWidth(width)
            # laid out once at the widest: the box as wide as its widest line
            self.resize(math.ceil(doc.idealWidth()) + 2 * self.PAD_X, math.ceil(doc.size().height()) + 2 * self.PAD_Y)
            self.picture = None
            self.update()
        self.setVisible(bool(self.html))
        if self.placed is not None:
            self.placed()

    def paintEvent(self, event) -> None:  # noqa: N802
        dpr = self.devicePixelRatioF()
        pic = self.picture
        if pic is None or pic.devicePixelRatio() != dpr or pic.deviceIndependentSize() != QSizeF(self.size()):
            pic = QPixmap(self.size() * dpr)
            pic.setDevicePixelRatio(dpr)
            pic.fill(Qt.GlobalColor.transparent)
            q = QPainter(pic)
            self._draw(q)
            q.end()
            self.picture = pic
        QPainter(self).drawPixmap(0, 0, pic)

    def _draw(self, p: QPainter) -> None:
        """The rounded box and the text on ``p``."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self.BORDER, 1))
        p.setBrush(self.BACKGROUND)
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        p.translate(self.PAD_X, self.PAD_Y)
        self.doc.drawContents(p)


_CELL = QSize(54, 34)
_SAMPLE = CounterSpec("sample", "Sample", Hex(0, 0), Facing.B, QColor("#3f6fc4"), short="KUM")


def _hex_cell(fill: QColor, edge: QPen | None = None) -> Callable[[QPainter, QRectF], None]:
    def draw(p: QPainter, r: QRectF) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRect(r)
        p.setPen(GRID_PEN)
        p.setBrush(Qt.BrushStyle.NoBrush)
        c = r.center()
        for dx in (-15, 0, 15):
            p.drawPolygon(POLY.translated(c + QPointF(dx, 8.66 if dx else 0)).translated(0, -4))
        if edge is not None:
            p.setPen(edge)
            p.drawRect(r.adjusted(3, 3, -3, -3))
    return draw


def _sheet(p: QPainter, r: QRectF) -> None:
    p.fillRect(r, OFF_SHEET)
    inner = r.adjusted(6, 5, 0, 0)
    p.fillRect(inner, SHEET_FILL)
    p.setFont(_font(9))
    p.setPen(QColor("#3e3626"))
    p.drawText(inner.adjusted(0, 1, 0, 0), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "2115")
    path = QPainterPath()
    path.moveTo(inner.bottomLeft())
    path.lineTo(inner.topLeft())
    path.lineTo(inner.topRight())
    for pen in (SHEET_EDGE_OUTER, SHEET_EDGE_INNER):
        p.setPen(pen)
        p.drawPath(path)


def _region(p: QPainter, r: QRectF) -> None:
    p.fillRect(r, OFF_SHEET)
    p.fillRect(r.adjusted(8, 6, 0, 0), REGION_TINT)
    p.setPen(REGION_PEN)
    p.drawLine(r.bottomLeft() + QPointF(8, 0), r.topLeft() + QPointF(8, 6))
    p.drawLine(r.topLeft() + QPointF(8, 6), r.topRight() + QPointF(0, 6))
    p.drawEllipse(r.center() + QPointF(6, 4), 5, 5)


def _line(pen: QPen) -> Callable[[QPainter, QRectF], None]:
    def draw(p: QPainter, r: QRectF) -> None:
        p.setPen(pen)
        y = r.center().y()
        p.drawLine(QPointF(r.left() + 3, y), QPointF(r.right() - 3, y))
    return draw


def _arrows(p: QPainter, r: QRectF) -> None:
    for dx, facing, color in ((-11, Facing.A, DOR_COLOR), (11, Facing.C, DOD_COLOR)):
        p.save()
        p.translate(r.center() + QPointF(dx, 0))
        paint_arrow(p, facing, color, 9)
        p.restore()


def _counter(badge: int = 0, **kw) -> Callable[[QPainter, QRectF], None]:
    spec = CounterSpec(**{**_SAMPLE.__dict__, **kw})

    def draw(p: QPainter, r: QRectF) -> None:
        p.save()
        p.translate(r.center())
        paint_counter(p, spec, 26, badge)
        p.restore()
    return draw


def _preview(p: QPainter, r: QRectF) -> None:
    for dx, color in ((-11, QColor(30, 200, 90)), (11, QColor(220, 40, 40))):
        fill = QColor(color)
        fill.setAlpha(90)
        p.setPen(QPen(color, 2))
        p.setBrush(fill)
        p.drawPolygon(POLY.translated(r.center() + QPointF(dx, 0)).translated(0, 0))


ROWS: list[tuple[Callable[[QPainter, QRectF], None], str]] = [
    (_sheet, "Map sheet: heavy edge, CCRR labels (they follow the float)"),
    (_hex_cell(OFF_SHEET), "Off the sheet: the plane beyond the map"),
    (_region, "Legal region (V13.811-812): where the floating map may go; \u25cb its original centre"),
    (_line(ZONE_PEN), "Legal placement zone of the unit being placed"),
    (_line(RING_PEN), "Minimum-range ring: no unit of the other side inside"),
    (_arrows, "Direction of Retreat (DoR, blue) and of Disengagement (DoD, red)"),
    (_counter(), "Counter: team colour, short name; the pointer is its facing"),
    (_counter(status="crippled"), "Crippled: hazard band, CRIP"),
    (_counter(status="destroyed"), "Destroyed: greyed, red cross, DEST"),
    (_counter(status="captured"), "Captured: hatched, white flag, CAPT"),
    (_counter(badge=3), "Stack: how many units share the hex; hover to fan them out"),
    (_counter(selected=True), "Selected unit: yellow ring"),
    (_preview, "Drag preview: the engine's verdict, green allowed / red refused"),
]


def _font(px: int, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(px)
    f.setBold(bold)
    return f


class Legend(QWidget):
    """What every mark on the battle map means, each next to a drawn sample."""

    ROW = 37

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setFont(_font(12))
        self.shrink = 1.0  # drawn smaller to fit the view (fit_in)
        self.resize(self.sizeHint())
        self.hide()

    def sizeHint(self) -> QSize:  # noqa: N802
        width = max(self.fontMetrics().horizontalAdvance(text) for _d, text in ROWS)
        return QSize(_CELL.width() + width + 26, 30 + self.ROW * len(ROWS) + 6)

    def fit_in(self, width: int, height: int) -> float:
        """Drawn whole in ``width`` x ``height`` (at most its own size): the scale it takes. Seen on the real screen
        (issue 22): 517 pixels tall above the Legend button, its title was cut at 1x on 1600x1000, and at
        QT_SCALE_FACTOR=2 its samples and the start of every line lay beyond the view's left and top edges."""
        hint = self.sizeHint()
        self.shrink = max(0.1, min(1.0, width / hint.width(), height / hint.height()))
        self.resize(math.floor(hint.width() * self.shrink), math.floor(hint.height() * self.shrink))
        self.update()
        return self.shrink

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#6b5a2e"), 1))
        p.setBrush(QColor(255, 253, 242, 250))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        p.scale(self.shrink, self.shrink)
        width = self.sizeHint().width()
        p.setFont(_font(13, True))
        p.setPen(QColor("#151515"))
        p.drawText(QRectF(10, 4, width - 20, 22), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   "Legend")
        for i, (draw, text) in enumerate(ROWS):
            top = 28 + i * self.ROW
            cell = QRectF(QPointF(8, top + (self.ROW - _CELL.height()) / 2), _CELL.toSizeF())
            p.save()
            p.setClipRect(cell.adjusted(-7, -3, 8, 3))  # inside the border line
            draw(p, cell)
            p.restore()
            p.setFont(_font(12))
            p.setPen(QColor("#151515"))
            p.drawText(QRectF(cell.right() + 10, top, width, self.ROW),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        p.end()
