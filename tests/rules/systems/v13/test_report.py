"""The battle report as a viewer may know the battle (issue 11: it listed every unit)."""
from __future__ import annotations

from rules.battlehex.log import GM
from rules.systems.v13.report import report_html
from tests.rules.systems.v13.helpers import duel, unit
from tests.rules.systems.v13.test_placement import INC, to_placement


def test_the_report_lists_an_incidental_unit_only_for_its_team_and_the_gm_v13_03():
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=INC), wbc=(False, False))
    name = b.state.units["inc1"].name
    assert name in report_html(b, viewer=GM) and name in report_html(b, viewer="blue")
    assert name not in report_html(b, viewer="red") and name not in report_html(b, viewer="")
    assert b.state.units["r1"].name in report_html(b, viewer="red")
