"""The battle map's view: the tactical plane of :class:`app.systems.v13.scene.BattleScene` under the
mouse. It zooms around the cursor, pans, reports the hex under the mouse (``hovered``) with a
readout box in its corner, fans out hovered stacks, previews combat moves while a counter is
dragged, asks for context menus, and accepts units dropped from the roster. The readout box and
the legend are :class:`app.systems.v13.hud.HudView`'s, the base of the view.

Everything it shows comes from the engine through its ``controller`` (the battle window): the
view asks for verdicts and decides nothing itself.
"""
from __future__ import annotations

from html import escape
from typing import Protocol

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QToolTip

from app.systems.v13.counters import CounterItem, CounterSpec, abbreviation
from app.systems.v13.fan import fan_on_hover, near
from app.systems.v13.fit import core, fit_with_room, refits
from app.systems.v13.grid import HEX, LAYOUT, centre_of
from app.systems.v13.hud import HudView
from app.systems.v13.scene import ArrowItem, BattleScene, segments_path
from app.systems.v13.turning import ViewPicture
from app.widgets.zoom_view import SETTLE_MS, rest_timer
from hexmap import Hex

UNIT_MIME = "application/x-battlehex-unit"


def _click(press: QPointF | None, pos: QPointF) -> bool:
    """Whether a grab pressed at ``press`` is still a click at ``pos``: within the drag distance (a
    fanned-out counter may lie over the next hex: a click on it must not move it there)."""
    return press is not None and (pos - press).manhattanLength() < QApplication.startDragDistance()


__all__ = ["UNIT_MIME", "ArrowItem", "BattleMapView", "BattleScene", "CounterItem", "CounterSpec", "HEX", "LAYOUT",
           "abbreviation", "centre_of", "segments_path"]


class MapController(Protocol):
    """What the battle map asks of its window (the window asks the engine)."""

    def combat_mode(self) -> bool: ...
    def select(self, uid: str) -> None: ...
    def move_preview(self, uid: str, h: Hex) -> tuple[bool, str] | None: ...
    def move_to(self, uid: str, h: Hex) -> None: ...
    def verdict(self, uid: str, h: Hex) -> tuple[bool, str]: ...
    def drop(self, uid: str, h: Hex) -> None: ...


