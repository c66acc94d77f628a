"""The ``table`` battle system's panel: the battle is fought off the computer and the GM
enters the results (rules/systems/table/battle.py). The centre of the window lists the units in
the Battle Hex, team by team, with the fate entered so far; the questions themselves are
asked by the shared window's dialogs.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QTextBrowser, QWidget

from app.battle.panel import PanelBase
from rules.battlehex.change import BattleChange
from rules.battlehex.questions import Question
from rules.model.visibility import TABLE
from rules.systems.table.battle import TableBattle
from rules.battlehex.sight import sight

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


class TablePanel(PanelBase):
    """The units of a battle fought at the table, with their results."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.sheet = QTextBrowser()
        self.sheet.setObjectName("table_results")
        self.central: QWidget = self.sheet
        self.widgets: list[QWidget] = []
        self._html = ""

    def _run(self) -> TableBattle | None:
        b = self.win.b
        return b if isinstance(b, TableBattle) else None

    def handles(self, q: Question) -> bool:
        return False  # every question is a dialog

    def unit_names(self) -> dict[str, str]:
        run = self._run()
        return run.unit_names() if run is not None else {}

    def refused(self, text: str) -> None:
        pass  # the question's dialog shows it in its title, the status bar says it too

    def hide_secrets(self) -> None:
        pass

    def draw(self, change: BattleChange | None) -> None:
        run = self._run()
        if run is None:
            return
        self._html = self._sheet(run, self.win.viewer or TABLE)
        self.sheet.setHtml(self._html)

    def _sheet(self, run: TableBattle, viewer: str) -> str:
        """Each Team's units and what the GM entered, as ``viewer`` may know them (rules/battlehex/sight.py)."""
        seen = sight(run, viewer)
        rows = []
        for team in dict.fromkeys(u.team for u in run.state.units.values()):
            rows.append(f"<h3>{escape(self.win.name(team))}</h3><ul>")
            for u in run.state.units.values():
                if u.team == team and seen.knows(u.id, u.name):
                    fate = u.status.value if u.status.value in ("destroyed", "captured") else \
                        "crippled" if u.crippled else "no result entered" if run.pending else "unharmed"
                    rows.append(f"<li><b>{escape(u.name)}</b>: {escape(fate)}</li>")
            rows.append("</ul>")
        head = "<p><i>Fought at the table: the Game Master enters the results (V13.01 writes them back).</i></p>"
        return head + "".join(rows)

    def report(self, viewer: str) -> str:
        run = self._run()
        body = self._sheet(run, viewer) if run is not None else ""
        return (f"<html><body><h1>Battle Hex {self.win.at}</h1>{body}<h2>Log</h2>{self.report_log(run, viewer)}"
                "</body></html>")
