"""Issue 24 in the GUI: the defender chooses which weapon a hit marks (seed 003 Sample Damage
Resolution) in a hot seat: the window hands the screen to the target's side, whose dialog offers
the weapons that may take the hit by name with their 'x' left."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.rules.systems.b5.test_pulses import ruled
from tests.test_main_cli_b5 import MEETING

SEEN: list[tuple[str, str, list[str]]] = []
CLOSE = MEETING[:3] + [0, 0] + MEETING[5:8] + [ruled("1430", "E"), ruled("1436", "F"), ruled("1438", "F")]
"""0604's meeting engagement, both at rest: the GM rules the Lyran ships close to the Kzinti."""


def choose_second(d) -> bool:
    """The target's side takes the second weapon offered (not the one the dialog opens at)."""
    if not isinstance(d, QuestionDialog) or not d.q.key.endswith("/mark"):
        return False
    buttons = [d.group.button(i) for i in range(len(d.q.options))]
    SEEN.append((d.q.to, d.windowTitle(), [b.text() for b in buttons]))
    buttons[1].setChecked(True)
    return ok(d)


def test_the_target_side_chooses_the_weapon_a_hit_marks_after_a_hand_over(qtbot, b5_window):
    SEEN.clear()
    main, bw = b5_window(CLOSE)
    assert bw.hot_seat
    run = bw.b
    for _ in range(3000):
        q = run.pending
        if q is None or q.key.endswith("/mark"):
            break
        if q.key.endswith("/turn"):
            bw.answer("plot and move" if run.engine.round <= 12 else "results")
        elif "plot" in q.data:
            bw.answer(q.default)
        elif "/fire/" in q.key:
            bw.answer("fire" if "fire" in q.options else "done")
        elif q.key.endswith("/firer"):
            bw.answer(q.options[0])
        elif q.key.endswith("/weapon"):
            bw.answer(q.options[0])
        elif q.key.endswith("/target"):
            bw.answer(next((o for o in q.options if o in ("kz-cv-claw", "lyr-ca-pride", "lyr-cw-1")), q.options[0]))
        else:
            bw.answer(q.default if q.default is not None else [] if q.kind.value == "choose_units" else q.options[0])
    q = run.pending
    assert q is not None and q.key.endswith("/mark"), [e.text for e in run.log.events if " on armor " in e.text or "moves to" in e.text][-30:]
    target = run.engine.units[q.data["unit"]]
    assert q.to == target.team != "gm"
    assert bw.handing_over() and run.engine.name(target.team) in bw.handover_label.text()  # the screen goes over
    words = q.data["option_words"]
    answerer = Answerer(choose_second)
    bw.auto_dialogs = True
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the target's side takes the screen
    qtbot.waitUntil(lambda: run.pending is not q, timeout=5000)
    answerer.stop()
    assert SEEN and SEEN[0][0] == target.team
    assert SEEN[0][2] == [words[o] for o in q.options]  # each weapon by name with its 'x' left
    chosen = run.engine.units[q.data["unit"]].unit.b5.weapons[int(q.options[1])].name
    events = list(run.log.events)
    given = max(i for i, e in enumerate(events) if e.kind == "answer" and e.data.get("key") == q.key)
    hit = next(e.text for e in events[given:] if f"at {target.unit.name}," in e.text)  # the shot, once marked
    assert chosen in hit, hit
