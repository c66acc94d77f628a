"""The panel seam of the battle window: what a battle system shows and answers itself.

A battle system (``rules/systems``) is an engine run plus a panel. The shared
:class:`~app.battle.window.BattleWindow` puts the panel's ``central`` widget in its centre and
its ``widgets`` under the question, adds its toolbar ``actions``, and calls ``draw`` with what
each answer changed. Questions the panel ``handles`` (V13: placement and combat, on the map)
get no dialog; every other question is asked by the window's dialog with the panel's
``unit_names`` and ``notes``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractButton, QWidget

from rules.battlehex.change import BattleChange
from rules.battlehex.questions import Question
from rules.systems.registry import BattleSystem, load

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


class BattlePanel(Protocol):
    """What a battle system's panel gives the shared window."""

    central: QWidget
    widgets: list[QWidget]

    def actions(self) -> list[tuple[str, Any, str, str]]:
        """(text, slot, shortcut, tip) for the toolbar."""
        ...

    def handles(self, q: Question) -> bool:
        """The panel answers ``q`` itself (no dialog)."""
        ...

    def notes(self, q: Question) -> dict[str, str]:
        """For a units question: why some units are not offered."""
        ...

    def unit_names(self) -> dict[str, str]: ...

    def draw(self, change: BattleChange | None) -> None:
        """Show the battle; ``change`` names what to update (``None``: everything)."""
        ...

    def after_answer(self, q: Question) -> None: ...

    def refused(self, text: str) -> None:
        """An answer was refused (``text`` names the rule): show it where the user looks."""
        ...

    def blocks_questions(self) -> bool:
        """Something the panel shows must be seen before the next question (True while it is)."""
        ...

    def hide_secrets(self) -> None:
        """The screen is about to be handed to another team."""
        ...

    def report(self, viewer: str) -> str:
        """The battle report as HTML, as ``viewer`` may see it."""
        ...

    def primary_button(self) -> QAbstractButton | None:
        """The button Return presses in the window's panel and picture, Answer... while it is greyed
        (None: Return is left alone)."""
        ...


class PanelBase(QObject):
    """The parts of a panel that most systems share: no toolbar actions, no notes, nothing to
    do after an answer or at a hand-over, nothing blocking the next question."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.win = window

    def actions(self) -> list[tuple[str, Any, str, str]]:
        return []

    def notes(self, q: Question) -> dict[str, str]:
        return {}

    def after_answer(self, q: Question) -> None:
        pass

    def blocks_questions(self) -> bool:
        return False

    primary: QAbstractButton | None = None
    """The button Return presses (:meth:`primary_button`)."""

    view_actions: tuple[str, ...] | None = None
    """The toolbar actions that only show the battle; the others are disabled once it is resolved
    (:func:`app.battle.building.battle_over`). None: every action stays."""

    def primary_button(self) -> QAbstractButton | None:
        return self.primary

    def report_log(self, run: Any, viewer: str) -> str:
        """The report's log of ``run`` as ``viewer`` may read it, each event with its anchor and
        replay link (:func:`app.battle.log.report_events`)."""
        from app.battle.log import replay_href, report_events
        from rules.battlehex.sight import events_for

        return report_events(events_for(run, viewer) if run is not None else [], replay_href(self.win, viewer))


def make_panel(system: BattleSystem, window: BattleWindow) -> BattlePanel:
    """The panel of battle system ``system``: its registry entry's ``panel`` (rules/systems/registry.py)."""
    panel: BattlePanel = load(system.panel)(window)
    return panel
