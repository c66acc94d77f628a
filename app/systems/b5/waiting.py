"""The ship waiting to be placed on the b5 board (issue 24): its own counter, in a tray beside the legal zone (its
team's colour, its facing line, "waiting" and its name), pressed and dragged to its hex as a V13 counter is. Carried,
it snaps to the hex under the pointer and shows the facing it will be placed with: the engine's usual one there (the
facing box's, when a letter is picked there) until the person turns it with the wheel or the Left/Right keys, among
the facings the engine allows (:meth:`rules.systems.b5.battle.B5Battle.facings`; a ship through a vortex: one). Let
go on a board hex, it is placed there with that facing; let go off the board, it goes back to its tray. A press
anywhere else picks up nothing (before, any press picked up a ghost counter)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsItemGroup, QGraphicsLineItem

from app.systems.b5.rings import TEAM_COLOURS
from hexmap import Facing, Label, grid_hex

if TYPE_CHECKING:
    from app.systems.b5.board import BoardView
    from app.systems.b5.panel import B5Panel
    from rules.battlehex.questions import Question
    from rules.systems.b5.battle import B5Battle

RADIUS = 9.0
"""The waiting counter's dot, in screen pixels (drawn at the screen's size, readable at every zoom); pressed within
a hex of it, or 14 pixels when a hex is smaller on the screen, it is picked up."""
REACH = 14.0
WAITING = "waiting: "
TRAY = 3
"""Hexes between the tray and the legal zone's side."""


