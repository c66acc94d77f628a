"""The battle map kept still and the battle window inside the screen (issue 22): the side
panel grew with its texts (a placement drop), pushing the map aside, and its least height could
exceed the screen's. :func:`scrolled` puts it in a scroll area instead.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QWidget


def scrolled(dock: QDockWidget) -> QScrollArea:
    """Put ``dock``'s widget in a frameless scroll area, so its size no longer follows the
    widget's texts: the dock keeps the width it has, and scrolls when the panel is taller. Its
    least width keeps room for the vertical scroll bar beside the panel's least width (issue 22,
    seen at ``QT_SCALE_FACTOR=2``: the bar narrowed a dock at its least width under the panel's,
    whose words were cut at the right behind a sideways scroll bar). The bar is drawn only when the
    panel is taller than the dock; its room is kept empty when it is not (:func:`_bar_when_needed`)."""
    inner = dock.widget()
    area = QScrollArea()
    area.setObjectName(f"{dock.objectName()}_scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # its room: one width for the panel
    area.setWidget(inner)
    dock.setWidget(area)
    _LeastWidth(area, inner)
    _bar_when_needed(area)
    return area


def _bar_when_needed(area: QScrollArea) -> None:
    """The vertical scroll bar drawn only while the panel is taller than the dock. Qt keeps its room
    (the policy is always on, so the panel is laid out in one width: longer words that bring the bar
    never narrow it; issue 22, HY's shots 340-341: a replay's steps reflowed it); while there is
    nothing to scroll the bar is hidden in that room, which shows the dock's background instead of an
    empty track (seen beside every system's panel)."""
    bar = area.verticalScrollBar()
    bar.rangeChanged.connect(lambda low, high: bar.setVisible(high > low))
    bar.setVisible(bar.maximum() > bar.minimum())


class _LeastWidth(QObject):
    """The scroll area at least as wide as its panel's least width (at most 320) and the vertical
    scroll bar beside it, followed as the panel's controls change: the V13 combat panel, shown once
    the battle starts, was cut at the right behind a sideways scroll bar in a dock kept at the set-up
    panel's width (issue 22, ``QT_SCALE_FACTOR=2``: "Next tur", "Turn righ"). It only grows, so a
    text that needs less room never moves the map."""

    def __init__(self, area: QScrollArea, inner: QWidget) -> None:
        super().__init__(area)
        self.area, self.inner = area, inner
        self.bar = area.verticalScrollBar().sizeHint().width()  # room kept for it: a panel taller than the dock
        self._fit()  # at its least width was cut at the right
        inner.installEventFilter(self)

    def _fit(self) -> None:
        need = min(self.inner.minimumSizeHint().width(), 320) + self.bar
        if need > self.area.minimumWidth():
            self.area.setMinimumWidth(need)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LayoutRequest:
            self._fit()
        return False
