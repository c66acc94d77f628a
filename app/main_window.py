"""The main window: strategic map in the middle, sector inspector and tactical map in docks."""
from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPainter, QUndoGroup
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTextBrowser,
    QToolBar,
)

from app import window_state
from app.describe import fleet_html, sector_html, sector_status_html
from app.main_files import CampaignFilesMixin
from app.main_turn import MovementPhaseMixin
from app.overlays import Overlays
from app.paths import DEFAULT_CAMPAIGN, ICONS
from app.rules_viewer import RulesViewer, rules_texts
from app.session import CampaignSession
from app.signals import connect_plain
from app.strategic_view import StrategicScene, StrategicView
from app.tactical_view import TacticalScene, TacticalView
from hexmap import MapWindow
from rules.model import Campaign

LEGEND = (
    "<h4>Map legend</h4><table cellpadding=2>"
    "<tr><td>fill colour</td><td>owning power (pale grey: unowned)</td></tr>"
    "<tr><td>hatching</td><td>Neutral Zone</td></tr>"
    "<tr><td>yellow star</td><td>star system</td></tr>"
    "<tr><td>SB / BATS / BS</td><td>starbase / battle station / base station</td></tr>"
    "<tr><td>+N</td><td>incidental units (V13.03), shown to the GM</td></tr>"
    "<tr><td>square counter</td><td>fleet in its team's colour, its power's colour as the top band;"
    " the badge counts its units</td></tr>"
    "<tr><td>dashed arrow</td><td>the fleet's movement orders; drag a counter along the lanes to give "
    "orders (green preview: legal, red: refused with the reason)</td></tr>"
    "<tr><td>red hex outline</td><td>open Battle Hex (V13.11)</td></tr>"
    "<tr><td>OOS</td><td>fleet Out of Supply</td></tr>"
    "<tr><td>overlays (Ctrl+1/2/3)</td><td>Control: team colour = Controlled, red cross-hatch = "
    "Contested; Supply: a ring per team whose supply reaches the sector, route drawn when hovering "
    "a fleet; Lanes: major lanes gold, closed lanes crossed red</td></tr>"
    "<tr><td>terrain</td><td>black hole (dark disc), nebula (violet cloud), asteroid field "
    "(rocks), ringed gas giant, variable pulsar (cyan burst), ion storm (lightning)</td></tr>"
    "</table>")


