"""Stacked fleet counters fan out on hover (issue 22): counters sharing a sector (or a lane, in
transit) overlap and hide the sector's number and each other; while the pointer is over one of
them, the whole stack spreads into a row below the sector's number, each counter whole and
above the map, and closes again once the pointer leaves the row and the stack's own place.

The check made at every mouse move is a dictionary look-up and a rectangle test (well under
0.5 ms); counters move only when the hovered stack changes.
"""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF

from app.strategic.items import SECTOR_SIZE, FleetCounterItem

FAN_Z = 30.0
"""Fanned counters draw above every other counter and the order arrows."""


class StackFan:
    """The stacks of ``counters`` (visible ones, each at its stacked place) and the one fanned out."""

    def __init__(self, counters: Iterable[FleetCounterItem]) -> None:
        self._stack_of: dict[str, str] = {}
        self.stacks: dict[str, list[FleetCounterItem]] = {}
        self._home: dict[str, tuple[QPointF, float]] = {}
        for c in counters:
            f = c.fleet
            key = f"{f.sector}>{f.in_transit_to}" if f.in_transit_to is not None else str(f.sector)
            self._stack_of[f.id] = key
            self.stacks.setdefault(key, []).append(c)
            self._home[f.id] = (QPointF(c.pos()), c.zValue())
        self.fanned = ""
        """The key of the stack fanned out now ("" for none)."""
        self._area = QRectF()

    def stack(self, fleet_id: str) -> list[FleetCounterItem]:
        """The counters stacked with fleet ``fleet_id``'s (itself included)."""
        return self.stacks.get(self._stack_of.get(fleet_id, ""), [])

    def hover(self, at: QPointF, counter: FleetCounterItem | None) -> bool:
        """The pointer is at scene point ``at`` over ``counter`` (the top one, or None): fan out its
        stack, keep the fanned one while the pointer stays on it, close it once it leaves. True
        when counters moved."""
        if self.fanned and self._area.contains(at):
            return False
        key = self._stack_of.get(counter.fleet.id, "") if counter is not None else ""
        if key == self.fanned or (key and len(self.stacks[key]) < 2 and not self.fanned):
            return False
        self.close()
        if key and len(self.stacks[key]) > 1:
            self._open(key)
        return True

    def close(self) -> None:
        """Every counter of the fanned stack back at its stacked place."""
        for c in self.stacks.get(self.fanned, []):
            pos, z = self._home[c.fleet.id]
            c.setPos(pos)
            c.setZValue(z)
        self.fanned, self._area = "", QRectF()

    def _open(self, key: str) -> None:
        counters = self.stacks[key]
        step = counters[0].boundingRect().width() + 3  # a counter and its badge, with a gap
        homes = [self._home[c.fleet.id][0] for c in counters]
        centre = QPointF(sum(p.x() for p in homes) / len(homes), sum(p.y() for p in homes) / len(homes))
        y = centre.y() + SECTOR_SIZE * 0.15  # below the sector's number, which stays readable
        area = QRectF()
        for i, c in enumerate(counters):
            area = area.united(c.sceneBoundingRect())  # the stacked place: leaving the row for it keeps the fan
            c.setPos(QPointF(centre.x() + (i - (len(counters) - 1) / 2) * step, y))
            c.setZValue(FAN_Z + i)
            area = area.united(c.sceneBoundingRect())
        self.fanned, self._area = key, area.adjusted(-4, -4, 4, 4)
