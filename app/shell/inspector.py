"""The main window's inspector and map overlays: what the inspector shows of the selection,
which overlays the strategic map shows, the supply route of a hovered fleet, and a fleet or
sector brought into the inspector (the planner protocol :class:`app.strategic.view.StrategicView`
uses while a counter is dragged)."""
from __future__ import annotations

from app.strategic.describe import fleet_html, sector_html, sector_status_html, welcome_html
from app.strategic.scene import StrategicScene
from rules.model import visibility


class InspectMixin:
    """For :class:`app.shell.window.MainWindow` (its ``overlays``, ``strategic_view``,
    ``session``, ``overlay_actions``, ``gm_view_action``, ``inspector`` and ``inspector_dock``)."""

    def _selection_changed(self) -> None:
        """The inspector shows the fleet or sector selected, as the viewer may know it."""
        scene = self.strategic_view.scene()
        if not isinstance(scene, StrategicScene) or self.session is None:
            return
        gm = self.gm_view_action.isChecked()
        fleet = scene.selected_fleet()
        if fleet is not None and not gm and not visibility.seen_by(self.session.campaign, fleet.name, visibility.TABLE):
            self.show_welcome()  # a fleet the table may not know of
            return
        if fleet is not None:
            self._welcome_shown = None  # a selection's page, until the first page is shown again
            self.inspector.setHtml(fleet_html(self.session.state, fleet, gm, scene.seat))
            return
        sector = scene.selected_sector()
        if sector is not None:
            self._welcome_shown = None
            self.inspector.setHtml(sector_html(self.session.campaign, sector, gm, scene.seat)
                                   + sector_status_html(self.session.state, sector, gm))
            return
        if getattr(self, "_welcome_shown", None) is not None:  # the first page follows the turn
            self.show_welcome()

    def show_welcome(self) -> None:
        """The inspector's first page, the campaign as it is now (set again only when its words
        changed, so the reader's scroll stays)."""
        welcome = welcome_html(self.session.campaign)
        if welcome != getattr(self, "_welcome_shown", None):
            self.inspector.setHtml(welcome)
        self._welcome_shown = welcome

    def set_overlay(self, key: str, on: bool) -> None:
        """Switch the control, supply or lanes overlay on or off."""
        setattr(self.overlays, key, on)
        self.overlay_actions[key].setChecked(on)
        scene = self.strategic_view.scene()
        if isinstance(scene, StrategicScene):
            scene.set_overlays(self.overlays)
        self.strategic_view.show_legend(self.overlays, self.campaign)

    def _fleet_hovered(self, fleet_id: str) -> None:
        """With the supply overlay on, hovering a fleet draws its route to a supply point."""
        scene = self.strategic_view.scene()
        if not isinstance(scene, StrategicScene) or self.session is None:
            return
        fleet = next((f for f in self.session.campaign.fleets if f.id == fleet_id), None)
        if fleet is None or not self.overlays.supply:
            scene.show_route([])
            return
        route = self.session.state.supply.route(fleet.power, fleet.sector)
        scene.show_route(route)
        self.statusBar().showMessage(
            f"{fleet.name}: In Supply via {' -> '.join(map(str, route))}" if route
            else f"{fleet.name}: Out of Supply (no route of at most 2 lanes to a supply point)", 6000)

    # planner protocol used by StrategicView while a counter is dragged
    def inspect_fleet(self, fleet_id: str) -> None:
        """Select the fleet's counter, so the inspector shows it."""
        scene = self.strategic_view.scene()
        counter = scene.counter(fleet_id) if isinstance(scene, StrategicScene) else None
        if counter is not None:
            self._inspect(scene, counter)

    def inspect_sector(self, label: str) -> None:
        scene = self.strategic_view.scene()
        item = scene.sector_items.get(str(label)) if isinstance(scene, StrategicScene) else None
        if item is not None:
            self._inspect(scene, item)

    def _inspect(self, scene: StrategicScene, item) -> None:
        scene.clearSelection()
        item.setSelected(True)
        self.inspector_dock.show()
        self.inspector_dock.raise_()
