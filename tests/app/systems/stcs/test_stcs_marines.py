"""Issue 25 in the GUI: the Lexington's transporters question offers a boarding party of its marines
beside its crew and its military passengers, in the GM's dialog; how many beam over is asked of Blue in
its own secret dialog (at most the 25 aboard), and the marines are in the melee aboard the Klothos, the
Lexington's crew untouched."""
from __future__ import annotations

import json

from app.systems.stcs.panel import NOT_BUILT, STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from rules.systems import start
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT
from tests.app.systems.stcs.opening import fight_stcs

PICK = {"stcs/mode": "sublight", "stcs/1/warpin/target": "8,0", "stcs/1/warpin/speed": "2",
        "stcs/1/move/d7/points": "7", "stcs/1/move/d7/path": "A:6", "stcs/1/beam/lexington": "marines:d7"}
"""The options picked in each dialog: the Lexington warps in 8 hexes off, the Klothos closes in."""


def marines_campaign():
    """The tests' STCS campaign, the Lexington carrying 25 marines and 40 military passengers."""
    c = stcs_campaign()
    data = json.loads(c.model_dump_json(exclude_defaults=True))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "lexington":
                u["stcs"].update(marines=25, military_passengers=40)
    return type(c).model_validate(data)


def marine_dialogs(seen: list[tuple[str, list[str]]]):
    def answer(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        q = d.q
        seen.append((q.key, [b.text() for b in d.group.buttons()] if getattr(d, "group", None) else []))
        if q.key == "stcs/arrivals":
            from PySide6.QtCore import Qt
            for i in range(d.list.count()):
                if d.list.item(i).data(Qt.ItemDataRole.UserRole) == "lexington":
                    d.list.item(i).setCheckState(Qt.CheckState.Checked)
        elif "/shields/" in q.key:  # Shield Control in the side's own secret dialog: toward the enemy
            d.group.button(next(i for i, o in enumerate(q.options) if o.startswith("toward:"))).setChecked(True)
        elif q.key.endswith("/beam/lexington/persons"):
            assert d.spin.maximum() == 25 and q.to == "blue"
            d.spin.setValue(25)
        elif q.key.endswith("/warpin/target"):  # Blue types the hex in its own secret dialog
            d.text_edit.setText(PICK[q.key])
        elif q.key in PICK:
            d.group.button(q.options.index(PICK[q.key])).setChecked(True)
        return ok(d)
    return answer


def test_the_boarding_question_offers_the_lexingtons_marines(qtbot, tmp_path):
    c = start(marines_campaign(), AT).saved()  # the record's seed kept in the file
    main, bw, path = fight_stcs(qtbot, tmp_path, c)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    assert "marines" not in NOT_BUILT and "(crew, marines, military passengers)" in panel.built.toolTip()
    seen: list[tuple[str, list[str]]] = []
    answerer = Answerer(marine_dialogs(seen))
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    for a in ("warpin:lexington", "move:d7", "shields:lexington", "shields:d7"):
        act(qtbot, bw, panel, a)
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    eng = bw.b.engine
    assert eng.range("lexington", "d7") <= 4, eng.at
    act(qtbot, bw, panel, "beam:lexington")
    hand_over(qtbot, bw, lambda: "d7" in eng.contact.melees)
    answerer.stop()
    words = dict(seen)["stcs/1/beam/lexington"]
    assert "Lexington beams a boarding party of its marines onto Klothos" in words, words
    assert "Lexington beams a boarding party of its military passengers onto Klothos" in words
    assert eng.contact.melees["d7"].marines == 25 and eng.casualties.get("lexington", 0) == 0
    assert "25 boarders" not in bw.b.events_json("red")