class Waiting:
    """The waiting ship's counter on ``view``'s scene: shown by :meth:`show`, carried by the view's mouse events."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.item: QGraphicsItemGroup | None = None
        self.line = QGraphicsLineItem()
        """The counter's facing line (a part of :attr:`item`)."""
        self.name = ""
        self.home = QPointF()
        """The tray: where the counter waits."""
        self.facings: tuple[Facing, ...] = tuple(Facing)
        self.facing = Facing.A
        self.usual: Callable[[Label], Facing] = lambda _at: Facing.A
        """The facing a ship at that hex gets unless turned (the facing box's letter, or the engine's usual one)."""
        self.carried = False
        self.turned = False
        """Turned by the person while carried: the usual facing no longer follows the hex."""
        self.at: Label | None = None

    def show(self, name: str, colour: str, facings: tuple[Facing, ...], usual: Callable[[Label], Facing]) -> None:
        """The counter of ``name`` in its tray beside the legal zone (shown now), facing as it would at the tray."""
        self.hide()
        self.name, self.facings, self.usual = name, facings or tuple(Facing), usual
        self.facing = self.facings[0]
        step = self.view.layout_.size * 1.732
        zone, board = self.view.zone_item.path().boundingRect(), self.view.sceneRect()
        seen = self.view.mapToScene(self.view.viewport().rect()).boundingRect().intersected(board)
        left, right = zone.left() - TRAY * step, zone.right() + TRAY * step
        x = left if left > board.left() + step else right if right < board.right() - step else \
            seen.left() + TRAY * step  # a zone of the whole board's width (or none: any hex): over its left side
        x = seen.left() + TRAY * step if zone.isEmpty() else x
        self.home = QPointF(x, zone.center().y() if not zone.isEmpty() else seen.center().y())
        group = QGraphicsItemGroup()
        dot = QGraphicsEllipseItem(QRectF(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS))
        dot.setPen(QPen(QColor("white"), 1.2))
        dot.setBrush(QBrush(QColor(colour)))
        ring = QGraphicsEllipseItem(QRectF(-RADIUS - 3, -RADIUS - 3, 2 * RADIUS + 6, 2 * RADIUS + 6))
        ring.setPen(QPen(QColor("#f0e070"), 1.2))
        line = QGraphicsLineItem()
        line.setPen(QPen(QColor("white"), 1.6))
        for part in (ring, dot, line):
            group.addToGroup(part)
        group.setZValue(8)
        group.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)  # the screen's size at every zoom
        self.item, self.line = group, line
        self.view.scene_.addItem(group)
        self._put(self.home)
        self._name(True)

    def _name(self, shown: bool) -> None:
        """The words "waiting: NAME" beside the tray, laid out with the ships' names (readable at every zoom, the
        hex numbers kept clear of it: ship_labels.py), or taken away (the counter carried)."""
        labels = self.view.labels
        ships = [s for s in labels.ships if not s[0].startswith(WAITING)]
        if shown and self.item is not None:
            ships.append((f"{WAITING}{self.name}", self.home, self.view.layout_.size))
        labels.set_ships(ships)
    def hide(self) -> None:
        if self.item is not None:
            self.view.scene_.removeItem(self.item)
            self._name(False)
        self.item, self.carried, self.at, self.name = None, False, None, ""

    def focus(self) -> list[QPointF]:
        """Where the tray is, for the board's fit (nothing when no ship waits)."""
        return [self.home] if self.item is not None else []

    def hit(self, scene: QPointF) -> bool:
        """Whether a press at ``scene`` is on the waiting counter (within a hex of its dot)."""
        reach = max(self.view.layout_.size * 1.2, REACH / max(self.view.transform().m11(), 1e-6))
        return self.item is not None and not self.carried and QLineF(scene, self.item.pos()).length() <= reach

    def pick_up(self) -> None:
        self.carried, self.turned, self.at = True, False, None
        self._name(False)

    def carry(self, at: Label | None, scene: QPointF) -> None:
        """Carried over ``at`` (snapped to its centre), or under the pointer off the board."""
        self.at = at
        if at is not None and not self.turned and self.usual(at) in self.facings:
            self.facing = self.usual(at)
        self._put(self.view.centre(at) if at is not None else scene)

    def turn(self, steps: int) -> None:
        """Turned ``steps`` hexsides clockwise (negative: anticlockwise) among the facings allowed."""
        if self.facing in self.facings:
            i = self.facings.index(self.facing)
            self.facing = self.facings[(i + steps) % len(self.facings)]
        self.turned = True
        self._put(self.item.pos() if self.item is not None else self.home)

    def wheel(self, event: QWheelEvent) -> bool:
        """While carried, a notch of the wheel turns it a hexside (towards the user: clockwise); True when taken."""
        if not self.carried:
            return False
        steps = event.angleDelta().y() // 120
        if steps:
            self.turn(-steps)
        event.accept()
        return True

    def key(self, event: QKeyEvent) -> bool:
        """While carried, Right turns it clockwise, Left anticlockwise; True when taken."""
        turn = {Qt.Key.Key_Right: 1, Qt.Key.Key_Left: -1}.get(Qt.Key(event.key())) if self.carried else None
        if turn is None:
            return False
        self.turn(turn)
        event.accept()
        return True

    def drop(self) -> tuple[Label, Facing] | None:
        """Let go: where and facing what to place it, or None (back to the tray)."""
        at, self.carried, self.at = self.at, False, None
        self._put(self.home)
        self._name(True)
        return (at, self.facing) if at is not None else None

    def _put(self, p: QPointF) -> None:
        if self.item is None:
            return
        self.item.setPos(p)
        h = self.view.layout_
        tip = h.to_pixel(grid_hex(Label(2, 2)) + self.facing.vector)
        c = h.to_pixel(grid_hex(Label(2, 2)))
        d = QLineF(0, 0, tip[0] - c[0], tip[1] - c[1])
        d.setLength(RADIUS * 1.7)
        self.line.setLine(d)
        self.item.setToolTip(f"{self.name}, facing {self.facing.name}: drag it to a green hex; while it is carried "
                             "the wheel or the Left/Right keys turn it")


def offer(panel: B5Panel, run: B5Battle, q: Question | None) -> None:
    """The pending placement's ship waiting in its tray on the panel's board (none when no ship is asked for here)."""
    board = panel.board
    uid = str(q.data.get("unit", "")) if q is not None else ""
    if q is None or not uid or uid not in run.engine.units:
        board.waiting.hide()
        board.keep_focus()
        return
    e = run.engine
    teams = [e.defender, e.attacker]
    team = teams.index(e.units[uid].team) if e.units[uid].team in teams else 2
    board.waiting.show(run.unit_names().get(uid, uid), TEAM_COLOURS[team % 4], run.facings(),
                       lambda at: Facing.parse(panel._faced(str(at))))
    board.keep_focus()
