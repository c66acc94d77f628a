"""One dialog per kind of battle question (yes/no, a choice, units, a number, a hex) and the
Weapon Status breakdown. Each shows the rule and returns the raw answer the engine checks.

Rule numbers in a dialog are links that open Help > Rules at that rule (``open_rule``)."""
from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QUrl
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.widgets.log_html import linkify, linkify_html, rule_from_href
from app.widgets.titles import fit_title, plain_words, rule_words, whole_rules
from app.shell.rules_viewer import open_rule
from rules.battlehex.questions import QKind, Question

OPTION_WORDS = {"unmanned": "Withdraw all personnel (the units are left unmanned)",
                "active": "Keep them active with Poor crews",
                "repair": "Repair in place", "tow": "Wait for a tow", "abandon": "Abandon it", "scuttle": "Scuttle it",
                "acceleration": "Acceleration (C7.1)", "separation": "Separation (C7.2)",
                "sub-light evasion": "Sub-light evasion (C7.3)"}
"""How a choice's options read in the dialog (the answer stays the option itself)."""


def option_words(opt: str, names: dict[str, str]) -> str:
    """How option ``opt`` reads: its words, or the unit it names (``id`` or ``id@mauler``)."""
    if opt in OPTION_WORDS:
        return OPTION_WORDS[opt]
    unit, _, how = opt.partition("@")
    if unit in names:
        return names[unit] + (" (with the mauler's points at full value)" if how == "mauler" else "")
    return {"none": "None", "fighters": "Its fighters"}.get(opt, opt)


def odds_table(odds: dict[Any, Any]) -> str:
    """The odds of each answer as a table in words, two answers a row (the dialog fits the
    screen at QT_SCALE_FACTOR=2): never a dict's text (issue 22)."""
    cells = [f"<td align=right><b>{escape(str(k))}</b></td><td>{escape(str(v))}</td>" for k, v in odds.items()]
    half = (len(cells) + 1) // 2
    rows = "".join(f"<tr>{a}<td width=16></td>{b}</tr>" for a, b in zip(cells[:half], cells[half:] + [""]))
    return f"<p>Odds of each answer:</p><table cellspacing=2>{rows}</table>"


LONG_CHOICE = 12
"""A choice of more options than this shows them in a scroll area that fits the screen."""


class Choices(QScrollArea):
    """The options of a long choice: as tall as they are, but never more than half the screen
    (the dialog then fits the screen, issue 22), scrolling for the rest."""

    def __init__(self, inner: QWidget) -> None:
        super().__init__()
        self.setObjectName("choices")
        inner.layout().setContentsMargins(0, 0, 0, 0)
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        inner = self.widget().sizeHint()
        room = self.screen().availableGeometry().height() // 2
        return QSize(inner.width() + self.verticalScrollBar().sizeHint().width(), min(inner.height(), room))


STEP_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home, Qt.Key.Key_End)
"""The keys that move a choice's chosen option (issue 22: in a long choice they scrolled it)."""


