"""Issue 24 in the GUI: below x1 the firing side chooses the flights its anti-fighter fire reaches
(seed 003 Anti-Fighter Fire: "The player who is doing the AF fire chooses what flights get
attacked"): the window hands the screen to Blue, whose dialog lists the three flights attacking
B-FLAG with each one's odds at x1, ticked at the engine's default; Blue ticks the two it wants."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.rules.systems.b5.afhelp import campaign
from tests.rules.systems.b5.test_firing import SET_UP

SEEN: list[tuple[str, list[str], list[str], str]] = []


def pick_two_last(d) -> bool:
    """Blue unticks R-FL1 and ticks R-FL3 through the dialog's list, then OK."""
    if not isinstance(d, QuestionDialog) or not d.q.key.endswith("/afpick"):
        return False
    items = [d.list.item(i) for i in range(d.list.count())]
    odds = " ".join(x.text() for x in d.findChildren(QLabel))
    SEEN.append((d.q.to, [x.text() for x in items], [x.text() for x in items
                                                      if x.checkState() == Qt.CheckState.Checked], odds))
    for item in items:
        item.setCheckState(Qt.CheckState.Unchecked if item.text() == "R-FL1" else Qt.CheckState.Checked)
    return ok(d)


def test_blue_chooses_the_flights_its_x1_fire_reaches_after_a_hand_over(qtbot, b5_window):
    SEEN.clear()
    main, bw = b5_window([*SET_UP, "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-flag",
                          "r-fl1 2729; r-fl2 2729; r-fl3 2729", "done", "r-fl1 1332; r-fl2 1332; r-fl3 1332",
                          "fighters", "r-fl1", "b-flag"], campaign=campaign(af=1), at="0304")
    run = bw.b
    q = run.pending
    assert q is not None and q.key == "b5/1/afpick" and q.to == "blue"
    assert bw.handing_over() and "Blue" in bw.handover_label.text()  # the screen goes to the firing side
    answerer = Answerer(pick_two_last)
    bw.auto_dialogs = True
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: run.pending is not q, timeout=5000)
    answerer.stop()
    assert SEEN and SEEN[0][0] == "blue" and SEEN[0][1] == ["R-FL1", "R-FL2", "R-FL3"]
    assert SEEN[0][2] == ["R-FL1", "R-FL2"]  # the dialog opened at the engine's default
    assert "x1, d10 + sensor 5 needs 8: 4/5 a die" in SEEN[0][3]  # the odds before the roll
    answered = [e for e in run.log.events if e.kind == "answer" and e.data.get("key") == "b5/1/afpick"]
    assert answered and answered[-1].data.get("answer") == ["r-fl2", "r-fl3"], answered
    assert any("fires at R-FL2, R-FL3, as its side chose: not at R-FL1" in e.text for e in run.log.events)


def choose_words(*words: str):
    """The GM's choice dialogs answered by the radio button whose words start with the next of ``words``."""
    left = list(words)

    def handle(d) -> bool:
        if not isinstance(d, QuestionDialog) or d.q.kind.value != "choose" or not left:
            return False
        buttons = [d.group.button(i) for i in range(len(d.q.options))]
        SEEN.append((d.q.key, [b.text() for b in buttons], [], " ".join(x.text() for x in d.findChildren(QLabel))))
        want = left.pop(0)
        next(b for b in buttons if b.text().startswith(want)).setChecked(True)
        return ok(d)
    return handle


def test_the_gm_fires_long_range_anti_fighter_weapons_through_the_dialogs(qtbot, b5_window):
    """Long-range mode chosen in the pulse's fire dialog, then the ship, the weapon and the hex around
    it (each flight's odds shown in the hex dialog): B-FLAG's twin array (x4 into its front, 1432)
    fires x2 at R-FL1 there."""
    SEEN.clear()
    gun = {"name": "Twin array", "cls": "particle", "shots": 3, "ranges": [6, 12, 18, 24],
           "fire_control": ["d8", "d8", "d10"], "damage": ["d8"], "x": 4, "arcs": [4, 2, 0, 0, 0, 2], "anti_fighter": 2}
    main, bw = b5_window([*SET_UP, "r-fl1 attack b-flag; r-fl2 attack b-flag", "r-fl1 2729; r-fl2 2729", "done",
                          "r-fl1 1432; r-fl2 1431"], campaign=campaign(count=2, gun=gun), at="0304")
    run = bw.b
    assert run.pending.key.startswith("b5/1/fire/") and "long-range AF" in run.pending.options
    answerer = Answerer(choose_words("a ship fires anti-fighter weapons in long-range mode", "B-FLAG", "Twin array",
                                     "1432"))
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    qtbot.waitUntil(lambda: any("long-range mode into 1432" in e.text for e in run.log.events), timeout=10000)
    answerer.stop()
    hexes = next(s for s in SEEN if s[0] == "b5/1/lrhex")
    assert hexes[1] == ["1431: R-FL2", "1432: R-FL1"] and "x2, d10 + sensor 5 needs 8: 4/5 a die" in hexes[3]
    assert any(e.text.startswith("B-FLAG's Twin array (AF x2, long range) at R-FL1") for e in run.log.events)


def take_over(qtbot, bw) -> None:
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
