"""The battle map's heads-up overlays: the readout box in the top-left corner (the bottom-left
one while the pointer is near the top one), the Legend button in the bottom-right corner and the
legend above it. :class:`HudView` is the zooming view
that carries them, the base of :class:`app.systems.v13.map.BattleMapView`: it keeps them as children
of the view, not of the viewport (whose children scroll with the map), places them again
whenever the view is resized, and leaves the readout and the button out of the map's picture
for the battle report. What the readout says is the map view's and the window's business.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF
from PySide6.QtWidgets import QToolButton

from app.systems.v13.legend import Legend, Readout
from app.widgets.zoom_view import ZoomableView


class HudView(ZoomableView):
    """A zoomable view with the readout, the legend and the button that shows the legend."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        # children of the view, not of the viewport: scrolling moves the viewport's children
        self.readout = Readout(self)
        self.legend = Legend(self)
        self.legend_button = QToolButton(self)
        self.legend_button.setText("Legend")
        self.legend_button.setCheckable(True)
        self.legend_button.setToolTip("Show or hide what the marks on the map mean")
        self.legend_button.setStyleSheet("QToolButton { background: rgba(255, 253, 242, 230); border: 1px solid "
                                         "#6b5a2e; border-radius: 4px; padding: 3px 8px; font-weight: bold; } "
                                         "QToolButton:checked { background: #f2c230; }")
        self.legend_button.toggled.connect(self.set_legend_visible)
        self._pointer: QPointF | None = None  # where the pointer is on the viewport (None: off it)
        self._heeded = QRectF()  # where the pointer weighs in the readout's corner (issue 21: elsewhere a move asks nothing)
        self.readout.placed = self._place_readout  # a new text, a new size: its corner again
        self._place_overlays()

    def set_readout(self, html: str) -> None:
        """The text of the readout box in the top-left corner (empty: hide the box)."""
        self.readout.set_html(html)

    @property
    def legend_visible(self) -> bool:
        return self.legend.isVisibleTo(self)

    @legend_visible.setter
    def legend_visible(self, on: bool) -> None:
        self.set_legend_visible(on)

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend box (the corner button does the same)."""
        on = bool(on)
        self.legend.setVisible(on)
        if self.legend_button.isChecked() != on:
            self.legend_button.setChecked(on)
        self._place_overlays()

    def grab(self, *args):
        """A picture of the map (for the battle report) without the hover readout and the
        legend button; the legend stays if it is shown."""
        hidden = [w for w in (self.readout, self.legend_button) if w.isVisible()]
        for w in hidden:
            w.hide()
        try:
            return super().grab(*args)
        finally:
            for w in hidden:
                w.show()

    def _place_overlays(self) -> None:
        self._bars = self._bars_hint()  # (the scroll area has just been laid out)
        vp = self.viewport().geometry()
        self.readout.widest = max(200, min(520, vp.width() - 16))
        b = self.legend_button
        b.adjustSize()
        b.move(vp.right() - b.width() - 8, vp.bottom() - b.height() - 8)
        self._place_legend(vp)
        self._place_readout()
        for w in (self.readout, self.legend, b):
            w.raise_()

    def _place_legend(self, vp) -> None:
        """The legend whole in the viewport, above the Legend button or left of it, wherever it is drawn larger."""
        lg, b = self.legend, self.legend_button
        above = (vp.width() - 16, b.y() - vp.top() - 14)
        beside = (b.x() - vp.left() - 14, vp.height() - 16)
        if lg.fit_in(*above) >= lg.fit_in(*beside):
            lg.fit_in(*above)
            lg.move(vp.right() - lg.width() - 8, b.y() - lg.height() - 6)
        else:
            lg.move(b.x() - lg.width() - 6, vp.bottom() - lg.height() - 8)

    def _place_readout(self) -> None:
        """The readout in the top-left corner, unless its box there would lie on or near the pointer, or
        over the selected counter: then in the bottom-left one (above the Legend button and the legend
        where they would meet), if that one is clear of them. Seen on the real screen at QT_SCALE_FACTOR=2
        (issue 22): the box, as wide as the view, covered the counters of a stack hovered near the view's
        top and the fan the hover opened around them; and the unit selected by N, brought into sight at
        the view's top."""
        vp, ro = self.viewport().geometry(), self.readout
        low = vp.bottom() - ro.height() - 8
        for w in (self.legend_button, self.legend):
            if w.isVisibleTo(self) and vp.left() + 8 + ro.width() + 6 > w.x():  # they would meet: above it
                low = min(low, w.y() - ro.height() - 6)
        top, over = vp.top() + 8, []  # the hover check, made once and only when the pointer is near a box
        cost = self._readout_cost(top - vp.top(), over)
        ro.move(vp.left() + 8, low if cost and self._readout_cost(low - vp.top(), over) < cost else top)  # top if equal
        far = max(2 * getattr(self.scene(), "counter_px", 20), 8)  # as _readout_cost's: beyond, the pointer is not asked
        self._heeded = QRectF(vp.left() + 8 - far, min(top, low) - far, ro.width() + 2 * far,
                              max(top, low) - min(top, low) + ro.height() + 2 * far)

    def _readout_cost(self, y: int, over: list[bool]) -> int:
        """How bad the readout's box at ``y`` on the viewport is: 2 on or near the pointer (over a counter, a
        fan's counters lie about a counter away from it), 1 over the selected counter (all it draws: its
        square, pointer and ring), else 0. Counters keep their size on the screen, so where they lie is read
        from each one's device transform, not from the scene's index (which, zoomed out, finds them smaller).
        ``over`` keeps whether the pointer is over a counter once asked: the hover check is the costly part of
        a mouse move (issue 21), made only when the pointer is within a counter's reach of the box."""
        ro, p = self.readout, self._pointer
        box = QRectF(8, y, ro.width(), ro.height())
        fan = 2 * getattr(self.scene(), "counter_px", 20)
        far = max(fan, 8)
        if p is not None and not over and box.adjusted(-far, -far, far, far).contains(p):
            over.append(getattr(self, "counter_at", lambda _p: None)(p) is not None)
        reach = fan if over and over[0] else 8
        near = p is not None and box.adjusted(-reach, -reach, reach, reach).contains(p)
        if near or not ro.isVisible():
            return 2 * near
        vt = self.viewportTransform()
        return int(any(c.spec.selected and c.isVisible() and
                       c.deviceTransform(vt).mapRect(c.boundingRect()).intersects(box)
                       for c in getattr(self.scene(), "counters", {}).values()))

    def paintEvent(self, event) -> None:  # noqa: N802
        """A repaint may follow a change under a still pointer (a unit selected by N, or moved): the readout's
        corner is weighed again first (it moves only when its corner changes)."""
        self._place_readout()
        super().paintEvent(event)

    def viewportEvent(self, event) -> bool:  # noqa: N802
        """The pointer's place, noted before the view handles its move (the readout keeps clear of it)."""
        kind = event.type()
        if kind in (QEvent.Type.MouseMove, QEvent.Type.DragMove):
            was, self._pointer = self._pointer, QPointF(event.position())
            if was is None or self._heeded.contains(was) or self._heeded.contains(self._pointer):
                self._place_readout()  # else the pointer was and is away from both corners' boxes: nothing to weigh
        elif kind in (QEvent.Type.Leave, QEvent.Type.DragLeave):
            self._pointer = None
            self._place_readout()
        return super().viewportEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._place_overlays()

    def event(self, event) -> bool:
        """A new readout text asks the view to lay out its children again (QLabel.setText ->
        updateGeometry -> a LayoutRequest to the parent), and the scroll area then repaints
        its frame and both scroll bars: 2 ms at every move onto another hex, at every drop.
        The overlays are placed by :meth:`_place_overlays`; the scroll area's layout depends
        on its scroll bars' (and their containers') size hints, so a request with those
        unchanged has nothing to do. Resizes, ranges and policies lay it out directly."""
        if event.type() == QEvent.Type.LayoutRequest:
            if self._bars_hint() == self._bars:
                return True
            self._bars = self._bars_hint()
        return super().event(event)

    def _bars_hint(self) -> tuple:
        return tuple(w.sizeHint() for b in (self.horizontalScrollBar(), self.verticalScrollBar())
                     for w in (b, b.parentWidget()) if w is not None)
