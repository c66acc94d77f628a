"""The main window's bottom docks, the campaign log and the Empire Sheet, made when first wanted
(issue 21: start-up): neither shows on the first frame of a campaign whose log has no line the
viewer may read, so neither is built, nor are their modules imported, until a line comes, the
View menu (Ctrl+L, Ctrl+Shift+K) opens one, or one was open when the window last closed (then it
is made at once, where the saved layout puts it). Mixed into :class:`app.shell.window.MainWindow`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from app.shell import window_state
from rules.model import visibility

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from app.shell.campaign_log import CampaignLog
    from app.shell.empire_sheet import EmpireSheet

OPEN_DOCKS = "windows/main_window/open_docks"
"""Where the window keeps the names of the bottom docks open when it closed."""
BOTTOM_DOCKS = ("campaign_log", "empire_sheet")


class BottomDocksMixin:
    """The campaign log and the Empire Sheet docks (the window supplies ``settings``, ``session``,
    ``campaign``, ``gm_view_action``, ``strategic_view`` and QMainWindow's methods)."""

    _bottom: dict[str, QDockWidget]
    dock_actions: dict[str, QAction]
    """View > Campaign Log and View > Empire Sheet (menus.py), each in step with its dock."""

    def _start_docks(self) -> None:
        """Before the menus: no dock made yet."""
        self._bottom = {}
        self.dock_actions = {}

    def _reopen_docks(self) -> None:
        """Once the saved layout is restored: make the docks that were open when the window last
        closed, so the first frame shows them as before."""
        names = self.settings.value(OPEN_DOCKS, [], type=list) or []
        for name in BOTTOM_DOCKS:
            if name in names:
                getattr(self, name)

    def _remember_docks(self) -> None:
        """When the window closes: which bottom docks are open (nothing for a window never shown,
        whose docks were never shown either: a quit behind the kept first frame)."""
        if not self.property(window_state.SHOWN):
            return
        self.settings.setValue(OPEN_DOCKS, [n for n, d in self._bottom.items() if d.isVisible()])

    @property
    def campaign_log(self) -> CampaignLog:
        """The whole campaign log, as the viewer may read it (View > Campaign Log, Ctrl+L)."""
        dock = self._bottom.get("campaign_log")
        if dock is None:
            from app.shell.campaign_log import CampaignLog

            dock = self._add_bottom(CampaignLog(self))
            self._show_log()
        return dock

    @property
    def empire_sheet(self) -> EmpireSheet:
        """View > Empire Sheet (issue 23, Ctrl+Shift+K), hidden until opened."""
        dock = self._bottom.get("empire_sheet")
        if dock is None:
            from app.shell.empire_sheet import EmpireSheet

            dock = self._add_bottom(EmpireSheet(self, lambda: self.campaign))
        return dock

    def _add_bottom(self, dock: QDockWidget) -> QDockWidget:
        """``dock`` at the bottom, where the saved layout put it (hidden when it has no place
        there), its View action kept in step with it."""
        name = dock.objectName()
        self._bottom[name] = dock
        dock.hide()
        if not self.restoreDockWidget(dock):  # the saved layout has no place for it (yet)
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        dock.visibilityChanged.connect(self._keep_map_room)
        action = self.dock_actions.get(name)
        if action is not None:
            action.setChecked(dock.toggleViewAction().isChecked())
            dock.toggleViewAction().toggled.connect(action.setChecked)
        return dock

    def show_dock(self, name: str, on: bool) -> None:
        """View > Campaign Log / Empire Sheet: open or close the dock (made if need be), as its
        own toggle action would."""
        toggle = getattr(self, name).toggleViewAction()
        if toggle.isChecked() != on:
            toggle.trigger()
        action = self.dock_actions.get(name)
        if action is not None:
            action.setChecked(toggle.isChecked())

    def _refresh_sheet(self) -> None:
        """The Empire Sheet shows the campaign as it is now (a sheet not made yet is not shown)."""
        sheet = self._bottom.get("empire_sheet")
        if sheet is not None:
            sheet.refresh()

    _log_viewer: str = visibility.TABLE
    """The viewer the campaign log dock was last shown for."""

    def _show_log(self, seat_changed: bool = False) -> None:
        """The campaign log dock: the new lines, as the viewer (the GM view, the Team whose commander
        holds the screen, or the table) may read them. A log with no line the viewer may read is
        hidden: its dock is not made for it. At a hand-over (``seat_changed``) a log that reads the
        same for the new viewer is left as it is (not drawn afresh, neither opened nor closed)."""
        if self.session is None:
            return
        viewer = visibility.GM if self.gm_view_action.isChecked() else self.team_at_screen() or visibility.TABLE
        log = self._bottom.get("campaign_log")
        if log is not None:
            was, self._log_viewer = self._log_viewer, viewer
            if seat_changed and all(visibility.entry_seen_by(e, was) == visibility.entry_seen_by(e, viewer)
                                    for e in self.session.campaign.log):
                self._log_viewer = was  # what it shows is what it was shown for
                return
            log.show_log(self.session.campaign, viewer)
        elif any(visibility.entry_seen_by(e, viewer) for e in self.session.campaign.log):
            self.campaign_log  # noqa: B018 (made now, it shows the log: the property calls back here)

    def _keep_map_room(self, visible: bool) -> None:
        """A docked campaign log or Empire Sheet that opens takes at most a third of the window's
        height, and less when the map's own area (under the tool bar, above the owner strip) would
        keep under half of it (``QT_SCALE_FACTOR=2`` on a 1600x1000 screen: 37% at a third; the
        Empire Sheet left the map 28 pixels of 466)."""
        for dock in self._bottom.values():
            if visible and dock.isVisible() and not dock.isFloating() and self.dockWidgetArea(dock) in (
                    Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea):
                lack = self.height() // 2 - self.strategic_view.viewport().height()  # the dock is laid out here
                room = max(dock.minimumSizeHint().height(), min(self.height() // 3, dock.height() - max(0, lack)))
                wants = getattr(dock, "wants_height", None)
                if wants is not None and min(room, dock.height() - max(0, lack)) < wants():
                    self._beside_map(dock)
                elif dock.height() > room or lack > 0:
                    self.resizeDocks([dock], [room], Qt.Orientation.Vertical)

    def _beside_map(self, dock: QDockWidget) -> None:
        """``dock`` (the Empire Sheet), which a bottom area that keeps the map half the window's
        height cannot give the height of its controls and first rows (``QT_SCALE_FACTOR=2`` on a
        1600x1000 screen: 99 of 466 pixels, its table squeezed to its header), goes beside the
        map, a tab over the Sector inspector, where it has the window's height."""
        inspector = self.inspector_dock
        if not dock.isVisible() or dock.isFloating() or self.dockWidgetArea(dock) not in (
                Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea):
            return
        if inspector.isVisible() and not inspector.isFloating():
            self.tabifyDockWidget(inspector, dock)
        else:
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.show()
        dock.raise_()
