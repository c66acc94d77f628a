"""The strategic map's view: zoom with the wheel and pan by dragging the map (fitting the
window until the user zooms), the overlay legend in its corner, the hovered sector and fleet
reported, and movement orders given by dragging a fleet counter along the lanes or by a click
on the destination after "Give orders...", previewed as the mouse moves. The right-click
menus are :mod:`app.strategic.menus`; what is drawn is :mod:`app.strategic.scene`.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QGraphicsView, QMenu, QWidget

from app.strategic.overlays import OverlayLegend, Overlays, OwnerStrip
from app.strategic.items import FleetCounterItem, SectorItem
from app.strategic.scene import StrategicScene
from app.widgets.zoom_view import QuickZoomView, flat_scroll_bars
from rules.model import Campaign


class StrategicView(QuickZoomView):
    """Zoom with the wheel (around the cursor; while it turns the map shown when it began is shown
    scaled, drawn sharp once it rests: :class:`QuickZoomView`), pan by dragging the map, give orders by
    dragging a fleet counter along the lanes (or by "Give orders..." and a click on the
    destination), and right-click menus on fleets and sectors.

    ``planner`` (set by the window) answers ``preview(fleet_id, label) -> (path, ok, text)``
    and ``commit(fleet_id, label)``, holds the open ``campaign``, and carries out the menus'
    ``inspect_fleet(fleet_id)``, ``inspect_sector(label)``, ``clear_orders(fleet_id)`` and
    ``fight(at)``; the view itself decides nothing.
    """

    hovered = Signal(str)
    fleet_hovered = Signal(str)
    message = Signal(str, int)
    """A line for the status bar, and how long it stays (ms)."""

    def __init__(self, parent=None) -> None:
        self._flat = False
        super().__init__(parent)
        # a viewport made here rather than Qt's own: handing Qt's own to Python (the legend's place,
        # any viewport()) made PySide6 build some 30 Qt enum types while looking up its class (~5 ms of
        # the start, issue 21); the same widget as Qt's (name, role, attributes: setViewport gives them)
        viewport = QWidget()
        viewport.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, True)  # as QGraphicsView sets on its own
        self.setViewport(viewport)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)  # panning is ours: sectors accept presses
        self.setMouseTracking(True)
        self.auto_fit = True
        self.planner = None
        self._press: QPointF | None = None
        self._last = QPointF()
        self._panning = False
        self._hovered = ""
        self._drag_fleet: str | None = None
        self._drag_target = ""
        self._hover_fleet = ""
        self._pick_fleet: str | None = None
        self.legend = OverlayLegend(self)
        self.owners = OwnerStrip(self)  # the owner colours, in the bottom margin under the map
        self.owners.hide()
        self.menu: QMenu | None = None

    def setScene(self, scene) -> None:  # noqa: N802
        self.cancel_pick()
        super().setScene(scene)
        self.auto_fit = True
        self.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()
        self.place_legend()

    # -- the overlay legend --------------------------------------------------------------------
    def show_legend(self, overlays: Overlays, campaign: Campaign | None) -> None:
        """Explain the overlays that are on in the view's bottom-left corner, and the owner
        colours under the map (hidden while the Control overlay replaces them)."""
        self.legend.show_for(overlays, campaign)
        self.owners.show_for(None if overlays.control else campaign)
        self.place_legend()

    def place_legend(self) -> None:
        strip = self.owners
        room = strip.heightForWidth(self.width()) if strip.isVisibleTo(self) else 0
        if self.viewportMargins().bottom() != room:
            self.setViewportMargins(0, 0, 0, room)
            if self.auto_fit:  # the map fits the viewport left to it
                self.fit()
        if room:  # in the margin under the viewport: the horizontal bar, when shown, is under the margin
            strip.setGeometry(0, self.viewport().geometry().bottom() + 1, self.width(), room)
            strip.raise_()
        area = self.viewport().geometry()
        self.legend.move(area.left() + 10, max(area.top() + 10, area.bottom() - self.legend.height() - 10))
        self.legend.raise_()

    def flat_scroll_bars(self) -> None:
        """Nothing when the view is made (QuickZoomView asks then): the bars turn plain at the first zoom
        (:meth:`zoom`), as asking for them at start made PySide6 build Qt enum types (test_view_viewport)."""

    def zoom(self, factor: float) -> None:
        """Zoom as :class:`QuickZoomView` (the screen before the wheel began, scaled, until it rests); the
        map stops auto-fitting the window. The scroll bars turn plain at the first zoom (the style's took
        ~3.5 ms of each zoom's and drag's repaint, issue 21)."""
        self.auto_fit = False
        if not self._flat:
            self._flat = True
            flat_scroll_bars(self)
        super().zoom(factor)
        self.place_legend()  # the scroll bars may have come or gone: the owner strip stays above the bar

    def fit(self) -> None:
        """Show the whole map; it then keeps fitting the window until the user zooms."""
        if self.scene():
            self.resetTransform()
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self.auto_fit = True
            self.place_legend()

    def centre_on(self, label: str) -> None:
        """Centre the map on a sector; a map shown whole is first zoomed in, so it can move."""
        scene = self.scene()
        if not isinstance(scene, StrategicScene) or label not in scene.sector_items:
            return
        if self.auto_fit:
            self.zoom(2.0)
        self.auto_fit = False
        item = scene.sector_items[label]
        self.centerOn(item)
        # zooming in may bring the scroll bars, which narrow the viewport once laid out: again then
        QTimer.singleShot(0, lambda: self.centerOn(item) if item.scene() is self.scene() else None)

    def _sector_at(self, pos) -> str:
        under = self.items(pos.toPoint())
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        return sector.label if sector else ""

    # -- right-click menus ------------------------------------------------------------------------
    def contextMenuEvent(self, event) -> None:  # noqa: N802
        scene = self.scene()
        if not isinstance(scene, StrategicScene) or self.planner is None:
            super().contextMenuEvent(event)
            return
        self.cancel_pick()
        under = self.items(event.pos())
        counters = [i for i in under if isinstance(i, FleetCounterItem)]  # top first
        counter = counters[0] if counters else None
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        if counter is None and sector is None:
            event.ignore()
            return
        from app.strategic.menus import fleet_menu, sector_menu, stack_menu  # not before the first frame (issue 21)

        if len(counters) > 1:  # stacked: a picker of every fleet here, each with its menu
            menu = stack_menu(self, list({c.fleet.id: c.fleet for c in counters}.values()))
        else:
            menu = fleet_menu(self, counter.fleet) if counter is not None else sector_menu(self, sector.label)
        event.accept()
        self.menu = menu
        menu.exec(event.globalPos())
        self.menu = None
        menu.deleteLater()

    # -- orders by a click on the destination -------------------------------------------------
    def start_pick(self, fleet_id: str) -> None:
        """Give orders by clicking the destination: the path follows the mouse; Esc cancels."""
        scene = self.scene()
        counter = scene.counter(fleet_id) if isinstance(scene, StrategicScene) else None
        if counter is None or self.planner is None:
            return
        self._pick_fleet, self._drag_target = fleet_id, ""
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.setFocus()
        self.message.emit(f"Orders for {counter.fleet.name}: click the destination sector (the path follows the "
                          "lanes; Esc or a right click cancels). Dragging the counter does the same.", 0)

    def cancel_pick(self, say: bool = False) -> None:
        if self._pick_fleet is None:
            return
        self._pick_fleet, self._drag_target = None, ""
        self.viewport().unsetCursor()
        if isinstance(self.scene(), StrategicScene):
            self.scene().clear_preview()
        if say:
            self.message.emit("Orders: cancelled", 4000)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self._pick_fleet is not None:
            self.cancel_pick(say=True)
            event.accept()
            return
        super().keyPressEvent(event)

    # -- mouse ----------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self._pick_fleet is not None:
            fleet, target = self._pick_fleet, self._sector_at(event.position())
            if event.button() == Qt.MouseButton.LeftButton and target:
                self.cancel_pick()
                self.planner.commit(fleet, target)
            elif event.button() != Qt.MouseButton.LeftButton:
                self.cancel_pick(say=True)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            if isinstance(self.scene(), StrategicScene):
                self.scene().clear_preview()
            self._press = self._last = event.position()
            self._panning = False
            counter = next((i for i in self.items(event.position().toPoint()) if isinstance(i, FleetCounterItem)),
                           None)
            self._drag_fleet = counter.fleet.id if counter is not None and self.planner is not None else None
            self._drag_target = ""
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        """Drag a counter: preview its orders; drag the map: pan; otherwise report the hover."""
        pos = event.position()
        if self._pick_fleet is not None:
            self._preview_to(self._sector_at(pos), self._pick_fleet)
        elif self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            moved = (pos - self._press).manhattanLength() >= QApplication.startDragDistance()
            if self._drag_fleet is not None:
                if moved or self._drag_target:
                    self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                    self._preview_to(self._sector_at(pos), self._drag_fleet)
                event.accept()
                return
            if not self._panning and moved:
                self._panning = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning:
                delta = pos - self._last
                self._last = pos
                self.auto_fit = False
                h, v = self.horizontalScrollBar(), self.verticalScrollBar()
                h.setValue(h.value() - round(delta.x()))
                v.setValue(v.value() - round(delta.y()))
                event.accept()
                return
        super().mouseMoveEvent(event)
        under = self.items(pos.toPoint())
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        label = sector.label if sector else ""
        if label != self._hovered:
            self._hovered = label
            self.hovered.emit(label)
        counter = next((i for i in under if isinstance(i, FleetCounterItem)), None)
        scene = self.scene()
        if isinstance(scene, StrategicScene) and scene.fan.hover(self.mapToScene(pos.toPoint()), counter):
            counter = next((i for i in self.items(pos.toPoint()) if isinstance(i, FleetCounterItem)), None)
        fid = counter.fleet.id if counter else ""
        if fid != self._hover_fleet:
            self._hover_fleet = fid
            self.fleet_hovered.emit(fid)

    def leaveEvent(self, event) -> None:  # noqa: N802
        """The pointer left the map: a fanned-out stack closes, and no sector is named as hovered (the
        status bar's readout kept the last sector for the next player at a hand-over, issue 22)."""
        scene = self.scene()
        if isinstance(scene, StrategicScene):
            scene.fan.close()
        if self._hovered:
            self._hovered = ""
            self.hovered.emit("")
        super().leaveEvent(event)

    def _preview_to(self, label: str, fleet_id: str) -> None:
        scene = self.scene()
        if not label or label == self._drag_target or not isinstance(scene, StrategicScene):
            return
        self._drag_target = label
        path, ok, text = self.planner.preview(fleet_id, label)
        scene.show_preview(path, ok, text)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._drag_fleet is not None and self._drag_target:
            fleet, target = self._drag_fleet, self._drag_target
            self._drag_fleet, self._drag_target, self._press = None, "", None
            self.viewport().unsetCursor()
            super().mouseReleaseEvent(event)
            scene = self.scene()
            # The path and its balloon go with the drop, accepted or refused: a refusal's reason
            # stays in the status bar (the planner shows it there).
            if isinstance(scene, StrategicScene):
                scene.clear_preview()
            self.planner.commit(fleet, target)
            return
        if self._panning:
            self.viewport().unsetCursor()
        self._press, self._panning, self._drag_fleet = None, False, None
        super().mouseReleaseEvent(event)
