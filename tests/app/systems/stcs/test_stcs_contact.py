"""Issue 25 in the GUI: in an STCS battle the Romulans move their cloaked Bird of Prey in secret in their
own dialogs (Blue's map never shows it, Red's does at its new place), and the Enterprise takes the
Lexington in a tractor beam through the act list once both lowered their shields toward each other in
their own secret Shield Control dialogs - the beam drawn on the map; the banner no longer lists
ramming, tractors, transporters or boarding as not built."""
from __future__ import annotations

from app.systems.stcs.panel import NOT_BUILT, STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.app.systems.stcs.opening import fight_stcs


def contact_dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if key == "stcs/mode":
        d.group.button(1).setChecked(True)  # warp-speed combat
    elif key.endswith("/move/bop/points"):
        d.group.button(3).setChecked(True)  # Red, in secret: 3 points
    elif key.endswith("/move/bop/path"):
        d.group.button(1).setChecked(True)
    elif "/shields/" in key:  # Shield Control, in the side's own secret dialog: the shields toward its friend
        d.group.button(next(i for i, o in enumerate(d.q.options) if o.startswith("toward:"))).setChecked(True)
    elif key.endswith("/chart"):
        d.spin.setValue(10)  # Firing Chart A: 10 (+1 at speed 0: D100 1-95)
    else:
        d.group.button(0).setChecked(True)  # the Lexington; the shields down
    return ok(d)


def test_a_cloaked_ship_moves_in_secret_and_a_tractor_beam_is_drawn(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    assert "ramming" not in NOT_BUILT and "tractor" not in NOT_BUILT and "boarding" not in NOT_BUILT
    assert "tractor beams and towing (beams drawn here)" in panel.built.toolTip()
    answerer = Answerer(contact_dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    eng = bw.b.engine
    start = eng.at["bop"]
    act(qtbot, bw, panel, "move:bop")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    assert eng.at["bop"] != start and eng.moves["bop"][1] == 3
    assert "Bird of Prey moves" not in bw.b.events_json("blue") and "Bird of Prey moves" in bw.b.events_json("red")
    panel.map.draw(bw.b, "blue")
    assert "bop" not in panel.map.shown and all(x != "bop" for x, _ in panel.map.trails)
    panel.map.draw(bw.b, "red")
    assert "bop" in panel.map.shown and ("bop", 3) in panel.map.trails
    for x in ("enterprise", "lexington"):  # Shield Control: each lowers its shields toward the other, in secret
        act(qtbot, bw, panel, f"shields:{x}")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    assert "(lowered: " in panel.report("blue") and "(lowered: " not in panel.report("red")
    assert "lowers shield" not in panel.report("red") and "lowers shield" in panel.report("blue")
    assert "lowers shield" not in bw.b.events_json("red")
    for _ in range(5):  # the beam's D100 on the battle's seeded dice: fired again until it holds
        act(qtbot, bw, panel, "tractor:enterprise")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
        if eng.contact.tractors:
            break
    assert eng.contact.tractors == {"enterprise": ["lexington"]}
    qtbot.waitUntil(lambda: panel.map.beams == [("enterprise", "lexington")], timeout=5000)
    assert "speed 0, towing Lexington" in panel.sheet.toPlainText()
    answerer.stop()
    keys = [d.q.key for d in answerer.dialogs if isinstance(d, QuestionDialog)]
    assert keys[:6] == ["stcs/mode", "stcs/1/move/bop/points", "stcs/1/move/bop/path", "stcs/1/shields/enterprise",
                        "stcs/1/shields/lexington", "stcs/1/tractor/enterprise"]
    assert "stcs/1/tractor/enterprise/shields" not in keys  # the engine reads the shields, the GM is not asked
