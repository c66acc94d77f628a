"""The main window: strategic map in the middle, sector inspector and tactical map in docks."""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QIcon, QTextOption, QUndoGroup
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTextBrowser,
)

from app.shell import window_state
from app.shell.combat import CombatPhaseMixin
from app.shell.docks import BottomDocksMixin
from app.shell.files import CampaignFilesMixin
from app.shell.inspector import InspectMixin
from app.shell.menus import ElidedLabel, build_menus, build_phase_bar
from app.shell.turn import MovementPhaseMixin
from app.strategic.overlays import Overlays
from app.shell.paths import DEFAULT_CAMPAIGN, ICONS
from app.shell.session import CampaignSession
from app.strategic.scene import StrategicScene
from app.strategic.view import StrategicView
from app.widgets.message_bar import MessageBar
from app.widgets.titles import plain_words
from app.strategic.tactical_view import TacticalScene, TacticalView
from hexmap import MapWindow
from rules.model import Campaign, visibility
from rules.model.seals import Keyring

if TYPE_CHECKING:
    from app.shell.rules_viewer import RulesViewer


HIDDEN_MESSAGE = "A message about units kept from the table (View > GM View shows it)"


def inspector_width(window_width: int) -> int:
    """The Sector inspector's first width: 560 px, less on a small screen, so the map keeps the most room."""
    return min(560, max(240, window_width * 2 // 5))


class MainWindow(CampaignFilesMixin, MovementPhaseMixin, CombatPhaseMixin, InspectMixin, BottomDocksMixin,
                 QMainWindow):
    """BattleHex's main window on one campaign.

    Args:
        campaign_path: the campaign to open; the built-in default campaign when ``None``.
        settings: where recent files are kept (tests pass their own).
        campaign: ``campaign_path`` already loaded by the caller, so it is not read twice.
        offer_recovery: offer a campaign's newer autosave when it is opened (not for a
            headless screenshot, which has nobody to answer).
        reopen_last: with no ``campaign_path``, open the last file opened or saved (when
            File > Reopen the Last File at Start is on) rather than the default campaign.
        open_later: make the window only; :meth:`open_start` opens the campaign (a start behind
            its kept first frame does it in the next turn of the event loop: app/shell/stand_in.py).
    """

    def __init__(self, campaign_path: Path | None = None, settings: QSettings | None = None,
                 campaign: Campaign | None = None, offer_recovery: bool = True,
                 reopen_last: bool = True, open_later: bool = False) -> None:
        super().__init__()
        self.setStatusBar(MessageBar(self))  # messages in words, a long one cut with "..." and whole in its tooltip
        self.offer_recovery = offer_recovery
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
        self.inspector = QTextBrowser(self)
        self.inspector.setOpenLinks(False)
        # words whole, a narrow table scrolled sideways: at QT_SCALE_FACTOR=2 it read "Amoeb / a" (issue 22)
        self.inspector.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.inspector_dock = self._add_dock("Sector inspector", "inspector", self.inspector)
        self.tactical_scene = TacticalScene(MapWindow(), self, lazy=True)  # its hexes made when first shown
        self.tactical_view = TacticalView(self.tactical_scene, self)
        self.tactical_dock = self._add_dock("Tactical map (42 x 30, centre 2115)", "tactical", self.tactical_view,
                                            QDockWidget.DockWidgetFeature.DockWidgetMovable
                                            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                                            | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.resizeDocks([self.inspector_dock], [560], Qt.Orientation.Horizontal)
        self._start_docks()  # the campaign log and the Empire Sheet: made when first wanted (docks.py)
        menus = build_menus(self)
        self.recent_menu = menus.recent_menu
        self.save_action = menus.save_action
        self.undo_action = menus.undo_action
        self.redo_action = menus.redo_action
        self.end_movement_action = menus.end_movement_action
        self.gm_action = menus.gm_action
        self.end_phase_action = menus.end_phase_action
        self.fight_action = menus.fight_action
        self.answer_turn_action = menus.answer_turn_action
        self.overlay_actions = menus.overlay_actions
        self.gm_view_action = menus.gm_view_action
        self._rebuild_recent()
        self.phase_bar, self.phase_label = build_phase_bar(self, menus)
        if not window_state.restore(self, self.settings, "main_window", (1500, 950), central_share=0.5,
                                    dock_widths={"inspector": inspector_width}):  # a squeezed one: its first
            self.resizeDocks([self.inspector_dock], [inspector_width(self.width())], Qt.Orientation.Horizontal)
            # the tactical map has nothing to show before a battle: closed until View > Tactical Map
            self.tactical_dock.hide()
        self._reopen_docks()
        window_state.fit_every_window(self)  # every window it opens inside the screen
        self.strategic_view.fleet_hovered.connect(self._fleet_hovered)
        self.strategic_view.message.connect(self.statusBar().showMessage)
        self.statusBar().messageChanged.connect(self._guard_status)
        self.waits_label = ElidedLabel("")  # what the phase now waits for, and who (rules.turn.sequence)
        self.waits_label.setObjectName("waits_for")
        self.statusBar().addPermanentWidget(self.waits_label, 1)
        self._hover_label = QLabel("")
        self.statusBar().addPermanentWidget(self._hover_label)
        self.strategic_view.hovered.connect(self._hover_label.setText)
        self._gm_label = QLabel("<b style='color:#c01010'>GM view</b>")
        self._gm_label.setToolTip("Every unit is shown, also those the rules keep from the table (Ctrl+Shift+G)")
        self._gm_label.setVisible(False)
        self.statusBar().addPermanentWidget(self._gm_label)
        self._start_with: tuple[Path | None, Campaign | None, bool] | None = (campaign_path, campaign, reopen_last)
        if not open_later:
            self.open_start()

    def open_start(self) -> None:
        """Open the campaign the window starts with (see the class's arguments), once."""
        if self._start_with is None:
            return
        (campaign_path, campaign, reopen_last), self._start_with = self._start_with, None
        if campaign is not None and campaign_path is not None:
            self._adopt(campaign, campaign_path)
            return
        start = campaign_path or (self.start_file() if reopen_last else DEFAULT_CAMPAIGN)  # the last file
        opened = self.open_campaign(start)
        if not opened and start != DEFAULT_CAMPAIGN:
            self.open_campaign(DEFAULT_CAMPAIGN)

    # -- building --------------------------------------------------------------------------
    def _add_dock(self, title: str, name: str, widget, features=None) -> QDockWidget:
        """A dock on the right holding ``widget``; ``name`` keeps its place between sessions."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        if features is not None:
            dock.setFeatures(features)
        dock.setWidget(widget)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    # -- campaign files ----------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign | None:
        return self.session.campaign if self.session else None

    def _show_campaign(self, campaign: Campaign, path: Path, keyring: Keyring | None = None) -> None:
        if self.session is not None:
            self.session.flush()  # the campaign closed keeps its last autosave
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.deleteLater()
        self.session = CampaignSession(campaign, path, self, keyring)
        self.session.changed.connect(self._campaign_changed)
        self.session.autosave_failed.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.session.undo_stack.cleanChanged.connect(self._clean_changed)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        self.campaign_path = path
        old = self.strategic_view.scene()
        scene = StrategicScene(campaign, self, self.session.state, self.overlays, self.gm_view_action.isChecked())
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
        self._welcome_shown = None
        self.show_welcome()
        self.statusBar().showMessage(f"{campaign.name}: {len(campaign.map.sectors)} sectors, "
                                     f"{len(campaign.fleets)} fleets, turn {campaign.turn}")
        self.strategic_view.show_legend(self.overlays, campaign)
        self._show_log()
        self._refresh_sheet()
        self._update_phase_bar()

    def _set_title(self) -> None:
        """The campaign and its file; ``[*]`` shows as ``*`` while there are unsaved changes."""
        if self.campaign is not None and self.campaign_path is not None:
            gm = " \u2014 GM view" if self.gm_view_action.isChecked() else ""
            self.setWindowTitle(f"BattleHex \u2014 {self.campaign.name} [{self.campaign_path.name}][*]{gm}")

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _campaign_changed(self) -> None:
        scene = self.strategic_view.scene()
        if isinstance(scene, StrategicScene) and self.session is not None and scene.seat is not None and (
                self.session.campaign.turn, self.session.campaign.phase) != (scene.campaign.turn, scene.campaign.phase):
            scene.seat = None  # a phase ended: the screen is the table's again, no Team's orders drawn (issue 22)
        if isinstance(scene, StrategicScene) and self.session is not None and self._map_changed(scene.campaign):
            scene.blockSignals(True)
            scene.rebuild(self.session.campaign, self.session.state)
            scene.blockSignals(False)
        self._show_log()
        self._refresh_sheet()
        self._update_phase_bar()
        self._selection_changed()

    def _map_changed(self, shown: Campaign) -> bool:
        """Whether the strategic map must be redrawn: a battle answer changes only its Battle Hex
        record's answers, and the map stays as it is."""
        new = self.session.campaign
        marks = [(b.at, b.resolved) for b in new.battle_hexes] != [(b.at, b.resolved) for b in shown.battle_hexes]
        return marks or new.fleets is not shown.fleets or new.map is not shown.map or new.phase is not shown.phase

    def _guard_status(self, text: str) -> None:
        """The status bar is read by the table: in its view, a message naming a unit the rules keep
        from it (the engine judges: rules/model/visibility.py) is replaced before it is painted."""
        if text and self.session is not None and not self.gm_view_action.isChecked() \
                and not visibility.seen_by(self.session.campaign, text, visibility.TABLE):
            self.statusBar().showMessage(HIDDEN_MESSAGE, 5000)
        # the "waits for" line has all the stretch: while a message shows, it steps aside (issue 22)
        self.waits_label.setVisible(not self.statusBar().currentMessage())

    # -- the map's overlays and the inspector ---------------------------------------------------
    def set_gm_view(self, on: bool) -> None:
        """The GM view shows every unit; off, the table's view (what every Team may know). When
        the GM holds a passphrase, it is asked each time the GM view opens."""
        from app.shell.passphrases import gm_may_see  # not at start-up: its dialogs' widgets build ~22 Qt enum types

        if on and not gm_may_see(self, self.session):
            on = False
        self.gm_view_action.setChecked(on)
        self._gm_label.setVisible(on)
        self._set_title()
        scene = self.strategic_view.scene()
        if isinstance(scene, StrategicScene):
            scene.blockSignals(True)
            scene.set_gm(on)
            scene.blockSignals(False)
        dialog = getattr(self, "_battle_dialog", None)
        if dialog is not None and dialog.isVisible():
            dialog.close()
            self.show_battle_hexes()
        if not on and self.session is not None and isinstance(scene, StrategicScene) \
                and scene.selected_fleet() is None and scene.selected_sector() is None:
            self._welcome_shown = None
            self.show_welcome()  # nothing of the GM's view stays
        self._show_log()
        self._selection_changed()
        self.statusBar().showMessage("GM view: every unit is shown" if on
                                     else "The table's view: what every Team may know", 5000)

    def passphrases(self) -> None:
        """File > Passphrases: set, change or remove the passphrases that seal secrets."""
        if self.session is not None:
            from app.shell.passphrases_dialog import PassphrasesDialog  # not at start-up: only this menu needs it

            PassphrasesDialog(self, self.session).exec()

    # -- other windows ---------------------------------------------------------------------------
    def float_tactical(self) -> None:
        """Detach the tactical map into its own window (or dock it back)."""
        self.tactical_dock.show()
        self.tactical_dock.setFloating(not self.tactical_dock.isFloating())
        if self.tactical_dock.isFloating():
            self.tactical_dock.resize(1000, 760)
            window_state.fit_to_screen(self.tactical_dock)  # 2000 x 1520 on a 1600 x 1000 screen at scale 2

    def show_rules(self, text) -> RulesViewer:
        from app.shell.rules_viewer import RulesViewer  # not at start-up: only Help > Rules needs it

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
        self._remember_docks()
        window_state.save(self, self.settings, "main_window")
        if self.session is not None:
            self.session.flush()  # a pending autosave is written before the window goes
        dialog = self._battle_dialog
        if dialog is not None:
            dialog.close()
        for window in self._battle_windows:
            with contextlib.suppress(RuntimeError):  # already closed and deleted
                window.close()
        super().closeEvent(event)

    def show_error(self, title: str, text: str) -> None:
        """A modal error box, wide enough for field paths and file names."""
        box = QMessageBox(QMessageBox.Icon.Critical, title, plain_words(text), QMessageBox.StandardButton.Ok, self)
        box.setStyleSheet("QLabel#qt_msgbox_label { min-width: 560px; }")
        box.exec()
