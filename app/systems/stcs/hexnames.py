"""Where a hex is on the STCS map, in the words the sheet, the log and the questions use (issue 22): they name a hex
"hex 24,-12" (the q,r a target hex or a mine's hex is answered with), and the map drew no hex names, so a person could
not find the hex the sheet put a ship at. Resting the pointer on the map names the hex under it, and the planet, moon
or asteroid in it with what the rules make of it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from hexmap.hexes import Hex

if TYPE_CHECKING:
    from app.systems.stcs.panel import MapView


def hex_name(h: Hex) -> str:
    """A hex as the STCS screens name it: "hex 24,-12"."""
    return f"hex {h.q},{h.r}"


class _Names(QObject):
    """The map's viewport's tooltip: the hex under the pointer."""

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view
        self.shown = ""
        """The last hex named (what a test reads)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            p = self.view.mapToScene(event.pos())
            h = self.view.layout_.from_pixel(p.x(), p.y())
            body = getattr(self.view, "body_tips", {}).get(h)  # a planet, moon or asteroid there (:mod:`.bodies`)
            self.shown = f"{hex_name(h)}: {body}" if body else hex_name(h)
            QToolTip.showText(event.globalPos(), self.shown, self.view.viewport())
            return True
        return super().eventFilter(obj, event)


def install(view: MapView) -> _Names:
    """Name the hex under the pointer on ``view``'s map."""
    names = _Names(view)
    view.viewport().installEventFilter(names)
    view.hex_names = names
    return names
