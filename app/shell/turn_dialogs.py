"""Dialogs of the Movement Phase: the V13.16/V13.18 ignore questions, the list of Battle Hexes
that movement formed, and the GM's override of V13.12."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.shell import window_state
from rules.strategic.battle_hex import IgnoreQuestion
from app.widgets.titles import fit_title
from app.strategic.describe import view_name


class HandOverCover(QWidget):
    """An opaque page over the whole of one window (the main window's map, docked docks, tool and
    status bars; a floating dock; the Battle Hexes list; a battle window) while a hot-seat hand-over
    is up, so nothing of any side shows behind the hand-over dialog. A child widget, not a hidden
    window: showing it again moves no focus. :meth:`lift` takes it away."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("handover_cover")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("QWidget#handover_cover { background: #20242e; } QLabel { color: #f2f2f2; }")
        self.ensurePolished()  # (the style sheet's polish turns the fill off: set after it)
        self.setAutoFillBackground(True)  # the colour as an opaque fill too: Qt paints nothing beneath it (issue 21)
        fill = self.palette()
        fill.setColor(QPalette.ColorRole.Window, QColor("#20242e"))
        self.setPalette(fill)
        lay = QVBoxLayout(self)
        note = QLabel("Hand-over: nothing of any side is shown until the next player takes the screen.")
        note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        note.setWordWrap(True)
        note.setStyleSheet("QLabel { font-size: 16px; padding: 24px; }")
        lay.addWidget(note)
        lay.addStretch(1)  # above the hand-over dialog, which opens over the window's middle
        self.window_ = window
        self.setGeometry(window.rect())
        window.installEventFilter(self)
        self.show()
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Cover the whole window as it is resized (and stay above what it lays out anew)."""
        if watched is self.window_ and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.setGeometry(self.window_.rect())
            self.raise_()
        return False

    def lift(self) -> None:
        """The hand-over is over (taken, cancelled or broken by an error): the window shows again."""
        with contextlib.suppress(RuntimeError):  # the window was closed and deleted meanwhile
            self.window_.removeEventFilter(self)
            self.hide()
            self.deleteLater()


def _windows_of(window: QMainWindow) -> list[QWidget]:
    """The main window and the other windows it owns that show now: floating docks, non-modal
    dialogs (the Battle Hexes list), battle windows."""
    return [window] + [w for w in window.findChildren(QWidget)
                       if w.isWindow() and w.isVisible() and not (isinstance(w, QDialog) and w.isModal())
                       and (isinstance(w, (QDialog, QMainWindow)) or (isinstance(w, QDockWidget) and w.isFloating()))]


@contextlib.contextmanager
def covered(parent: QWidget | None) -> Iterator[list[HandOverCover]]:
    """While the block runs, the main window ``parent`` belongs to (if any) and every window it
    owns are covered (:class:`HandOverCover`) and its status bar is empty; the covers are lifted
    however the block ends (taken, cancelled, an exception)."""
    window = parent
    while window is not None and not isinstance(window, QMainWindow):
        window = window.parentWidget()
    if window is None:
        yield []
        return
    window.statusBar().clearMessage()  # nothing said to the last player stays (a V13.443 note...)
    covers = [HandOverCover(w) for w in _windows_of(window)]
    try:
        yield covers
    finally:
        for cover in covers:
            cover.lift()


class HandOverDialog(QDialog):
    """A hot-seat hand-over: "Pass the screen to the <Team> commander", answered by that
    commander's "I am the <Team> commander" (or a cancel of what it leads to); with
    ``commander`` False, to "the Game Master". While it is up, the main window it belongs to
    shows nothing (:func:`covered`).
    """

    def __init__(self, who: str, why: str, cancel_text: str = "Cancel", parent=None, title: str = "",
                 commander: bool = True) -> None:
        super().__init__(parent)
        who = f"{who} commander" if commander else who  # the Game Master is no commander
        self.setWindowTitle(fit_title(title or f"Hand over to the {who}"))
        lay = QVBoxLayout(self)
        # as large as its words and buttons, and no larger or smaller: a resizable dialog opened at
        # a size taken before its styled label was polished, and openbox framed it with a resize
        # handle and grips under the buttons, a light strip over the dark cover (issue 22)
        lay.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)
        self.label = QLabel(f"Pass the screen to the {who}")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("QLabel { font-size: 20px; font-weight: bold; padding: 12px; }")
        lay.addWidget(self.label)
        margins = lay.contentsMargins()
        self.label.setMinimumWidth(520 - margins.left() - margins.right())  # the dialog at least 520 wide
        note = QLabel(why)
        note.setWordWrap(True)
        note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(note)
        row = QHBoxLayout()
        row.addStretch(1)
        self.take_over_button = QPushButton(f"I am the {who}")
        self.take_over_button.setDefault(True)
        self.take_over_button.clicked.connect(self.accept)
        row.addWidget(self.take_over_button)
        self.cancel_button = QPushButton(cancel_text)
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.reject)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        lay.addLayout(row)

    def exec(self) -> int:
        """Up over a covered main window; the cover is lifted when it is answered."""
        with covered(self.parentWidget()):
            return super().exec()


class IgnoreDialog(QDialog):
    """One Team's V13.16 / V13.18 questions, asked behind that Team's hand-over.

    ``exec()`` first shows :class:`HandOverDialog` ("Pass the screen to the <Team>
    commander"); the questions show only after "I am the <Team> commander", and a cancel there
    cancels this dialog too. One group per question: ignore the Orion / sub-light unit, or
    pay attention to it. ``team`` defaults to the first question's Team; the caller passes one
    Team's questions at a time. ``seated(team)`` is called once its commander took the screen.
    """

    def __init__(self, questions: list[IgnoreQuestion], names: dict[str, str], parent=None,
                 team: str | None = None, seated=None) -> None:
        super().__init__(parent)
        self.seated = seated  # told the Team once its commander has taken the screen (the map's view)
        self.team = team or (questions[0].team if questions else "")
        self.who = names.get(self.team, self.team)
        self.setWindowTitle(fit_title(f"{self.who}: units that may be ignored"))  # the rules are in the words
        self.setMinimumWidth(560)
        self.questions = questions
        self.groups: list[QButtonGroup] = []
        lay = QVBoxLayout(self)
        intro = QLabel(f"{self.who} commander: movement has been worked out. Before the Battle Hexes form, choose "
                       "whether to ignore these units (V13.16, V13.18). Nothing is applied until every Team has "
                       "answered.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        for q in questions:
            box = QGroupBox(f"Sector {q.at} ({q.rule})")
            inner = QVBoxLayout(box)
            text = QLabel(q.text(names) + ("\nThis Team ignored them before; it may now pay attention."
                                           if q.ignored_before else ""))
            text.setWordWrap(True)
            inner.addWidget(text)
            group = QButtonGroup(box)
            ignore = QRadioButton("Ignore them: no battle with them this phase")
            attend = QRadioButton("Pay attention: fight (Battle Hex)")
            group.addButton(ignore, 1)
            group.addButton(attend, 0)
            (ignore if q.ignored_before else attend).setChecked(True)
            inner.addWidget(ignore)
            inner.addWidget(attend)
            self.groups.append(group)
            lay.addWidget(box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        # Qt opens a wrapped-text dialog at most 2/3 of the screen tall: at QT_SCALE_FACTOR=2 that
        # squeezed the questions' lines; take the height the words need, as far as the screen allows
        room = self.screen().availableGeometry().height() - 60
        self.resize(self.minimumWidth(), min(lay.totalHeightForWidth(self.minimumWidth()), room))

    def exec(self) -> int:
        """The hand-over, then (if the right commander took the screen) the questions; meanwhile
        the main window's status line names them, then goes back to the phase's own words."""
        window = self.parentWidget()
        with_status = isinstance(window, QMainWindow) and hasattr(window, "waits_label")
        if with_status:  # not the Turn Orders' "movement orders" any more (issue 22)
            window.statusBar().clearMessage()
            window.waits_label.setText(f"End Movement waits for: the {self.who} commander's answers to the ignore "
                                       "questions (V13.16, V13.18); nothing is applied until every Team has answered")
        try:
            screen = HandOverDialog(self.who, f"The {self.who} commander decides, unseen by the other commanders, "
                                              "whether to ignore units it may ignore (V13.16, V13.18).",
                                    "Cancel End Movement", window, f"Hand over to {self.who}: units to ignore")
            if screen.exec() != QDialog.DialogCode.Accepted:
                return QDialog.DialogCode.Rejected
            if self.seated is not None:
                self.seated(self.team)
            return super().exec()
        finally:
            if with_status:
                window._update_phase_bar()

    def decisions(self) -> dict:
        """``(sector, team, other team) -> ignore?`` as the engine takes it."""
        return {(q.at, q.team, q.other): g.checkedId() == 1 for q, g in zip(self.questions, self.groups)}


class BattleHexesDialog(QDialog):
    """What movement did and the Battle Hexes it formed (V13.11-V13.17)."""

    def __init__(self, html: str, events: list[str], parent=None, gm: bool = False, encounters: bool = False) -> None:
        super().__init__(parent)
        campaign = getattr(parent, "campaign", None)  # a Team copy's full view is its Team's, not the GM's
        view = view_name(campaign) if gm and campaign is not None else "GM view"
        self.setWindowTitle("End of movement: Battle Hexes" + (f" \u2014 {view}" if gm else ""))
        self.setObjectName("battle_hexes_dialog")
        self._settings = getattr(parent, "settings", None)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser(self)
        moves = "".join(f"<li>{e}</li>" for e in events) or "<li>No fleet moved.</li>"
        seed = ("<p><i>The Combat Phase: these are meetings. End Phase (Ctrl+Shift+E) goes from the Supply "
                "Phase to the Encounters, where each becomes a battle only when a side demands a scenario and the "
                "other agrees (a side that refuses returns to its last sector); the Space Combat Phase then fights "
                "them.</i></p>") if encounters else ""
        self.browser.setHtml(html + "<h4>Movement</h4><ul>" + moves + "</ul>" + seed +
                             "<p><i>Fight each Battle Hex with Turn \u2192 Fight a Battle Hex (Ctrl+F): set-up, the "
                             "tracked battle and its endings (V13.20-V13.968); its results go back to the campaign. "
                             "The GM may instead record an outcome with Turn \u2192 GM Ruling. The "
                             + ("Space Combat" if encounters else "Movement") + " Phase cannot end while a Battle "
                             "Hex is open (V13.12).</i></p>")
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
        window_state.restore(self, self._settings, "battle_hexes_dialog", (760, 640))

    def done(self, result: int) -> None:
        window_state.save(self, self._settings, "battle_hexes_dialog")
        super().done(result)
