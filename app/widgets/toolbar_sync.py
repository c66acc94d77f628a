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
from PySide6.QtGui import QActionEvent
from PySide6.QtWidgets import QToolBar, QToolButton


class _InStep(QObject):
    """The event filter of a toolbar's buttons (one per toolbar)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() != QEvent.Type.ActionChanged or not isinstance(obj, QToolButton):
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


def keep_in_step(bar: QToolBar) -> None:
    """Make the buttons ``bar`` shows for its actions (now) follow them without the Qt 6.11 leak."""
    keeper = bar.findChild(_InStep)
    if keeper is None:
        keeper = _InStep(bar)
    for button in bar.findChildren(QToolButton):  # (widgetForAction costs ~0.5 ms an action at start-up)
        if button.defaultAction() is not None:
            button.removeEventFilter(keeper)  # installed once
            button.installEventFilter(keeper)
