"""A refused placement names the rule a player can look up (issue 22, seen at scale 2 in shots s32/s102:
"Refused: V13.432 / INTERPRETATIONS 7: ..."): INTERPRETATIONS is our design notes' numbering, so the
hover verdict, the panel and the status bar say "V13.432" alone."""
from __future__ import annotations

from tests.app.battle.test_window import drag_drop, main  # noqa: F401  (main: the fixture)
from tests.app.battle.to_placement import fight_to_placement


def test_the_first_defending_unit_refused_far_from_an_edge_reads_the_rule_number_alone(main, qtbot):
    bw = fight_to_placement(main, "0703", "0703: Alliance attacks Orion")
    assert bw.b.pending.key == "place/place_defender/1" and not bw.b.state.placed()
    verdict = drag_drop(bw, "ori-cr-1", "2115")  # the middle of the map: 14 hexes from the nearest edge
    shown = [verdict, bw.panel.verdict_label.text(), bw.statusBar().currentMessage()]
    assert all("V13.432: Black Mira" in s for s in shown), shown
    assert not any("INTERPRETATIONS" in s for s in shown), shown
    assert not bw.b.state.placed()
