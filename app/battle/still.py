"""The battle map kept still and the battle window inside the screen (issue 22): the side
panel grew with its texts (a placement drop), pushing the map aside, and its least height could
exceed the screen's. :func:`scrolled` puts it in a scroll area instead.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea


def scrolled(dock: QDockWidget) -> QScrollArea:
    """Put ``dock``'s widget in a frameless scroll area, so its size no longer follows the
    widget's texts: the dock keeps the width it has, and scrolls when the panel is taller. Its
    least width keeps room for the vertical scroll bar beside the panel's least width (issue 22,
    seen at ``QT_SCALE_FACTOR=2``: the bar narrowed a dock at its least width under the panel's,
    whose words were cut at the right behind a sideways scroll bar)."""
    inner = dock.widget()
    area = QScrollArea()
    area.setObjectName(f"{dock.objectName()}_scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(inner)
    dock.setWidget(area)
    bar = area.verticalScrollBar().sizeHint().width()  # room kept for it: a panel taller than the dock at
    area.setMinimumWidth(min(inner.minimumSizeHint().width(), 320) + bar)  # its least width was cut at the right
    return area
