"""The battle map kept still and the battle window inside the screen (issue 22): the side
panel grew with its texts (a placement drop), pushing the map aside, and its least height could
exceed the screen's. :func:`scrolled` puts it in a scroll area instead.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea


def scrolled(dock: QDockWidget) -> QScrollArea:
    """Put ``dock``'s widget in a frameless scroll area, so its size no longer follows the
    widget's texts: the dock keeps the width it has, and scrolls when the panel is taller."""
    inner = dock.widget()
    area = QScrollArea()
    area.setObjectName(f"{dock.objectName()}_scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(inner)
    dock.setWidget(area)
    area.setMinimumWidth(min(inner.minimumSizeHint().width(), 320))
    return area
