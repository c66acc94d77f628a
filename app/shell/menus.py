"""The main window's menus and phase toolbar: every action of the File, Edit, Turn, View and
Help menus with its shortcut, connected to the window's slots; the toolbar with the turn and
phase trail, the Movement Phase buttons, the overlay switches and Undo / Redo (short labels,
the full text and the shortcut in their tooltips). It builds and returns the actions; what
they do is the window's.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QPainter, QPalette, QUndoGroup
from PySide6.QtWidgets import QLabel, QMenu, QToolBar, QToolTip

from app.battle.held import let_act
from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.rules_texts import rules_texts
from app.shell.signals import connect_plain
from app.widgets.menu_hold import hold_submenus
from app.widgets.titles import whole_labels
from app.widgets.toolbar_sync import keep_in_step

if TYPE_CHECKING:
    from app.shell.window import MainWindow


class ElidedLabel(QLabel):
    """A one-line label that may shrink, ending its text with "..." (the whole text in its
    tooltip), so that a narrow window keeps the toolbar's buttons rather than the whole label.

    A label given narrower forms of its text as well (:meth:`set_forms`, widest first) shows the
    first that fits and never shrinks below the last: the phase bar keeps the turn's phases done,
    now and to come as its width allows, and "Turn 1: [Turn Orders]" whole at
    ``QT_SCALE_FACTOR=2`` instead of "Turn 1: [Tu..." (issue 22). In a form with a phase in
    brackets, what stands between the turn and the bracket (the phases done) is drawn dimmed.
    """

    forms: tuple[str, ...] = ()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        floor = self._advance(self.forms[-1]) if self.forms else 90
        return QSize(min(floor, super().sizeHint().width()), super().minimumSizeHint().height())

    def setText(self, text: str) -> None:  # noqa: N802
        super().setText(text)
        self.setToolTip(text)

    def event(self, event) -> bool:  # noqa: N802 (Qt name)
        """Its tooltip shown with each phase's name kept whole where Qt wraps it (issue 22)."""
        if event.type() == QEvent.Type.ToolTip and self.toolTip():
            QToolTip.showText(event.globalPos(), whole_labels(self.toolTip()), self)
            return True
        return super().event(event)

    def set_forms(self, forms: list[str], tooltip: str = "") -> None:
        """Show the first of ``forms`` (widest first) that fits; ``tooltip`` (else the first) on hover."""
        self.forms = tuple(forms)
        self.setText(forms[0])
        if tooltip:
            self.setToolTip(tooltip)
        self.updateGeometry()
        self.update()

    def _advance(self, text: str) -> int:
        m = self.contentsMargins()
        return self.fontMetrics().horizontalAdvance(text) + m.left() + m.right() + 2 * self.margin() + 1

    def shown_text(self) -> str:
        """What the label paints at its present width."""
        if self.width() >= super().sizeHint().width():
            return self.text()
        fits = next((f for f in self.forms[1:] if self._advance(f) <= self.width()), None)
        if fits is not None:
            return fits
        text = self.forms[-1] if self.forms else self.text()
        return self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event) -> None:  # noqa: N802
        text = self.shown_text()
        head, bracket = text.find(":"), text.find("[")
        if not self.forms or not 0 <= head < bracket:
            if text == self.text():
                super().paintEvent(event)
                return
            head = bracket = len(text)
        p = QPainter(self)
        rect = self.contentsRect()
        flags = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        x = rect.left()
        for part, dim in ((text[:head + 1], False), (text[head + 1:bracket], True), (text[bracket:], False)):
            p.setPen(self.palette().color(QPalette.ColorGroup.Disabled if dim else QPalette.ColorGroup.Active,
                                          QPalette.ColorRole.WindowText))
            p.drawText(rect.adjusted(x - rect.left(), 0, 0, 0), flags, part)
            x += self.fontMetrics().horizontalAdvance(part)


@dataclass
class MenuActions:
    """The actions and the submenu the window keeps a hold of after building its menus."""

    recent_menu: QMenu
    save_action: QAction
    undo_action: QAction
    redo_action: QAction
    end_movement_action: QAction
    gm_action: QAction
    end_phase_action: QAction
    fight_action: QAction
    overlay_actions: dict[str, QAction]
    gm_view_action: QAction
    answer_turn_action: QAction


ORDERS_WHY = ("Turn Orders: purchases, diplomacy and each power's orders are given in the Turn Orders "
              "Phase, before End Movement, in a campaign whose empire turn BattleHex runs (Campaign > Settings... > "
              "Empire turn: Run by BattleHex). A campaign whose empire turn is kept by hand keeps them in the GM's "
              "own records.")
