"""Driving the app the way a person does: shortcuts pressed on the window, and modal dialogs
answered through their own widgets while Qt runs them.

A modal dialog blocks the test in ``exec()``; :class:`Answerer` watches for it from a timer
and answers it with the handler the test gave for its kind (or cancels it), so the code under
test runs exactly as it does for a user.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QPushButton,
    QWidget,
)

Handler = Callable[[QWidget], bool]
"""Answers a dialog through its widgets; returns False to leave it to the next handler."""


def press(widget: QWidget, sequence: str) -> None:
    """Press a shortcut such as ``"Ctrl+Shift+S"`` on ``widget`` as a keyboard would."""
    combo = QKeySequence(sequence)[0]
    QTest.keyClick(widget, combo.key(), combo.keyboardModifiers())


def click_button(dialog: QWidget, *texts: str) -> bool:
    """Click the first button of ``dialog`` whose text (without ``&``) starts with one of ``texts``."""
    for b in dialog.findChildren(QPushButton):
        label = b.text().replace("&", "")
        if b.isVisible() and b.isEnabled() and any(label.startswith(t) for t in texts):
            b.click()
            return True
    return False


def ok(dialog: QWidget) -> bool:
    """Accept a dialog with its OK / Yes / Close button."""
    for box in dialog.findChildren(QDialogButtonBox):
        for role in (QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Yes,
                     QDialogButtonBox.StandardButton.Save, QDialogButtonBox.StandardButton.Close):
            b = box.button(role)
            if b is not None and b.isVisible() and b.isEnabled():
                b.click()
                return True
    return click_button(dialog, "OK", "Ok", "Yes", "Close", "I am the")


def cancel(dialog: QWidget) -> bool:
    """Cancel / close a dialog as a user would (Cancel button, else Escape)."""
    if isinstance(dialog, QMessageBox):
        b = (dialog.escapeButton() or dialog.button(QMessageBox.StandardButton.Cancel)
             or dialog.button(QMessageBox.StandardButton.No))
        if b is not None:
            b.click()
            return True
    for box in dialog.findChildren(QDialogButtonBox):
        b = box.button(QDialogButtonBox.StandardButton.Cancel) or box.button(QDialogButtonBox.StandardButton.Close)
        if b is not None and b.isVisible():
            b.click()
            return True
    QTest.keyClick(dialog, QKeySequence("Esc")[0].key())
    return True


def choose_item(starting: str) -> Handler:
    """Answer a QInputDialog's list with the item starting with ``starting``."""
    def handle(d: QWidget) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        items = d.comboBoxItems()
        match = next(i for i in items if i.startswith(starting))
        d.setTextValue(match)
        return ok(d)
    return handle


def type_text(text: str) -> Handler:
    """Answer a QInputDialog's text field with ``text``."""
    def handle(d: QWidget) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        from PySide6.QtWidgets import QLineEdit

        edit = d.findChild(QLineEdit)
        edit.selectAll()
        QTest.keyClicks(edit, text)
        return ok(d)
    return handle


def save_file(path: str) -> Handler:
    """Answer a file dialog with ``path`` in its file name box, then its Save button (typing
    key by key raced the box's completer popup, which sometimes ate the Return)."""
    def handle(d: QWidget) -> bool:
        if not isinstance(d, QFileDialog):
            return False
        from PySide6.QtWidgets import QLineEdit

        edit = d.findChild(QLineEdit, "fileNameEdit")
        edit.setText(path)
        for box in d.findChildren(QDialogButtonBox):
            for role in (QDialogButtonBox.StandardButton.Save, QDialogButtonBox.StandardButton.Open):
                b = box.button(role)
                if b is not None and b.isEnabled():
                    b.click()
                    return True
        QTest.keyClick(edit, QKeySequence("Return")[0].key())
        return True
    return handle


class Answerer:
    """Answers each modal dialog that opens with the first handler that takes it.

    Every dialog seen is recorded, as (class, title) in ``seen`` and as the dialog itself in
    ``dialogs``; one that no handler takes is cancelled when ``cancel_others`` is set, and one
    still open long after it was answered (100 polls) is escaped, so a test never hangs on it,
    and recorded in ``escaped``.
    """

    def __init__(self, *handlers: Handler, cancel_others: bool = True, interval: int = 30) -> None:
        self.handlers = list(handlers)
        self.cancel_others = cancel_others
        self.seen: list[tuple[str, str]] = []
        self.dialogs: list[QWidget] = []
        self.escaped: list[tuple[str, str]] = []
        self._last: QWidget | None = None
        self._waited = 0
        self._timer = QTimer()
        self._timer.setInterval(interval)
        self._timer.timeout.connect(self._poll)
        self._timer.start()

    def _poll(self) -> None:
        d = QApplication.activeModalWidget()
        if d is None or not d.isVisible():
            self._last = None
            return
        if d is self._last:  # answered; Qt has not closed it yet (or the answer left it open)
            self._waited += 1
            if self._waited > 100:
                if self._waited == 101:
                    self.escaped.append((type(d).__name__, d.windowTitle()))
                QTest.keyClick(d, Qt.Key.Key_Escape)
            return
        self._last, self._waited = d, 0
        self.seen.append((type(d).__name__, d.windowTitle()))
        self.dialogs.append(d)
        for h in self.handlers:
            if h(d):
                return
        if self.cancel_others:
            cancel(d)

    def stop(self) -> None:
        self._timer.stop()


