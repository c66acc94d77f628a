"""The coin system's panel (the registry entry's ``panel``): the units, team by team, with
their fate; every question is asked by the shared battle window's dialog."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QTextBrowser, QWidget

from app.battle.panel import PanelBase
from rules.battlehex.change import BattleChange
from rules.battlehex.questions import Question
from rules.battlehex.sight import events_for

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


class CoinPanel(PanelBase):
    """A sheet of the units in the battle."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.sheet = QTextBrowser()
        self.sheet.setObjectName("coin_sheet")
        self.central: QWidget = self.sheet
        self.widgets: list[QWidget] = []

    def handles(self, q: Question) -> bool:
        return False

    def unit_names(self) -> dict[str, str]:
        run = self.win.b
        return {u.id: u.name for u in run.state.units.values()} if run is not None else {}

    def refused(self, text: str) -> None:
        pass  # the dialog's title and the status bar say it

    def hide_secrets(self) -> None:
        pass  # nothing is secret in a coin toss

    def _html(self) -> str:
        run = self.win.b
        if run is None:
            return ""
        rows = []
        for team in dict.fromkeys(u.team for u in run.state.units.values()):
            rows.append(f"<h3>{escape(self.win.name(team))}</h3><ul>")
            rows += [f"<li>{escape(u.name)}: {escape(u.status.value)}</li>"
                     for u in run.state.units.values() if u.team == team]
            rows.append("</ul>")
        return "".join(rows)

    def draw(self, change: BattleChange | None) -> None:
        self.sheet.setHtml(self._html())

    def report(self, viewer: str) -> str:
        run = self.win.b
        lines = "".join(f"<li>[{escape(e.rule)}] {escape(e.text)}</li>" for e in events_for(run, viewer)) if run else ""
        return f"<html><body><h1>Battle Hex {self.win.at}</h1>{self._html()}<h2>Log</h2><ul>{lines}</ul></body></html>"
