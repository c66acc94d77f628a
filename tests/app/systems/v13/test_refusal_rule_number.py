"""A refused placement names the rule a player can look up (issue 22, seen at scale 2 in shots s32/s102:
"Refused: V13.432 / INTERPRETATIONS 7: ..."): INTERPRETATIONS is our design notes' numbering, so the
hover verdict, the panel and the status bar say "V13.432" alone."""
from __future__ import annotations

from hexmap import Label
from rules.battlehex.questions import QKind
from tests.app.battle.test_window import drag_drop, main, take_over  # noqa: F401  (main: the fixture)
from tests.app.gui import Answerer, choose_item


def test_the_first_defending_unit_refused_far_from_an_edge_reads_the_rule_number_alone(main, qtbot):
    answerer = Answerer(choose_item("0703: Alliance attacks Orion"))  # the GM picks the meeting in the Fight list
    try:
        bw = main.fight(Label.parse("0703"))
    finally:
        answerer.stop()
    bw.auto_dialogs = False
    while bw.b.pending.kind is not QKind.PLACE:  # no withdrawal, no terrain modifier, no range agreed
        take_over(bw)
        q = bw.b.pending
        bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER else q.low)
    take_over(bw)
    assert bw.b.pending.key == "place/place_defender/1" and not bw.b.state.placed()
    verdict = drag_drop(bw, "ori-cr-1", "2115")  # the middle of the map: 14 hexes from the nearest edge
    shown = [verdict, bw.panel.verdict_label.text(), bw.statusBar().currentMessage()]
    assert all("V13.432: Black Mira" in s for s in shown), shown
    assert not any("INTERPRETATIONS" in s for s in shown), shown
    assert not bw.b.state.placed()
