"""The main window: strategic map in the middle, sector inspector and tactical map in docks."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox, QTextBrowser

from app.describe import sector_html
from app.paths import DEFAULT_CAMPAIGN
from app.rules_viewer import RulesViewer, rules_texts
from app.strategic_view import StrategicScene, StrategicView
from app.tactical_view import TacticalScene, TacticalView
from hexmap import MapWindow
from rules.model import Campaign, CampaignError, load_campaign, save_campaign

MAX_RECENT = 8
LEGEND = (
    "<h4>Map legend</h4><table cellpadding=2>"
    "<tr><td>fill colour</td><td>owning power (pale grey: unowned)</td></tr>"
    "<tr><td>hatching</td><td>Neutral Zone</td></tr>"
    "<tr><td>yellow star</td><td>star system</td></tr>"
    "<tr><td>SB / BATS / BS</td><td>starbase / battle station / base station</td></tr>"
    "<tr><td>+N</td><td>incidental units (V13.03), shown to the GM</td></tr>"
    "<tr><td>square counter</td><td>fleet in its team's colour, its power's colour as the top band;"
    " the badge counts its units</td></tr>"
    "<tr><td>dashed arrow</td><td>the fleet's movement orders</td></tr>"
    "<tr><td>terrain</td><td>black hole (dark disc), nebula (violet cloud), asteroid field "
    "(rocks), ringed gas giant, variable pulsar (cyan burst), ion storm (lightning)</td></tr>"
    "</table>")
FILE_FILTER = "BattleHex campaigns (*.json);;All files (*)"


class MainWindow(QMainWindow):
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
        self.campaign: Campaign | None = None
        self.campaign_path: Path | None = None
        self.resize(1500, 950)
        self.strategic_view = StrategicView(self)
        self.setCentralWidget(self.strategic_view)
        self._build_docks()
        self._build_menus()
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
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&Open...", self.open_dialog, QKeySequence.Open)
        self._action(file_menu, "Open &Default Campaign", lambda: self.open_campaign(DEFAULT_CAMPAIGN))
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", self.save, QKeySequence.Save)
        self._action(file_menu, "Save &As...", self.save_as_dialog, QKeySequence.SaveAs)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.Quit)

        view = bar.addMenu("&View")
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
    def open_campaign(self, path: Path | str) -> bool:
        """Load ``path``; on any problem show it and keep the current campaign open."""
        path = Path(path)
        try:
            campaign = load_campaign(path)
        except CampaignError as e:
            problems = "\n".join(f"\u2022 {p}" for p in e.problems)
            self.show_error("Cannot open campaign",
                            f"{path.name} cannot be opened; the campaign that was open stays open.\n\n"
                            f"{problems}\n\nFile: {e.source}")
            return False
        self._adopt(campaign, path)
        return True

    def _adopt(self, campaign: Campaign, path: Path) -> None:
        """Make ``campaign`` (read from ``path``) the open one and list it in Open Recent."""
        self._show_campaign(campaign, path)
        self._remember(path)

    def _show_campaign(self, campaign: Campaign, path: Path) -> None:
        self.campaign, self.campaign_path = campaign, path
        old = self.strategic_view.scene()
        scene = StrategicScene(campaign, self)
        scene.selectionChanged.connect(self._selection_changed)
        self.strategic_view.setScene(scene)
        if old is not None:
            old.deleteLater()
        s = campaign.settings
        if (s.map_cols, s.map_rows) != (self.tactical_scene.window.cols, self.tactical_scene.window.rows):
            self.tactical_scene.set_window(MapWindow(s.map_cols, s.map_rows))
        w = self.tactical_scene.window
        self.tactical_dock.setWindowTitle(f"Tactical map ({w.cols} x {w.rows}, centre {w.centre_label})")
        self.setWindowTitle(f"BattleHex \u2014 {campaign.name} [{path.name}]")
        self.inspector.setHtml(
            f"<h3>{campaign.name}</h3><p>Strategic turn {campaign.turn}.</p><p>{campaign.description}</p>"
            "<p><i>Click a sector to inspect it; hover for a summary. Wheel zooms, drag pans.</i></p>"
            + LEGEND)
        self.statusBar().showMessage(f"{campaign.name}: {len(campaign.map.sectors)} sectors, "
                                     f"{len(campaign.fleets)} fleets, turn {campaign.turn}")

    def _selection_changed(self) -> None:
        scene = self.strategic_view.scene()
        sector = scene.selected_sector() if isinstance(scene, StrategicScene) else None
        if sector is not None and self.campaign is not None:
            self.inspector.setHtml(sector_html(self.campaign, sector))

    def open_dialog(self) -> None:
        start = str(self.campaign_path.parent) if self.campaign_path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open campaign", start, FILE_FILTER)
        if path:
            self.open_campaign(Path(path))

    def save(self) -> bool:
        """Save over the current file; the built-in campaign is never overwritten (Save As)."""
        if self.campaign_path is None or self.campaign_path.resolve() == DEFAULT_CAMPAIGN.resolve():
            return self.save_as_dialog()
        return self.save_to(self.campaign_path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save campaign as", "campaign.json", FILE_FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        if self.campaign is None:
            return False
        try:
            save_campaign(self.campaign, path)
        except OSError as e:
            self.show_error("Cannot save campaign", f"{path}: {e.strerror or e}")
            return False
        self.campaign_path = path
        self._remember(path)
        self.setWindowTitle(f"BattleHex \u2014 {self.campaign.name} [{path.name}]")
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    # -- recent files --------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        p = str(path.resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            act = self.recent_menu.addAction(f"&{i} {f}")
            act.triggered.connect(lambda _=False, f=f: self.open_campaign(Path(f)))
        self.recent_menu.setEnabled(bool(files))

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
            "<p>Built so far: the strategic map, the tactical map window with CCRR labels, validated "
            "campaign files and seeded dice. Not built yet: movement, supply and the battle "
            "procedure itself (they arrive in the next releases).</p>")

    def show_error(self, title: str, text: str) -> None:
        """A modal error box, wide enough for field paths and file names."""
        box = QMessageBox(QMessageBox.Critical, title, text, QMessageBox.Ok, self)
        box.setStyleSheet("QLabel#qt_msgbox_label { min-width: 560px; }")
        box.exec()
