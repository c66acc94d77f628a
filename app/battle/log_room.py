"""The battle log's room in the battle window (issue 22): at QT_SCALE_FACTOR=2 on a 1600x1000
screen (a window about 790 x 466 logical pixels) the log dock took about half the height and left
the battle map a strip. As in the main window (app/shell/campaign_log.py), a short window opens the
log only when asked (View > Battle Log, Ctrl+L), and then keeps it to about a fifth of its height.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence

from app.shell.campaign_log import SHORT_WINDOW

if TYPE_CHECKING:
    from app.battle.window import BattleWindow

LOG_SHARE = 5
"""In a short window the log takes at most 1/LOG_SHARE of the window's height (a quarter, on the real
screen at scale 2, left the map 46% of the window once the toolbars took theirs)."""


class LogRoom(QObject):
    """Whether the log dock of ``win`` shows, and how tall: View > Battle Log (Ctrl+L) says it;
    until the person says, a tall window shows it and a short one does not."""

    def __init__(self, win: BattleWindow) -> None:
        super().__init__(win)
        self.win = win
        self.asked: bool | None = None  # what the person said with View > Battle Log (None: nothing yet)
        self.action = win.log_dock.toggleViewAction()
        self.action.setText("Battle &Log")
        self.action.setObjectName("battle_log_action")
        self.action.setShortcut(QKeySequence("Ctrl+L"))
        self.action.setToolTip("Show or hide the battle's log (Ctrl+L)")
        self.action.triggered.connect(self._asked)
        menu = win.menuBar().addMenu("&View")
        menu.setObjectName("battle_view_menu")
        menu.addAction(self.action)
        win.addAction(self.action)

    def short(self) -> bool:
        """The window is too short to give the log its own share (a 1000-pixel screen at scale 2)."""
        return self.win.height() < SHORT_WINDOW

    def show(self) -> None:
        """Show or hide the log as the person asked, else as the window's height allows."""
        on = self.asked if self.asked is not None else not self.short()
        self.action.setEnabled(True)
        self.win.log_dock.setVisible(on)
        if on:
            self.keep()

    def keep(self) -> None:
        """In a short window, the shown log gives the map back all but a fifth of the height."""
        dock = self.win.log_dock
        if self.short() and dock.isVisible() and dock.height() * LOG_SHARE > self.win.height():
            self.win.resizeDocks([dock], [self.win.height() // LOG_SHARE], Qt.Orientation.Vertical)

    def _asked(self, on: bool) -> None:
        self.asked = on
        if on:
            self.keep()
            QTimer.singleShot(0, self._latest)  # once laid out: it was drawn while hidden

    def _latest(self) -> None:
        """The latest events in view (the log grew while it was closed)."""
        bar = self.win.log_dock.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def resized(self) -> None:
        """A resize (the window placed on a small screen after it opened) applies the rule again,
        except behind the hand-over screen, where no log shows (the window's ``resizeEvent``)."""
        if not self.win.handing_over():
            self.show()
