"""The planets, moons and asteroids of the STCS map (issue 25; the sector's ``stcs_bodies``,
rules/systems/stcs/bodies.py): each drawn at its hex under the ships (a planet the largest disc, a moon a smaller
grey one, an asteroid a small rock), named below it, with a legend line above the battle in words; resting the
pointer on one names it and what the rules make of it (:mod:`.hexnames`). Every viewer sees them (they are the
map's, not a side's)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPolygonF

from hexmap.hexes import Hex
from rules.model.stcs_map import BodyKind, STCSBody
from rules.systems.stcs import warp
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.mines import REACH

if TYPE_CHECKING:
    from app.systems.stcs.panel import MapView

LOOK = {BodyKind.PLANET: ("#3f8f6b", 0.95), BodyKind.MOON: ("#a9aebb", 0.62), BodyKind.ASTEROID: ("#8c6e4e", 0.4)}
"""Each kind's colour and radius (in hex sizes)."""
ROCK = ((1.0, 0.1), (0.55, 0.8), (-0.35, 0.95), (-1.0, 0.2), (-0.7, -0.75), (0.3, -1.0))
"""An asteroid's outline (unit points): a rock, not a disc, told apart at a glance and in grey print."""
LABEL = "#c9d6c4"


def tip(b: STCSBody) -> str:
    """What the rules make of ``b``, in words, a line each (the map's tooltip)."""
    chance = warp.STRIKE[b.kind.value]
    return (f"{b.words[0].upper()}{b.words[1:]}\na ship warping out with it on the path ahead strikes it on D100 "
            f"1-{chance} ({chance}%)\nno mine may be deployed into its hex\na ship in or next to its hex is in its "
            "sensor shadow\na ship moving into its hex: the Game Master rules whether it passes or strikes it (seed 002 "
            "is silent)")


def legend(bodies: dict[Hex, STCSBody]) -> str:
    """The legend, two short lines: the kinds on the map with their Striking Table chance, then what else they do."""
    kinds = [k for k in BodyKind if any(b.kind is k for b in bodies.values())]
    return ("Warp-out strike: " + ", ".join(f"{k.value} {warp.STRIKE[k.value]}%" for k in kinds)
            + "\nNo mine in their hex; a ship beside one may hide in its sensor shadow (rest the pointer on one)")


def draw(view: MapView, run: STCSBattle, font: QFont, spots: list[Hex]) -> list[tuple[str, str]]:
    """Each body of the battle's map at its hex, named, and the legend above ``spots`` (what the map fits): (hex,
    label) drawn. Sets ``view.body_tips`` (hex -> words) for the pointer's tooltip."""
    drawn: list[tuple[str, str]] = []
    view.body_tips = {}
    bodies = run.engine.bodies
    size = view.layout_.size
    for h, b in sorted(bodies.items(), key=lambda hb: (hb[0].q, hb[0].r)):
        colour, radius = LOOK[b.kind]
        p, r = view.at(h), size * radius
        pen, brush = QPen(QColor(colour).lighter(140), 1.2), QBrush(QColor(colour))
        if b.kind is BodyKind.ASTEROID:
            item = view.scene_.addPolygon(QPolygonF([p + QPointF(x * r, y * r) for x, y in ROCK]), pen, brush)
        else:
            item = view.scene_.addEllipse(p.x() - r, p.y() - r, 2 * r, 2 * r, pen, brush)
        item.setToolTip(tip(b))
        label = f"{b.kind.value} {b.name}" if b.name else b.kind.value
        t = view.scene_.addSimpleText(label, font)
        t.setBrush(QColor(LABEL))
        t.setPos(p.x() - t.boundingRect().width() / 2, p.y() - r - size * 0.95)  # above: the ships' names go below
        t.setToolTip(tip(b))
        view.body_tips[h] = tip(b)
        drawn.append((b.at, label))
    if bodies and spots:
        top = min(spots, key=lambda h: view.at(h).y())
        left = min(view.at(h).x() for h in spots)
        t = view.scene_.addSimpleText(legend(bodies), font)
        t.setBrush(QColor(LABEL))
        t.setPos(left - 2 * size, view.at(top).y() - 4.2 * size)
    return drawn