"""Why a Turn Order may be refused, whole: the Turn Orders entries' tooltip and What's This."""


def add_action(window: MainWindow, menu: QMenu, text: str, slot: Callable[..., Any], shortcut: Any = None,
               checkable: bool = False) -> QAction:
    """An action of ``window`` in ``menu``; only a checkable one passes its checked state to ``slot``."""
    act = QAction(text, window)
    if shortcut is not None:
        act.setShortcut(QKeySequence(shortcut))
    act.setCheckable(checkable)
    if checkable:  # only checkable actions pass their state on
        act.triggered.connect(slot)
    else:
        connect_plain(act.triggered, slot)
    menu.addAction(act)
    return act


def build_menus(window: MainWindow) -> MenuActions:
    """The window's menu bar (its docks must exist: the View menu shows and hides them)."""
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    add_action(window, file_menu, "&Open...", window.open_dialog, QKeySequence.StandardKey.Open)
    add_action(window, file_menu, "Open &Default Campaign", lambda: window.open_other(DEFAULT_CAMPAIGN))
    add_action(window, file_menu, "&New Campaign...", lambda: _new_campaign(window))  # issue 23: seed 004 Setup
    recent_menu = file_menu.addMenu("Open &Recent")
    file_menu.addSeparator()
    save_action = add_action(window, file_menu, "&Save", window.save, QKeySequence.StandardKey.Save)
    add_action(window, file_menu, "Save &As...", window.save_as_dialog, QKeySequence.StandardKey.SaveAs)
    add_action(window, file_menu, "Open Last &Autosave", window.open_autosave)
    reopen = add_action(window, file_menu, "Reopen the Last &File at Start", window.set_reopen_last, checkable=True)
    reopen.setObjectName("reopen_last")
    reopen.setChecked(window.reopens_last())
    file_menu.addSeparator()
    add_action(window, file_menu, "Pass&phrases (sealed secrets)...", window.passphrases)
    let_act(add_action(window, file_menu, "Replay a &Battle...", lambda: _replay(window)))  # issue 22; behind a
    # battle's cover too: the replay comes behind its viewer's hand-over (the GM's passphrase), app/battle/held.py
    add_action(window, file_menu, "E&xport My Orders...", lambda: _sealed_orders(window, "export"))  # issue 23
    add_action(window, file_menu, "&Import Orders...", lambda: _sealed_orders(window, "import"))  # by sealed file
    add_action(window, file_menu, "Export &Team Copy...", lambda: _team_copy(window))  # play by e-mail
    file_menu.addSeparator()
    # QKeySequence.StandardKey.Quit is empty on some platforms (Windows, Qt's offscreen one): Ctrl+Q everywhere
    add_action(window, file_menu, "&Quit", window.quit, "Ctrl+Q")

    edit = bar.addMenu("&Edit")
    group = window.undo_group
    undo_action = group.createUndoAction(window, "&Undo")
    undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
    redo_action = group.createRedoAction(window, "&Redo")
    redo_action.setShortcuts(QKeySequence.StandardKey.Redo)  # Ctrl+Y and Ctrl+Shift+Z
    edit.addAction(undo_action)
    edit.addAction(redo_action)
    for signal in (group.undoTextChanged, group.redoTextChanged, group.canUndoChanged, group.canRedoChanged):
        connect_plain(signal, lambda: undo_tooltips(group, undo_action, redo_action))
    from app.shell.seat_undo import SeatUndo
    window.seat_undo = SeatUndo(window, undo_action, group)  # never back over a hand-over (issue 22)
    add_action(window, edit, "&Clear Orders of Selected Fleet", window.clear_selected_orders,
               QKeySequence.StandardKey.Delete)

    turn = bar.addMenu("&Turn")
    end_movement = add_action(window, turn, "End &Movement (execute orders)", window.end_movement, "Ctrl+E")
    gm = add_action(window, turn, "&GM Ruling on a Battle Hex...", window.gm_ruling, "Ctrl+G")
    end_phase = add_action(window, turn, "End &Phase", window.end_phase, "Ctrl+Shift+E")
    answer_turn = add_action(window, turn, "&Answer the Phase's Questions...", window.answer_combat_questions,
                             "Ctrl+Shift+A")
    let_act(add_action(window, turn, "Hand the Screen Bac&k to the GM", window.pass_screen_back,  # hot seat; a
                       "Ctrl+Shift+P"))  # hand-over itself: it acts behind a battle's cover (app/battle/held.py)
    for act in (add_action(window, turn, "B&uy a Unit (Turn Orders)...", window.buy_unit, "Ctrl+Shift+U"),
                add_action(window, turn, "Dip&lomacy (Turn Orders)...", lambda: _diplomacy(window)),
                add_action(window, turn, "Turn &Orders for a Power...", lambda: _gm_orders(window))):
        act.setToolTip(ORDERS_WHY)  # the status bar's refusal is a few words (issue 22, QT_SCALE_FACTOR=2)
        act.setWhatsThis(ORDERS_WHY)
    turn.setToolTipsVisible(True)
    add_action(window, turn, "Show &Battle Hexes", window.show_battle_hexes, "Ctrl+B")
    fight = add_action(window, turn, "&Fight a Battle Hex (set-up)...", window.fight, "Ctrl+F")
    add_action(window, turn, "&Cargo: Embark, Land, Deploy...", lambda: _cargo(window), "Ctrl+Shift+C")
    systems = turn.addMenu("Battle &System for New Battle Hexes")
    systems.setObjectName("battle_systems_menu")
    systems.aboutToShow.connect(lambda: fill_systems_menu(systems, window))  # filled as it opens: the registry
    # (its entry points scanned) loads after the first frame, not before it (issue 21: start-up)

    campaign_menu = bar.addMenu("&Campaign")  # the GM's settings (issue 23)
    add_action(window, campaign_menu, "&Settings...", lambda: _campaign_settings(window))
    add_action(window, campaign_menu, "&Unit Lists...", lambda: _unit_lists(window))  # the GM enters (no costs in 004)

    view = bar.addMenu("&View")
    overlay_actions = {}
    for key, text, sc in (("control", "&Control Overlay", "Ctrl+1"), ("supply", "&Supply Overlay", "Ctrl+2"),
                          ("lanes", "&Lanes Overlay", "Ctrl+3")):
        overlay_actions[key] = add_action(window, view, text, lambda on, k=key: window.set_overlay(k, on), sc,
                                          checkable=True)
    view.addSeparator()
    gm_view = add_action(window, view, "&GM View (every unit)", window.set_gm_view, "Ctrl+Shift+G", checkable=True)
    let_act(gm_view)  # the GM's way past a battle's cover (behind the GM's passphrase), as the battle's GM view
    gm_view.setToolTip("Show what the rules keep from the table: incidental units (V13.03) and cloaked units "
                       "(V13.29). Off: the table's view, what every Team at the screen may know.")
    view.addSeparator()
    add_action(window, view, "Zoom &In", lambda: window.strategic_view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
    add_action(window, view, "Zoom &Out", lambda: window.strategic_view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
    add_action(window, view, "&Fit Map", window.strategic_view.fit, "Ctrl+0")
    view.addSeparator()
    view.addAction(window.inspector_dock.toggleViewAction())
    for name, text, key in (("campaign_log", "Campaign &Log", "Ctrl+L"), ("empire_sheet", "&Empire Sheet", "Ctrl+Shift+K")):
        # the docks are made when first wanted (app/shell/docks.py): these open them
        window.dock_actions[name] = add_action(window, view, text, lambda on, n=name: window.show_dock(n, on), key,
                                               checkable=True)
    tact = window.tactical_dock.toggleViewAction()
    tact.setText("&Tactical Map")
    tact.setShortcut(QKeySequence("Ctrl+T"))
    view.addAction(tact)
    add_action(window, view, "Float Tactical Map in its own &Window", window.float_tactical, "Ctrl+Shift+T")

    help_menu = bar.addMenu("&Help")
    rules = help_menu.addMenu("&Rules")
    for text in rules_texts():
        add_action(window, rules, text.title, lambda _=False, t=text: window.show_rules(t), text.shortcut or None)
    help_menu.addSeparator()
    add_action(window, help_menu, "&About BattleHex", window.about)
    hold_submenus(bar)  # File > Open Recent, Turn > Battle System..., Help > Rules: open on the way to them
    return MenuActions(recent_menu, save_action, undo_action, redo_action, end_movement, gm, end_phase, fight,
                       overlay_actions, gm_view, answer_turn)


def build_phase_bar(window: MainWindow, actions: MenuActions) -> tuple[QToolBar, ElidedLabel]:
    """The window's toolbar, added to it, and the label where the turn and phase are shown."""
    bar = QToolBar("Turn and phase", window)
    bar.setObjectName("phase_bar")
    bar.setMovable(False)
    phase_label = ElidedLabel("")
    phase_label.setStyleSheet("QLabel { font-weight: bold; padding: 0 10px; }")
    bar.addWidget(phase_label)
    bar.addSeparator()
    for act, short, tip in (
            (actions.end_movement_action, "End Movement",
             "Execute every fleet's orders and form the Battle Hexes (V13.11-V13.18)"),
            (actions.gm_action, "GM Ruling...", "The GM marks an open Battle Hex resolved, with a reason (V13.12)"),
            (actions.answer_turn_action, "Answer...", "Answer the questions the phase waits for (the ledgers, "
                                                      "investments, encounter demands, ground losses)"),
            (actions.end_phase_action, "End Phase", "")):
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
    for key, act in actions.overlay_actions.items():
        act.setIconText(key.title())
        act.setToolTip(tips[key])
        bar.addAction(act)
    bar.addSeparator()
    # Short fixed labels: "Undo Orders for the 3rd Fleet: 0308 -> 0409" on the button itself
    # would push Redo off the bar; the full text is in the tooltip and the Edit menu.
    actions.undo_action.setIconText("Undo")
    actions.redo_action.setIconText("Redo")
    bar.addAction(actions.undo_action)
    bar.addAction(actions.redo_action)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    undo_tooltips(window.undo_group, actions.undo_action, actions.redo_action)
    for act in bar.actions():
        with_shortcut_in_tooltip(act)
    keep_in_step(bar)
    return bar, phase_label


def with_shortcut_in_tooltip(act: QAction) -> None:
    """End the action's tooltip with its shortcut, once."""
    key = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    tip = act.toolTip()
    if key and not tip.endswith(f"({key})"):
        act.setToolTip(f"{tip} ({key})")


def undo_tooltips(group: QUndoGroup, undo_action: QAction, redo_action: QAction) -> None:
    """The toolbar's Undo / Redo keep their short labels; the tooltip says what they undo."""
    for act, can, text, none in ((undo_action, group.canUndo(), group.undoText(), "Nothing to undo"),
                                 (redo_action, group.canRedo(), group.redoText(), "Nothing to redo")):
        verb = "Undo" if act is undo_action else "Redo"
        tip = f"{verb} {text}" if can and text else none
        key = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"{tip} ({key})" if key else tip
        if act.toolTip() != tip:  # set once and only on a change: each change costs (app/widgets/toolbar_sync.py)
            act.setToolTip(tip)


def fill_systems_menu(menu: QMenu, window, at=None) -> None:
    """One checkable entry per battle system (rules/systems), the one in use checked; for the
    Battle Hex ``at``, or the campaign's new Battle Hexes when ``at`` is None."""
    from rules.model.campaign import Settings
    from rules.systems import systems
    menu.clear()
    campaign = window.session.campaign if window.session is not None else None
    record = next((b for b in campaign.battle_hexes if b.at == at and not b.resolved), None) if campaign and at \
        else None
    current = (record.system if record is not None and record.system else None) or \
        (campaign.settings.battle_system if campaign else Settings.model_fields["battle_system"].default)
    for key, system in systems().items():
        act = menu.addAction(system.title)
        act.setObjectName(f"system_{key}")
        act.setCheckable(True)
        act.setChecked(key == current)
        act.setToolTip(system.blurb)
        if record is not None and record.answers and key != current:
            act.setEnabled(False)
            act.setToolTip(f"the battle in {at} has begun: take its answers back first")
        act.setStatusTip(act.toolTip())  # the status bar says it while hovered; a tooltip covered the entries below
        act.triggered.connect(lambda _on=False, k=key: window.set_battle_system(k, at))


def _diplomacy(window) -> None:
    from app.shell.diplomacy_dialog import diplomacy

    diplomacy(window)


def _campaign_settings(window) -> None:
    from app.shell.settings_dialog import campaign_settings

    campaign_settings(window)


def _unit_lists(window) -> None:
    from app.shell.unit_lists_dialog import unit_lists

    unit_lists(window)


def _gm_orders(window) -> None:
    from app.shell.orders_dialog import gm_orders

    gm_orders(window)


def _new_campaign(window) -> None:
    from app.shell.new_campaign import new_campaign

    new_campaign(window)


def _team_copy(window) -> None:
    """File > Export Team Copy... (issue 23): loaded when first used."""
    from app.shell.team_copy_gui import export_team_copy
    export_team_copy(window)


def _sealed_orders(window, which: str) -> None:
    """File > Export My Orders... / Import Orders... (issue 23: orders by sealed file)."""
    from app.shell.sealed_orders_gui import export_my_orders, import_orders

    (export_my_orders if which == "export" else import_orders)(window)


def _replay(window) -> None:
    from app.battle.replay_main import replay_from_main  # the battle engine loads when a battle is replayed
    replay_from_main(window)


def _cargo(window: MainWindow) -> None:
    """Turn > Cargo (its dialog and the cargo rules imported when first asked, not at start-up)."""
    from app.shell.cargo_dialog import open_cargo_dialog

    open_cargo_dialog(window)
