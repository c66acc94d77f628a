"""The table system's resolution names the losses, it does not count them (issue 23): "fought at
the table: 1 destroyed, 0 captured, 2 crippled" counted the Coalition's cloaked RIS Sith at 0509
(V13.29) for the table and the Orions, who may not know it, while its name was in no list a
viewer's version could take it out of. Now each clause names its units ("none" when empty), and a
viewer's version of the line takes out the hidden names (rules/battlehex/results.result_lines)."""
from __future__ import annotations

import re

import pytest

from rules.battlehex.headless_systems import with_system
from rules.model.visibility import TABLE, listed, mark, readable_log
from rules.strategic import build_graph
from rules.systems import begin, system_for
from tests.rules.battlehex.test_results_sight import AT, formed


@pytest.fixture(scope="module")
def fought():
    """0509 fought at the table: the GM enters RIS Sith (cloaked) and a Coalition ship the table sees crippled."""
    before = with_system(formed(), AT, "table", None)
    run = begin(system_for(before, AT), before, AT, build_graph(before))
    units = {u.id: u for u in run.engine.units.values()}
    sith = next(i for i, u in units.items() if u.name == "RIS Sith")
    seen = next(i for i, u in units.items() if u.team == "coalition" and i != sith and not u.crippled)
    for answer in ([], [], [sith, seen]):
        run.answer(answer)
    assert run.state.resolved
    return mark(before, run.saved()), units[seen].name


def _line(c, viewer):
    return next(e.text for e in reversed(readable_log(c, viewer)) if e.text.startswith(f"Battle Hex {AT} resolved"))


def test_the_losses_are_named_and_a_hidden_one_only_for_who_may_know(fought):
    after, seen = fought
    for viewer in (TABLE, "orions"):
        line = _line(after, viewer)
        assert not re.search(r"\d+ (destroyed|captured|crippled)", line), line
        assert "destroyed: none; captured: none; crippled: " in line and seen in line and "Sith" not in line, line
    for viewer in ("coalition", "alliance"):  # the two sides fought each other
        line = _line(after, viewer)
        assert "RIS Sith" in line.split("crippled: ")[1] and seen in line, line


def test_listed_reads_as_a_list_and_none_when_empty():
    assert [listed(x) for x in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == ["none", "A", "A and B", "A, B and C"]