def dialogs_of(widget: QWidget) -> list[QDialog]:
    """The visible dialogs parented to ``widget``."""
    return [d for d in widget.findChildren(QDialog) if d.isVisible()]


def open_campaign(qtbot, folder, campaign=None, size: tuple[int, int] = (1500, 950)):
    """The main window as a person opens a campaign file: the shipped default campaign copied into
    ``folder`` (``campaign`` None), or ``campaign`` (a Campaign) saved there; its settings in
    ``folder``, at ``size``, shown and active."""
    import shutil

    from PySide6.QtCore import QSettings

    from app.shell.paths import DEFAULT_CAMPAIGN
    from app.shell.window import MainWindow
    from rules.model import save_campaign

    path = folder / ("default.json" if campaign is None else "campaign.json")
    if campaign is None:
        shutil.copy(DEFAULT_CAMPAIGN, path)
    else:
        save_campaign(campaign, path)
    w = MainWindow(path, settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(*size)
    show_active(w, qtbot)
    return w


def answering(qtbot, act: Callable[[], object], *handlers: Handler, until: Callable[[], bool],
              timeout: int = 10000) -> Answerer:
    """``act`` (a shortcut pressed, a menu action triggered) with each dialog it opens answered by
    the first of ``handlers`` that takes it (any other cancelled), until ``until`` holds and no
    dialog is open. Returns the :class:`Answerer`, stopped, with the dialogs it saw."""
    answerer = Answerer(*handlers)
    try:
        act()
        qtbot.waitUntil(lambda: until() and QApplication.activeModalWidget() is None, timeout=timeout)
    finally:
        answerer.stop()
    return answerer


def refuse_questions(read: Callable[[QWidget], object], seen: list) -> Handler:
    """Each question dialog read (``read(dialog)`` appended to ``seen``), then cancelled."""
    def handle(d: QWidget) -> bool:
        from app.widgets.question_dialogs import QuestionDialog

        if not isinstance(d, QuestionDialog):
            return False
        seen.append(read(d))
        return cancel(d)
    return handle


def menu_action(main, words: str):
    """The main window's menu entry reading ``words`` (its ``&`` left out), from any menu of its bar."""
    return next(a for m in main.menuBar().actions() if m.menu() is not None for a in m.menu().actions()
                if a.text().replace("&", "") == words)


def open_main_window(qtbot, folder):
    """The main window on the default campaign with its empire turn kept by hand, in turn 1's Turn
    Orders (tests/hand_kept.py: written into ``folder``; the shipped one starts in the Income
    Phase), shown and active, its settings in ``folder``."""
    from PySide6.QtCore import QSettings

    from app.shell.window import MainWindow
    from tests.hand_kept import hand_kept_file

    w = MainWindow(hand_kept_file(folder), settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    return w


def show_active(w, qtbot) -> None:
    """Shown and active, as the window a person works in: its shortcuts then reach it."""
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)


def shown_battle_map(qtbot, size: tuple[int, int] = (900, 700)):
    """A battle map view of an unfloated 42 x 30 sheet, shown and exposed at ``size``."""
    from app.systems.v13.map import BattleMapView, BattleScene
    from hexmap import MapWindow

    v = BattleMapView(BattleScene(MapWindow(42, 30)))
    qtbot.addWidget(v)
    v.resize(*size)
    v.show()
    qtbot.waitExposed(v)
    return v


def end_movement_listing(main, qtbot):
    """Ctrl+E on the main window with every question accepted; the Battle Hexes list it opens."""
    from app.shell.turn_dialogs import BattleHexesDialog

    answerer = Answerer(ok)
    press(main, "Ctrl+E")
    qtbot.waitUntil(lambda: not main.end_movement_action.isEnabled())
    answerer.stop()
    return next(d for d in QApplication.topLevelWidgets() if isinstance(d, BattleHexesDialog) and d.isVisible())


def confirm_income(main, qtbot) -> None:
    """The shipped default campaign's first step (turn 1's Income Phase): Turn > Answer
    (Ctrl+Shift+A), the GM takes the screen at a hand-over and confirms the ledgers in the question
    dialog; the campaign has changed, unsaved."""
    from app.widgets.question_dialogs import QuestionDialog

    def confirm(d: QWidget) -> bool:
        if not isinstance(d, QuestionDialog) or d.q.key != "income/confirm":
            return False
        d.group.button(0).setChecked(True)
        return ok(d)
    answerer = answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), take_over, confirm,
                         until=lambda: any(e.rule == "004 Income Phase" for e in main.campaign.log))
    assert ("QuestionDialog", ) == tuple(k for k, _ in answerer.seen if k == "QuestionDialog"), answerer.seen


