"""The battle panel's placement controls (V13.430-V13.47x): the roster of units still to
place (drag one onto the map, or right-click a hex), the facing and the speed before Turn 1,
and the legal zone, minimum-range ring and drop verdicts the engine gives for them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.systems.v13.map import UNIT_MIME
from app.widgets.titles import plain_words
from hexmap import Facing, Hex
from rules.systems.v13.queries import forced_facing, keep_out
from rules.battlehex.questions import QKind

if TYPE_CHECKING:
    from app.systems.v13.panel import V13Panel


def class_words(designation: str, kind: str) -> str:
    """A unit's class as the roster shows it: a kind's data code (``GROUND_BASE``) in words
    ("ground base"), as the unit kinds are named in words elsewhere; a class designation as it is."""
    if not designation or designation.lower() == kind:
        return {"defsat": "DefSat"}.get(kind, kind.replace("_", " "))
    return designation


def reveal(w: QWidget) -> None:
    """Scroll the side panel that holds ``w`` until ``w`` is whole in view (a small screen: the panel scrolls)."""
    area = w.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    if area is not None:
        area.ensureWidgetVisible(w, 0, 0)


class RosterList(QListWidget):
    """Units still to place; drag one onto the map."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(True)  # a long name wraps: "Tau Ceti IV Ground Base Alpha (ground base)" was cut
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:  # noqa: N802
        """As tall as its rows (four at most; two when empty), not Qt's 192 pixels: at QT_SCALE_FACTOR=2 on the
        1600x1000 screen three units' roster pushed the facing, the speed and the drop's verdict below the side
        panel's fold (issue 22: a refusal was only seen cut short in the status bar)."""
        rows = [self.sizeHintForRow(i) for i in range(min(self.count(), 4))] or [self.fontMetrics().height()] * 2
        return QSize(super().sizeHint().width(), sum(rows) + 2 * self.frameWidth() + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def mimeData(self, items):  # noqa: N802 (Qt name)
        data = QMimeData()
        if items:
            data.setData(UNIT_MIME, items[0].data(Qt.ItemDataRole.UserRole).encode())
        return data

    def mimeTypes(self):  # noqa: N802
        return [UNIT_MIME]

    def startDrag(self, actions) -> None:  # noqa: N802
        item = self.currentItem()
        if item is None:
            return
        drag = QDrag(self)
        drag.setMimeData(self.mimeData([item]))
        drag.exec(Qt.DropAction.MoveAction)


class SetupPanel(QWidget):
    """Roster, facing and speed of the unit being placed; hidden once the battle starts."""

    def __init__(self, window: V13Panel) -> None:
        super().__init__(window.win)
        self.w = window
        self.facing = Facing.A
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        head = QLabel("<b>Units to place</b> (drag onto the map, or P)")
        head.setWordWrap(True)  # every row fits the side panel: nothing scrolls sideways (issue 22)
        head.setToolTip("Drag a unit onto the map, right-click a hex, or by keys: N chooses the unit, P puts a hex "
                        "cursor on its legal zone (arrows, Tab, [ ], Return places, Escape cancels)")
        lay.addWidget(head)
        self.roster = RosterList()
        self.roster.currentItemChanged.connect(lambda *_: self.show_zone())
        lay.addWidget(self.roster, 1)
        row = QHBoxLayout()
        self.facing_label = QLabel("")
        self.facing_label.setWordWrap(True)  # a facing the rules force names its rule
        left = QPushButton("\u27f2")
        left.setToolTip("Turn the facing counter-clockwise ([ or Shift+wheel)")
        left.clicked.connect(lambda: self.turn_facing(-1))
        right = QPushButton("\u27f3")
        right.setToolTip("Turn the facing clockwise (] or Shift+wheel)")
        right.clicked.connect(lambda: self.turn_facing(1))
        for b in (left, right):  # as wide as their arrows, not a standard button's width
            b.setFixedWidth(b.fontMetrics().horizontalAdvance("\u27f3") * 3 + 8)
        for x in (QLabel("Facing:"), self.facing_label, left, right):
            row.addWidget(x)
        row.addStretch(1)
        lay.addLayout(row)
        row2 = QHBoxLayout()
        self.speed = QSpinBox()
        self._speed_of: str | None = None  # the unit the speed was last set for
        self.speed_rule = QLabel("")  # its range and rule on a line of their own: "0-20 (V13.435)" was cut
        self.speed_rule.setWordWrap(True)
        for x in (QLabel("Speed before Turn 1:"), self.speed):
            row2.addWidget(x)
        row2.addStretch(1)
        lay.addLayout(row2)
        lay.addWidget(self.speed_rule)

    # -- showing -----------------------------------------------------------------------------------
    def show_state(self) -> None:
        """The roster, the zone and ring of the unit being placed, and its facing."""
        self._fill_roster()
        self.show_zone()
        self.update_facing()

    def _fill_roster(self) -> None:
        b = self.w.b
        q = b.pending
        current = self.selected_unit()
        self.roster.blockSignals(True)
        self.roster.clear()
        if q is not None and q.kind is QKind.PLACE:
            for uid in q.options:
                u = b.state.units[uid]
                item = QListWidgetItem(f"{u.name} ({class_words(u.unit.class_designation, u.unit.kind.value)})")
                item.setData(Qt.ItemDataRole.UserRole, uid)
                self.roster.addItem(item)
                if uid == current:
                    self.roster.setCurrentItem(item)
            if self.roster.currentItem() is None and self.roster.count():
                self.roster.setCurrentRow(0)
        self.roster.blockSignals(False)
        self.roster.updateGeometry()  # as tall as its rows now

    def selected_unit(self) -> str | None:
        """The roster's chosen unit (the one a drop or a right-click places)."""
        item = self.roster.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def show_zone(self) -> None:
        """The legal hexes of the chosen unit, the ring it must keep out of, its speed range
        and how many hexes are legal (all asked of the engine)."""
        w, uid = self.w, self.selected_unit()
        if w.b is None or uid is None:
            w.scene.show_zone([], [])
            w.scene.show_ring([], [])
            w.verdict_label.setText("")
            return
        q, r = w.b.placement.zone_arrays(uid)
        ruled = w.b.pending.data.get("ruled", {}).get(uid) if w.b.pending is not None else None
        at = w.b.ctx.window.hex_at(ruled) if ruled is not None else None
        w.scene.show_zone(*((q, r) if at is None else (np.array([at.q]), np.array([at.r]))))  # no way on: the ruled hex
        ring_q, ring_r, ring_rule = keep_out(w.b.ctx, w.b.placement, uid)
        w.scene.show_ring(ring_q, ring_r)
        w.view.keep_focus()  # the attackers' zone lies 50 hexes off: a fitted map shows it (issue 22)
        u = w.b.state.units[uid]
        low, high, rule = w.b.placement.speed_rule(u)
        self.speed.setRange(low, high)
        if uid != self._speed_of:  # each unit starts at its lowest speed, not the last one's clamped into its range:
            self.speed.setValue(low)  # after the attackers' fixed 31 the incidental bases opened at 4 (issue 22)
            self._speed_of = uid
        self.speed.setEnabled(low != high)
        self.speed_rule.setText(f"{low}-{high} ({rule})" if low != high else f"fixed ({rule})")
        text = (f"No way on by the rules for {u.name}: P then Return places it at {w.b.ctx.where(at)}, the engine's "
                "ruling (logged), or the GM overrules a refused drop (Ctrl+Shift+R)" if at is not None else
                f"{len(q)} legal hexes for {u.name}" if len(q) else
                f"No legal hex for {u.name} now: {w.b.placement.check(uid, u.pos or Hex(0, 0))}")
        w.verdict_label.setText(text + (f"<br>Red ring: {ring_rule}" if ring_rule else ""))

    def _forced(self) -> tuple[Facing, str] | None:
        uid = self.selected_unit()
        return forced_facing(self.w.b.ctx, uid) if self.w.b is not None and uid is not None else None

    def update_facing(self) -> None:
        """The facing shown; the engine says when it is not the player's to choose (V13.446)."""
        forced = self._forced()
        if forced is not None:
            self.facing = forced[0]
        self.facing_label.setText(f"<b>{self.facing.name}</b>" + (f" ({forced[1]})" if forced else ""))

    def turn_facing(self, step: int) -> None:
        """Turn the facing of the unit to place by ``step`` hex sides (clockwise positive)."""
        self.facing = self.facing.rotate(step)
        if self.w.b is not None:
            self.update_facing()

    # -- placing -------------------------------------------------------------------------------------
    def verdict(self, uid: str, h: Hex) -> tuple[bool, str]:
        """While a unit is dragged over ``h``: is the drop legal, and why not."""
        b = self.w.b
        if b is None or b.pending is None or b.pending.kind is not QKind.PLACE or uid not in b.pending.options:
            return False, "not this unit's turn"
        facing = None if self._forced() is not None else self.facing
        label = b.ctx.where(h)
        if b.pending.data.get("ruled", {}).get(uid) == b.ctx.label(h):  # the rules leave no hex: the engine rules this
            return True, (f"{label}: no hex is legal ({plain_words(b.pending.data.get('rule', ''))}); the engine's "
                          "ruling places it here (logged)")
        v = b.placement.check(uid, h, facing, self.speed.value() if self.speed.isEnabled() else None)
        return v.ok, (f"{label}: legal" + (" (facing will be corrected, V13.443)" if v.note else "")) if v.ok \
            else plain_words(f"{label}: {v.rule}: {v.reason}")  # "V13.462: ...", not "V13.462 / A-22: ..."

    def answer_for(self, uid: str, h: Hex) -> dict[str, Any]:
        """The placement answer for dropping ``uid`` on ``h`` with the facing and speed set."""
        b = self.w.b
        raw: dict[str, Any] = {"unit": uid, "at": b.ctx.label(h)}
        if forced_facing(b.ctx, uid) is None:
            raw["facing"] = self.facing.name
        if self.speed.isEnabled():
            raw["speed"] = self.speed.value()
        return raw
