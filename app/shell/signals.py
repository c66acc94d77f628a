"""Connecting Qt signals to slots that take no signal arguments.

``QAction.triggered(bool)`` and ``QAbstractButton.clicked(bool)`` pass their ``checked`` state
to the slot; a slot with an optional first parameter (``fight(at=None)``,
``export_report(path=None)``) then receives ``False`` as that argument. Every action and button
of a window is connected through :func:`connect_plain` unless it is checkable.

A slot that fails is reported at the edge (:func:`app.shell.errors.guard`): a dialog says in words
what failed, the traceback goes to the log; it never ends as a line on stderr alone.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.shell.errors import guard, words_of_name


def slot_words(slot: Callable[..., Any]) -> str:
    """What a slot does, for the error dialog: ``end_phase`` -> "End phase"."""
    return words_of_name(getattr(slot, "__name__", "") or "")


def connect_plain(signal: Any, slot: Callable[[], Any]) -> None:
    """Connect ``signal`` to ``slot`` called with no arguments, whatever the signal carries; a
    failure of the slot is reported as the failure of what it does (:func:`slot_words`)."""
    what = slot_words(slot)
    signal.connect(lambda *_args: guard(what, slot))
