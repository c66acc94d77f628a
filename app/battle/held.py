"""Actions held behind a hand-over (issue 22): while a battle window shows its hand-over page, or the main
window is covered beside one (:func:`app.battle.handover.guard_main`), nothing of the window behind may act,
by its toolbar, its menus, a shortcut or ``action.trigger()``: Undo, Export, the GM view, Fight, Save...
Only what the page or the cover offers acts (its button, Enter; "Take the screen"), the harmless
Help menu and Quit, and what is marked with :func:`let_act`: the GM views (the Game Master's way past any
page or cover, behind the GM's passphrase), File > Replay a Battle... and Turn > Hand the Screen Back to
the GM (hand-overs themselves), the battle's Export report (written as the table may read it).

Every held action joins one disabled :class:`QActionGroup` (an action already in a group of its own: that
group is disabled). Qt keeps what the window's code says meanwhile (``setEnabled(True)`` on a held action
leaves it disabled; ``trigger()`` does nothing) and gives each action back the state last asked for when the
group is enabled again, so no code that enables an action (Undo at every answer, the toolbar's keep-in-step)
needs to know about the hand-over. Several holders (two battle windows covering the main window) release
the actions once the last of them lets go.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

HARMLESS = ("&Help",)
"""The menus whose actions act behind a hand-over (they show nothing of any side)."""
QUIT = QKeySequence("Ctrl+Q")
ACTS = "acts_behind_hand_over"
"""The property of an action that acts behind a hand-over (:func:`let_act`)."""


class _Hold(QObject):
    """The held actions of one window, and who holds them."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.holders: set[int] = set()
        self.watched: set[int] = set()  # the holders whose deletion is watched
        self.group: QActionGroup | None = None
        self.groups: list[QActionGroup] = []  # the actions' own groups, disabled while held
        self.menus: set[int] = set()  # the menus whose opening holds what they made (:meth:`more`)

    def hold(self) -> None:
        self.group = QActionGroup(self)
        self.group.setExclusionPolicy(QActionGroup.ExclusionPolicy.None_)  # checked actions stay as they are
        self.group.setEnabled(False)
        self.more()

    def more(self) -> None:
        """Hold the actions not held yet: all, as the hold begins; those a menu made as it opened since
        (Turn > Battle System for New Battle Hexes is filled as it opens)."""
        group = self.group
        if group is None:
            return
        for a in held_actions(self.window):
            own = a.actionGroup()
            if own is None:
                group.addAction(a)  # (disabled with the group: Qt keeps what it is told meanwhile)
            elif own is not group and own not in self.groups and own.isEnabled():
                own.setEnabled(False)
                self.groups.append(own)
        for menu in self.window.findChildren(QMenu):
            if _key(menu) not in self.menus:
                self.menus.add(_key(menu))
                menu.aboutToShow.connect(self.more)  # after the menu's own filling (connected first)

    def release(self) -> None:
        group, self.group = self.group, None
        if group is not None:
            group.setEnabled(True)  # (before leaving the group: each action back to what it was last told)
            for a in group.actions():
                group.removeAction(a)  # (PySide gives it to Python then: deleted with its last reference; an
                a.setParent(a.parent())  # action kept in the group between holds kept its wrapper after Qt
            group.deleteLater()  # deleted it: 4 more QAction wrappers alive per open + Fight + close, issue 21)
        for own in self.groups:
            own.setEnabled(True)
        self.groups = []


def held_actions(window: QWidget) -> list[QAction]:
    """The actions of ``window`` held behind its hand-over: every one it owns (its menus', toolbars' and
    shortcuts'), but the menus' own titles, the Help menu's, Quit and the actions of the battle windows it
    owns (each holds its own: every action beneath one, found from it, not by walking up from each of
    ``window``'s actions, ~1.2 ms of each Fight's hold of the main window, issue 21)."""
    left: set[int] = set()
    for other in window.findChildren(QMainWindow):
        if hasattr(other, "handing_over"):
            left.update(_key(a) for a in other.findChildren(QAction))
    for menu in window.findChildren(QMenu):
        if menu.title() in HARMLESS:
            left.update(_key(a) for a in _all_actions(menu))
    return [a for a in window.findChildren(QAction) if _key(a) not in left and a.menu() is None
            and a.shortcut() != QUIT and not a.property(ACTS)]


def _key(o: QObject) -> int:
    """The object's own address (a wrapper's ``id`` may be reused once it is let go)."""
    return int(shiboken6.getCppPointer(o)[0])


def let_act(action: QAction) -> None:
    """``action`` acts behind a hand-over too: a GM view, the Game Master's own way past every page (behind
    the GM's passphrase, :func:`app.shell.passphrases.gm_may_see`), a hand-over of its own, or one that shows
    only what every Team may read."""
    action.setProperty(ACTS, True)


def _all_actions(menu: QMenu) -> list[QAction]:
    out = []
    for a in menu.actions():
        out.append(a)
        sub = a.menu()
        if isinstance(sub, QMenu):
            out.extend(_all_actions(sub))
    return out


def hold(window: QWidget, holder: QObject, on: bool = True) -> None:
    """``holder`` holds the actions of ``window`` (``on``) or lets them go; they act again when nobody holds them."""
    hold_ = _hold_of(window) or _Hold(window)
    was = bool(hold_.holders)
    key = _key(holder)
    if not on:
        hold_.holders.discard(key)
    elif key not in hold_.holders:
        hold_.holders.add(key)
        if key not in hold_.watched:  # deleted unclosed, it lets go too
            hold_.watched.add(key)
            holder.destroyed.connect(lambda _=None, k=key, h=hold_: _gone(h, k))
    if hold_.holders and not was:
        hold_.hold()
    elif was and not hold_.holders:
        hold_.release()


def _gone(hold_: _Hold, key: int) -> None:
    if shiboken6.isValid(hold_) and key in hold_.holders:
        hold_.holders.discard(key)
        if not hold_.holders:
            hold_.release()


def _hold_of(window: QWidget) -> _Hold | None:
    return next((c for c in window.children() if isinstance(c, _Hold)), None)