def to_turn_orders(main, qtbot) -> None:
    """From the shipped default campaign's turn 1 Income Phase to its Turn Orders as the GM and the
    commanders do with the defaults: Turn > Answer (Ctrl+Shift+A), the ledgers confirmed, End Phase
    (Ctrl+Shift+E), each power's research investment left at its default behind its hand-over, End
    Phase again."""
    from rules.model.records import Phase

    confirm_income(main, qtbot)
    answerer = Answerer(take_over, ok)
    try:
        show_active(main, qtbot)
        press(main, "Ctrl+Shift+E")  # -> Tech: the investments open behind their hand-overs
        qtbot.waitUntil(lambda: main.campaign.phase is Phase.TECH and main.session.combat_pending() is None
                        and QApplication.activeModalWidget() is None, timeout=15000)
        show_active(main, qtbot)
        press(main, "Ctrl+Shift+E")  # -> Turn Orders
        qtbot.waitUntil(lambda: main.campaign.phase is Phase.ORDERS and QApplication.activeModalWidget() is None,
                        timeout=10000)
    finally:
        answerer.stop()
    show_active(main, qtbot)


def take_over(d: QWidget) -> bool:
    """A hot-seat hand-over dialog: its "I am the ..." button (the next player takes the screen)."""
    from app.shell.turn_dialogs import HandOverDialog

    if not isinstance(d, HandOverDialog):
        return False
    d.take_over_button.click()
    return True


def encounter_answers(demand: str = "deep_space") -> Handler:
    """Answer the Encounters Phase's question dialogs as the table does by default: a side
    asked for a demand demands ``demand`` ("deep_space", "defensive" where offered, or "none"),
    a side asked to agree agrees (Yes), and nobody demands a Pursuit (No); each commander takes
    the screen at the hand-over before its questions."""
    def handle(d: QWidget) -> bool:
        from app.widgets.question_dialogs import QuestionDialog

        if take_over(d):
            return True
        if not isinstance(d, QuestionDialog) or not d.q.key.startswith("encounter/"):
            return False
        q = d.q
        if "/demand/" in q.key:
            d.group.button(list(q.options).index(demand if demand in q.options else "deep_space")).setChecked(True)
        else:  # agree: Yes (button 0); pursuit: No (button 1)
            d.group.button(0 if "/agree/" in q.key else 1).setChecked(True)
        return ok(d)
    return handle


def to_space_combat(window, qtbot, demand: str = "deep_space", *handlers: Handler) -> list[tuple[str, str]]:
    """From the Supply Phase (after End Movement) to the Space Combat Phase of a seed 004
    campaign, as the GM and the Teams do it: End Phase (Ctrl+Shift+E) opens the encounter
    questions one after another, each answered in its dialog (:func:`encounter_answers`, or
    ``handlers`` first), then End Phase again. Returns the dialogs seen (class, title)."""
    from rules.model.records import Phase

    assert window.campaign.phase is Phase.SUPPLY, window.campaign.phase
    answerer = Answerer(*handlers, encounter_answers(demand))
    try:
        show_active(window, qtbot)
        press(window, "Ctrl+Shift+E")  # Supply -> Encounters: the questions open by themselves
        qtbot.waitUntil(lambda: window.campaign.phase is Phase.ENCOUNTERS and window.session.combat_pending() is None
                        and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    show_active(window, qtbot)
    press(window, "Ctrl+Shift+E")  # Encounters -> Space Combat
    assert window.campaign.phase is Phase.BATTLES, window.campaign.phase
    return answerer.seen


def v13_copy(folder):
    """A copy of the default campaign (its empire turn kept by hand, tests/hand_kept.py) in ``folder``
    with ``settings.combat_phase`` v13: V13's own loop (the Battle Hexes fought right after End
    Movement, End Phase then starts the next turn)."""
    import json

    from tests.hand_kept import hand_kept_data

    data = hand_kept_data()
    assert data["settings"]["combat_phase"] == "seed004"
    data["settings"]["combat_phase"] = "v13"
    path = folder / "default_v13.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path
