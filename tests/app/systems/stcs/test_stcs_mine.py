"""Issue 25 in the GUI: a mine going off on a ship. The Klothos deploys a mine two hexes ahead as seed 002 has it
(Red lowers its bow in Shield Control; it stays still that Movement Phase) and, the next segment, moves over it;
the engine asks the GM, in a dialog, the mine's chance to go off (its shield rule shown first), rolls, and asks
its damage; the bow, dropped for the turn to lay the mine, absorbs none of it: all is entered as a hit. The mine is
gone from the map and Blue reads that it went off, never the chance the GM entered."""
from __future__ import annotations

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.steps import acts, at_act, pick
from tests.app.systems.stcs.test_stcs_window import hand_over
from tests.app.systems.stcs.opening import fight_stcs

PICK = {"stcs/mode": "sublight", "/mine/d7": "2,-2", "/move/d7/points": "3", "/move/d7/path": "B:3",
        "/hit/d7": "superstructure",
        "/shields/d7": "lower:1", "/cloakout/red": "none"}


def test_a_mine_goes_off_under_a_ship_moving_over_it(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    chance: list[str] = []

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        key = d.q.key
        if "/minehit/" in key and key.count("/") == 5:  # the chance, in secret: the GM's
            chance.append(d.q.text)
            d.spin.setValue(100)  # it goes off: no die
        elif key.endswith("/points") and "/minehit/" in key:
            d.spin.setValue(25)
        elif key == "stcs/arrivals":
            pass  # none
        else:
            pick(d, PICK)
        return ok(d)

    answerer = Answerer(dialogs)
    hand_over(qtbot, bw, at_act(bw, 1))
    acts(qtbot, bw, panel, ("shields:d7", 1), ("mine:d7", 1), ("next", 2), ("move:d7", 2))
    answerer.stop()
    eng = bw.b.engine
    assert chance and "Klothos enters the hex 2,-2 of a mine" in chance[0] and "shield 1 (the bow" in chance[0]
    assert eng.mines == [] and eng.ss_lost["d7"] == 25  # 25 on the lowered bow: all through
    blue = bw.b.events_json("blue")
    assert "a mine goes off on Klothos at 2,-2" in blue and "its chance to go off" not in blue and "100%" not in blue
    assert "Klothos' shield 1 faces the mine: it absorbs 0 of 25 points, 25 through" in blue
    assert "Klothos' shield 1: lowered" in bw.b.events_json("red") and "shield 1: lowered" not in blue
    assert "a mine goes off on Klothos at 2,-2" in panel.report("blue")  # Blue's report, as its screen shows
