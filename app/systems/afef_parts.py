"""Small parts of the AF/EF panel: the GM's reason dialog, the odds box's numbers as people read them,
and how the battle line wraps."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QInputDialog, QWidget


def ask_reason(parent: QWidget, title: str, label: str) -> str | None:
    """The GM's reason in words, or ``None`` when cancelled: OK stays disabled (Return does
    nothing) while the reason is empty, as the engine refuses a ruling without one."""
    d = QInputDialog(parent)
    d.setWindowTitle(title)
    d.setLabelText(label)
    d.setInputMode(QInputDialog.InputMode.TextInput)
    d.sizeHint()  # lays the dialog out: Qt makes its buttons then
    box = d.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    ok.setEnabled(False)
    d.textValueChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
    accepted = d.exec() == QDialog.DialogCode.Accepted
    reason = d.textValue().strip()
    d.deleteLater()
    return reason if accepted and reason else None


def num(text: Any) -> float:
    """An exact fraction in text ("5/36") as a number."""
    s = str(text)
    if "/" in s:
        a, b = s.split("/")
        return round(int(a) / int(b), 3)
    return round(float(s), 3)


def pct(text: Any) -> str:
    """A fraction in text as a percentage with one decimal ("13.9%")."""
    return f"{num(text) * 100:.1f}%"


def per_row(counts: tuple[int, ...], width: float, height: float, step_x: float, step_y: float) -> int:
    """How many counters a row of the battle line holds in a ``width`` x ``height`` view (issue 22):
    the fewest that show every line (``counts`` counters each) in it, shrunk to no less than 0.6;
    else as many as fit at 0.6, the rest scrolled down to. Never fewer than fit at their own size."""
    vw, vh = max(1.0, width), max(1.0, height)
    per = max(1, int(vw // step_x))
    while any(n > per for n in counts) and vw / ((per + 1) * step_x) >= 0.6:
        tall = sum(max(1, -(-n // per)) * step_y + step_y / 4 for n in counts)  # (a title's band)
        if tall * min(1.0, vw / (per * step_x)) <= vh:
            break
        per += 1
    return per
