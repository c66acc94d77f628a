"""Toolbar buttons that follow their actions without piling up connections.

Under Qt 6.11 (PySide6 6.11.3) a toolbar's :class:`QToolButton` answers each change of its
action (text, tooltip, enabled, checked) by calling ``setDefaultAction`` again, which connects
the action's ``changed()`` once more: a toolbar's Undo gained a connection at every answer (3,719
after 180 open + Fight cycles) and each tooltip change grew slower with them. :func:`keep_in_step`
filters that event on a toolbar's buttons and copies what the button shows from its action
itself, as ``setDefaultAction`` would, without connecting anything.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QActionEvent
from PySide6.QtWidgets import QToolBar, QToolButton, QWidgetAction
from shiboken6 import getCppPointer


class _InStep(QObject):
    """The event filter of a toolbar's buttons (one per toolbar), and of the toolbar itself."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._placed: dict[int, tuple] = {}  # per action: what the toolbar's layout of it depends on

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        if isinstance(obj, QToolBar):
            if kind == QEvent.Type.ActionAdded:  # laid out as it is now
                self.place(event.action())
            elif kind == QEvent.Type.ActionRemoved:
                self._placed.pop(_key(event.action()), None)
            return kind == QEvent.Type.ActionChanged and self._in_place(event)
        if kind != QEvent.Type.ActionChanged:
            return False
        if not isinstance(obj, QToolButton):
            return False
        assert isinstance(event, QActionEvent)
        act = event.action()
        if act is None or act is not obj.defaultAction():
            return False
        for get, now, put in ((act.iconText, obj.text, obj.setText), (act.toolTip, obj.toolTip, obj.setToolTip),
                              (act.statusTip, obj.statusTip, obj.setStatusTip),
                              (act.whatsThis, obj.whatsThis, obj.setWhatsThis),
                              (act.isCheckable, obj.isCheckable, obj.setCheckable),
                              (act.isChecked, obj.isChecked, obj.setChecked),
                              (act.isEnabled, obj.isEnabled, obj.setEnabled)):
            value = get()
            if value != now():  # only what changed: each set repaints or re-lays out the button
                put(value)
        icon = act.icon()
        if icon.cacheKey() != obj.icon().cacheKey():
            obj.setIcon(icon)
        return True  # not QToolButton's own handling: it would connect changed() once more

    def _in_place(self, event: QEvent) -> bool:
        """The toolbar lays all its buttons out again at every change of an action (QToolBar's
        ActionChanged), then the window holding it: at every battle answer, for Undo's new
        tooltip (issue 21). A change that leaves the action where and as big as it was (its
        tooltip, status tip, enabled or checked state) is left to its button (above); any
        other goes to the toolbar as before."""
        assert isinstance(event, QActionEvent)
        act = event.action()
        if act is None or isinstance(act, QWidgetAction):
            return False
        before = self._placed.get(_key(act))
        return self.place(act) == before

    def place(self, act: QAction | None) -> tuple | None:
        """Note what the toolbar's layout of ``act`` depends on, as it is now."""
        if act is None:
            return None
        placed = (act.isVisible(), act.isSeparator(), act.text(), act.iconText(), act.icon().cacheKey(),
                  act.font().key(), act.isCheckable(), act.menu() is not None, act.priority())
        self._placed[_key(act)] = placed
        return placed


def _key(act: QAction | None) -> int:
    """``act`` by its C++ object (a Python wrapper may be made anew per event)."""
    return getCppPointer(act)[0] if act is not None else 0


def keep_in_step(bar: QToolBar) -> None:
    """Make the buttons ``bar`` shows for its actions (now) follow them without the Qt 6.11 leak."""
    keeper = bar.findChild(_InStep)
    if keeper is None:
        keeper = _InStep(bar)
        for act in bar.actions():  # as the toolbar laid them out
            keeper.place(act)
        bar.installEventFilter(keeper)
    for button in bar.findChildren(QToolButton):  # (widgetForAction costs ~0.5 ms an action at start-up)
        if button.defaultAction() is not None:
            button.removeEventFilter(keeper)  # installed once
            button.installEventFilter(keeper)