class ElidedLabel(QLabel):
    """A one-line label that may shrink, ending its text with "..." (the whole text in its
    tooltip), so that a narrow window keeps the toolbar's buttons rather than the whole label."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(min(90, super().sizeHint().width()), super().minimumSizeHint().height())

    def setText(self, text: str) -> None:  # noqa: N802
        super().setText(text)
        self.setToolTip(text)

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.width() >= super().sizeHint().width():
            super().paintEvent(event)
            return
        p = QPainter(self)
        r = self.contentsRect()
        p.drawText(r, Qt.AlignVCenter | Qt.AlignLeft, self.fontMetrics().elidedText(self.text(), Qt.ElideRight,
                                                                                    r.width()))


class MainWindow(CampaignFilesMixin, MovementPhaseMixin, QMainWindow):
    """BattleHex's main window on one campaign.

    Args:
        campaign_path: the campaign to open; the built-in default campaign when ``None``.
        settings: where recent files are kept (tests pass their own).
        campaign: ``campaign_path`` already loaded by the caller, so it is not read twice.
    """

    def __init__(self, campaign_path: Path | None = None, settings: QSettings | None = None,
                 campaign: Campaign | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings("BattleHex", "BattleHex")
        self.session: CampaignSession | None = None
        self.campaign_path: Path | None = None
        self.overlays = Overlays()
        self.undo_group = QUndoGroup(self)
        self._quit_requested = False
        self._battle_dialog: QDialog | None = None  # the non-modal Battle Hex list
        self._battle_windows: list[QMainWindow] = []  # battle windows opened from here
        self.setObjectName("main_window")
        icon = ICONS / "battlehex.svg"
        if icon.exists():  # the battle windows and dialogs, children of this one, show it too
            self.setWindowIcon(QIcon(str(icon)))
        self.strategic_view = StrategicView(self)
        self.strategic_view.planner = self
        self.setCentralWidget(self.strategic_view)
        self._build_docks()
        self._build_menus()
        self._build_phase_bar()
        if not window_state.restore(self, self.settings, "main_window", (1500, 950)):
            # the docks' first width: 560 px, less on a small screen, so the map keeps the most room
            self.resizeDocks([self.inspector_dock], [min(560, max(240, self.width() * 2 // 5))], Qt.Horizontal)
        self.strategic_view.fleet_hovered.connect(self._fleet_hovered)
        self.strategic_view.message.connect(self.statusBar().showMessage)
        self._hover_label = QLabel("")
        self.statusBar().addPermanentWidget(self._hover_label)
        self.strategic_view.hovered.connect(self._hover_label.setText)
        if campaign is not None and campaign_path is not None:
            self._adopt(campaign, campaign_path)
            return
        opened = self.open_campaign(campaign_path or DEFAULT_CAMPAIGN)
        if not opened and campaign_path not in (None, DEFAULT_CAMPAIGN):
            self.open_campaign(DEFAULT_CAMPAIGN)

    # -- building --------------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.inspector = QTextBrowser(self)
        self.inspector.setOpenLinks(False)
        self.inspector_dock = QDockWidget("Sector inspector", self)
        self.inspector_dock.setObjectName("inspector")
        self.inspector_dock.setWidget(self.inspector)
        self.addDockWidget(Qt.RightDockWidgetArea, self.inspector_dock)

        self.tactical_scene = TacticalScene(MapWindow(), self)
        self.tactical_view = TacticalView(self.tactical_scene, self)
        self.tactical_dock = QDockWidget("Tactical map (42 x 30, centre 2115)", self)
        self.tactical_dock.setObjectName("tactical")
        self.tactical_dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable
                                       | QDockWidget.DockWidgetClosable)
        self.tactical_dock.setWidget(self.tactical_view)
        self.addDockWidget(Qt.RightDockWidgetArea, self.tactical_dock)
        self.resizeDocks([self.inspector_dock], [560], Qt.Horizontal)

    def _action(self, menu, text: str, slot, shortcut=None, checkable: bool = False) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.setCheckable(checkable)
        if checkable:  # only checkable actions pass their state on
            act.triggered.connect(slot)
        else:
            connect_plain(act.triggered, slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&Open...", self.open_dialog, QKeySequence.Open)
        self._action(file_menu, "Open &Default Campaign", lambda: self.open_other(DEFAULT_CAMPAIGN))
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", self.save, QKeySequence.Save)
        self._action(file_menu, "Save &As...", self.save_as_dialog, QKeySequence.SaveAs)
        self._action(file_menu, "Open Last &Autosave", self.open_autosave)
        file_menu.addSeparator()
        # QKeySequence.Quit is empty on some platforms (Windows, Qt's offscreen one): Ctrl+Q everywhere
        self._action(file_menu, "&Quit", self.quit, "Ctrl+Q")

        edit = bar.addMenu("&Edit")
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(QKeySequence.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(QKeySequence.Redo)  # Ctrl+Y and Ctrl+Shift+Z
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        for signal in (self.undo_group.undoTextChanged, self.undo_group.redoTextChanged,
                       self.undo_group.canUndoChanged, self.undo_group.canRedoChanged):
            signal.connect(self._undo_tooltips)
        self._action(edit, "&Clear Orders of Selected Fleet", self.clear_selected_orders, QKeySequence.Delete)

        turn = bar.addMenu("&Turn")
        self.end_movement_action = self._action(turn, "End &Movement (execute orders)", self.end_movement, "Ctrl+E")
        self.gm_action = self._action(turn, "&GM Ruling on a Battle Hex...", self.gm_ruling, "Ctrl+G")
        self.end_phase_action = self._action(turn, "End Movement &Phase (next turn)", self.end_movement_phase,
                                             "Ctrl+Shift+E")
        self._action(turn, "Show &Battle Hexes", self.show_battle_hexes, "Ctrl+B")
        self.fight_action = self._action(turn, "&Fight a Battle Hex (set-up)...", self.fight, "Ctrl+F")

        view = bar.addMenu("&View")
        self.overlay_actions = {}
        for key, text, sc in (("control", "&Control Overlay", "Ctrl+1"), ("supply", "&Supply Overlay", "Ctrl+2"),
                              ("lanes", "&Lanes Overlay", "Ctrl+3")):
            self.overlay_actions[key] = self._action(view, text, lambda on, k=key: self.set_overlay(k, on), sc,
                                                     checkable=True)
        view.addSeparator()
        self._action(view, "Zoom &In", lambda: self.strategic_view.zoom(1.25), QKeySequence.ZoomIn)
        self._action(view, "Zoom &Out", lambda: self.strategic_view.zoom(0.8), QKeySequence.ZoomOut)
        self._action(view, "&Fit Map", self.strategic_view.fit, "Ctrl+0")
        view.addSeparator()
        view.addAction(self.inspector_dock.toggleViewAction())
        tact = self.tactical_dock.toggleViewAction()
        tact.setText("&Tactical Map")
        tact.setShortcut(QKeySequence("Ctrl+T"))
        view.addAction(tact)
        self._action(view, "Float Tactical Map in its own &Window", self.float_tactical, "Ctrl+Shift+T")

        help_menu = bar.addMenu("&Help")
        rules = help_menu.addMenu("&Rules")
        for text in rules_texts():
            self._action(rules, text.title, lambda _=False, t=text: self.show_rules(t),
                         text.shortcut or None)
        help_menu.addSeparator()
        self._action(help_menu, "&About BattleHex", self.about)
        self._rebuild_recent()

    # -- campaign files ----------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign | None:
        return self.session.campaign if self.session else None

    def _show_campaign(self, campaign: Campaign, path: Path) -> None:
        if self.session is not None:
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.deleteLater()
        self.session = CampaignSession(campaign, path, self)
        self.session.changed.connect(self._campaign_changed)
        self.session.autosave_failed.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.session.undo_stack.cleanChanged.connect(self._clean_changed)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        self.campaign_path = path
        old = self.strategic_view.scene()
        scene = StrategicScene(campaign, self, self.session.state, self.overlays)
        scene.selectionChanged.connect(self._selection_changed)
        self.strategic_view.setScene(scene)
        if old is not None:
            old.deleteLater()
        s = campaign.settings
        if (s.map_cols, s.map_rows) != (self.tactical_scene.window.cols, self.tactical_scene.window.rows):
            self.tactical_scene.set_window(MapWindow(s.map_cols, s.map_rows))
        w = self.tactical_scene.window
        self.tactical_dock.setWindowTitle(f"Tactical map ({w.cols} x {w.rows}, centre {w.centre_label})")
        self._set_title()
        self.setWindowModified(False)
        self.inspector.setHtml(
            f"<h3>{campaign.name}</h3><p>Strategic turn {campaign.turn}.</p><p>{campaign.description}</p>"
            "<p><i>Click a sector or a fleet to inspect it; hover for a summary. Wheel zooms, drag the map to "
            "pan, drag a fleet counter to give it orders.</i></p>" + LEGEND)
        self.statusBar().showMessage(f"{campaign.name}: {len(campaign.map.sectors)} sectors, "
                                     f"{len(campaign.fleets)} fleets, turn {campaign.turn}")
        self.strategic_view.show_legend(self.overlays, campaign)
        self._update_phase_bar()

    def _set_title(self) -> None:
        """The campaign and its file; ``[*]`` shows as ``*`` while there are unsaved changes."""
        if self.campaign is not None and self.campaign_path is not None:
            self.setWindowTitle(f"BattleHex \u2014 {self.campaign.name} [{self.campaign_path.name}][*]")

    def _campaign_changed(self) -> None:
        scene = self.strategic_view.scene()
        if isinstance(scene, StrategicScene) and self.session is not None and self._map_changed(scene.campaign):
            scene.blockSignals(True)
            scene.rebuild(self.session.campaign, self.session.state)
            scene.blockSignals(False)
        self._update_phase_bar()
        self._selection_changed()

    def _map_changed(self, shown: Campaign) -> bool:
        """Whether the strategic map must be redrawn: a battle answer changes only its Battle Hex
        record's answers, and the map stays as it is."""
        new = self.session.campaign
        marks = [(b.at, b.resolved) for b in new.battle_hexes] != [(b.at, b.resolved) for b in shown.battle_hexes]
        return marks or new.fleets is not shown.fleets or new.map is not shown.map or new.phase is not shown.phase

    def _selection_changed(self) -> None:
        scene = self.strategic_view.scene()
        if not isinstance(scene, StrategicScene) or self.session is None:
            return
        fleet = scene.selected_fleet()
        if fleet is not None:
            self.inspector.setHtml(fleet_html(self.session.state, fleet))
            return
        sector = scene.selected_sector()
        if sector is not None:
            self.inspector.setHtml(sector_html(self.session.campaign, sector)
                                   + sector_status_html(self.session.state, sector))

    # -- the phase bar and the Movement Phase -----------------------------------------------------
    def _build_phase_bar(self) -> None:
        bar = QToolBar("Turn and phase", self)
        bar.setObjectName("phase_bar")
        bar.setMovable(False)
        self.phase_label = ElidedLabel("")
        self.phase_label.setStyleSheet("QLabel { font-weight: bold; padding: 0 10px; }")
        bar.addWidget(self.phase_label)
        bar.addSeparator()
        for act, short, tip in (
                (self.end_movement_action, "End Movement",
                 "Execute every fleet's orders and form the Battle Hexes (V13.11-V13.18)"),
                (self.gm_action, "GM Ruling...", "The GM marks an open Battle Hex resolved, with a reason (V13.12)"),
                (self.end_phase_action, "End Phase", "")):
            act.setIconText(short)
            if tip:
                act.setToolTip(tip)
            bar.addAction(act)
        bar.addSeparator()
        bar.addWidget(QLabel(" Overlays: "))
        tips = {"control": "Control overlay: sectors in the controlling team's colour, contested ones cross-hatched",
                "supply": "Supply overlay: a ring per team whose supply reaches the sector; hover a fleet for its "
                          "supply route",
                "lanes": "Lanes overlay: major lanes gold, closed lanes crossed red"}
        for key, act in self.overlay_actions.items():
            act.setIconText(key.title())
            act.setToolTip(tips[key])
            bar.addAction(act)
        bar.addSeparator()
        # Short fixed labels: "Undo Orders for the 3rd Fleet: 0308 -> 0409" on the button itself
        # would push Redo off the bar; the full text is in the tooltip and the Edit menu.
        self.undo_action.setIconText("Undo")
        self.redo_action.setIconText("Redo")
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.phase_bar = bar
        self._undo_tooltips()
        for act in bar.actions():
            self._with_shortcut_in_tooltip(act)

    @staticmethod
    def _with_shortcut_in_tooltip(act: QAction) -> None:
        key = act.shortcut().toString(QKeySequence.NativeText)
        tip = act.toolTip()
        if key and not tip.endswith(f"({key})"):
            act.setToolTip(f"{tip} ({key})")

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _undo_tooltips(self, *_changed) -> None:
        """The toolbar's Undo / Redo keep their short labels; the tooltip says what they undo."""
        for act, can, text, none in ((self.undo_action, self.undo_group.canUndo(), self.undo_group.undoText(),
                                      "Nothing to undo"),
                                     (self.redo_action, self.undo_group.canRedo(), self.undo_group.redoText(),
                                      "Nothing to redo")):
            verb = "Undo" if act is self.undo_action else "Redo"
            act.setToolTip(f"{verb} {text}" if can and text else none)
            self._with_shortcut_in_tooltip(act)

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

    # -- recent files --------------------------------------------------------------------------
    # -- other windows ---------------------------------------------------------------------------
    def float_tactical(self) -> None:
        """Detach the tactical map into its own window (or dock it back)."""
        self.tactical_dock.show()
        self.tactical_dock.setFloating(not self.tactical_dock.isFloating())
        if self.tactical_dock.isFloating():
            self.tactical_dock.resize(1000, 760)

    def show_rules(self, text) -> RulesViewer:
        viewer = RulesViewer(text, self)
        viewer.show()
        return viewer

    def about(self) -> None:
        QMessageBox.about(
            self, "About BattleHex",
            "<h3>BattleHex 0.1</h3><p>A Game Master's tool for space-wargame campaigns: the strategic "
            "hex map and the Tactical Combat Interface (rules V13.00-V13.968).</p>"
            "<p>The strategic map with control, supply and lane overlays; movement orders by dragging "
            "fleets; the Movement Phase with its Battle Hexes (V13.11-V13.18); each Battle Hex from "
            "Withdrawal Before Combat through placement, the tracked battle, disengagement, retreat, "
            "pursuit, rear guards, disorganized withdrawals and sub-light evasion fates (V13.20-V13.968), "
            "with hot-seat hand-overs, a replayable log and the results written back to the campaign. "
            "The tactical combat itself (fire, damage) is played with the tactical rules at the table "
            "(V13.482).</p>")

    def quit(self) -> None:
        """File > Quit: close the window, asking first about unsaved changes."""
        self._quit_requested = True
        try:
            self.close()
        finally:
            self._quit_requested = False

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Ask about unsaved changes when the user closes the window (File > Quit or the window
        manager's close button); remember the window's layout; close the window's non-modal
        dialogs and battle windows with it.

        A close the program makes itself (``close()`` at exit, or a test tearing the window
        down) does not ask: it is neither spontaneous nor File > Quit.
        """
        if (event.spontaneous() or self._quit_requested) and not self.may_close_campaign("quitting"):
            event.ignore()
            return
        window_state.save(self, self.settings, "main_window")
        dialog = self._battle_dialog
        if dialog is not None:
            dialog.close()
        for window in self._battle_windows:
            with contextlib.suppress(RuntimeError):  # already closed and deleted
                window.close()
        super().closeEvent(event)

    def show_error(self, title: str, text: str) -> None:
        """A modal error box, wide enough for field paths and file names."""
        box = QMessageBox(QMessageBox.Critical, title, text, QMessageBox.Ok, self)
        box.setStyleSheet("QLabel#qt_msgbox_label { min-width: 560px; }")
        box.exec()
