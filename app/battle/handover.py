"""The hot-seat hand-over screen of the battle window: nothing of the battle is shown until
the player the question is for says they have the screen (Enter or the button)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from app.battle.held import hold
from app.battle.log import screen_words, show_undo_words
from rules.battlehex.log import GM

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


class HandOverPage(QWidget):
    """"Pass the screen to ..." with the button the next player presses; ``take_over`` is
    called when they do."""

    def __init__(self, take_over: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team: str | None = None
        self.setStyleSheet("QWidget { background: #20242e; } QLabel { color: #f2f2f2; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # the whole page dark, not the labels only
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel("")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("QLabel { font-size: 26px; font-weight: bold; }")
        self.label.setWordWrap(True)  # a long Team name wraps: the page never widens the window (issue 22)
        lay.addWidget(self.label)
        self.note = QLabel("Nothing of the battle is shown until the right player takes over.")
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        row = QHBoxLayout()
        row.addStretch(1)
        self.button = QPushButton("")
        self.button.setStyleSheet("QPushButton { font-size: 16px; padding: 10px 24px; color: #101010; "
                                  "background: #f2c230; border-radius: 4px; }")
        self.button.clicked.connect(lambda: take_over())
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # Enter takes over too (the button has the focus)
            QShortcut(QKeySequence(key), self, activated=lambda: take_over(),
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)

    def ask_for(self, team: str, name: str) -> None:
        """Ask for the player of ``team`` (named ``name``)."""
        who = "Game Master" if team == GM else f"{name} commander"
        self.label.setText(f"Pass the screen to the {who}")
        self.button.setText(f"I am the {who} \u2014 show me")
        self.team = team
        QTimer.singleShot(0, self, lambda: self.button.setFocus())


# -- passing the seat in combat (issue 19: the engine refuses a move 'by' a Team not the unit's owner) --
def seat_teams(win: BattleWindow) -> list[str]:
    """The Teams the seat may pass to now: in hot-seat play, while the question is for any
    commander (V13 combat), the battle's Teams other than the viewer (the GM sees all in the
    GM view, behind its passphrase)."""
    b = win.b
    q = b.pending if b is not None else None
    if b is None or q is None or q.to != "any" or not win.hot_seat or win.gm_action.isChecked():
        return []
    names = {t.id for t in win.session.campaign.teams}
    return [t for t in b.state.battle_teams if t in names and t not in (GM, win.viewer)]


def choose_seat(win: BattleWindow, team: str | None) -> str | None:
    """The Team the seat passes to: ``team``, the only one that may take it, or the one chosen
    in a dialog; ``None`` (a message said why) when the seat does not pass."""
    teams = [] if win.handing_over() else seat_teams(win)
    if not teams:
        win.statusBar().showMessage("The seat passes in combat, in hot-seat play outside the GM view", 6000)
        return None
    if team is None and len(teams) > 1:
        names = [win.name(t) for t in teams]
        choice, ok = QInputDialog.getItem(win, "Pass the seat", "Which Team's commander takes the screen?",
                                          names, 0, False)
        if not ok:
            return None
        team = teams[names.index(choice)]
    team = team or teams[0]
    return team if team in teams else None


def name_pass_seat(win: BattleWindow, teams: list[str]) -> None:
    """Pass the seat names the Team it passes to when there is one only, in its text and its tooltip; the
    button keeps "Pass the seat" (its icon text): "Pass the seat to Alliance" pushed the replay's Leave
    behind the seat row's "»" at QT_SCALE_FACTOR=2 (issue 22)."""
    a = win.pass_action
    a.setText(f"Pass the seat to {win.name(teams[0])}" if len(teams) == 1 else "Pass the seat...")
    to = f"the {win.name(teams[0])} commander" if len(teams) == 1 else "another Team's commander"
    tip = (f"Hot seat: hand the screen to {to} (behind the hand-over screen), who then moves that Team's units "
           f"({a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
    if a.toolTip() != tip:  # set only on a change (app/widgets/toolbar_sync.py)
        a.setToolTip(tip)


def seat_action(win: BattleWindow) -> None:
    """Pass the seat is enabled when the seat may pass, and names the Team it passes to when there is one only."""
    teams = [] if win.handing_over() else seat_teams(win)
    win.pass_action.setEnabled(bool(teams))
    name_pass_seat(win, teams)


def seat_hint(win: BattleWindow, team: str) -> str:
    """How a unit of ``team`` is moved when another Team holds the seat."""
    if team == GM:
        return "the GM moves it in the GM view (Ctrl+Shift+G)"
    key = win.pass_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"pass the seat to the {win.name(team)} commander to move it (Pass the seat, {key})"


def took_over(win: BattleWindow) -> None:
    """A player took the screen: Undo stops here for the seat (the GM's asks first), and names
    what it would take back as that player may read it; the other windows of another viewer go behind
    their hand-over (:func:`screen_taken`)."""
    win.undo_mark = win.ctl.undo_stack.index()
    win._enable_undo()
    show_undo_words(win)
    if win.parentWidget() is not None:  # the one at the screen: other viewers' windows put away (issue 22)
        screen_taken(win.parentWidget(), win.viewer, by=win)


def crosses_hand_over(win: BattleWindow) -> bool:
    """The next undo would take back an answer given before the last hand-over (issue 22)."""
    mark = getattr(win, "undo_mark", None)
    return mark is not None and win.ctl.run is not None and win.ctl.undo_stack.index() <= mark


def undo_stops(win: BattleWindow) -> bool:
    """A Team's commander took the screen at the last hand-over: its Undo stops there (the GM's asks)."""
    return crosses_hand_over(win) and win.viewer not in (None, GM) and not win.gm_action.isChecked()


def undo_tip(win: BattleWindow, text: str) -> str:
    """The Undo action's tooltip: the answer it would take back (as the screen may show it), or
    why it stops at the hand-over, naming nothing of the last seat's answer."""
    if undo_stops(win):
        return f"Undo stops at the hand-over to {win.name(win.viewer or '')}: what came before it was another " \
               "seat's to give (Ctrl+Z)"
    text = screen_words(win, text)
    return f"Undo: {text} (Ctrl+Z)" if text else "Undo answer (Ctrl+Z)"


def may_undo(win: BattleWindow) -> bool:
    """Whether Undo may take back the last answer now: never one given before the last hand-over
    for a Team's seat (the status bar says so); the GM's after a confirmation naming it."""
    if not crosses_hand_over(win):
        return True
    if undo_stops(win):
        win.statusBar().showMessage(f"Undo stops at the hand-over to {win.name(win.viewer or '')}", 8000)
        return False
    from PySide6.QtWidgets import QMessageBox

    words = screen_words(win, win.ctl.undo_stack.undoText()) or "the last answer"
    box = QMessageBox(QMessageBox.Icon.Question, "Undo before the hand-over?",
                      f"Take back \u201c{words}\u201d? It was given before the last hand-over, perhaps by another "
                      "seat.", QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, win)
    box.setObjectName("undo_across_handover")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    win.undo_box = box
    return box.exec() == QMessageBox.StandardButton.Yes


# -- the main window beside the battle's hand-over (secrecy on a shared screen) --
def main_viewer(main: QWidget) -> str | None:
    """Whose lines the main window shows (its log, inspector, sheet): the GM view's, the Team whose
    commander holds its screen, or None: the table's, which every commander may read."""
    if main.gm_view_action.isChecked():  # type: ignore[attr-defined]
        return GM
    return main.team_at_screen()  # type: ignore[attr-defined, no-any-return]


def main_hidden(win: BattleWindow) -> bool:
    """The main window must show nothing now: the battle shows its hand-over screen (the next
    player reads what stands beside it), or a Team's commander holds the battle's screen while the
    main window shows another viewer's lines (the GM view's, another Team's)."""
    main = win.parentWidget()
    if main is None or not hasattr(main, "team_at_screen") or not win.isVisible():
        return False
    if win.handing_over():
        return not win.parked  # put away for the viewer at the main window's screen: nothing of it shows
    shown = main_viewer(main)
    return win.viewer not in (None, GM) and shown is not None and shown != win.viewer


def guard_main(win: BattleWindow, watch: bool = False) -> None:
    """Cover the main window and the windows it owns but battle windows (each has its own
    hand-over screen; covering one another, neither could be taken) as its own hand-over does
    (:class:`app.shell.turn_dialogs.HandOverCover`) while :func:`main_hidden`; lift the covers when
    the screen is taken by a viewer who may read it, or the battle window closes. ``watch``: from now
    on, as the battle window shows, hides, changes its page or its GM view."""
    if watch:
        _MainGuard(win)
        win.stack.currentChanged.connect(lambda i: hold(win, win, i == 1))  # nothing acts behind the page
        win.stack.currentChanged.connect(lambda _i: guard_main(win))  # the hand-over page, or the battle's
        win.gm_action.triggered.connect(lambda _on: guard_main(win))  # after toggle_gm: its viewer is set
    from app.shell.turn_dialogs import HandOverCover, _windows_of

    if not main_hidden(win):
        lift_main(win)
    elif not getattr(win, "main_covers", []):
        main = win.parentWidget()
        win.main_covers = [HandOverCover(w) for w in _windows_of(main)
                           if not hasattr(w, "handing_over")]
        main.statusBar().clearMessage()  # nothing said to the last viewer stays
        hold(main, win)  # nor acts behind the covers (Fight, Save, Undo...): app/battle/held.py
    for cover in getattr(win, "main_covers", []):
        note, until = cover.findChild(QLabel), _take_back(win, cover)
        note.setText("Hand-over: nothing of any side is shown until the next player takes the screen in the "
                     f"Battle Hex {win.at} window." if win.handing_over() else
                     f"The {win.name(win.viewer or '')} commander holds the Battle Hex {win.at} window: nothing of "
                     f"this view is shown until the battle passes to the Game Master{until}")


def _take_back(win: BattleWindow, cover: QWidget) -> str:
    """The main window's cover beside a battle a Team's commander holds offers the commander of the main
    window's own seat (another Team's) the screen back: "Take the screen (Coalition)" (:func:`take_screen`).
    Before, the only way back was Hand the Screen Back, to the GM (issue 22). None on a hand-over's cover,
    on the GM view's (no seat: the GM reads the battle in its own GM view) or on another window's. The
    cover's words, from "until the battle passes to the Game Master" on."""
    main = win.parentWidget()
    team = main_viewer(main) if cover.window_ is main and not win.handing_over() else None  # type: ignore[attr-defined]
    button = cover.findChild(QPushButton, "take_screen_button")
    if team in (None, GM):
        if button is not None:
            button.hide()
        return " or its window closes."
    if button is None:
        button = QPushButton(cover)
        button.setObjectName("take_screen_button")
        button.setStyleSheet("QPushButton { font-size: 16px; padding: 10px 24px; color: #101010; "
                             "background: #f2c230; border-radius: 4px; }")
        button.clicked.connect(lambda: take_screen(main))
        cover.layout().insertWidget(1, button, 0, Qt.AlignmentFlag.AlignHCenter)
    button.setText(f"Take the screen ({win.name(team or '')})")
    button.show()
    return f", its window closes or the {win.name(team or '')} commander takes the screen back."


def take_screen(main: QWidget) -> bool:
    """The commander of the main window's seat takes its screen back from the battle window another Team's
    commander holds beside it, behind its hand-over (every window covered meanwhile); once confirmed, the
    battle goes behind its own hand-over page before the main window's cover is lifted (``take_seat``:
    :func:`screen_taken`, then :func:`guard_main`). True when it was taken."""
    team = main_viewer(main)
    if team in (None, GM):
        return False
    from app.shell.turn_dialogs import HandOverDialog

    name = next((t.name for t in main.session.campaign.teams if t.id == team), team)  # type: ignore[attr-defined]
    screen = HandOverDialog(name, f"The {name} commander takes the main window's screen back: the battle beside "
                                  "it goes behind its own hand-over screen first.", "Cancel", main,
                            f"Hand over to {name}: main window")
    main.handover_dialog = screen  # type: ignore[attr-defined]
    for button in main.findChildren(QPushButton, "take_screen_button"):
        button.hide()  # not shown behind its own hand-over (the cover it is on stays above the dialog's)
    if screen.exec() != HandOverDialog.DialogCode.Accepted or main_viewer(main) != team:
        follow_main(main)  # put off: the covers as they were, the button again
        return False
    main.take_seat(team)  # type: ignore[attr-defined]  # one seat path: the battles put away, then the covers lifted
    return True


def follow_main(main: QWidget) -> None:
    """The main window's viewer changed by its own seat (a Team took it at the Empire Sheet, or gave it
    back): each battle window beside it covers or shows it again (:func:`guard_main`), as at a change of
    its GM view (issue 22: the Coalition's sheet was shown beside the Alliance's battle, uncovered)."""
    for win in getattr(main, "_battle_windows", []):
        if shiboken6.isValid(win) and hasattr(win, "handing_over"):
            guard_main(win)


def screen_taken(main: QWidget, viewer: str | None, by: QWidget | None = None) -> None:
    """``viewer`` confirmed at a hand-over (the main window's seat, or battle window ``by``'s page): the
    person at the screen is ``viewer``'s. Every other battle window a Team's commander other than
    ``viewer`` holds goes behind its hand-over page for that commander (:func:`park`) until it confirms
    there again; then the main window is covered or shown as its viewer may be read (:func:`follow_main`).
    The Game Master at the screen puts no battle away: the GM may read every side's battle (issue 22:
    the Coalition took the main window's seat at the Empire Sheet and read the Alliance's 0604 battle)."""
    for win in list(getattr(main, "_battle_windows", [])):
        if viewer not in (None, GM) and win is not by and shiboken6.isValid(win) and hasattr(win, "handing_over") \
                and win.isVisible() and win.hot_seat and not win.handing_over() and not win.replay.on \
                and not win.gm_action.isChecked() and win.viewer not in (None, viewer):
            park(win)
    follow_main(main)


def held_beside(main: QWidget, team: str) -> bool:
    """A battle window beside the main window shows the battle to a Team's commander other than
    ``team``'s: that commander is at the screen, and ``team``'s takes it behind a hand-over."""
    return any(shiboken6.isValid(w) and hasattr(w, "handing_over") and w.isVisible() and not w.handing_over()
               and not w.gm_action.isChecked() and w.viewer not in (None, GM, team)
               for w in getattr(main, "_battle_windows", []))


def meeting(win: BattleWindow) -> tuple[object, ...] | None:
    """Which of its sector's meetings the window's controller holds (open, or as it ended)."""
    run = win.ctl.run or win.ctl.last
    r = getattr(run, "record", None)
    return None if r is None else (r.turn, r.kind, r.attacker, r.defender)


def park(win: BattleWindow) -> None:
    """Another viewer took the screen: the battle shows its hand-over page for the viewer who held it
    (who takes it back with the page's button or Enter), nothing of the battle behind it; the main
    window beside it is not covered for it (:func:`main_hidden`)."""
    team = win.viewer or GM
    win.viewer = None
    win.parked = True
    win._hand_over(team)


def moved_on(win: BattleWindow) -> None:
    """The window's controller holds another meeting of its sector now: nobody at the window's screen is
    kept for it, as a new window on that meeting keeps nobody (issue 22: the Orion Pirates' commander held
    "Alliance attacks Orion Pirates"; "Coalition attacks Alliance" brought back first showed its question
    for any commander to the Orion at once). No viewer, no seat, no parked page (its commander may have no
    part in this battle), no GM view (its passphrase is asked again), no Undo mark: the refresh that follows
    puts the battle behind its question's hand-over, and the main window is covered beside it
    (:func:`main_hidden`). A party of the new meeting is not kept either: the meeting was chosen at the main
    window by whoever sits there (as a fleet dragged at the table's view is not taken for the commander of
    the battle beside it), and Undo stops at a hand-over given in this meeting's answers (the last one's
    mark, an index in a stack cleared since, would stop it wrongly or not at all)."""
    win.viewer, win.seat, win.parked, win.undo_mark = None, None, False, None
    win.gm_action.setChecked(False)  # (not triggered: no toggle_gm, whose refresh comes after this)
    guard_main(win)  # a page up now stays up through the refresh: covered at once (no page change to see)


class _MainGuard(QObject):
    """Looks again at every change of the main window's viewer (its GM view: issue 22, the GM's lines
    were shown beside a Team's battle). The window covers the main window when it shows (its first
    hand-over comes before) and lifts the covers when it hides or closes, in its own show, hide and close
    handlers: an event filter here had every event of the window handed to Python (issue 21)."""

    def __init__(self, win: BattleWindow) -> None:
        super().__init__(win)
        self.win = win
        gm_view = getattr(win.parentWidget(), "gm_view_action", None)
        if gm_view is not None:
            gm_view.toggled.connect(self.viewer_changed)  # (disconnected with this guard)
        self.meeting = meeting(win)
        win.ctl.reset.connect(self.battle_reset)  # before the window's refresh (connected after this guard)

    def viewer_changed(self, *_: object) -> None:
        guard_main(self.win)

    def battle_reset(self) -> None:
        """The battle is drawn anew: a strategic change or undo (the same meeting: a parked window stays
        behind its page, its viewer keeps it), or the sector's next meeting (fought from the Fight list,
        or the one brought first done or undone): the window is moved on (:func:`moved_on`) before its
        refresh, which puts it behind its question's hand-over as a new window opens. A replay is left first,
        drawn anew for who held it only on the same meeting: drawn on the next one, it showed it to them (issue
        22: the Orion's commander was shown "Coalition attacks Alliance" at its question for any commander, a GM
        view's replay the whole battle to whoever pressed the main window's Ctrl+Z)."""
        now = meeting(self.win)
        self.win.replay.leave(redraw=now == self.meeting)
        if now != self.meeting:
            moved_on(self.win)
        self.meeting = now


def lift_main(win: BattleWindow) -> None:
    """The main window shows again (the battle window closes, or its viewer may read it)."""
    for cover in getattr(win, "main_covers", []):
        cover.lift()
    win.main_covers = []
    if win.parentWidget() is not None:
        hold(win.parentWidget(), win, False)
