"""The sensor locks on the STCS tactical map (:class:`app.systems.stcs.panel.MapView`): a line from each ship to the
ship it holds a lock on, both seen by the viewer. A cloaked ship's lock, tried by its side in secret
(:mod:`rules.systems.stcs.cloaklock`), is drawn for its side and the GM only, dashed and named "secret lock": the other
side never sees it, even when it holds a lock on the cloaked ship itself (it sees that ship then, not its lock); once
the ship drops its cloak its lock is told to all and drawn as any."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPen

from rules.battlehex.log import GM
from rules.systems.stcs.battle import STCSBattle

if TYPE_CHECKING:
    from app.systems.stcs.panel import MapView

OPEN = QColor(80, 200, 120, 160)
SIZE = 12.0
"""The map's hex size (app/systems/stcs/panel.py's SIZE: a ship's name sits 0.8 of it under the ship)."""
SECRET = QColor("#7de3b0")


def draw(view: MapView, run: STCSBattle, viewer: str, ships: list[str], font: QFont) -> list[tuple[str, str, bool]]:
    """The locks ``viewer`` may see, drawn on ``view``: (ship, the ship it is locked on, whether the lock is secret)."""
    eng, drawn = run.engine, []
    for x, y in eng.locks.items():
        secret = bool(eng.cloaked.get(x))
        if x not in ships or y not in ships or secret and viewer not in (GM, eng.units[x].team):
            continue
        p, q = view.at(eng.at[x]), view.at(eng.at[y])
        pen = QPen(SECRET, 1.5, Qt.PenStyle.DashLine) if secret else QPen(OPEN, 1)
        view.scene_.addLine(p.x(), p.y(), q.x(), q.y(), pen)
        if secret:
            t = view.scene_.addSimpleText(f"secret lock: {eng.ship(x)} on {eng.ship(y)}", font)
            t.setBrush(SECRET)
            t.setPos(p.x() - SIZE, p.y() + SIZE * 1.9)  # under the ship's name (along the line it sat
            # on a ship between them, seen on :108: the line passed the Enterprise on its way to the Lexington)
        drawn.append((x, y, secret))
    return drawn
