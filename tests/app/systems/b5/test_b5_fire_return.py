"""Issue 24 leftover through the battle window: the pulse's first fire dialog opened at 'done', so
Return there skipped all of the pulse's fire. Return on each of the fire, firer, weapon and target
dialogs now fires the shot with the best odds (rules/systems/b5/firing.py ``best_shot``): at 0604 with
the Lyran ships ruled close to the Kzinti, Return through the four dialogs declares that shot."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.widgets.question_dialogs import QuestionDialog
from rules.systems.b5 import firing
from tests.app.gui import Answerer
from tests.app.systems.b5.test_b5_board_fit import take_over
from tests.app.systems.b5.test_b5_weapon_choice import CLOSE

RETURNED: list[tuple[str, str]] = []


def press_return(d) -> bool:
    """Return on a fire dialog (the answer it opens at), noting what it was opened at."""
    if not isinstance(d, QuestionDialog) or not any(k in d.q.key for k in ("/fire/", "/firer", "/weapon", "/target")):
        return False
    if len(RETURNED) >= 4:  # the next shot's dialog: left unanswered (Escape), the test reads the first
        QTest.keyClick(d, Qt.Key.Key_Escape)
        return True
    RETURNED.append((d.q.key, d.group.checkedButton().text() if d.group.checkedButton() else ""))
    QTest.keyClick(d, Qt.Key.Key_Return)
    return True


def test_return_through_the_fire_dialogs_fires_the_best_odds_shot(qtbot, b5_window):
    RETURNED.clear()
    main, bw = b5_window(CLOSE + ["plot and move"])
    run = bw.b
    for _ in range(20):  # each side's plot straight on, the fighters' orders none (the bar's defaults)
        if "/fire/" in run.pending.key:
            break
        bw.answer(run.pending.default)
    q = run.pending
    assert "/fire/" in q.key and q.default == "fire", (q.key, q.options, q.default)  # before: done
    best = firing.best_shot(run.engine, list(run.engine.at))
    assert best is not None
    firer, weapon, target = best
    answerer = Answerer(press_return)
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    qtbot.waitUntil(lambda: len(RETURNED) >= 4 and "/fire/" in run.pending.key, timeout=10000)
    bw.auto_dialogs = False
    qtbot.wait(200)  # the next fire dialog, if it opened, escaped
    answerer.stop()
    assert [k.split("/")[-1] if "/fire/" not in k else "fire" for k, _ in RETURNED[:4]] == \
        ["fire", "firer", "weapon", "target"]
    assert RETURNED[0][1] == "a ship fires"  # the dialog opened at a shot, not at done
    e = run.engine
    shot = f"{e.units[firer].unit.name}'s {weapon} "
    texts = [x.text for x in run.log.events]
    assert any(t.startswith("declared: " + shot) and f" at {e.units[target].unit.name}, " in t for t in texts), \
        [t for t in texts if t.startswith("declared: ")]
