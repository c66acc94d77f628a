"""Issue 24 in the GUI: a B5 Battle Hex where Blue's flagship is not present, opened with Ctrl+F: the
battle opens (before, it was refused and the GM ruled it); after the hand-over Blue designates its
flagship between its two squadron commanders of the highest command rating in a dialog that names
them with their ratings; the log says which and the GM's scenario question follows."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.app.gui import Answerer, ok
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.v13.helpers import duel

SEEN: list[tuple[str, list[str]]] = []


def no_flagship_campaign():
    """Blue: three squadron commanders (ratings 3, 3, 1), none of them the flagship; Red whole."""
    blue = [b5("b-c2", "b2", command=True, command_rating=3), b5("b-c3", "b3", command=True, command_rating=3),
            b5("b-c4", "b4", command=True, command_rating=1)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    buttons = d.group.buttons() if hasattr(d, "group") else []
    SEEN.append((d.q.key, [b.text() for b in buttons]))
    if d.q.key == "b5/flagship/blue":
        d.group.button(d.q.options.index("b-c3")).setChecked(True)
        return ok(d)
    return False  # the GM's scenario question: left open, the test stops there


def test_blue_designates_its_flagship_in_a_dialog(qtbot, b5_by_ctrl_f):
    SEEN.clear()
    main, bw = b5_by_ctrl_f(no_flagship_campaign())
    answerer = Answerer(dialogs, cancel_others=True)
    for _ in range(10):
        q = bw.b.pending
        if q is None or q.key != "b5/flagship/blue":
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
    answerer.stop()
    logged = [e.text for e in bw.b.log.events if e.kind == "ruling"]  # the battle's log (the GM's, after the hand-over)
    assert SEEN and SEEN[0] == ("b5/flagship/blue", ["B-C2 (command rating 3)", "B-C3 (command rating 3)"]), SEEN
    assert bw.b.pending.key == "b5/scenario"
    assert bw.b.engine.forces["blue"].flagship == "b-c3"
    assert any(t.startswith("B-C3 is Blue's group flagship (none in the battle)") for t in logged), logged
