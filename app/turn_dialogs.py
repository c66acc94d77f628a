"""Dialogs of the Movement Phase: the V13.16/V13.18 ignore questions, the list of Battle Hexes
that movement formed, and the GM's override of V13.12."""
from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QRadioButton,
    QTextBrowser,
    QVBoxLayout,
)

from rules.strategic.battle_hex import IgnoreQuestion


class IgnoreDialog(QDialog):
    """One group per question: ignore the Orion / sub-light unit, or pay attention to it."""

    def __init__(self, questions: list[IgnoreQuestion], names: dict[str, str], parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Movement Phase: units that may be ignored (V13.16, V13.18)")
        self.questions = questions
        self.groups: list[QButtonGroup] = []
        lay = QVBoxLayout(self)
        intro = QLabel("Movement has been worked out. Before the Battle Hexes form, these Teams choose whether "
                       "to ignore units they may ignore. Nothing is applied until you press OK.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        for q in questions:
            box = QGroupBox(f"{names.get(q.team, q.team)} commander \u2014 sector {q.at} ({q.rule})")
            inner = QVBoxLayout(box)
            text = QLabel(q.text(names) + ("\nThis Team ignored them before; it may now pay attention."
                                           if q.ignored_before else ""))
            text.setWordWrap(True)
            inner.addWidget(text)
            group = QButtonGroup(box)
            ignore = QRadioButton("Ignore them: no battle with them this phase")
            attend = QRadioButton("Pay attention: fight (Battle Hex)")
            group.addButton(ignore, 1)
            group.addButton(attend, 0)
            (ignore if q.ignored_before else attend).setChecked(True)
            inner.addWidget(ignore)
            inner.addWidget(attend)
            self.groups.append(group)
            lay.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def decisions(self) -> dict:
        """``(sector, team, other team) -> ignore?`` as the engine takes it."""
        return {(q.at, q.team, q.other): g.checkedId() == 1 for q, g in zip(self.questions, self.groups)}


class BattleHexesDialog(QDialog):
    """What movement did and the Battle Hexes it formed (V13.11-V13.17)."""

    def __init__(self, html: str, events: list[str], parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("End of movement: Battle Hexes")
        self.resize(760, 640)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser(self)
        moves = "".join(f"<li>{e}</li>" for e in events) or "<li>No fleet moved.</li>"
        self.browser.setHtml(html + "<h4>Movement</h4><ul>" + moves + "</ul>"
                             "<p><i>Fight each Battle Hex with Turn \u2192 Fight a Battle Hex (Ctrl+F): set-up, the "
                             "tracked battle and its endings (V13.20-V13.968); its results go back to the campaign. "
                             "The GM may instead record an outcome with Turn \u2192 GM Ruling. The Movement Phase "
                             "cannot end while a Battle Hex is open (V13.12).</i></p>")
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