class ChoiceKeys(QObject):
    """Up/Down/PgUp/PgDn/Home/End move the chosen option of ``group`` (and the focus with it);
    Return then gives it through the dialog's OK. ``area`` is the scroll area of a long choice,
    kept on the chosen option; it never takes the focus itself."""

    def __init__(self, group: QButtonGroup, area: QScrollArea | None = None) -> None:
        super().__init__(group)
        self.group, self.area = group, area
        for b in group.buttons():
            b.installEventFilter(self)
        if area is not None:
            area.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def page(self) -> int:
        """How many options one page of the scroll area shows (at least one)."""
        first = self.group.button(0)
        if self.area is None or first is None or first.height() <= 0:
            return max(1, len(self.group.buttons()) // 4)
        return max(1, self.area.viewport().height() // first.height() - 1)

    def step(self, key: int) -> None:
        """Choose the option ``key`` leads to from the chosen one, focus and show it."""
        last = len(self.group.buttons()) - 1
        at = max(0, self.group.checkedId())
        to = {Qt.Key.Key_Up: at - 1, Qt.Key.Key_Down: at + 1, Qt.Key.Key_PageUp: at - self.page(),
              Qt.Key.Key_PageDown: at + self.page(), Qt.Key.Key_Home: 0, Qt.Key.Key_End: last}[Qt.Key(key)]
        b = self.group.button(max(0, min(last, to)))
        b.setChecked(True)
        b.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.area is not None:
            self.area.ensureWidgetVisible(b)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier) \
                and event.key() in STEP_KEYS:
            self.step(event.key())
            return True
        return super().eventFilter(watched, event)


def open_rule_link(href: str | QUrl, parent: QWidget | None = None) -> None:
    """Open Help > Rules at the rule a ``rule:`` link names (other links are ignored)."""
    rule = rule_from_href(href)
    if rule is not None:
        open_rule(rule, parent)


class QuestionDialog(QDialog):
    """Asks ``question``; ``answer()`` is the raw answer after ``exec()`` returns Accepted.

    ``unit_names`` names unit ids; ``unit_notes`` gives, for units that cannot be chosen,
    the rule that says why (they are listed, unticked and disabled); ``odds_html`` is the
    odds table a battle's panel shows with the question (else the question's own odds text).
    """

    def __init__(self, question: Question, team_name: str, unit_names: dict[str, str] | None = None,
                 unit_notes: dict[str, str] | None = None, parent=None, odds_html: str | None = None) -> None:
        super().__init__(parent)
        self.q = question
        # "Encounters Phase", not "004 Encounters Phase"; "V13.472", not "V13.472 / A-21" (issue 22)
        rule = rule_words(question.rule) or "Question"
        self._title = fit_title(rule, f" \u2014 {team_name}")
        self.setWindowTitle(self._title)
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        self.head = QLabel(f"<b>{whole_rules(linkify(rule))}</b> \u2014 for <b>{escape(team_name)}</b><br>"
                           + linkify(plain_words(question.text)).replace("\n", "<br>"))
        self.head.setWordWrap(True)
        self.head.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.head.setTextFormat(Qt.TextFormat.RichText)
        self.head.setToolTip("Click a rule number to read it (Help > Rules)")
        self.head.linkActivated.connect(lambda href: open_rule_link(href, self))
        lay.addWidget(self.head)
        self.odds: QLabel | None = None
        odds = question.data.get("odds")
        if isinstance(odds, dict) and odds:  # the odds of each answer (STCS: a chart number's To-Hit): a table
            odds_html, odds = odds_table(odds), None
        if odds:
            self.odds = QLabel(f"Odds: {odds}")
            self.odds.setObjectName("odds")
            self.odds.setTextFormat(Qt.TextFormat.PlainText)
            self.odds.setWordWrap(True)
            font = self.odds.font()
            font.setPointSizeF(font.pointSizeF() * 0.9)
            self.odds.setFont(font)
            self.odds.setToolTip("Exact chances of the roll this choice leads to, computed from the rules")
            lay.addWidget(self.odds)
        elif odds_html:  # a table the battle's panel made of the engine's odds, computed when shown
            self.odds = QLabel(odds_html)
            self.odds.setObjectName("odds")
            self.odds.setTextFormat(Qt.TextFormat.RichText)
            self.odds.setWordWrap(True)
            self.odds.setToolTip("Exact odds of each choice, computed from the rules when the question is shown")
            lay.addWidget(self.odds)
        names = unit_names or {}
        self._value: Any = None
        k = question.kind
        if k is QKind.YES_NO:
            self.group = QButtonGroup(self)
            for i, text in enumerate(("&Yes", "&No")):  # Alt+Y / Alt+N (OK and Cancel have none)
                b = QRadioButton(text)
                self.group.addButton(b, i)
                lay.addWidget(b)
            self.group.button(0 if question.default is True else 1).setChecked(True)  # the rule's usual case
        elif k is QKind.CHOOSE:
            self.group = QButtonGroup(self)
            long = len(question.options) > LONG_CHOICE  # a unit a choice (Directed Damage at 300 v 300)
            box = QWidget()
            into = QVBoxLayout(box) if long else lay
            for i, opt in enumerate(question.options):
                words = question.data.get("option_words", {})  # the engine's words for an option, if any
                b = QRadioButton(plain_words(words[opt] if opt in words else option_words(opt, names)))
                self.group.addButton(b, i)
                into.addWidget(b)
            area = Choices(box) if long else None
            if area is not None:  # they scroll inside a dialog that fits the screen
                lay.addWidget(area, 1)
            usual = question.options.index(question.default) if question.default in question.options else 0
            self.group.button(usual).setChecked(True)
            self.group.button(usual).setFocus()  # the keys move the choice from the first frame
            self.choice_keys = ChoiceKeys(self.group, area)
        elif k is QKind.CHOOSE_UNITS:
            self.list = QListWidget()
            self.list.setWordWrap(True)
            for uid in question.options:
                item = QListWidgetItem(names.get(uid, uid))
                item.setData(Qt.ItemDataRole.UserRole, uid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                ticked = isinstance(question.default, list) and uid in question.default  # the engine's default
                item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
                self.list.addItem(item)
            for uid, why in (unit_notes or {}).items():
                item = QListWidgetItem(f"{names.get(uid, uid)} \u2014 {why}")
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                self.list.addItem(item)
            lay.addWidget(self.list)
        elif k in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
            self.spin = QSpinBox()
            self.spin.setRange(question.low, question.high)
            # the engine names where a number opens (the rule's usual case, or the other side's proposal)
            start = question.default if question.default is not None else question.low
            self.spin.setValue(max(question.low, min(question.high, start)))
            lay.addWidget(QLabel(f"Allowed: {question.low}-{question.high}"))
            if k is QKind.OPTIONAL_NUMBER:
                self.propose = QCheckBox("Propose this range (untick: no agreement)")
                self.propose.setChecked(question.default is not None)
                self.spin.setEnabled(question.default is not None)
                self.propose.toggled.connect(self.spin.setEnabled)
                lay.addWidget(self.propose)
            lay.addWidget(self.spin)
        elif k is QKind.LABEL:
            self.proposed = question.data.get("proposed")
            self.use_proposal = QRadioButton("The proposed hex (see above)")
            other = QRadioButton("Another hex, by its label on the map (CCRR):")
            self.edit = QLineEdit()
            self.edit.setPlaceholderText("e.g. 2115")
            self.edit.textEdited.connect(lambda _t: other.setChecked(True))
            if self.proposed is None:
                self.use_proposal.setEnabled(False)
                other.setChecked(True)
            else:
                self.use_proposal.setChecked(True)
            for w in (self.use_proposal, other, self.edit):
                lay.addWidget(w)
        elif k is QKind.TEXT:  # words (a random event's, ...): empty is an answer the engine reads
            self.text_edit = QLineEdit(str(question.default or ""))
            self.text_edit.setObjectName("text_answer")
            self.text_edit.setAccessibleName("Words")
            lay.addWidget(self.text_edit)
        self.refusal = QLabel()  # the engine's refusal, whole: a title would be cut
        self.refusal.setObjectName("refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setStyleSheet("QLabel { color: #a00000; }")
        self.refusal.hide()
        lay.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        if k is QKind.LABEL:  # "another hex" with nothing typed is no answer: OK waits for a label
            ok = buttons.button(QDialogButtonBox.StandardButton.Ok)

            def valid() -> None:
                ok.setEnabled(self.use_proposal.isChecked() or bool(self.edit.text().strip()))
            self.use_proposal.toggled.connect(lambda _on: valid())
            self.edit.textChanged.connect(lambda _t: valid())
            valid()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """As tall as its words at its own width: a wrapped label's first guess is its height at
        a third of the width, which left an empty band above the choices."""
        super().showEvent(event)
        # never narrower than an option's words (a radio button's do not wrap): Qt opens a window of
        # wrapped words at most two thirds of the screen wide, 533 at QT_SCALE_FACTOR=2 on 1600x1000
        need = min(self.layout().totalMinimumSize().width(), self.screen().availableGeometry().width())
        if self.width() < need:
            self.resize(need, self.height())
        fit = self.heightForWidth(self.width())
        if 0 < fit < self.height():
            self.resize(self.width(), fit)

    def refused(self, why: str) -> None:
        """The engine refused the answer given: its rule and reason shown above the buttons, the
        title marked (short, as every title)."""
        self.refusal.setText(f"Refused: {plain_words(why)}")  # "Combat Phase: ...", not "004 Combat Phase: ..."
        self.refusal.show()
        self.setWindowTitle(fit_title("Refused: " + self._title))
        self.layout().activate()  # the refusal's words counted before the height is asked
        fit = self.heightForWidth(self.width())  # the dialog was fitted to its words without them:
        if fit > self.height():  # grow it, or the question's wrapped words above are cut
            self.resize(self.width(), fit)

    def answer(self) -> Any:
        k = self.q.kind
        if k is QKind.YES_NO:
            return self.group.checkedId() == 0
        if k is QKind.CHOOSE:
            return self.q.options[self.group.checkedId()]
        if k is QKind.CHOOSE_UNITS:
            return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())
                    if self.list.item(i).checkState() == Qt.CheckState.Checked]
        if k is QKind.NUMBER:
            return self.spin.value()
        if k is QKind.OPTIONAL_NUMBER:
            return self.spin.value() if self.propose.isChecked() else None
        if k is QKind.LABEL:
            if self.use_proposal.isChecked():
                return self.proposed
            return self.edit.text().strip()
        if k is QKind.TEXT:
            return self.text_edit.text()
        return None


class WeaponStatusDialog(QDialog):
    """Each team's Weapon Status roll: faces, every modifier with its rule, total, result."""

    def __init__(self, html: str, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Weapon Status (V13.413-V13.415)")
        self.resize(640, 360)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(lambda url: open_rule_link(url, self))
        self.browser.setHtml(linkify_html(plain_words(html)))  # "[V13.414]", not "[V13.414 / A-29]" (issue 22)
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
