"""The stcs map's sight check and its wrecks: a ship destroyed (exploded, or entered destroyed by the GM at the
end) stays on the map at its last hex, greyed, named "... (destroyed)", for the viewers who may see it: the same
check as a ship afloat (a cloaked ship is seen by the GM, its own side and a side holding a lock on it), so a
cloaked ship the viewer never saw leaves no wreck (V13's map greys a destroyed counter the same way)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from hexmap.hexes import Hex
from rules.battlehex.log import GM
from rules.battlehex.roster import Status
from rules.systems.stcs import engines
from rules.systems.stcs.battle import STCSBattle

if TYPE_CHECKING:
    from app.systems.stcs.panel import MapView

GREY = "#7d8494"


def sees(run: STCSBattle, viewer: str, x: str) -> bool:
    """A cloaked ship is seen by the GM, its own side, and a side holding a lock on it; a ship with its
    engines shut down is not seen beyond 40 hexes of the viewer's ships (only its presence within)."""
    eng = run.engine
    if engines.shown(eng, x, viewer) == "hidden":
        return False
    if not eng.cloaked.get(x) or viewer == GM or eng.units[x].team == viewer:
        return True
    return any(y == x and eng.units[s].team == viewer for s, y in eng.locks.items())


def lost(run: STCSBattle, viewer: str) -> list[tuple[str, Hex]]:
    """The wrecks ``viewer`` may see: each exploded ship at its blast's hex, each ship the GM entered as
    destroyed at its last hex."""
    eng = run.engine
    out = {b["ship"]: Hex(*b["at"]) for b in eng.blasts}
    out.update({x: h for x, h in eng.at.items() if eng.units[x].status is Status.DESTROYED})
    return [(x, h) for x, h in out.items() if sees(run, viewer, x)]


def draw(view: MapView, run: STCSBattle, viewer: str, font: QFont) -> list[tuple[str, str]]:
    """Each wreck ``viewer`` may see, greyed with a cross at its hex and its name: (ship, label) drawn."""
    drawn: list[tuple[str, str]] = []
    size = view.layout_.size * 0.7
    for x, h in lost(run, viewer):
        p = view.at(h)
        pen = QPen(QColor(GREY), 1.2, Qt.PenStyle.SolidLine)
        view.scene_.addEllipse(p.x() - size, p.y() - size, 2 * size, 2 * size, pen, QBrush(QColor(70, 74, 84, 200)))
        view.scene_.addLine(p.x() - size * 0.7, p.y() - size * 0.7, p.x() + size * 0.7, p.y() + size * 0.7, pen)
        view.scene_.addLine(p.x() - size * 0.7, p.y() + size * 0.7, p.x() + size * 0.7, p.y() - size * 0.7, pen)
        label = f"{run.engine.units[x].name} (destroyed)"
        t = view.scene_.addSimpleText(label, font)
        t.setBrush(QColor(GREY))
        t.setPos(p.x() - size * 1.4, p.y() + size * 1.2)
        drawn.append((x, label))
    return drawn
