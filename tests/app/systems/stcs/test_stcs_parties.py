"""Issue 25 in the GUI: Blue writes the Lexington's allocation in its own secret dialog - Warp 2 to warp in, one
transporter, 20 of its crew in boarding parties (off their stations at once: 5% on its track); the GM's
transporters dialog sends a boarding party onto the Klothos, and Blue's secret count dialog goes no higher than
the 6 persons one powered 6-9 person transporter beams. The party's size is never in Red's log."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from rules.systems import start
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

POWER = "warp 2, movement 4, shields 1/1/1/1/1/1, weapons 4, transporters 1, boarding 20"
PICK = {"stcs/mode": "sublight", "stcs/1/warpin/target": "8,0", "stcs/1/warpin/speed": "2",
        "stcs/1/move/d7/points": "7", "stcs/1/move/d7/path": "A:6", "stcs/1/beam/lexington": "board:d7"}
"""The options picked in each dialog: the Lexington warps in 8 hexes off, the Klothos closes in."""


def test_boarding_parties_allocated_and_beamed_by_one_transporter(qtbot, tmp_path):
    c = start(stcs_campaign(), AT).saved()  # the record's seed kept in the file
    main, bw, path = fight_stcs(qtbot, tmp_path, c)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    seen: dict[str, object] = {}

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        q = d.q
        if q.key == "stcs/arrivals":
            for i in range(d.list.count()):
                if d.list.item(i).data(Qt.ItemDataRole.UserRole) == "lexington":
                    d.list.item(i).setCheckState(Qt.CheckState.Checked)
        elif q.key.endswith("/power/lexington"):
            seen["power_to"], seen["power_text"] = q.to, q.text
            d.text_edit.setText(POWER)
        elif "/shields/" in q.key:  # Shield Control in the side's own secret dialog: toward the enemy
            d.group.button(next(i for i, o in enumerate(q.options) if o.startswith("toward:"))).setChecked(True)
        elif q.key.endswith("/beam/lexington/persons"):
            seen["to"], seen["most"] = q.to, d.spin.maximum()
            d.spin.setValue(d.spin.maximum())
        elif q.key.endswith("/warpin/target"):  # Blue types the hex in its own secret dialog
            d.text_edit.setText(PICK[q.key])
        elif q.key in PICK:
            d.group.button(q.options.index(PICK[q.key])).setChecked(True)
        return ok(d)

    answerer = Answerer(dialogs)
    at_act = lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"  # noqa: E731
    hand_over(qtbot, bw, at_act)
    for a in ("power:lexington", "warpin:lexington", "move:d7", "shields:lexington", "shields:d7"):
        act(qtbot, bw, panel, a)
        hand_over(qtbot, bw, at_act)
    eng = bw.b.engine
    assert seen["power_to"] == "blue" and "boarding (its crew in boarding parties, no power)" in str(seen["power_text"])
    assert eng.casualties["lexington"] == 5 and eng.contact.parties.waiting == {"lexington": 20}
    assert eng.range("lexington", "d7") <= 4, eng.at
    act(qtbot, bw, panel, "beam:lexington")
    hand_over(qtbot, bw, lambda: "d7" in eng.contact.melees)
    answerer.stop()
    assert seen["to"] == "blue" and seen["most"] == 6  # one powered transporter: 6 persons a use
    assert eng.contact.melees["d7"].attackers == 6 and eng.contact.parties.waiting == {"lexington": 14}
    assert eng.casualties["lexington"] == 5  # off their stations since the Power Allocation Phase
    # Blue's sheet reads the party still waiting (it read the allocation's 'boarding 20'); Red's never
    assert "transporters 1, boarding 14" in panel.report("blue")
    assert "transporters 1" not in panel.report("red") and "boarding 1" not in panel.report("red")
    red = bw.b.events_json("red")
    assert "boarding parties" not in red and "6 boarders" not in red and "Klothos is being boarded" in red
