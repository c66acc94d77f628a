"""Submenus that stay open on the way to them (issue 22): a submenu hangs beside its entry, often
below its menu's bottom, so a slow diagonal hand from the entry to one of its items crosses the
window under the menu, where Qt closed the submenu after a second (its "sloppy" timer, started as
the pointer leaves the menu); at ``QT_SCALE_FACTOR=2`` the path is twice as long, and a click on
the item fell on the window. Every menu with submenus holds them: File > Open Recent, Turn > Battle
System for New Battle Hexes, Help > Rules, the battle window's Replay > Speed."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMenu, QWidget


class SubmenuHold(QObject):
    """Keeps a menu's open submenu open while the pointer, having left the menu, is on its way to it.
    The menu's leaving is not passed on while one of its submenus shows: the submenu closes on
    another entry of the menu, a click elsewhere or Escape."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        return event.type() == QEvent.Type.Leave and isinstance(obj, QMenu) and any(
            a.menu() is not None and a.menu().isVisible() for a in obj.actions())


def hold_submenus(owner: QWidget) -> None:
    """Every menu of ``owner`` (a menu bar, a window, a menu and its own) that has a submenu holds it
    (once each)."""
    for menu in ([owner] if isinstance(owner, QMenu) else []) + owner.findChildren(QMenu):
        if any(a.menu() is not None for a in menu.actions()) and menu.findChild(SubmenuHold) is None:
            menu.installEventFilter(SubmenuHold(menu))
