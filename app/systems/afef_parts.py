"""Small parts of the AF/EF panel: the GM's reason dialog, the odds box's numbers as people read them,
how the battle line wraps, and the attack lines drawn on it."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QGraphicsLineItem, QGraphicsScene, QGraphicsTextItem,
                               QGridLayout, QInputDialog, QLabel, QSpinBox, QWidget)

LINES_Z, PLATE_Z, TEXT_Z = 1.0, 2.0, 3.0
"""Stacking: the counters, the attack lines, a counter's text on its plate, the dice on the lines."""


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


def modifier_rows(grid: QGridLayout, rows: list[tuple[str, str, int]]) -> dict[str, QSpinBox]:
    """The AF modifier boxes, one a row of ``grid`` beside its unit's name (``rows``: id, name, AF), the
    rows there before taken away; each box by its unit's id. A grid, not a QFormLayout: that gave a
    name wrapped to three lines the height of two, its first and last lines cut (issue 22, at
    QT_SCALE_FACTOR=2); a grid gives each row the height its wrapped name takes at its width."""
    while (item := grid.takeAt(0)) is not None:
        if (old := item.widget()) is not None:
            old.hide()  # out of sight at once, deleted when the event loop is back
            old.deleteLater()
    grid.setColumnStretch(0, 1)  # the name takes the width the box leaves
    spins: dict[str, QSpinBox] = {}
    for i, (uid, name, af) in enumerate(rows):
        label = QLabel(f"{name} (AF {af}):")
        label.setWordWrap(True)  # a long name wraps: the row never widens the side panel (issue 22)
        spins[uid] = QSpinBox()
        spins[uid].setObjectName(f"modifier_{uid}")
        spins[uid].setRange(-af - 5, 20)
        grid.addWidget(label, i, 0)
        grid.addWidget(spins[uid], i, 1)
    return spins


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


def lift(scene: QGraphicsScene, text: QGraphicsTextItem, ground: QColor) -> QRectF:
    """Lift ``text`` over the attack lines on a plate of its ``ground``, a line showing faintly through
    (issue 22: the lines crossed the target's "hits N"); the box its words take."""
    m = text.document().documentMargin() - 1  # the words' own box: a title's plate stays off the counters
    box = text.mapRectToScene(QRectF(0, 0, text.document().idealWidth(), text.boundingRect().height())
                              .adjusted(m, m, -m, -m))
    fill = QColor(ground)
    fill.setAlpha(205)  # opaque enough to read the words; a line under them still reads as one line
    plate = scene.addRect(box, QPen(Qt.PenStyle.NoPen), QBrush(fill))
    plate.setData(0, text.data(0))
    plate.setZValue(PLATE_Z)
    text.setZValue(TEXT_Z)
    return box


def over_lines(scene: QGraphicsScene, text: QGraphicsTextItem, counter: QRectF, fill: QColor,
               words: list[QRectF] | None = None) -> QPointF:
    """Lift a counter's ``text`` over the attack lines (:func:`lift`; the box its words take added to
    ``words``); the point in the ``counter`` below its text where its lines end."""
    box = lift(scene, text, fill)
    if words is not None:
        words.append(box)
    return QPointF(counter.center().x(), min(counter.bottom() - 6, (box.bottom() + counter.bottom()) / 2))


def arrows(scene: QGraphicsScene, ends: dict[str, QPointF], plans: list[tuple[Any, str]],
           titles: tuple[QRectF, ...] = ()) -> None:
    """Each plan's attacks (attacker -> target -> dice) as a line of its colour, the dice beside it,
    clear of the words' boxes in ``titles`` (the rows' titles, the counters' words), of the numbers
    placed before it and of every line (issue 22: on the real screen a "3" beside its own line sat on
    another attack's line of the same colour and read as a smudge): the lines first, then the numbers."""
    taken = list(titles)
    drawn: list[tuple[QGraphicsLineItem, Any, str, QPointF, QPointF, float]] = []
    for plan, color in plans:
        for src, targets in plan.items():
            if not isinstance(targets, dict):
                continue
            for dst, n in targets.items():
                if src in ends and dst in ends:
                    a, b, width = ends[src], ends[dst], 2 + min(int(n), 6)
                    line = scene.addLine(QLineF(a, b), QPen(QColor(color), width))
                    line.setZValue(LINES_Z)
                    drawn.append((line, n, color, a, b, width))
    lines = [d[0] for d in drawn]
    for _line, n, color, a, b, width in drawn:
        label = scene.addText(str(n), QFont("Sans", 10, QFont.Weight.Bold))
        label.setDefaultTextColor(QColor(color))
        label.setZValue(TEXT_Z)
        taken.append(_beside(label, a, b, width, taken, lines))


def _beside(label: QGraphicsTextItem, a: QPointF, b: QPointF, width: float, taken: list[QRectF],
            lines: list[QGraphicsLineItem]) -> QRectF:
    """Put ``label`` beside the line ``a``-``b`` (clear of its pen), at its middle or, where that
    covers a box in ``taken`` (a row's title, a counter's words, another number: issue 22) or touches
    one of the ``lines``, the nearest place along the line, on either side, that does neither; the box
    its words take."""
    box, d = label.boundingRect(), b - a
    m = label.document().documentMargin() - 1
    words = QRectF(0, 0, label.document().idealWidth(), box.height()).adjusted(m, m, -m, -m)
    length = max(1.0, QLineF(a, b).length())
    off = (width / 2 + QLineF(box.topLeft(), box.bottomRight()).length() / 2 + 1) / length
    places = [(t, side) for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88) for side in (1, -1)]
    for t, side in places:
        label.setPos(a + d * t + QPointF(-d.y(), d.x()) * off * side - box.center())
        here = label.mapRectToScene(words)
        if not any(here.intersects(r) for r in taken) and not any(label.collidesWithItem(ln) for ln in lines):
            return here
    label.setPos((a + b) / 2 + QPointF(-d.y(), d.x()) * off - box.center())  # nowhere clear: its middle
    return label.mapRectToScene(words)
