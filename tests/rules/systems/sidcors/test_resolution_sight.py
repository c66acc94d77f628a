"""SIDCORS's resolution tells each viewer the losses it may see, not counts of every unit (issue
23, H5). Seed 004's SIDCORS extract announces no losses (each player allocates his own damage),
so the units the rules hide (the Coalition's cloaked Romulans at 0509, V13.29; the Alliance's
incidental base and satellite, V13.03) are not counted for a viewer that may not know them. The
resolution said "Coalition: 0 destroyed, 4 crippled": the table's version took RIS Sith's name
out of no list (there was none) and still counted it. Now each side's units are named in
clauses that are always there (destroyed, crippled, retreated, left), and a viewer's version
takes out the names it may not know (rules/battlehex/results.result_lines)."""
from __future__ import annotations

import random
import re

import pytest

from rules.battlehex.headless_systems import with_system
from rules.model.units import unit_secret
from rules.model.visibility import TABLE, mark, readable_log
from rules.strategic import build_graph
from rules.systems import begin, system_for
from tests.rules.battlehex.test_results_sight import AT, formed
from tests.rules.systems.sidcors.test_default import _pick


@pytest.fixture(scope="module")
def fought():
    """0509 fought by SIDCORS with seeded random answers: RIS Sith (cloaked) is crippled."""
    before = with_system(formed(), AT, "sidcors", None)
    run = begin(system_for(before, AT), before, AT, build_graph(before))
    rng = random.Random(0)
    while run.pending is not None:
        run.answer(_pick(run, rng))
    return before, mark(before, run.saved()), run


def _line(c, viewer):
    return next(e.text for e in reversed(readable_log(c, viewer)) if e.text.startswith(f"Battle Hex {AT} resolved"))


def _clause(line, team, name):
    return re.search(rf"{team} \(.*?{name}: ([^;)]*)", line).group(1)


def test_the_losses_are_named_not_counted_and_hidden_ones_only_for_who_may_know(fought):
    before, after, run = fought
    units = {u.id: u for f in before.fleets for u in f.units} | {u.id: u for s in before.map.sectors for u in s.garrison}
    crippled = [u for u in run.engine.units["coalition"] if u.crippled and not u.destroyed]
    hidden = [u.name for u in crippled if unit_secret(units[u.id])]
    seen = [u.name for u in crippled if not unit_secret(units[u.id])]
    assert hidden == ["RIS Sith"] and seen  # the case: a cloaked ship among the losses
    for viewer in (TABLE, "orions"):
        line = _line(after, viewer)
        assert not re.search(r"\d+ (destroyed|crippled)", line), line
        assert _clause(line, "Coalition", "crippled") == " and ".join(
            filter(None, (", ".join(seen[:-1]), seen[-1]))), line
        assert "RIS" not in line
    for viewer in ("coalition", "alliance"):  # the two sides saw each other's units from round 1
        assert "RIS Sith" in _clause(_line(after, viewer), "Coalition", "crippled")
