"""A vortex's scatter shown on the b5 board (app/systems/b5/board.py): a marker flies from the hex the
vortex was aimed at to where it formed, along a dotted trail, then both go; and the vortices drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsScene

if TYPE_CHECKING:
    from hexmap import Label
    from rules.systems.b5.engine import B5Engine

MARKER = QColor("#ffe070")


def shown(e: B5Engine) -> list[tuple[str, Label]]:
    """The vortices the board draws (name, hex): a jump-in's until turn 1 (then they closed), and each
    withdrawing squadron's vortex open this turn for it to jump out (rules/systems/b5/jumpout.py)."""
    into = [(e.units[x].unit.name, at) for x, at in e.vortices.items()] if not e.round else []
    return into + [(f"{e.units[who].unit.name}, jumping out", at) for who, at in e.exits.open.values()]


def fly(scene: QGraphicsScene, a: QPointF, b: QPointF, ms: int, running: list[QVariantAnimation]) -> None:
    """The marker flown from ``a`` to ``b`` (scene points) in ``ms``, its animation in ``running`` while it runs."""
    marker = scene.addEllipse(QRectF(-7, -7, 14, 14), QPen(MARKER, 2), QBrush(QColor(255, 224, 112, 90)))
    marker.setZValue(6)
    marker.setPos(a)
    trail = scene.addLine(a.x(), a.y(), b.x(), b.y(), QPen(MARKER, 1, Qt.PenStyle.DotLine))
    trail.setZValue(6)
    anim = QVariantAnimation(scene)
    anim.setStartValue(a)
    anim.setEndValue(b)
    anim.setDuration(ms)
    anim.valueChanged.connect(marker.setPos)

    def done() -> None:
        for it in (marker, trail):
            scene.removeItem(it)
        running.remove(anim)
    anim.finished.connect(done)
    running.append(anim)
    anim.start()
