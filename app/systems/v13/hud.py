"""The battle map's heads-up overlays: the readout box in the top-left corner, the Legend
button in the bottom-right corner and the legend above it. :class:`HudView` is the zooming view
that carries them, the base of :class:`app.systems.v13.map.BattleMapView`: it keeps them as children
of the view, not of the viewport (whose children scroll with the map), places them again
whenever the view is resized, and leaves the readout and the button out of the map's picture
for the battle report. What the readout says is the map view's and the window's business.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent
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
        self.readout.move(vp.left() + 8, vp.top() + 8)
        self.readout.widest = max(200, min(520, vp.width() - 16))
        b = self.legend_button
        b.adjustSize()
        b.move(vp.right() - b.width() - 8, vp.bottom() - b.height() - 8)
        self.legend.move(vp.right() - self.legend.width() - 8, b.y() - self.legend.height() - 6)
        for w in (self.readout, self.legend, b):
            w.raise_()

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
