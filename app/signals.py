"""Connecting Qt signals to slots that take no signal arguments.

``QAction.triggered(bool)`` and ``QAbstractButton.clicked(bool)`` pass their ``checked`` state
to the slot; a slot with an optional first parameter (``fight(at=None)``,
``export_report(path=None)``) then receives ``False`` as that argument. Every action and button
of a window is connected through :func:`connect_plain` unless it is checkable.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def connect_plain(signal: Any, slot: Callable[[], Any]) -> None:
    """Connect ``signal`` to ``slot`` called with no arguments, whatever the signal carries."""
    signal.connect(lambda *_args: slot())