class BattleMapView(HudView):
    """Wheel zooms around the cursor (Shift+wheel turns the facing); drag the empty map with
    the left or middle button to pan; right-click asks for a context menu.

    ``controller`` answers ``verdict(uid, hex) -> (ok, text)`` while a unit is dragged from the
    roster and ``drop(uid, hex)`` when it is dropped; in combat (``combat_mode()``) a press on
    a counter calls ``select(uid)``, dragging it asks ``move_preview(uid, hex) -> (ok, text) |
    None`` whenever the hex under the cursor changes, and a release after a drag (no click) calls ``move_to``.
    """

    SETTLE_MS = SETTLE_MS
    rotate = Signal(int)
    hovered = Signal(object)  # the Hex under the mouse, or None when the mouse leaves the map
    context_requested = Signal(object, object, object)  # uid or None, the Hex, the global QPoint

    def __init__(self, scene: BattleScene, parent=None) -> None:
        super().__init__(parent)
        self.setScene(scene)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragMode(HudView.DragMode.ScrollHandDrag)
        self.setResizeAnchor(HudView.ViewportAnchor.AnchorViewCenter)
        self.flat_scroll_bars()  # repainted at every zoom step: plain ones cost next to nothing
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        # the view handles every click itself: no scene item takes the mouse, and the scene
        # need not look for items under the cursor at every move (tooltips still work)
        self.setInteractive(False)
        self.controller: MapController | None = None
        self.auto_fit = True  # keep fitting the window until the user zooms or pans
        self._fit_rect: QRectF | None = None
        self._middle, self._sheet = QRectF(), QRectF()  # the plane the last fit centred, the sheet it showed
        self._focused: QRectF | None = None  # what the last fit showed: a resize fits it again, the map stays put
        self._fitted, self._fit_size = self.transform(), QSize()  # the transform and the view's size of the last fit
        self._last: Hex | None = None
        self._hover: Hex | None = None
        self._grab: str | None = None
        self._grab_from: Hex | None = None
        self._drag_at: Hex | None = None
        self._press_at: QPointF | None = None  # where the grab began, until it is a drag
        self._pan: QPointF | None = None
        self._rehover = QTimer(self)  # once the window has redrawn: tell the hex under the mouse again
        self._rehover.setSingleShot(True)
        self._rehover.setInterval(0)
        self._rehover.timeout.connect(self._hover_again)
        scene.content_changed.connect(self._rehover.start)
        self._settled = rest_timer(self, lambda: self.scene().set_quick(False))  # a zoom is over once the wheel rests
        self.turn = ViewPicture(self)  # the screen as the wheel began to turn, scaled until it rests (or it changes)

    # -- what the window uses -----------------------------------------------------------------------
    def hex_at(self, pos) -> Hex:
        """The hex under the viewport point ``pos``."""
        p = self.mapToScene(pos.toPoint() if hasattr(pos, "toPoint") else pos)
        return LAYOUT.from_pixel(p.x(), p.y())

    def counter_at(self, pos) -> CounterItem | None:
        """The topmost counter under the viewport point ``pos``: only the stacks and piles near it and
        the fan are looked at (cheap enough for every mouse move, unlike ``items()``)."""
        scene = self.scene()
        if not scene.stacks:
            return None
        x, y = pos.x(), pos.y()
        vt = self.viewportTransform()  # the view scales and scrolls, never turns
        s, t, dx, dy = vt.m11(), vt.m22(), vt.dx(), vt.dy()
        best, z = None, 0.0
        for items in near(scene, (x - dx) / s, (y - dy) / t, self.transform().m11()):
            for item in items:  # its square: side px, centred offset (screen pixels) from its place
                c, o, half = item.pos(), item.offset, item.px / 2
                if abs(c.x() * s + dx + o.x() - x) <= half and abs(c.y() * t + dy + o.y() - y) <= half \
                        and (best is None or item.zValue() > z):
                    best, z = item, item.zValue()
        return best

    def dragging(self) -> bool:
        """Whether a counter is being dragged (a combat move before its drop)."""
        return self._grab is not None

    def default_readout(self, h: Hex) -> str:
        """The readout until the window says more: the hex label, on or off the sheet, and who
        stands there."""
        grid = self.scene().grid
        on = grid.on_sheet(h)
        here = ", ".join(escape(c.spec.name) for c in self.scene().counters_at(h))
        return (f"<b>{escape(str(grid.window.label(h)))}</b> \u2014 "
                + ("on the map sheet" if on else "<span style='color:#7a4a00'>off the sheet</span>")
                + (f"<br>{here}" if here else ""))

    def fit_to(self, rect: QRectF | None = None) -> None:
        """Show ``rect`` (default: the scene's sheet and units), and keep showing it when the
        view is resized or first shown, until the user zooms or pans."""
        self._fit_rect = QRectF(rect) if rect is not None else None
        self.auto_fit = True
        self._fitted = self.transform()
        self._fit()

    def keep_focus(self) -> None:
        """A fitted view (nobody zoomed or panned since) not showing all it would fit (a zone off the sheet, the
        attackers' ring) fits again; a zone or ring at least half in view, with the sheet and every counter, stays
        (issue 22: the map moved under the pointer after a drop near the sheet's edge, the next unit's zone a little
        past the view). All it would fit in less than half the view each way (0509's ring gone at combat) fits, and so
        does a view whose sheet floated since or a counter cut at its edge (0703: :func:`app.systems.v13.fit.refits`
        says which)."""
        if self.auto_fit and refits(self):
            self._fit()

    def _fit(self, again: bool = False) -> None:  # again: what the last fit showed (a resize: issue 22, 0509)
        if self.transform() != self._fitted:  # zoomed by someone else since (fitInView, scale)
            self.auto_fit = False
            return
        scene = self.scene()
        rect = self._fit_rect or (self._focused if again and self._focused is not None else scene.focus_rect())
        if not again or self._focused is None:  # what it centres (without the focus' margins): kept on a resize
            self._middle = core(scene) if self._fit_rect is None else QRectF(rect)
        self._focused = QRectF(rect)
        self._sheet = scene.grid.sheet_rect()  # where the sheet lay: a float (V13.811's too) fits again
        scale = fit_with_room(self, rect, self._middle)  # room for the counters, which keep their size on the screen
        if not 0 < scale <= self.MAX_SCALE:  # e.g. a view not laid out yet (a fit may go below MIN_SCALE)
            self.zoom(1.0)
            self.centerOn(rect.center())
        self._fitted = self.transform()
        scene.set_zoom(self.transform().m11())

    def zoom(self, factor: float) -> None:
        """Zoom by ``factor``, quickly: until the zoom rests for :attr:`SETTLE_MS`, the map
        shows what it has not drawn at the new zoom from its pictures scaled
        (:meth:`BattleScene.set_quick`), then draws it sharp."""
        if factor < 1 and self.transform().m11() < self.MIN_SCALE:  # fitted below the wheel's least zoom: stays
            return
        self.turn.take()
        self.scene().set_quick(True)
        self._settled.start()
        super().zoom(factor)
        self.scene().set_zoom(self.transform().m11())

    # -- resizing, showing, painting ----------------------------------------------------------------
    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)  # the overlays are placed again
        if self.auto_fit and self.size() != self._fit_size:  # not its scroll bars coming and going (a fit's)
            self._fit(again=True)

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if self.auto_fit:  # shown again after a hand-over: where it was (issue 22: the map jumped at 0509's GM's turn)
            self._fit(again=True)

    def paintEvent(self, event) -> None:  # noqa: N802
        self.scene().set_zoom(self.transform().m11())  # also after a fitInView or scale by others
        self.turn.paint(event) or super().paintEvent(event)

    # -- the mouse ----------------------------------------------------------------------------------
    def _hover_at(self, pos: QPointF) -> None:
        """Track the hex under the mouse (signal and readout only when it changes; over a counter,
        its own hex, as its tooltip says, though it may lie over a neighbour) and fan out stacks."""
        scene = self.scene()
        over = self.counter_at(pos) if scene.stacks else None
        h = over.spec.hex if over is not None and self._grab is None else self.hex_at(pos)
        if h != self._hover:
            self._hover = h
            self.readout.set_html(self.default_readout(h))
            self.hovered.emit(h)
        fan_on_hover(self, pos, over, h)

    def _hover_again(self) -> None:
        """Units moved or the sheet floated under a still mouse: a fresh readout and signal."""
        if self._hover is not None:
            self.readout.set_html(self.default_readout(self._hover))
            self.hovered.emit(self._hover)
            self.readout.flush()

    def viewportEvent(self, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Leave:  # off the map (also onto a scroll bar or the legend button)
            if self._hover is not None:
                self._hover = None
                self.readout.set_html("")
                self.hovered.emit(None)
            self.scene().expand(None)
        if event.type() == QEvent.Type.ToolTip:  # the tooltip of the counter a click would take
            over = self.counter_at(QPointF(event.pos()))
            QToolTip.showText(event.globalPos(), over.toolTip() if over is not None else "", self.viewport())
            return True
        return super().viewportEvent(event)

    def _combat(self) -> bool:
        return self.controller is not None and self.controller.combat_mode()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        """Right: a context menu is asked for; middle: pan; left on a counter in combat: select
        it and start a move; left elsewhere: pan (the scroll-hand drag)."""
        pos = event.position()
        if event.button() == Qt.MouseButton.RightButton:
            item = self.counter_at(pos)
            at = (item.uid, item.spec.hex) if item is not None else (None, self.hex_at(pos))  # its hex, as its tip
            self.context_requested.emit(*at, event.globalPosition().toPoint())
            event.accept()
            return
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        item = self.counter_at(pos)
        if event.button() == Qt.MouseButton.LeftButton and item is not None and self._combat():
            self._grab, self._grab_from, self._drag_at = item.uid, item.spec.hex, item.spec.hex
            self._press_at = QPointF(pos)
            self.controller.select(item.uid)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        pos = event.position()
        if self._pan is not None:
            d = pos - self._pan
            self._pan = pos
            self.auto_fit = False
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(d.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(d.y()))
            event.accept()
        elif self._grab is not None:
            if not _click(self._press_at, pos):  # a drag from now on
                self._press_at = None
                self._drag_to(self.hex_at(pos))
            event.accept()
        else:
            if event.buttons() & Qt.MouseButton.LeftButton:
                self.auto_fit = False  # the scroll-hand drag pans
            super().mouseMoveEvent(event)
        self._hover_at(pos)

    def _drag_to(self, h: Hex) -> None:
        """While a counter is dragged: its ghost and the engine's words on the hex under it."""
        if h == self._drag_at:
            return
        self._drag_at = h
        scene = self.scene()
        if h == self._grab_from:
            scene.show_ghost(None)
            scene.show_hover(None)
            return
        scene.show_ghost(self._grab, h)
        got = self.controller.move_preview(self._grab, h) if self.controller is not None else None
        scene.show_hover(None) if got is None else scene.show_hover(h, *got)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton and self._pan is not None:
            self._pan = None
            self.viewport().unsetCursor()
            event.accept()
            return
        if self._grab is not None and event.button() == Qt.MouseButton.LeftButton:
            uid, self._grab, self._drag_at = self._grab, None, None
            click, self._press_at = _click(self._press_at, event.position()), None
            self.scene().show_ghost(None)
            self.scene().show_hover(None)
            if not click:  # a click only selected the counter
                self.controller.move_to(uid, self.hex_at(event.position()))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.rotate.emit(1 if event.angleDelta().y() < 0 else -1)
            event.accept()
            return
        self.auto_fit = False
        self.scene().expand(None)  # a fan laid at the old zoom: found again at the new one (issue 22, 0907)
        super().wheelEvent(event)
        self._hover_at(event.position())

    # -- units dragged from the roster --------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
            self._last = None
        else:
            event.ignore()

    def _dragged(self, event) -> tuple[str, Hex] | None:
        """The unit being dragged and the hex under the cursor, or ``None`` (event ignored)."""
        if not event.mimeData().hasFormat(UNIT_MIME) or self.controller is None:
            event.ignore()
            return None
        event.acceptProposedAction()
        return bytes(event.mimeData().data(UNIT_MIME)).decode(), self.hex_at(event.position())

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        got = self._dragged(event)
        if got is not None and got[1] != self._last:
            self._last = got[1]
            ok, text = self.controller.verdict(*got)
            self.scene().show_hover(got[1], ok, text)

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        self.scene().show_hover(None)

    def dropEvent(self, event) -> None:  # noqa: N802
        got = self._dragged(event)
        if got is not None:
            self.controller.drop(*got)

